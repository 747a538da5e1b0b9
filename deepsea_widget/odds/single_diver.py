"""Exact odds of getting home for one diver heading back, the others' breathing held fixed.

Follows the "Odds of getting home" section of RULES.md to the letter: the diver gets
exactly ``N = ceil(air / (chips + others))`` more turns, so ``P(home) = P(M1 + ... + MN >=
distance)`` with independent moves ``Mi``. The answer is a lookup in a one-sided table of
P(reach ``d`` within ``n`` turns) (as backgammon bear-off databases do), built once on first
use from exact integer counts (so every float is correctly rounded) into a numpy array.
Edge cases (no air used, six items or more, bad arguments): see `p_home`. Another edition's
dice (``variant="boost"``: RULES.md, "Boost") are answered by `boost_home`.
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from ..rules.air import FULL_AIR
from ..rules.variant import CLASSIC
from .boost_home import checked_variant, variant_home_table, variant_p_home
from .checks import as_int, check_air, check_count, check_distance, check_flag
from .dice import DICE_OUTCOMES, MAX_MOVE, movement_weights

NEVER_MOVES = MAX_MOVE  # from this many items on, no roll moves the diver
TABLE_MAX_DISTANCE = 1000  # home_table's limits, far beyond any trail (32 spaces) ...
TABLE_MAX_CHIPS = 32  # ... and any load (32 chips)
CLASSIC_NAME, BEST = "classic", "best"  # p_home's defaults: the original game
UNLIMITED = FULL_AIR + 1  # the table's "turns" index for unlimited turns (no air used)
_MAX_REACH = FULL_AIR * MAX_MOVE  # no diver goes farther than this within 25 turns
_WIDTH = _MAX_REACH + 2  # distances 0.._MAX_REACH, then one "beyond" column

# Built on first use (see _tables): float rows for the scalar lookup, the same
# numbers as a numpy array for home_table, exact integer counts per chip count.
_ROWS: list | None = None
_ARRAY: np.ndarray | None = None
_EXACT: dict[int, list[list[int]]] = {}


def turns_left(air: int, chips: int, others: int = 0) -> int | float:
    """How many more turns a diver heading back gets: ``ceil(air / (chips + others))``.

    ``air`` is the air at the start of its turn, before it breathes (1..25);
    ``chips`` the items it carries, ``others`` the air the other divers breathe
    between two of its turns (both held fixed). Each full round uses
    ``chips + others`` air, and the diver still takes the turn on which the air
    runs out. Returns ``math.inf`` when nobody uses air (``chips + others == 0``).
    """
    air = check_air(air)
    per_round = check_count("chips", chips) + check_count("others", others)
    return -(-air // per_round) if per_round else math.inf


def p_home(distance: int, chips: int, air: int, others: int = 0, exact: bool = False,
           variant=CLASSIC_NAME, boost: str = BEST) -> float | Fraction:
    """Exact P(a diver heading back gets home), with fixed items and fixed others' breathing.

    - ``distance`` (>= 1): movement points needed to reach the submarine, i.e.
      the free spaces between the diver and the sub, plus 1 (occupied spaces
      are jumped, so they do not count). 1 = any move of 1 or more gets home.
    - ``chips``: items carried, held fixed (no pick-up, no drop).
    - ``air`` (1..25): the air at the start of this diver's turn, before it breathes.
    - ``others``: the air the other divers in the water breathe between two of
      its turns (the sum of their items), held fixed.
    - ``exact=True`` returns the same number as a `fractions.Fraction`.
    - ``variant``: "classic" (the original game, the default), "boost" (RULES.md, "Boost": the
      diver keeps the best two of three dice, or boosts to keep all three at one more air) or a
      `rules.variant.Variant`. ``boost``: how the diver chooses, each turn before rolling:
      "best" (boost or not, whichever gives the higher P(home); a tie: no Boost), "never" or
      "always" (only where the variant has a Boost). See `boost_home`.

    Equals ``P(M1 + ... + MN >= distance)`` with ``N = turns_left(air, chips,
    others)`` independent moves ``max(0, dice - chips)``. Decided where RULES.md
    is silent: no air used (``chips + others == 0``) gives unlimited turns, and an
    empty-handed diver always moves 2..6, so 1; six or more items give 0 (no roll
    is above the load: the diver never moves). Bad arguments raise `ValueError`
    naming the argument: ``air`` outside 1..25 (at 0 or below at the start of a
    turn the dive has already ended), ``distance`` below 1, negative counts, an unknown
    ``variant`` or ``boost``.
    """
    if not (type(distance) is int and type(chips) is int and type(air) is int
            and type(others) is int and distance >= 1 and chips >= 0 and others >= 0
            and 1 <= air <= FULL_AIR):
        distance, chips, air, others = _checked(distance, chips, air, others)
    if exact is not False or variant is not CLASSIC_NAME or boost is not BEST:
        return _p_home_asked(distance, chips, air, others, exact, variant, boost)
    rows = _ROWS  # (the defaults, the common case, skip their checks)
    if rows is None:
        rows = _tables()[0]
    per_round = chips + others
    row = rows[chips if chips < NEVER_MOVES else NEVER_MOVES][
        -(-air // per_round) if per_round else UNLIMITED]
    try:
        return row[distance]
    except IndexError:  # farther than any diver gets in 25 turns: the row's last entry
        return row[-1]


def _p_home_asked(distance: int, chips: int, air: int, others: int, exact, variant, boost):
    """`p_home` past its defaults: ``exact``, ``variant`` and ``boost`` checked, then answered."""
    exact = check_flag(exact)
    variant = checked_variant(variant, boost)
    if variant is not CLASSIC and variant != CLASSIC:
        return variant_p_home(distance, chips, air, others, variant, boost, exact)
    if exact:
        return _p_home_exact(distance, chips, air, others)
    return p_home(distance, chips, air, others)


def p_reach(distance: int, chips: int, turns: int, exact: bool = False) -> float | Fraction:
    """P(M1 + ... + M_turns >= distance): reaching the sub within ``turns`` moves.

    The one-sided table behind `p_home` (``turns`` 0..25, any ``distance``; a
    distance of 0 or less is already reached).
    """
    distance = _as_distance_index(distance)
    chips = check_count("chips", chips)
    turns = check_count("turns", turns)
    if turns > FULL_AIR:
        raise ValueError(f"turns must be at most {FULL_AIR}, got {turns}")
    c = min(chips, NEVER_MOVES)
    if check_flag(exact):
        tail = _exact_tails(c)[turns]
        count = tail[distance] if distance < len(tail) else 0
        return Fraction(count, DICE_OUTCOMES ** turns)
    row = _tables()[0][c][turns]
    return row[distance] if distance < len(row) else row[-1]


def home_table(max_distance: int = 40, max_chips: int = 8, max_air: int = 25,
               others: int = 0, *, variant="classic", boost: str = "best") -> np.ndarray:
    """Every `p_home` value at once, as a float array indexed ``[chips, air, distance]``.

    Shape ``(max_chips + 1, max_air + 1, max_distance + 1)``, so that
    ``table[c, a, d] == p_home(d, c, a, others)`` for ``d >= 1`` and ``a >= 1``.
    The padding keeps indices equal to values: ``table[:, a, 0] = 1.0``
    (distance 0: already home) and ``table[:, 0, :] = nan`` (air 0 at the
    start of a turn cannot happen: the dive has already ended). Limits:
    ``max_distance`` <= 1000, ``max_chips`` <= 32, ``max_air`` 1..25 (a
    ValueError names the argument). ``variant`` and ``boost`` as in `p_home`.
    """
    max_distance = check_count("max_distance", max_distance)
    max_chips = check_count("max_chips", max_chips)
    max_air = check_air(max_air, "max_air")
    others = check_count("others", others)
    if max_distance > TABLE_MAX_DISTANCE:
        raise ValueError(f"max_distance must be at most {TABLE_MAX_DISTANCE} (use p_home for one farther "
                         f"distance), got {max_distance}")
    if max_chips > TABLE_MAX_CHIPS:
        raise ValueError(f"max_chips must be at most {TABLE_MAX_CHIPS} (the game has {TABLE_MAX_CHIPS} chips; "
                         f"from {NEVER_MOVES} on nobody moves), got {max_chips}")
    variant = checked_variant(variant, boost)
    if variant != CLASSIC:
        return variant_home_table(max_distance, max_chips, max_air, others, variant, boost)
    others = min(others, max_air)  # from max_air on, every air value gives one turn: the same table
    array = _tables()[1]
    chips = np.arange(max_chips + 1)
    air = np.arange(max_air + 1)
    per_round = (chips + others)[:, None]
    with np.errstate(divide="ignore", invalid="ignore"):
        turns = np.where(per_round > 0, -(-air[None, :] // np.maximum(per_round, 1)), UNLIMITED)
    dist = np.minimum(np.arange(max_distance + 1), _WIDTH - 1)
    c_index = np.minimum(chips, NEVER_MOVES)[:, None, None]
    table = array[c_index, turns[:, :, None], dist[None, None, :]]
    table[:, 0, :] = np.nan
    return table


def _checked(distance, chips, air, others) -> tuple[int, int, int, int]:
    return (check_distance(distance), check_count("chips", chips), check_air(air),
            check_count("others", others))


def _as_distance_index(distance) -> int:
    return max(as_int("distance", distance), 0)


def _p_home_exact(distance: int, chips: int, air: int, others: int) -> Fraction:
    per_round = chips + others
    if per_round == 0:
        return Fraction(1)
    if chips >= NEVER_MOVES:
        return Fraction(0)
    turns = -(-air // per_round)
    tail = _exact_tails(chips)[turns]
    count = tail[distance] if distance < len(tail) else 0
    return Fraction(count, DICE_OUTCOMES ** turns)


def _exact_tails(chips: int) -> list[list[int]]:
    """tails[n][d] = number of the 9**n dice sequences whose n moves add up to >= d."""
    tails = _EXACT.get(chips)
    if tails is None:
        weights = movement_weights(chips) if chips < NEVER_MOVES else {0: DICE_OUTCOMES}
        dist = [1]
        tails = [_tail(dist)]
        for _ in range(FULL_AIR):
            new = [0] * (len(dist) + MAX_MOVE)
            for s, count in enumerate(dist):
                if count:
                    for m, w in weights.items():
                        new[s + m] += count * w
            while len(new) > 1 and new[-1] == 0:
                new.pop()
            dist = new
            tails.append(_tail(dist))
        _EXACT[chips] = tails
    return tails


def _tail(dist: list[int]) -> list[int]:
    out = [0] * (len(dist) + 1)
    for d in range(len(dist) - 1, -1, -1):
        out[d] = out[d + 1] + dist[d]
    return out


def _tables() -> tuple[list, np.ndarray]:
    """Build P(reach d within n turns) for every chip count, turn count and distance.

    array[c, n, d] for c = 0..6 (6 stands for "6 or more": never moves),
    n = 0..25 plus UNLIMITED, d = 0.._MAX_REACH plus a "beyond" column. Each float
    is the exact count of dice sequences divided by 9**n, correctly rounded.
    """
    global _ROWS, _ARRAY
    if _ROWS is not None:
        return _ROWS, _ARRAY
    array = np.zeros((NEVER_MOVES + 1, UNLIMITED + 1, _WIDTH))
    array[:, :, 0] = 1.0  # distance 0: already there
    for c in range(NEVER_MOVES):
        for n, tail in enumerate(_exact_tails(c)):
            whole = DICE_OUTCOMES ** n
            array[c, n, :len(tail)] = [count / whole for count in tail]
        array[c, UNLIMITED, :] = 1.0  # any move is at least 1: unlimited turns always get home
    rows = [[array[c, n].tolist() for n in range(UNLIMITED + 1)]  # last entry: every farther distance
            for c in range(NEVER_MOVES + 1)]
    _ARRAY = array
    _ROWS = rows
    return rows, array
