"""Batch Monte Carlo of the rest of a dive: numpy arrays across rollouts.

Plays ``n`` copies of the current dive at once, one diver's turn at a time as
array operations over the rollouts, for the bots whose decision rules are
vectorised (cautious, random, odds: batch_bots.py). The rules come from
`deepsea_widget.rules` in array form (batch_moves.py: the dice, breathing, jumping,
the far end, stuck divers); air running out and everyone back end a rollout here.
tests/simulation/test_batch_*.py prove it equal in distribution to the engine itself.

A turn is four steps, each a function below: `_start_turn` (the dive ends if
everyone in the water is stuck; the diver breathes), `_direction` (turn back or
not; in a Boost game, boost or not), `_roll_and_move` (in a Boost game, the dice
kept), `_treasure_action`; `_end_of_turn` then records the rollouts that finished.
A game of another edition (`DiveState.variant`, RULES.md "Boost") draws its rolls and
takes its Boost declarations and choices of dice from batch_boost.py, built from the
`Variant` and the bots' own rules; the moves are the same bit-mask code.

Only public facts enter: which spaces hold an item, positions, headings and
how many items each diver carries, and for the odds bot each item's level
mean (its expected value). Hidden values never enter.
"""
from __future__ import annotations

import numpy as np

from ..bots.odds_bot import roll_totals
from ..rules.variant import CLASSIC
from .batch_boost import boost_rule, declare_boosts, dice_tables, draw_rolls, kept_totals, random_roll_phase
from .batch_bots import (AIR_MAX, AIR_MIN, CAUTIOUS, ODDS, POLICY_CODES, RANDOM, can_turn_back, cautious_tables,
                         held_of, home_tables, later, others_items, plan, treasure_choices)
from .batch_moves import (BREATH, MAX_BATCH_TRAIL, MAX_ITEMS, ROLL_TOTALS, distance, free_deeper, move_ends,
                          move_points_of, no_free_deeper, popcount, stuck)
from .batch_state import BatchResult, DiveState

__all__ = ["BatchResult", "CAUTIOUS", "DiveState", "MAX_BATCH_TRAIL", "MAX_TRAIL", "ODDS", "POLICY_CODES", "RANDOM",
           "can_turn_back", "cautious_tables", "home_tables", "popcount", "simulate_batch", "stuck",
           "treasure_choices"]

MAX_TRAIL = MAX_BATCH_TRAIL  # the name callers knew (decision.py): the batch simulator's longest trail
# No dive of these bots comes near this many diver slots; it only guards against looping forever.
_MAX_SLOTS = 1_000_000


def simulate_batch(state, codes, n: int, rng: np.random.Generator, nerves=None, dice=None) -> BatchResult:
    """Play the rest of the dive ``n`` times; seat s decides by policy ``codes[s]``.

    ``state``: a `DiveState`, or a list of ``(DiveState, rows)`` that share the trail's
    length, the seats, the current diver and its phase (each start gets ``rows`` of the
    ``n`` rollouts, in order). ``nerves``: per seat, the P(home) an odds diver insists on
    (`OddsPolicy.nerve`), needed for ODDS seats. ``dice`` (for tests): an ``(n, rolls)``
    array of dice sums, row i's rolls in order, instead of ``rng``'s (a game of another
    edition, `DiveState.variant`: an ``(n, rolls, dice)`` array of faces).

    Rollouts move in lock step through *diver slots*: slot s is diver s's turn
    in every rollout where it is still in the water (seat order, skipping
    divers back in the sub, as the engine does); other rollouts sit the slot
    out. Per rollout the trail's items and the spaces divers stand on are bit
    masks (bit k = trail space k), so jumping is a popcount. A finished
    rollout's columns freeze (every update is masked by the acting rows); they
    are recorded and dropped once a quarter of the columns are finished.
    """
    starts, codes = _checked(state, codes, n, nerves)
    first = starts[0][0]
    ro = _Rollouts(starts, n)
    bots = _Bots(codes, nerves, ro.L, first.variant)
    if dice is not None and ro.dice is not None:
        dice = ro.dice.index(dice)  # faces -> roll indices
    D = ro.D
    out = BatchResult(home=np.zeros((n, D), bool), air=np.zeros(n, np.int64), turns=np.zeros(n, np.int64),
                      positions=np.zeros((n, D), np.int64), carried=np.zeros((n, D), np.int64),
                      held=np.zeros((n, D), float))
    s, entry = first.current, first.phase  # the first slot resumes the current turn mid-way
    slots = 0
    while ro.m:
        slots += 1
        if slots > _MAX_SLOTS:
            raise RuntimeError("batch simulation did not finish the dive (this is a bug)")
        act = ro.live.copy() if entry != "start" else ro.live & ~ro.back[s]
        if act.any():
            if entry == "start":
                act = _start_turn(ro, s, act)
            arrived = None
            if entry != "treasure":
                if entry != "keep":  # (a Boost game: rolled, the dice on the table)
                    _direction(ro, bots, s, act, rng)
                arrived = _roll_and_move(ro, bots, s, act, rng, dice, entry == "keep")
            _treasure_action(ro, bots, s, act, rng)
            _end_of_turn(ro, arrived, out)
        s, entry = (s + 1) % D, "start"
    return out


