"""Start positions: building the state a game starts from (a new game, a what-if position).

Every game starts from a *start position* (a plain JSON-able dict): a new game,
a what-if set-up (`Game.from_position`) and a saved game (`Game.from_json`) all
go through `validate_start` (start_check.py), so one set of checks guards them
all. Chips are ids 0..31 (level = id // 8 + 1) with their values listed in ``values``.
"""
from __future__ import annotations

import json
import math
import os
import random
import unicodedata

from .air import FULL_AIR
from .chips import CHIPS_PER_LEVEL, LEVEL_VALUES, LEVELS, N_CHIPS, STACK_SIZE, level_of_value
from .errors import FieldError, SaveError
from .plain import shown
from .variant import CLASSIC, variant_of

MIN_PLAYERS, MAX_PLAYERS = 2, 6
N_DIVES = 3
MAX_NAME_LENGTH = 40
# Unicode's explicit text-direction controls: in a name they would reorder the log lines around it
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Unicode categories a name may not hold: control characters (Cc), the line and paragraph
# separators U+2028/U+2029 (Zl, Zp: line breaks too), and lone surrogates (Cs: no UTF-8 text
# holds one, so a game with one could never be saved or sent to the board)
_NOT_IN_NAMES = frozenset({"Cc", "Zl", "Zp", "Cs"})


def is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def json_kind(value) -> str:
    """What a JSON value is, in a few words for a message: "a list", "an object", "null", "'x'"."""
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, (list, tuple)):
        return "a list"
    if value is None or isinstance(value, bool):
        return "null" if value is None else str(value).lower()
    return shown(value)


def check_players(players) -> list[str]:
    """Names for 2..6 divers from an int or a list of names."""
    if is_int(players):
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise FieldError(("players",), f"the game is for 2 to 6 divers, got {players}")
        return [f"Diver {i + 1}" for i in range(players)]
    if isinstance(players, str) or not isinstance(players, (list, tuple)):
        raise FieldError(("players",), f"give a number 2..6 or a list of names, got {players!r}")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise FieldError(("players",), f"the game is for 2 to 6 divers, got {len(players)} names")
    names = []
    for i, name in enumerate(players):
        problem = name_problem(name, names)
        if problem:
            raise FieldError(("players", i), problem)
        names.append(name)
    return names


def name_problem(name, taken) -> str | None:
    """What is wrong with ``name`` as a diver's name beside the names ``taken`` (None: nothing)."""
    if not isinstance(name, str) or not name.strip():
        return f"a name must be a non-empty string, got {name!r}"
    if len(name) > MAX_NAME_LENGTH:
        return f"a name may have at most {MAX_NAME_LENGTH} characters"
    if any(unicodedata.category(ch) in _NOT_IN_NAMES or ch in _BIDI_CONTROLS for ch in name):
        return (f"a name may not hold control characters (line breaks, tabs, text-direction overrides) "
                f"or lone surrogates (no text encodes them), got {name!r}")
    if name in taken:
        return f"duplicate name {name!r}"
    return None


def new_rng(seed) -> random.Random:
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "big")
    elif not (is_int(seed) or isinstance(seed, str)):
        raise ValueError(f"seed: must be an int, a string or None, got {type(seed).__name__}")
    elif is_int(seed) and seed < 0:  # (random.Random would take -7 as 7: the same games)
        raise ValueError(f"seed: must be 0 or more, got {seed}")
    return random.Random(seed)


def rng_to_json(rng: random.Random) -> list:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


class _RepeatedKey(Exception):
    pass


def _object_without_repeats(pairs) -> dict:
    """A JSON object as a dict; a key given twice (which `json` would quietly resolve to its last
    value) raises `_RepeatedKey`: a save holds each key once, so it was edited or damaged."""
    data = {}
    for key, value in pairs:
        if key in data:
            raise _RepeatedKey(key)
        data[key] = value
    return data


def parse_saved_json(text):
    """The data of a saved game's JSON text; `SaveError` saying why when it is not JSON."""
    try:
        return json.loads(text, object_pairs_hook=_object_without_repeats)
    except _RepeatedKey as exc:
        raise SaveError((), f"not a saved game: the key {exc.args[0]!r} appears twice in one object "
                            f"(JSON would keep only the last one)") from None
    except (TypeError, ValueError) as exc:  # JSONDecodeError, or bytes that are not UTF-8/16/32
        raise SaveError((), f"not a saved game: invalid JSON ({exc})") from None
    except RecursionError:
        raise SaveError((), "not a saved game: invalid JSON (nested too deeply)") from None


