"""Batch Monte Carlo of the rest of a dive: numpy arrays across rollouts.

Plays ``n`` copies of the current dive at once, one diver's turn at a time as
array operations over the rollouts, for the bots whose decision rules are
vectorised here (cautious, random, odds). It implements the rules of
`deepsea_widget.rules.game` (breathing, turning back, jumping, the far end,
stuck divers, air running out); tests/odds/test_batch_*.py prove it equal in
distribution to the engine itself.

Only public facts enter: which spaces hold an item, positions, headings and
how many items each diver carries, and for the odds bot each item's level
mean (its expected value). Hidden values never enter.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from ..bots.simple import cautious_picks_up, cautious_turns_back
from ..odds.single_diver import home_table
from ..rules.actions import DIE_FACES
from ..rules.chips import N_CHIPS
from ..rules.position import FULL_AIR

CAUTIOUS, RANDOM, ODDS = 0, 1, 2
POLICY_CODES = {"cautious": CAUTIOUS, "random": RANDOM, "odds": ODDS}

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
    values: tuple | None = None  # per space: its item's expected value (level means), 0.0 if blank
    carried_values: tuple | None = None  # per seat: each item's expected value, in the order carried

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
            values=tuple(0.0 if s is None else s.expected_value for s in game.trail),
            carried_values=tuple(tuple(it.expected_value for it in d.carried) for d in divers),
        )


@dataclass
class BatchResult:
    """Per rollout, at the end of the dive. Row i is rollout i.

    ``home[i, s]``: seat s is in the submarine (back, or never left).
    ``air``: the air track at the end (after the last breath; may be <= 0).
    ``turns``: turns started after the simulated position (the current turn not counted).
    ``positions``/``carried``: where each diver ended and how many items it held.
    ``held``: the expected value (level means) of what each diver held at the end.
    """

    home: np.ndarray
    air: np.ndarray
    turns: np.ndarray
    positions: np.ndarray
    carried: np.ndarray
    held: np.ndarray | None = None

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


@functools.lru_cache(maxsize=2)
def home_tables(max_distance: int) -> np.ndarray:
    """`p_home` for every (others' items, distance, items, air) the odds bot asks about, as
    ``table[k, d, c, a]`` (air 0 or less: 0.0), equal to `single_diver.p_home` value for value."""
    chips = 8  # (from 6 items on nobody moves: more rows would all be 0)
    out = np.zeros((_MAX_ITEMS + 1, max_distance + 1, chips + 1, _AIR_MAX + 1))
    for k in range(_MAX_ITEMS + 1):
        t = home_table(max_distance, max_chips=chips, max_air=_AIR_MAX, others=k)  # [c, a, d]
        out[k] = np.nan_to_num(t.transpose(2, 0, 1), nan=0.0)
    out[:, :, :, 0] = 0.0
    out.setflags(write=False)
    return out


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


def simulate_batch(state, codes, n: int, rng: np.random.Generator, nerves=None, dice=None) -> BatchResult:
    """Play the rest of the dive ``n`` times; seat s decides by policy ``codes[s]``.

    ``state``: a `DiveState`, or a list of ``(DiveState, rows)`` that share the trail's
    length, the seats, the current diver and its phase (each start gets ``rows`` of the
    ``n`` rollouts, in order). ``nerves``: per seat, the P(home) an odds diver insists on
    (`OddsPolicy.nerve`), needed for ODDS seats. ``dice`` (for tests): an ``(n, rolls)``
    array of dice sums, row i's rolls in order, instead of ``rng``'s.

    Rollouts move in lock step through *diver slots*: slot s is diver s's turn
    in every rollout where it is still in the water (seat order, skipping
    divers back in the sub, as the engine does); other rollouts sit the slot
    out. Per rollout the trail's items and the spaces divers stand on are bit
    masks (bit k = trail space k), so jumping is a popcount. A finished
    rollout's columns freeze (every update is masked by the acting rows); they
    are recorded and dropped once a quarter of the columns are finished.
    """
    starts = [(state, n)] if isinstance(state, DiveState) else list(state)
    state = starts[0][0]
    D = state.players
    L = len(state.trail)
    if L > MAX_TRAIL:
        raise ValueError(f"state: the batch simulator handles trails up to {MAX_TRAIL} spaces, got {L}")
    if any((st.players, len(st.trail), st.current, st.phase) != (D, L, state.current, state.phase)
           for st, _ in starts):
        raise ValueError("state: every start must share the seats, the trail's length, the current diver "
                         "and its phase")
    codes = tuple(int(c) for c in codes)
    if len(codes) != D or any(c not in (CAUTIOUS, RANDOM, ODDS) for c in codes):
        raise ValueError(f"codes: need one of {CAUTIOUS}, {RANDOM}, {ODDS} per seat, got {codes!r}")
    if not isinstance(n, (int, np.integer)) or n < 1 or sum(rows for _, rows in starts) != n:
        raise ValueError(f"n: must be a positive int, the rows of every start together, got {n!r}")
    odds = ODDS in codes
    if odds and (nerves is None or len(nerves) != D or any(st.values is None for st, _ in starts)):
        raise ValueError("nerves and the trail's values: needed for odds seats (DiveState.from_game)")
    tb_table, pu_table, (C1, A1, P1) = cautious_tables(max(L, N_CHIPS))
    if any(max(st.carried) > _MAX_ITEMS or not _AIR_MIN <= st.air <= _AIR_MAX for st, _ in starts):
        raise ValueError("state: carried items or air outside what a game can reach")

    i64 = np.int64

    def rows(field, dtype):
        return np.concatenate([np.full(k, field(st), dtype) for st, k in starts])

    pos = [rows(lambda st, d=d: st.positions[d], i64) for d in range(D)]
    ret = [rows(lambda st, d=d: st.returning[d], bool) for d in range(D)]
    back = [rows(lambda st, d=d: st.back[d], bool) for d in range(D)]
    car = [rows(lambda st, d=d: st.carried[d], i64) for d in range(D)]
    # per seat, rollout and item (in the order carried; inf: no item), its expected value
    width = min(_MAX_ITEMS, max(sum(st.carried) + sum(st.trail) for st, _ in starts)) + 1
    vals = [np.concatenate([np.tile(_padded(st.carried_values[d] if st.carried_values else (0.0,) * st.carried[d],
                                            width), (k, 1)) for st, k in starts]) for d in range(D)]
    occ = rows(lambda st: sum(1 << p for p in st.positions if p > 0), i64)  # spaces divers stand on
    items = rows(lambda st: sum(1 << (k + 1) for k, has in enumerate(st.trail) if has), i64)
    # per rollout and space (column 0: the sub), the expected value of the item there
    values = np.concatenate([np.tile(np.array((0.0, *(st.values or (0.0,) * L))), (k, 1)) for st, k in starts])
    nback = rows(lambda st: sum(st.back), i64)
    air = rows(lambda st: st.air, i64)
    turns = np.zeros(n, i64)
    rolled = np.zeros(n, i64)  # rolls made so far per rollout (to read ``dice``)
    live = np.ones(n, bool)
    ids = np.arange(n)
    if odds:
        homes = home_tables(L + 7)
        nerve = np.asarray(nerves, float)

    out = BatchResult(home=np.zeros((n, D), bool), air=np.zeros(n, i64), turns=np.zeros(n, i64),
                      positions=np.zeros((n, D), i64), carried=np.zeros((n, D), i64),
                      held=np.zeros((n, D), float))

    def record(idx):
        """Write finished rollouts (columns ``idx``) to ``out``."""
        gone = ids[idx]
        for d in range(D):
            pd = pos[d][idx]
            out.home[gone, d] = back[d][idx] | (pd == 0)
            out.positions[gone, d] = pd
            out.carried[gone, d] = car[d][idx]
            out.held[gone, d] = _held(vals[d][idx])
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
            elif code == ODDS:  # `OddsPolicy.choose`, roll phase
                others_now = occ & ~(1 << p)
                room = L - p - popcount(others_now & (((1 << (L + 1)) - 1) ^ ((2 << p) - 1)))
                going = act & ~r & (c > 0)
                later = _later(homes, p - popcount(others_now & ((1 << p) - 2)), c, air,
                               _others_items(car, back, s, D), room)
                tb = going & ((p > 0) & (room <= 0) | (later < nerve[s]))
            else:  # RandomPolicy: legal[int(u * 2)] with legal = [Roll, TurnBack]
                tb = act & can_turn_back(r, c) & (rng.random(m) * 2.0 >= 1.0)
            r = r | tb
            ret[s] = r
            # Roll and move, jumping the spaces other divers stand on.
            if dice is None:
                sums = _DICE_SUMS[rng.integers(0, 9, m, dtype=np.uint8)]
            else:
                sums = dice[ids, np.minimum(rolled, dice.shape[1] - 1)]
                rolled = rolled + act
            mv = np.maximum(sums - c, 0)
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
        worth = values[np.arange(m), end]  # what lies where it stands (0.0: nothing)
        drop_at = None  # per row, the index of the item it drops (-1: none)
        if code == CAUTIOUS:
            pick = on & here & pu_table[r * C1 + c]  # (r was updated by turning back)
            change = pick
        elif code == ODDS:  # `OddsPolicy.choose`, treasure phase
            others_now = occ & ~bit
            room = L - end - popcount(others_now & (((1 << (L + 1)) - 1) ^ ((2 << end) - 1)))
            must = ~r & (c == 0) & (room <= 0)  # `must_pick_up`: no free space deeper, nothing carried
            k = _others_items(car, back, s, D)
            d = end - popcount(others_now & ((1 << end) - 2))
            held = _held(vals[s])
            p_now = _plan(homes, d, c, air, k)
            p_more = _plan(homes, d, c + 1, air, k)
            pick = on & here & (must | ((held + worth) * p_more - held * p_now > 0))
            # on the way home, on a blank space: drop its cheapest item if that raises the expected points
            cheapest = np.argmin(vals[s], axis=1)
            kept = np.where(c > 0, held - np.minimum(vals[s][np.arange(m), cheapest], held), 0.0)
            drop = on & ~here & r & (c > 0) & (kept * _plan(homes, d, c - 1, air, k) > held * p_now)
            drop_at = np.where(drop, cheapest, -1)
            change = pick | drop
        else:  # legal[int(u * len(legal))]: [Stay, PickUp] or [Stay, Drop 0..c-1]
            # int(u * k) >= 1 exactly when u * k >= 1
            u = rng.random(m) * treasure_choices(here, c)
            change = on & (u >= 1.0)
            pick = change & here
            drop_at = np.where(change & ~here, u.astype(np.int64) - 1, -1)
        car[s] = c + pick
        if pick.any():
            vals[s] = _with_item(vals[s], pick, c, worth)
        if drop_at is not None and (dropping := np.flatnonzero(drop_at >= 0)).size:
            car[s] = car[s] - (drop_at >= 0)
            values[dropping, end[dropping]] = vals[s][dropping, drop_at[dropping]]
            vals[s] = _without_item(vals[s], dropping, drop_at[dropping])
        values[np.flatnonzero(pick), end[pick]] = 0.0
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
            vals = [x[keep] for x in vals]
            values = values[keep]
            occ, items, nback, air, turns, ids, rolled = (x[keep] for x in (occ, items, nback, air, turns, ids, rolled))
            m = ids.size
            live = np.ones(m, bool)
        s, entry = (s + 1) % D, "start"
    return out


def _padded(values, width: int) -> np.ndarray:
    row = np.full(width, np.inf)
    row[:len(values)] = values
    return row


def _held(vals) -> np.ndarray:
    """Per row, the expected value of the items carried (sums of level means: exact in floats)."""
    return np.where(np.isfinite(vals), vals, 0.0).sum(axis=1)


def _with_item(vals, rows, carried, worth):
    """``vals`` with ``worth`` appended after the ``carried`` items, in the rows ``rows``."""
    out = vals.copy()
    idx = np.flatnonzero(rows)
    out[idx, carried[idx]] = worth[idx]
    return out


def _without_item(vals, idx, at):
    """``vals`` without item ``at[i]`` in row ``idx[i]``, the later ones moved up (as a list)."""
    out = vals.copy()
    part = vals[idx]
    shifted = np.concatenate([part[:, 1:], np.full((len(idx), 1), np.inf)], axis=1)
    cols = np.arange(vals.shape[1])[None, :]
    out[idx] = np.where(cols < at[:, None], part, shifted)
    return out


def _others_items(car, back, s, D):
    """What the divers other than ``s`` still in the water carry (`odds_bot.others_breath`)."""
    k = np.zeros_like(car[s])
    for d in range(D):
        if d != s:
            k = k + car[d] * ~back[d]
    return k


def _plan(homes, d, c, air, k):
    """`OddsPolicy._p_plan`: P(home) from distance ``d`` with ``c`` items, heading back from the
    next turn on (after the others breathed ``k``); 0 when no air is left for that turn."""
    nxt = air - k
    p = homes[np.minimum(k, homes.shape[0] - 1), np.minimum(d, homes.shape[1] - 1),
              np.minimum(c, homes.shape[2] - 1), np.clip(nxt, 0, _AIR_MAX)]
    return np.where((air > 0) & (nxt > 0), p, 0.0)


def _later(homes, d_now, c, air, k, room):
    """`OddsPolicy.p_one_more_move`: P(home) after one more move deeper (at most ``room`` free
    spaces) and turning back next turn, averaged over the nine rolls in the bot's order."""
    total = np.zeros(d_now.shape)
    for dice in _DICE_SUMS:
        total = total + _plan(homes, d_now + np.minimum(np.maximum(0, dice - c), np.maximum(room, 0)), c, air, k)
    return np.where(air > 0, total / 9, 0.0)


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