def _checked(state, codes, n, nerves) -> tuple[list, tuple]:
    """The starts as a list of ``(DiveState, rows)`` and the codes as ints; ValueError if not."""
    starts = [(state, n)] if isinstance(state, DiveState) else list(state)
    state = starts[0][0]
    D = state.players
    L = len(state.trail)
    if L > MAX_BATCH_TRAIL:
        raise ValueError(f"state: the batch simulator handles trails up to {MAX_BATCH_TRAIL} spaces, got {L}")
    if any((st.players, len(st.trail), st.current, st.phase, st.variant)
           != (D, L, state.current, state.phase, state.variant) for st, _ in starts):
        raise ValueError("state: every start must share the seats, the trail's length, the current diver, "
                         "its phase and the variant")
    if state.phase == "keep" and any(st.rolled is None or not st.variant.is_roll(st.rolled) for st, _ in starts):
        raise ValueError("state: a start in the keep phase needs the dice rolled (DiveState.from_game)")
    codes = tuple(int(c) for c in codes)
    if len(codes) != D or any(c not in (CAUTIOUS, RANDOM, ODDS) for c in codes):
        raise ValueError(f"codes: need one of {CAUTIOUS}, {RANDOM}, {ODDS} per seat, got {codes!r}")
    if not isinstance(n, (int, np.integer)) or n < 1 or sum(rows for _, rows in starts) != n:
        raise ValueError(f"n: must be a positive int, the rows of every start together, got {n!r}")
    if ODDS in codes and (nerves is None or len(nerves) != D or any(st.values is None for st, _ in starts)):
        raise ValueError("nerves and the trail's values: needed for odds seats (DiveState.from_game)")
    if any(max(st.carried) > MAX_ITEMS or not AIR_MIN - st.variant.boost_air <= st.air <= AIR_MAX for st, _ in starts):
        raise ValueError("state: carried items or air outside what a game can reach")
    return starts, codes


class _Bots:
    """Each seat's policy code and the tables its decisions read."""

    def __init__(self, codes, nerves, L, variant):
        self.codes = codes
        self.turn_back, self.pick_up, self.strides = cautious_tables(max(L, MAX_ITEMS))
        self.totals = ROLL_TOTALS  # the odds bot's move deeper: each roll's total (the farthest dice kept)
        self.boost = None  # a Boost game's one-diver Boost rule (batch_boost.BoostRule)
        if variant is not CLASSIC:
            self.totals = roll_totals(variant)
            self.boost = boost_rule(variant) if variant.can_boost else None
        if ODDS in codes:
            self.homes = home_tables(L + 7, variant) if variant is CLASSIC else \
                home_tables(L + 1 + max(variant.best_total(r, True) for r in variant.rolls), variant)
            self.nerve = np.asarray(nerves, float)


