"""Batch Monte Carlo of the rest of a dive: numpy arrays across rollouts.

Plays ``n`` copies of the current dive at once, one diver's turn at a time as
array operations over the rollouts, for the bots whose decision rules are
vectorised here (cautious, random). It implements the rules of
`deepsea_widget.rules.game` (breathing, turning back, jumping, the far end,
stuck divers, air running out); tests/odds/test_batch_*.py prove it equal in
distribution to the engine itself.

Only public facts enter: which spaces hold an item, positions, headings and
how many items each diver carries. Item levels and hidden values play no part
in getting home, and the vectorised bots do not look at them either.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from ..rules.actions import DIE_FACES
from ..rules.chips import N_CHIPS
from ..rules.position import FULL_AIR

CAUTIOUS, RANDOM = 0, 1
POLICY_CODES = {"cautious": CAUTIOUS, "random": RANDOM}

# The nine equally likely (die, die) outcomes, as their sums.
_DICE_SUMS = np.array([a + b for a in DIE_FACES for b in DIE_FACES], dtype=np.int64)
# A diver carries at most every item there is (an item holds >= 1 of the 32 chips),
# and a turn starts with air >= 1, so air after breathing is >= 1 - 32.
_MAX_ITEMS = N_CHIPS
_AIR_MIN = 1 - N_CHIPS
_AIR_MAX = FULL_AIR
# No dive of these bots comes near this many diver slots; it only guards against looping forever.
_MAX_SLOTS = 1_000_000
# Trail spaces are bits 1..L of an int64, and masks up to bit L + 1 are formed.
MAX_TRAIL = 61


@dataclass(frozen=True)
class DiveState:
    """The public facts of a dive in progress that decide who gets home.

    ``phase`` is the current diver's phase: "roll" (it has breathed; ``air`` is
    the air after breathing) or "treasure" (it has moved).
    """

    trail: tuple  # per space: True if it holds an item (a chip or a stack)
    positions: tuple
    returning: tuple
    back: tuple
    carried: tuple  # items carried per seat (a stack is one item)
    air: int
    current: int
    phase: str

    @property
    def players(self) -> int:
        return len(self.positions)

    @classmethod
    def from_game(cls, game) -> "DiveState":
        """Read a `Game`'s public state (never its hidden values)."""
        if game.is_over:
            raise ValueError("game: the game is over, there is no dive left to simulate")
        divers = game.divers
        return cls(
            trail=tuple(s is not None for s in game.trail),
            positions=tuple(d.position for d in divers),
            returning=tuple(bool(d.returning) for d in divers),
            back=tuple(bool(d.back) for d in divers),
            carried=tuple(len(d.carried) for d in divers),
            air=game.air, current=game.current_player, phase=game.phase,
        )


@dataclass
class BatchResult:
    """Per rollout, at the end of the dive. Row i is rollout i.

    ``home[i, s]``: seat s is in the submarine (back, or never left).
    ``air``: the air track at the end (after the last breath; may be <= 0).
    ``turns``: turns started after the simulated position (the current turn not counted).
    ``positions``/``carried``: where each diver ended and how many items it held.
    """

    home: np.ndarray
    air: np.ndarray
    turns: np.ndarray
    positions: np.ndarray
    carried: np.ndarray

    @property
    def n(self) -> int:
        return len(self.air)


@functools.lru_cache(maxsize=4)
def cautious_tables(max_position: int):
    """The cautious bot's two rules as lookup tables, built by calling the rules themselves.

    Every possible input is tabulated once (``bots.simple.cautious_turns_back``
    and ``cautious_picks_up`` are the one definition), so the batch simulator
    decides exactly as `CautiousPolicy` does. Returns flat tables and the index
    strides: turn_back[((returning * C + carried) * A + air - AIR_MIN) * P + position],
    pick_up[returning * C + carried].
    """
    from ..bots.simple import cautious_picks_up, cautious_turns_back  # bots sit above odds

    ret = np.array([False, True], dtype=object)[:, None, None, None]
    car = np.arange(_MAX_ITEMS + 1).astype(object)[None, :, None, None]
    air = np.arange(_AIR_MIN, _AIR_MAX + 1).astype(object)[None, None, :, None]
    pos = np.arange(max_position + 1).astype(object)[None, None, None, :]
    turn_back = np.frompyfunc(cautious_turns_back, 4, 1)(ret, car, air, pos).astype(bool)
    pick_up = np.frompyfunc(cautious_picks_up, 2, 1)(ret[:, :, 0, 0], car[:, :, 0, 0]).astype(bool)
    # A rule that ever chose an illegal action would make the engine raise; keep the table honest.
    legal_turn = ~np.array([False, True])[:, None, None, None] & (np.arange(_MAX_ITEMS + 1) > 0)[None, :, None, None]
    if (turn_back & ~legal_turn).any():
        raise AssertionError("cautious_turns_back chose to turn back where the rules forbid it")
    turn_back.setflags(write=False)
    pick_up.setflags(write=False)
    strides = (_MAX_ITEMS + 1, _AIR_MAX - _AIR_MIN + 1, max_position + 1)
    return turn_back.ravel(), pick_up.ravel(), strides


