"""Exact odds of getting home for every diver at once, with skipping ("exact with skipping").

Every diver still in the water heads back with the items it carries (no pick-up, no drop),
jumping spaces where other divers stand, in seat order, while the shared air runs out as
RULES.md says: a Markov chain over (positions, air, whose turn) (`chain`). `p_home_all`
pushes the probability of the current position forward through it, layer by layer, and
adds up where the dive ends. `which_solver` says which solver expands which layer:
`small_layers` (sorting), `four_divers` (dense boxes, with `two_divers_left`) or
`five_or_six_divers` (boxes over the divers' ranges); `jumps` is how a move jumps divers.
Another variant's dice (Boost) bring two kinds of turn, chosen by each diver's own one-diver
rule: `variant_turns` for the sorting solver, `four_divers_turns` for the dense one.
"""
from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet

from ...rules.variant import CLASSIC
from ..boost_home import checked_variant
from ..checks import as_int, check_air, check_flag
from .chain import MAX_SEATS, Chain
from .small_layers import SortingSolver
from .variant_turns import VariantTurns
from .which_solver import big_layer_solver

MAX_POSITION = 1000  # no trail is longer than 32 spaces; what-ifs may go farther, within reason
DEFAULT_MAX_STATES = 8_000_000  # (the deep 6-diver case of bench_odds_exact.py has 6.3 million)


def p_home_all(positions, chips, air: int, turn: int, *, max_states: int = DEFAULT_MAX_STATES,
               variant="classic", boost: str = "best", boosted: bool = False) -> list[float]:
    """Exact P(home) per seat when every diver in the water heads back with its items.

    - ``positions[i]``: trail space of seat ``i`` (1 = next to the sub), 0 = back
      in the submarine (its P(home) is 1.0).
    - ``chips[i]``: items seat ``i`` carries, held fixed (a stack is one item).
    - ``air`` (1..25): the air on the track at the start of ``turn``'s turn,
      before that diver breathes.
    - ``turn``: the seat whose turn starts next (it must be in the water).

    Each diver in the water, in seat order, breathes its items, rolls and moves
    ``max(0, dice - items)`` free spaces toward the sub, jumping spaces where
    other divers in the water stand; reaching or passing the sub gets it home. If
    the air is at 0 or below after a diver breathed, that diver still finishes its
    move (so it can get home on it), then the dive ends and everyone still out is
    lost. Six or more items: the diver never moves (P = 0).

    Returns a list of floats, one per seat. Bad arguments raise `ValueError`
    naming the argument (two divers on one space, a position below 0 or beyond
    MAX_POSITION, no such seat, a turn for a seat back in the sub, lists of
    different lengths).

    Cost grows with the number of states (positions x air x turn) the rest of
    the dive can reach: a few thousand for a typical 4-diver position, millions
    when many divers are far out with few items and full air (docs/benchmarks.md
    has the times). Past ``max_states`` it raises `StateBudgetExceeded` instead
    of running on (fall back to Monte Carlo, `estimate_home`); the default lets
    the deep 6-diver benchmark (6.3 million states) through. For a live display
    pass a smaller budget: the board's is `game_odds.exact_budget`.

    ``variant`` ("classic", "boost" or a `rules.Variant`): the edition's dice. In a Boost game
    (RULES.md, "Boost") each diver keeps its best two dice, or boosts at the start of its turn
    (every die counts, for a Boost's air more) by the rule ``boost``: "best" (the default),
    each diver by its own one-diver rule, the choice `boost_choice` makes for it with the
    others frozen (several divers sharing the air have no single best play, so this names
    one; see `variant_turns`); "never"; or "always". ``boosted``: the diver to move has
    declared a Boost this turn already (``air`` is still the air before it breathed and paid
    for it). A variant's chain is solved by the sorting solver only (`which_solver`).
    """
    positions, chips, air, turn = check_table_position(positions, chips, air, turn)
    max_states = as_int("max_states", max_states)
    if max_states < 1:
        raise ValueError(f"max_states must be at least 1, got {max_states}")
    variant = checked_variant(variant, boost)
    if check_flag(boosted, "boosted") and not variant.can_boost:
        raise ValueError(f"boosted: {variant.name!r} has no Boost to declare")
    in_water = [i for i, p in enumerate(positions) if p > 0]
    out = [1.0] * len(positions)
    classic = variant == CLASSIC
    if not in_water or (classic and all(chips[i] == 0 for i in in_water)):
        return out  # nobody in the water uses air: everyone gets home
    water_chips = [chips[i] for i in in_water]
    turns = None if classic else VariantTurns(variant, boost, water_chips, boosted)
    probs = solve_chain([positions[i] for i in in_water], water_chips, air, in_water.index(turn), max_states,
                        turns=turns)
    for i, p in zip(in_water, probs):
        out[i] = p
    return out


