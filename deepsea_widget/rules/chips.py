"""Treasure chips: the 32 chips, their levels and hidden values, and items.

A chip is an id 0..31; its level is ``id // 8 + 1``. Values are fixed per game
(shuffled within each level) and kept by the game, never by the items, so an
item on the trail or in a diver's hands reveals only its levels.
"""
from __future__ import annotations

LEVELS = (1, 2, 3, 4)
CHIPS_PER_LEVEL = 8
N_CHIPS = 32
STACK_SIZE = 3
# Two chips of each value: level 1 holds 0..3, level 2 4..7, level 3 8..11, level 4 12..15.
LEVEL_VALUES = {lv: tuple(sorted(list(range(4 * (lv - 1), 4 * lv)) * 2)) for lv in LEVELS}
LEVEL_MEAN = {lv: sum(v) / len(v) for lv, v in LEVEL_VALUES.items()}


def levels_value(levels) -> float:
    """Expected value of an item with these chip levels (the sum of the level means)."""
    return sum(LEVEL_MEAN[lv] for lv in levels)


def chip_level(chip: int) -> int:
    return chip // CHIPS_PER_LEVEL + 1


def level_of_value(value: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 15:
        raise ValueError(f"chip value must be an int 0..15, got {value!r}")
    return value // 4 + 1


_LEVEL_OF_CHIP = tuple(chip_level(c) for c in range(N_CHIPS))


class Item:
    """What lies on a trail space or is carried: one chip, or a stack of up to 3.

    ``levels`` is public; the chips' values are not stored here.
    """

    __slots__ = ("levels", "_chips")

    def __init__(self, chips):
        self._chips = chips = tuple(chips)
        self.levels = tuple(map(_LEVEL_OF_CHIP.__getitem__, chips))  # chip_level without a call per chip

    @property
    def is_stack(self) -> bool:
        return len(self._chips) > 1

    def __len__(self) -> int:
        return len(self._chips)

    @property
    def expected_value(self) -> float:
        """What the item is worth on average, from its public levels (level means)."""
        return levels_value(self.levels)

    def __repr__(self) -> str:
        return f"Item(levels={self.levels})"


class BankedItem:
    """An item brought back to the submarine: its values are revealed."""

    __slots__ = ("levels", "values", "_chips")

    def __init__(self, chips, values):
        self._chips = tuple(chips)
        self.levels = tuple(chip_level(c) for c in self._chips)
        self.values = tuple(values[c] for c in self._chips)

    @property
    def value(self) -> int:
        return sum(self.values)

    def __repr__(self) -> str:
        return f"BankedItem(levels={self.levels}, values={self.values})"
