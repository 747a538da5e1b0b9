"""Checking a start position field by field: the one gate of every game (new, what-if, loaded).

`validate_start` names the first wrong field by its path inside the start (``air``,
``carried[1][0]``) in a `FieldError`; a save's loader adds ``start.`` in front.
"""
from __future__ import annotations

from .air import FULL_AIR
from .chips import CHIPS_PER_LEVEL, LEVEL_VALUES, LEVELS, N_CHIPS, STACK_SIZE
from .errors import FieldError, field_path
from .position import N_DIVES, _per_seat_list, check_players, is_int, json_kind, rng_from_json, with_variant
from .variant import variant_of

START_FIELDS = ("players", "values", "trail", "positions", "returning", "carried", "banked", "air", "dive",
                "turn", "last_returned", "rng")
# A start of another variant than the original game also names it (a start without one is the original game's).
OPTIONAL_START_FIELDS = ("variant",)


def validate_start(start) -> dict:
    """Check a start position field by field; returns it normalised (lists, ints).

    `FieldError` (a ValueError) names the field, as its path inside the start
    (``air``, ``carried[1][0]``), and the reason.
    """
    names = _check_fields(start)
    n = len(names)
    values = _check_values(start["values"])
    chips = _ChipIds()
    trail = start["trail"]
    if not isinstance(trail, list):
        raise FieldError(("trail",), f"must be a list of spaces, got {json_kind(trail)}")
    trail = [None if s is None else chips.item(s, ("trail", i)) for i, s in enumerate(trail)]
    carried = chips.seat_lists(start, "carried", n)
    banked = chips.seat_lists(start, "banked", n)
    positions, returning = _check_positions(start, names, len(trail), carried)
    air = start["air"]
    if not is_int(air) or not 1 <= air <= FULL_AIR:
        raise FieldError(("air",), f"must be 1..{FULL_AIR} before a turn starts, got {air!r}")
    dive = start["dive"]
    if not is_int(dive) or not 1 <= dive <= N_DIVES:
        raise FieldError(("dive",), f"must be 1..{N_DIVES}, got {dive!r}")
    turn, last = _check_turn(start, names, positions, returning)
    rng_from_json(start["rng"])
    if "variant" in start and start["variant"] is None:  # (no save writes one: absent is the original game)
        raise FieldError(("variant",), "must be 'classic', 'boost' or a variant's parameters, got null")
    variant = variant_of(start.get("variant"))
    return with_variant({
        "players": names, "values": values, "trail": trail, "positions": list(positions),
        "returning": list(returning), "carried": carried, "banked": banked, "air": air,
        "dive": dive, "turn": turn, "last_returned": last, "rng": start["rng"],
    }, variant)


def _check_fields(start) -> list[str]:
    """The start is an object with exactly the fields of a start; returns the players' names."""
    if not isinstance(start, dict):
        raise FieldError((), f"a start position must be an object, got {json_kind(start)}")
    missing = [k for k in START_FIELDS if k not in start]
    if missing:
        more = f", as {'is' if len(missing) == 2 else 'are'} {', '.join(missing[1:])}" if len(missing) > 1 else ""
        raise FieldError((missing[0],), f"missing{more} (a start position has {', '.join(START_FIELDS)})")
    extra = sorted(k for k in start if k not in START_FIELDS and k not in OPTIONAL_START_FIELDS)
    if extra:
        more = f", nor are {', '.join(map(repr, extra[1:]))}" if len(extra) > 1 else ""
        raise FieldError((extra[0],), f"not part of a start position{more} (it has {', '.join(START_FIELDS)}, "
                                      f"and {' and '.join(OPTIONAL_START_FIELDS)} in a variant's game)")
    if not isinstance(start["players"], list):  # a start always lists the names (check_players makes them)
        raise FieldError(("players",), f"must be a list of names, got {start['players']!r}")
    return check_players(start["players"])