def rng_from_json(data) -> random.Random:
    """The generator of a start's ``rng`` (as `rng_to_json` wrote it); `FieldError` at
    ``rng``, ``rng[1][k]`` (a word) or ``rng[2]`` saying what is wrong."""
    rng = random.Random()
    if not isinstance(data, list) or len(data) != 3:
        raise FieldError(("rng",), f"not a valid random generator state: must be a list of its 3 parts "
                                   f"[version, words, null], got {json_kind(data)}"
                                   + (f" of {len(data)}" if isinstance(data, list) else ""))
    version, internal, gauss = data
    if not (gauss is None or isinstance(gauss, float) and math.isfinite(gauss)):
        raise FieldError(("rng", 2), f"not a valid random generator state: must be null or a finite number, "
                                     f"got {json_kind(gauss)}")
    if not isinstance(internal, list):
        raise FieldError(("rng", 1), f"not a valid random generator state: must be a list of words, "
                                     f"got {json_kind(internal)}")
    bad = next((k for k, w in enumerate(internal) if not (is_int(w) and 0 <= w < 2 ** 32)), None)
    if bad is not None:  # (setstate would cut a word up to 2**64 down without a word)
        raise FieldError(("rng", 1, bad), f"not a valid random generator state: its words must be whole "
                                          f"numbers 0..2**32-1, got {json_kind(internal[bad])}")
    try:
        rng.setstate((version, tuple(internal), gauss))  # checks the version and the word count
    except (TypeError, ValueError, OverflowError) as exc:
        raise FieldError(("rng",), f"not a valid random generator state ({exc})") from None
    return rng


def with_variant(start: dict, variant) -> dict:
    """``start`` with its variant recorded (a `Variant`, a name or a save's parameters; `FieldError`
    at ``variant``). The original game records none, so its starts and saves are as they always were."""
    if variant is not CLASSIC:  # (the common case first)
        variant = variant_of(variant)
        if variant != CLASSIC:
            start["variant"] = variant.to_json()
    return start


def new_game_start(players, seed, first_player, variant=None) -> dict:
    names = check_players(players)
    variant = variant_of(variant)  # (refused before anything else is drawn)
    if not is_int(first_player) or not 0 <= first_player < len(names):
        raise ValueError(f"first_player: must be a seat 0..{len(names) - 1}, got {first_player!r}")
    rng = new_rng(seed)
    values = []
    for lv in LEVELS:
        level_values = list(LEVEL_VALUES[lv])
        rng.shuffle(level_values)  # shuffling a level's chips = shuffling its hidden values
        values.extend(level_values)
    n = len(names)
    return with_variant({
        "players": names, "values": values, "trail": [[c] for c in range(N_CHIPS)],
        "positions": [0] * n, "returning": [False] * n,
        "carried": [[] for _ in names], "banked": [[] for _ in names],
        "air": FULL_AIR, "dive": 1, "turn": first_player, "last_returned": None,
        "rng": rng_to_json(rng),
    }, variant)


def _levels_of(item, path: tuple) -> tuple:
    """A public item given by levels: an int 1..4 or a list/tuple of 1..3 of them."""
    levels = (item,) if is_int(item) else item
    if not isinstance(levels, (list, tuple)) or not 1 <= len(levels) <= STACK_SIZE:
        raise FieldError(path, f"an item is a level 1..4 or a stack of 1..3 levels, got {item!r}", "item_shape",
                         got=item)
    for lv in levels:
        if not is_int(lv) or lv not in LEVELS:
            raise FieldError(path, f"chip levels are 1..4, got {lv!r}", "chip_level", got=lv)
    return tuple(levels)


def _values_of(item, path: tuple) -> tuple:
    values = (item,) if is_int(item) else item
    if not isinstance(values, (list, tuple)) or not 1 <= len(values) <= STACK_SIZE:
        raise FieldError(path, f"a banked item is a value 0..15 or a stack of 1..3 values, got {item!r}")
    for v in values:
        try:
            level_of_value(v)
        except ValueError as exc:
            raise FieldError(path, str(exc)) from None
    return tuple(values)