def can_turn_back(returning, carried):
    """Roll phase: TurnBack is legal (besides Roll) — going deeper and carrying something."""
    return ~np.asarray(returning, dtype=bool) & (np.asarray(carried) > 0)


def treasure_choices(here, carried):
    """Treasure phase: how many legal actions (Stay, PickUp) or (Stay, Drop 0..c-1)."""
    return np.where(here, 2, 1 + np.asarray(carried))


def _popcount_swar(x):
    """Set bits of non-negative int64 values (for numpy < 2.0, which lacks bitwise_count)."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    total = x & 0xFF
    for shift in range(8, 64, 8):
        total = total + ((x >> shift) & 0xFF)
    return total


popcount = getattr(np, "bitwise_count", _popcount_swar)


def simulate_batch(state: DiveState, codes, n: int, rng: np.random.Generator) -> BatchResult:
    """Play the rest of the dive ``n`` times; seat s decides by policy ``codes[s]``.

    Rollouts move in lock step through *diver slots*: slot s is diver s's turn
    in every rollout where it is still in the water (seat order, skipping
    divers back in the sub, as the engine does); other rollouts sit the slot
    out. Per rollout the trail's items and the spaces divers stand on are bit
    masks (bit k = trail space k), so jumping is a popcount. A finished
    rollout's columns freeze (every update is masked by the acting rows); they
    are recorded and dropped once a quarter of the columns are finished.
    """
    D = state.players
    L = len(state.trail)
    if L > MAX_TRAIL:
        raise ValueError(f"state: the batch simulator handles trails up to {MAX_TRAIL} spaces, got {L}")
    codes = tuple(int(c) for c in codes)
    if len(codes) != D or any(c not in (CAUTIOUS, RANDOM) for c in codes):
        raise ValueError(f"codes: need one of {CAUTIOUS}, {RANDOM} per seat, got {codes!r}")
    if not isinstance(n, (int, np.integer)) or n < 1:
        raise ValueError(f"n: must be a positive int, got {n!r}")
    tb_table, pu_table, (C1, A1, P1) = cautious_tables(max(L, N_CHIPS))
    if max(state.carried) > _MAX_ITEMS or not _AIR_MIN <= state.air <= _AIR_MAX:
        raise ValueError("state: carried items or air outside what a game can reach")

    i64 = np.int64
    pos = [np.full(n, v, i64) for v in state.positions]
    ret = [np.full(n, v, bool) for v in state.returning]
    back = [np.full(n, v, bool) for v in state.back]
    car = [np.full(n, v, i64) for v in state.carried]
    occ = np.full(n, sum(1 << p for p in state.positions if p > 0), i64)  # spaces divers stand on
    items = np.full(n, sum(1 << (k + 1) for k, has in enumerate(state.trail) if has), i64)
    nback = np.full(n, sum(state.back), i64)
    air = np.full(n, state.air, i64)
    turns = np.zeros(n, i64)
    live = np.ones(n, bool)
    ids = np.arange(n)

    out = BatchResult(home=np.zeros((n, D), bool), air=np.zeros(n, i64), turns=np.zeros(n, i64),
                      positions=np.zeros((n, D), i64), carried=np.zeros((n, D), i64))

    def record(idx):
        """Write finished rollouts (columns ``idx``) to ``out``."""
        gone = ids[idx]
        for d in range(D):
            pd = pos[d][idx]
            out.home[gone, d] = back[d][idx] | (pd == 0)
            out.positions[gone, d] = pd
            out.carried[gone, d] = car[d][idx]
        out.air[gone] = air[idx]
        out.turns[gone] = turns[idx]

    s = state.current
    entry = state.phase  # the first slot resumes the current turn mid-way
    slots = 0
    m = n
    while m:
        slots += 1
        if slots > _MAX_SLOTS:
            raise RuntimeError("batch simulation did not finish the dive (this is a bug)")
        act = live.copy() if entry != "start" else live & ~back[s]
        if not act.any():
            s, entry = (s + 1) % D, "start"
            continue
        code = codes[s]
        p, r, c = pos[s], ret[s], car[s]

        if entry == "start":
            # Engine `_start_turn_or_end`: a diver going deeper empty-handed
            # triggers the check whether everyone in the water is stuck.
            # Cheap filter first: stuck needs fewer free spaces deeper than divers.
            ends = act & (p > L - D)
            if ends.any() and (ends := ends & stuck(p, r, c, occ, items, L)).any():
                for d in range(D):
                    if d != s:
                        ends &= back[d] | stuck(pos[d], ret[d], car[d], occ, items, L)
                if ends.any():
                    live &= ~ends  # frozen from now on; recorded when dropped
                    act = act & ~ends
            air = air - c * act  # breathe
            turns = turns + act

        if entry != "treasure":
            # Direction.
            if code == CAUTIOUS:
                tb = act & tb_table[((r * C1 + c) * A1 + (air - _AIR_MIN)) * P1 + p]
                # `stuck_at_far_end`: carrying something, every space deeper taken (or none left)
                deeper = ((1 << (L + 1)) - 1) & ~((1 << (p + 1)) - 1)
                tb = tb | (act & ~r & (c > 0) & (p > 0) & ((deeper & ~occ) == 0))
            else:  # RandomPolicy: legal[int(u * 2)] with legal = [Roll, TurnBack]
                tb = act & can_turn_back(r, c) & (rng.random(m) * 2.0 >= 1.0)
            r = r | tb
            ret[s] = r
            # Roll and move, jumping the spaces other divers stand on.
            mv = np.maximum(_DICE_SUMS[rng.integers(0, 9, m, dtype=np.uint8)] - c, 0)
            others = occ & ~(1 << p)
            end = np.where(act, _move(p, mv, ~r, others, L, D), p)
            pos[s] = end
            bit = 1 << end
            occ = others | (bit & ~1)  # bit 0 (the sub) is never set
            arrived = act & r & (end == 0)
            back[s] = back[s] | arrived
            nback = nback + arrived
        else:
            end = p
            bit = 1 << end

        # Treasure action, on the trail only.
        on = act & (end > 0)
        here = (items & bit) != 0
        if code == CAUTIOUS:
            pick = on & here & pu_table[r * C1 + c]  # (r was updated by turning back)
            change = pick
            car[s] = c + pick
        else:  # legal[int(u * len(legal))]: [Stay, PickUp] or [Stay, Drop 0..c-1]
            # int(u * k) >= 1 exactly when u * k >= 1
            change = on & (rng.random(m) * treasure_choices(here, c) >= 1.0)
            pick = change & here
            car[s] = c + pick - (change & ~here)
        items = items ^ (bit * change)

        # End of the turn: air out (this diver breathed it to <= 0) or everyone back.
        # A finished rollout's columns stay frozen: every update above is masked by ``act``.
        live &= air > 0
        if entry != "treasure" and arrived.any():
            live &= nback < D
        dead = m - int(np.count_nonzero(live))
        if dead and (dead * 4 >= m or dead == m):
            record(np.flatnonzero(~live))
            keep = live
            pos = [x[keep] for x in pos]
            ret = [x[keep] for x in ret]
            back = [x[keep] for x in back]
            car = [x[keep] for x in car]
            occ, items, nback, air, turns, ids = (x[keep] for x in (occ, items, nback, air, turns, ids))
            m = ids.size
            live = np.ones(m, bool)
        s, entry = (s + 1) % D, "start"
    return out


def stuck(p, returning, carried, occ, items, L):
    """Engine `_is_stuck`: going deeper, empty-handed, nothing on its space (or in the sub),
    and every space deeper taken by a diver. ``occ``/``items``: bit masks of the trail."""
    deeper_spaces = ((1 << (L + 1)) - 1) ^ ((2 << p) - 1)  # bits p+1..L
    room = L - p - popcount(occ & deeper_spaces)  # free spaces deeper than p
    return ~returning & (carried == 0) & ((items >> p) & 1 == 0) & (room <= 0)


def _move(p, mv, deeper, others, L, D):
    """Where ``mv`` movement points take divers at ``p``: count free spaces only.

    ``others``: bit mask of the spaces other divers stand on. The mv-th free
    space is the least fixed point of q = p + mv + #taken(p, q] going deeper,
    q = p - mv - #taken[q, p) going back, reached from q = p +- mv in at most
    D rounds (only rollouts that jumped someone need a second round). Deeper
    past the last free space: the deepest free space, else stay put. Back:
    reaching or passing the sub ends in it (0).
    """
    sgn = np.where(deeper, 1, -1)
    shift = deeper.astype(np.int64)  # deeper: bits p+1..q; back: bits q..p-1
    base = p + sgn * mv

    def jumped(p, q, others, shift):
        qc = np.minimum(np.maximum(q, 0), L)
        lo = np.minimum(p, qc)
        hi = np.maximum(p, qc)
        return popcount(others & (((1 << hi) - (1 << lo)) << shift))

    cnt = jumped(p, base, others, shift)
    q = base + sgn * cnt
    todo = np.flatnonzero(cnt)
    for _ in range(D):
        if not todo.size:
            break
        qt = q[todo]
        qn = base[todo] + sgn[todo] * jumped(p[todo], qt, others[todo], shift[todo])
        q[todo] = qn
        todo = todo[qn != qt]
    end = np.maximum(q, 0)
    over = np.flatnonzero(q > L)  # only divers going deeper can pass the far end
    if over.size:
        po, oo = p[over], others[over]
        last = np.full(over.size, L, dtype=np.int64)
        for _ in range(D):
            taken = ((oo >> last) & 1).astype(bool) & (last > po)
            if not taken.any():
                break
            last = last - taken
        end[over] = np.where(last > po, last, po)
    return end