class _Rollouts:
    """The rollouts still played, set up from the starts: per seat a list of arrays over them
    (``pos``, ``ret``, ``back``, ``car``, ``vals``), and per rollout the spaces divers stand
    on and the items on the trail (bit masks ``occ``, ``items``), the items' expected values
    (``values``, column 0 the sub), divers back, air, turns, rolls made (``rolled``, to read
    forced dice) and whether it is still played (``live``); ``ids`` are their rows in the
    result, ``m`` how many there are. A game of another edition also has ``dice`` (its
    `DiceTables`; None in the original game) and, for the diver whose turn it is, whether it
    boosted (``boosted``), the air at its turn's start (``turn_air``) and its roll (``roll``)."""

    def __init__(self, starts, n):
        state = starts[0][0]
        D = self.D = state.players
        L = self.L = len(state.trail)
        i64 = np.int64

        def rows(field, dtype):
            return np.concatenate([np.full(k, field(st), dtype) for st, k in starts])

        def table(row_of, width):  # (one array, filled start by start: no copies of fresh memory)
            out = np.empty((n, width))
            i = 0
            for st, k in starts:
                out[i:i + k] = row_of(st)
                i += k
            return out

        self.pos = [rows(lambda st, d=d: st.positions[d], i64) for d in range(D)]
        self.ret = [rows(lambda st, d=d: st.returning[d], bool) for d in range(D)]
        self.back = [rows(lambda st, d=d: st.back[d], bool) for d in range(D)]
        self.car = [rows(lambda st, d=d: st.carried[d], i64) for d in range(D)]
        # per seat, rollout and item (in the order carried; inf: no item), its expected value
        width = min(MAX_ITEMS, max(sum(st.carried) + sum(st.trail) for st, _ in starts)) + 1
        self.vals = [table(lambda st, d=d: _padded(st.carried_values[d] if st.carried_values
                                                   else (0.0,) * st.carried[d], width), width) for d in range(D)]
        self.occ = rows(lambda st: sum(1 << p for p in st.positions if p > 0), i64)
        self.items = rows(lambda st: sum(1 << (k + 1) for k, has in enumerate(st.trail) if has), i64)
        self.values = table(lambda st: (0.0, *(st.values or (0.0,) * L)), L + 1)
        self.nback = rows(lambda st: sum(st.back), i64)
        self.air = rows(lambda st: st.air, i64)
        self.turns = np.zeros(n, i64)
        self.rolled = np.zeros(n, i64)
        self.live = np.ones(n, bool)
        self.ids = np.arange(n)
        self.m = n
        self.dice = None if state.variant is CLASSIC else dice_tables(state.variant)
        if self.dice is not None:
            self.boosted = rows(lambda st: st.boosted, bool)
            self.turn_air = rows(lambda st: st.turn_start_air if st.turn_start_air is not None else
                                 st.air + BREATH[st.carried[st.current]] + st.variant.boost_air * st.boosted, i64)
            self.roll = rows(lambda st: 0 if st.rolled is None else int(self.dice.index(st.rolled)), i64)

    def record(self, idx, out: BatchResult) -> None:
        """Write finished rollouts (columns ``idx``) to ``out``."""
        gone = self.ids[idx]
        for d in range(self.D):
            pd = self.pos[d][idx]
            out.home[gone, d] = self.back[d][idx] | (pd == 0)
            out.positions[gone, d] = pd
            out.carried[gone, d] = self.car[d][idx]
            out.held[gone, d] = held_of(self.vals[d][idx])
        out.air[gone] = self.air[idx]
        out.turns[gone] = self.turns[idx]

    def keep(self, keep) -> None:
        """Drop every rollout but those in ``keep`` (a mask)."""
        for seats in (self.pos, self.ret, self.back, self.car, self.vals):
            seats[:] = [x[keep] for x in seats]
        self.values = self.values[keep]
        self.occ, self.items, self.nback, self.air, self.turns, self.ids, self.rolled = (
            x[keep] for x in (self.occ, self.items, self.nback, self.air, self.turns, self.ids, self.rolled))
        self.m = self.ids.size
        self.live = np.ones(self.m, bool)
        if self.dice is not None:
            self.boosted, self.turn_air, self.roll = self.boosted[keep], self.turn_air[keep], self.roll[keep]