def _check_values(values) -> list:
    """The 32 chips' values: each level's chips hold that level's values."""
    if not isinstance(values, list) or len(values) != N_CHIPS:
        got = f"a list of {len(values)}" if isinstance(values, list) else json_kind(values)
        raise FieldError(("values",), f"must be a list of 32 ints (one per chip), got {got}")
    for c, v in enumerate(values):
        if not is_int(v):
            raise FieldError(("values", c), f"must be an int (chip {c}'s value), got {json_kind(v)}")
    for lv in LEVELS:
        lo = (lv - 1) * CHIPS_PER_LEVEL
        if sorted(values[lo:lo + CHIPS_PER_LEVEL]) != list(LEVEL_VALUES[lv]):
            raise FieldError(("values",), f"level-{lv} chips (values[{lo}..{lo + CHIPS_PER_LEVEL - 1}]) must hold "
                                          f"the values {list(LEVEL_VALUES[lv])}")
    return list(values)


class _ChipIds:
    """Checks items given as chip ids, each chip in one place only (remembering where it was seen)."""

    def __init__(self):
        self.seen: dict[int, tuple] = {}

    def item(self, ids, path) -> list:
        if not isinstance(ids, list) or not 1 <= len(ids) <= STACK_SIZE:
            raise FieldError(path, f"an item is a list of 1..3 chip ids, got {ids!r}")
        for j, c in enumerate(ids):
            if not is_int(c) or not 0 <= c < N_CHIPS:
                raise FieldError((*path, j), f"chip ids are 0..31, got {c!r}")
            if c in self.seen:
                raise FieldError(path, f"chip {c} is already in {field_path(self.seen[c])}", "chip_elsewhere",
                                 chip=c, other=self.seen[c])
            self.seen[c] = path
        return list(ids)

    def seat_lists(self, start: dict, field: str, n: int) -> list:
        """``start[field]``: per seat, a list of items."""
        value = _per_seat_list(start[field], n, field)
        out = []
        for s, items in enumerate(value):
            if not isinstance(items, list):
                raise FieldError((field, s), f"must be a list of items, got {json_kind(items)}")
            out.append([self.item(ids, (field, s, j)) for j, ids in enumerate(items)])
        return out


def _check_positions(start: dict, names: list, trail_length: int, carried: list) -> tuple[list, list]:
    """Each diver's space (0: the sub; two never on one space) and heading."""
    n = len(names)
    positions = _per_seat_list(start["positions"], n, "positions")
    returning = _per_seat_list(start["returning"], n, "returning")
    for s in range(n):
        p = positions[s]
        if not is_int(p) or not 0 <= p <= trail_length:
            raise FieldError(("positions", s), f"must be 0 (the sub) or a trail space 1..{trail_length}, got {p!r}",
                             "position_range", seat=s, got=p, last=trail_length)
        if not isinstance(returning[s], bool):
            raise FieldError(("returning", s), f"must be true or false, got {returning[s]!r}")
        if p == 0 and not returning[s] and carried[s]:
            raise FieldError(("carried", s), f"{names[s]} has not left the submarine, so carries nothing",
                             "carries_in_sub", seat=s)
    taken = {}
    for s, p in enumerate(positions):
        if p > 0:
            if p in taken:
                raise FieldError(("positions", s), f"{names[s]} and {names[taken[p]]} are both on space {p}",
                                 "both_on_space", seat=s, other=taken[p], space=p)
            taken[p] = s
    return positions, returning


def _check_turn(start: dict, names: list, positions: list, returning: list) -> tuple:
    """The seat whose turn starts (in the water) and the last diver back (back, or null)."""
    n = len(names)

    def is_back(s):
        return positions[s] == 0 and returning[s]

    turn = start["turn"]
    if not is_int(turn) or not 0 <= turn < n:
        raise FieldError(("turn",), f"must be a seat 0..{n - 1}, got {turn!r}")
    if is_back(turn):
        raise FieldError(("turn",), f"{names[turn]} is already back in the submarine this dive", "turn_back_in_sub",
                         seat=turn)
    last = start["last_returned"]
    if last is not None and (not is_int(last) or not 0 <= last < n or not is_back(last)):
        raise FieldError(("last_returned",), f"must be null or a seat that is back in the submarine, got {last!r}")
    return turn, last