def check_table_position(positions, chips, air, turn):
    """Validate `p_home_all`'s arguments; return them as plain ints and lists."""
    def is_list(value) -> bool:  # a sized sequence; a 0-d numpy array has __len__ but no length
        if isinstance(value, (str, bytes, Mapping, AbstractSet)):
            return False
        try:
            len(value)
        except TypeError:
            return False
        return True

    if not is_list(positions):
        raise ValueError(f"positions must be a list of trail spaces, one per seat, got {positions!r}")
    if not is_list(chips):
        raise ValueError(f"chips must be a list of item counts, one per seat, got {chips!r}")
    n = len(positions)
    if not 1 <= n <= MAX_SEATS:
        raise ValueError(f"positions must list 1 to {MAX_SEATS} seats, got {n}")
    if len(chips) != n:
        raise ValueError(f"chips has {len(chips)} entries but positions has {n}: one per seat")
    positions = [as_int(f"positions[{i}]", p) for i, p in enumerate(positions)]
    chips = [as_int(f"chips[{i}]", c) for i, c in enumerate(chips)]
    seen: dict[int, int] = {}
    for i, p in enumerate(positions):
        if p < 0:
            raise ValueError(f"positions[{i}] = {p}: a trail space is 1 or more (0 = in the submarine)")
        if p > MAX_POSITION:
            raise ValueError(f"positions[{i}] = {p}: beyond any trail (the game's has at most 32 "
                             f"spaces; up to {MAX_POSITION} is accepted)")
        if p > 0:
            if p in seen:
                raise ValueError(f"positions[{seen[p]}] and positions[{i}] are both {p}: "
                                 f"two divers cannot stand on one trail space")
            seen[p] = i
    for i, c in enumerate(chips):
        if c < 0:
            raise ValueError(f"chips[{i}] = {c}: a diver carries 0 items or more")
    air = check_air(air)
    turn = as_int("turn", turn)
    if not 0 <= turn < n:
        raise ValueError(f"turn = {turn}: no such seat (seats are 0..{n - 1})")
    if seen and positions[turn] == 0:
        raise ValueError(f"turn = {turn}: that seat is back in the submarine, so its turn cannot "
                         f"start (turn must be a seat still in the water)")
    return positions, chips, air, turn


def solve_chain(start: list[int], chips: list[int], air: int, turn: int, max_states: int,
                stats: dict | None = None, turns: VariantTurns | None = None) -> list[float]:
    """The chain for the divers in the water only (compact seat indices, all positions > 0).

    ``stats``, if given, receives the number of states and layers expanded and the total
    probability settled (1 up to rounding). ``turns``: a variant's (None: the original game).
    """
    chain = Chain(start, chips, max_states, turns)
    SortingSolver(chain).solve(air, turn, big_layer_solver)
    if stats is not None:
        stats.update(states=chain.states, layers=chain.layers,
                     total_probability=float(chain.home_mass.sum()))
    return chain.result()