def _start_turn(ro: _Rollouts, s: int, act):
    """Diver ``s`` starts its turn where ``act``: the dive ends first where it and everyone else
    in the water are stuck (engine `_start_turn_or_end`); else it breathes. Returns who plays on."""
    p, r, c, L, D = ro.pos[s], ro.ret[s], ro.car[s], ro.L, ro.D
    # Cheap filter first: stuck needs fewer free spaces deeper than divers.
    ends = act & (p > L - D)
    if ends.any() and (ends := ends & stuck(p, r, c, ro.occ, ro.items, L)).any():
        for d in range(D):
            if d != s:
                ends &= ro.back[d] | stuck(ro.pos[d], ro.ret[d], ro.car[d], ro.occ, ro.items, L)
        if ends.any():
            ro.live &= ~ends  # frozen from now on; recorded when dropped
            act = act & ~ends
    if ro.dice is not None:  # a Boost game: a new turn, no Boost yet; the air before the breath
        ro.turn_air, ro.boosted = ro.air, np.zeros(ro.m, bool)
    ro.air = ro.air - BREATH.take(c) * act
    ro.turns = ro.turns + act
    return act


def _direction(ro: _Rollouts, bots: _Bots, s: int, act, rng) -> None:
    """Diver ``s`` turns back or not, as its policy decides (where ``act``); in a Boost game it
    boosts or not too (the random bot: `random_roll_phase`; the others heading home by the
    one-diver rule, `declare_boosts`)."""
    p, r, c, occ, L = ro.pos[s], ro.ret[s], ro.car[s], ro.occ, ro.L
    code = bots.codes[s]
    if ro.dice is not None and code == RANDOM:
        random_roll_phase(ro, s, act, rng, ro.dice)
        return
    if code == CAUTIOUS:
        C1, A1, P1 = bots.strides
        # (a Boost may take the air below the table's least: there the rule answers as at its least)
        air = ro.air if ro.dice is None else np.maximum(ro.air, AIR_MIN)
        tb = act & bots.turn_back[((r * C1 + c) * A1 + (air - AIR_MIN)) * P1 + p]
        # `stuck_at_far_end`: carrying something, every space deeper taken (or none left)
        tb = tb | (act & ~r & (c > 0) & (p > 0) & no_free_deeper(p, occ, L))
    elif code == ODDS:  # `OddsPolicy.choose`, roll phase
        others_now = occ & ~(1 << p)
        room = free_deeper(p, others_now, L)
        going = act & ~r & (c > 0)
        p_later = later(bots.homes, distance(p, others_now), c, ro.air, others_items(ro.car, ro.back, s, ro.D), room,
                        bots.totals)
        tb = going & ((p > 0) & (room <= 0) | (p_later < bots.nerve[s]))
    else:  # RandomPolicy: legal[int(u * 2)] with legal = [Roll, TurnBack]
        tb = act & can_turn_back(r, c) & (rng.random(ro.m) * 2.0 >= 1.0)
    ro.ret[s] = r | tb
    if ro.dice is not None and bots.boost is not None:
        declare_boosts(ro, bots.boost, s, act, ro.dice)


def _roll_and_move(ro: _Rollouts, bots: _Bots, s: int, act, rng, dice, on_table: bool = False):
    """Diver ``s`` rolls and moves, jumping the spaces other divers stand on (where ``act``); in
    a Boost game by the dice it keeps (``on_table``: it rolled already). Returns where it got
    back to the sub."""
    p, r, c = ro.pos[s], ro.ret[s], ro.car[s]
    if ro.dice is not None:
        roll = ro.roll if on_table else draw_rolls(ro, act, rng, dice, ro.dice)
        totals = kept_totals(ro, bots, s, roll, rng, ro.dice)
    elif dice is None:
        totals = ROLL_TOTALS[rng.integers(0, len(ROLL_TOTALS), ro.m, dtype=np.uint8)]
    else:
        totals = dice[ro.ids, np.minimum(ro.rolled, dice.shape[1] - 1)]
        ro.rolled = ro.rolled + act
    others = ro.occ & ~(1 << p)
    end = np.where(act, move_ends(p, move_points_of(totals, c), ~r, others, ro.L, ro.D), p)
    ro.pos[s] = end
    ro.occ = others | ((1 << end) & ~1)  # bit 0 (the sub) is never set
    arrived = act & r & (end == 0)
    ro.back[s] = ro.back[s] | arrived
    ro.nback = ro.nback + arrived
    return arrived