def _per_seat_list(value, n: int, field: str) -> list:
    if not isinstance(value, (list, tuple)) or len(value) != n:
        raise FieldError((field,), f"needs one entry per diver ({n}), got {value!r}")
    return list(value)


def what_if_start(*, players, trail, positions, returning=None, carried=None, banked=None,
                  air=FULL_AIR, dive=1, turn=0, seed=None, last_returned=None, variant=None) -> dict:
    """A start position from public facts (levels); hidden values drawn from the seed."""
    names = check_players(players)
    variant = variant_of(variant)
    n = len(names)
    if not isinstance(trail, (list, tuple)):
        raise FieldError(("trail",), f"must be a list of spaces, got {type(trail).__name__}")
    trail_levels = [None if s is None else _levels_of(s, ("trail", i)) for i, s in enumerate(trail)]
    returning = [False] * n if returning is None else _per_seat_list(returning, n, "returning")
    carried = [[] for _ in names] if carried is None else _per_seat_list(carried, n, "carried")
    banked = [[] for _ in names] if banked is None else _per_seat_list(banked, n, "banked")
    carried_levels, banked_values = [], []
    for s in range(n):
        if not isinstance(carried[s], (list, tuple)):
            raise FieldError(("carried", s), f"must be a list of items, got {carried[s]!r}")
        carried_levels.append([_levels_of(it, ("carried", s, j)) for j, it in enumerate(carried[s])])
        if not isinstance(banked[s], (list, tuple)):
            raise FieldError(("banked", s), f"must be a list of items, got {banked[s]!r}")
        banked_values.append([_values_of(it, ("banked", s, j)) for j, it in enumerate(banked[s])])

    rng = new_rng(seed)
    values, free_ids, banked_ids = _deal_values(rng, banked_values)
    trail_ids = [None if lv is None else _take(free_ids, lv, ("trail", i)) for i, lv in enumerate(trail_levels)]
    carried_ids = [[_take(free_ids, lv, ("carried", s, j)) for j, lv in enumerate(items)]
                   for s, items in enumerate(carried_levels)]
    return with_variant({
        "players": names, "values": values, "trail": trail_ids,
        "positions": positions, "returning": returning, "carried": carried_ids, "banked": banked_ids,
        "air": air, "dive": dive, "turn": turn, "last_returned": last_returned,
        "rng": rng_to_json(rng),
    }, variant)


def _deal_values(rng: random.Random, banked_values: list) -> tuple:
    """The chips' values, the chip ids still free per level, and each seat's banked items as ids.

    Per level: banked chips take their own values; the rest of the level's values are
    shuffled over the remaining chips, which the hidden items use."""
    free_ids = {lv: list(range((lv - 1) * CHIPS_PER_LEVEL, lv * CHIPS_PER_LEVEL)) for lv in LEVELS}
    values = [0] * N_CHIPS
    pool = {lv: list(LEVEL_VALUES[lv]) for lv in LEVELS}
    banked_ids = []
    for s, seat_values in enumerate(banked_values):
        seat_items = []
        for j, item_values in enumerate(seat_values):
            ids = []
            for v in item_values:
                lv = level_of_value(v)
                if v not in pool[lv]:
                    raise FieldError(("banked", s, j), f"value {v} is banked more than twice (there are two of each)")
                pool[lv].remove(v)
                chip = free_ids[lv].pop(0)
                values[chip] = v
                ids.append(chip)
            seat_items.append(ids)
        banked_ids.append(seat_items)
    for lv in LEVELS:
        rng.shuffle(pool[lv])
        for chip, v in zip(free_ids[lv], pool[lv]):
            values[chip] = v
    return values, free_ids, banked_ids


def _take(free_ids: dict, levels, path: tuple) -> list:
    """Chip ids for an item of these levels, taken from the free ones."""
    ids = []
    for lv in levels:
        if not free_ids[lv]:
            raise FieldError(path, f"more than {CHIPS_PER_LEVEL} level-{lv} chips in the position", "too_many_chips",
                             level=lv, most=CHIPS_PER_LEVEL)
        ids.append(free_ids[lv].pop(0))
    return ids
