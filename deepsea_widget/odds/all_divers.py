"""Exact odds of getting home for every diver at once, with skipping ("exact with skipping").

Every diver still in the water heads back with the items it carries (no pick-up,
no drop), jumping spaces where other divers stand, in seat order, while the
shared air runs out as RULES.md says. That is a Markov chain over (positions,
air, whose turn); `p_home_all` pushes the probability of the current position
forward through it, layer by layer, with numpy, and adds up where it ends.

Why the layers are an order: a carrying diver's turn lowers the air; an empty-
handed diver's turn keeps the air but moves the turn on toward the next carrying
diver in the water (empty-handed divers never breathe; once only they are left,
they all get home for sure). So every move lowers the key (air, r), r = seats
from the diver to move to the next carrying diver in the water, and each
layer (air, r, diver to move) is complete before it is expanded.

Two solvers share the work (both exact). Every layer is first merged by
sorting packed codes (`_chain_sorted`, few numpy calls per layer, which is what
most questions need); for up to four divers on the 32-space trail the first
layer of more than a thousand states hands the rest of the chain to the dense
solver (`_chain_dense`: a move is a shift in free-space coordinates, one gather
per move, and two divers or one left in the water are looked up in exact
tables). Five or six divers, and what-ifs beyond the trail, are sorted to the end.
"""
from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet

from . import _chain_sorted
from ._chain_tables import MAX_SEATS, Chain
from .checks import as_int, check_air

MAX_POSITION = 1000  # no trail is longer than 32 spaces; what-ifs may go farther, within reason
DEFAULT_MAX_STATES = 8_000_000  # the deep 6-diver benchmark is 6.3M


def p_home_all(positions, chips, air: int, turn: int, *,
               max_states: int = DEFAULT_MAX_STATES) -> list[float]:
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
    naming the argument.

    Cost grows with the number of states (positions x air x turn) the rest of
    the dive can reach: a few thousand for a typical 4-diver position (1-15 ms),
    millions when many divers are far out with few items and full air: up to
    four divers, about 8-25 ns a state (a 4-diver position 20-32 spaces out
    with full air: 1-4.4 million states, at best 20-43 ms on this project's
    machines, one call up to about 1.5x that while other work shares the
    machine); five or six, about 0.4 us a state.
    Past ``max_states`` it raises `StateBudgetExceeded` instead of running on
    (fall back to Monte Carlo, `estimate_home`); the default lets the deep
    6-diver benchmark (6.3 million states) through. For a live display
    pass a smaller budget, e.g. ``max_states=1_000_000`` (about 20 ms at most; the board's).
    """
    positions, chips, air, turn = check_table_position(positions, chips, air, turn)
    max_states = as_int("max_states", max_states)
    if max_states < 1:
        raise ValueError(f"max_states must be at least 1, got {max_states}")
    in_water = [i for i, p in enumerate(positions) if p > 0]
    out = [1.0] * len(positions)
    if not in_water or all(chips[i] == 0 for i in in_water):
        return out  # nobody in the water uses air: everyone gets home
    probs = solve_chain([positions[i] for i in in_water], [chips[i] for i in in_water], air,
                        in_water.index(turn), max_states)
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
                stats: dict | None = None) -> list[float]:
    """The chain for the divers in the water only (compact seat indices, all positions > 0).

    ``stats``, if given, receives the number of states and layers expanded and the total
    probability settled (1 up to rounding).
    """
    chain = Chain(start, chips, max_states)
    _chain_sorted.solve(chain, air, turn)
    if stats is not None:
        stats.update(states=chain.states, layers=chain.layers,
                     total_probability=float(chain.home_mass.sum()))
    return chain.result()