def _treasure_action(ro: _Rollouts, bots: _Bots, s: int, act, rng) -> None:
    """Diver ``s`` picks up, drops or stays, as its policy decides (where ``act``, on the trail)."""
    end, r, c = ro.pos[s], ro.ret[s], ro.car[s]
    bit = 1 << end
    on = act & (end > 0)
    here = (ro.items & bit) != 0
    worth = ro.values[np.arange(ro.m), end]  # what lies where it stands (0.0: nothing)
    drop_at = None  # per row, the index of the item it drops (-1: none)
    code = bots.codes[s]
    if code == CAUTIOUS:
        pick = on & here & bots.pick_up[r * bots.strides[0] + c]  # (r was updated by turning back)
        change = pick
    elif code == ODDS:
        pick, drop_at = _odds_treasure(ro, bots, s, on, here, worth, bit)
        change = pick | (drop_at >= 0)
    else:  # legal[int(u * len(legal))]: [Stay, PickUp] or [Stay, Drop 0..c-1]
        # int(u * k) >= 1 exactly when u * k >= 1
        u = rng.random(ro.m) * treasure_choices(here, c)
        change = on & (u >= 1.0)
        pick = change & here
        drop_at = np.where(change & ~here, u.astype(np.int64) - 1, -1)
    ro.car[s] = c + pick
    if pick.any():
        ro.vals[s] = _with_item(ro.vals[s], pick, c, worth)
    if drop_at is not None and (dropping := np.flatnonzero(drop_at >= 0)).size:
        ro.car[s] = ro.car[s] - (drop_at >= 0)
        ro.values[dropping, end[dropping]] = ro.vals[s][dropping, drop_at[dropping]]
        ro.vals[s] = _without_item(ro.vals[s], dropping, drop_at[dropping])
    ro.values[np.flatnonzero(pick), end[pick]] = 0.0
    ro.items = ro.items ^ (bit * change)


def _odds_treasure(ro: _Rollouts, bots: _Bots, s: int, on, here, worth, bit):
    """`OddsPolicy.choose`, treasure phase: where it picks up, and which item it drops (-1: none)."""
    end, r, c, air, m = ro.pos[s], ro.ret[s], ro.car[s], ro.air, ro.m
    others_now = ro.occ & ~bit
    must = ~r & (c == 0) & no_free_deeper(end, others_now, ro.L)  # `must_pick_up`
    k = others_items(ro.car, ro.back, s, ro.D)
    d = distance(end, others_now)
    vals, homes = ro.vals[s], bots.homes
    held = held_of(vals)
    p_now = plan(homes, d, c, air, k)
    p_more = plan(homes, d, c + 1, air, k)
    pick = on & here & (must | ((held + worth) * p_more - held * p_now > 0))
    # on the way home, on a blank space: drop its cheapest item if that raises the expected points
    cheapest = np.argmin(vals, axis=1)
    kept = np.where(c > 0, held - np.minimum(vals[np.arange(m), cheapest], held), 0.0)
    drop = on & ~here & r & (c > 0) & (kept * plan(homes, d, c - 1, air, k) > held * p_now)
    return pick, np.where(drop, cheapest, -1)


def _end_of_turn(ro: _Rollouts, arrived, out: BatchResult) -> None:
    """A rollout ends when this diver breathed the air to <= 0 or everyone is back; finished
    rollouts stay frozen (every update is masked by the acting rows) and are recorded and
    dropped once a quarter of the columns are finished."""
    ro.live &= ro.air > 0
    if arrived is not None and arrived.any():
        ro.live &= ro.nback < ro.D
    dead = ro.m - int(np.count_nonzero(ro.live))
    if dead and (dead * 4 >= ro.m or dead == ro.m):
        ro.record(np.flatnonzero(~ro.live), out)
        ro.keep(ro.live)


def _padded(values, width: int) -> np.ndarray:
    row = np.full(width, np.inf)
    row[:len(values)] = values
    return row


def _with_item(vals, rows, carried, worth):
    """``vals`` with ``worth`` appended after the ``carried`` items, in the rows ``rows``. In place:
    a copy of the whole array would touch fresh memory, which costs more than the update."""
    idx = np.flatnonzero(rows)
    vals[idx, carried[idx]] = worth[idx]
    return vals


def _without_item(vals, idx, at):
    """``vals`` without item ``at[i]`` in row ``idx[i]``, the later ones moved up (as a list; in place)."""
    part = vals[idx]
    shifted = np.concatenate([part[:, 1:], np.full((len(idx), 1), np.inf)], axis=1)
    cols = np.arange(vals.shape[1])[None, :]
    vals[idx] = np.where(cols < at[:, None], part, shifted)
    return vals
