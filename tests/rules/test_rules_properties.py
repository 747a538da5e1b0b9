"""Property tests: random games with random legal actions, invariants after every action.

After every action: all chips accounted for (trail + carried + banked), no two
divers on one trail space, air never rises inside a dive, scores = banked
values, the move and the dive end match an independent reading of RULES.md,
illegal actions change nothing; at sampled points `from_json(to_json())` and
`undo()` restore the state exactly; at the end the action log replayed from
the seed reproduces the game, and a game forked through JSON plays on identically.
"""
from __future__ import annotations

import json
import os
import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from deepsea_widget import Game, IllegalActionError
from deepsea_widget.rules import Drop, PickUp, Roll, Stay, TurnBack
from deepsea_widget.rules import events as ev

# 25 games each keep the run short; DEEPSEA_PROPERTY_EXAMPLES=1000 digs deeper.
SETTINGS = settings(max_examples=int(os.environ.get("DEEPSEA_PROPERTY_EXAMPLES", "25")), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
MAX_ACTIONS = 5000  # a random policy ends a game in ~150; more means a loop


# ----- an independent model of the public state -------------------------------
class Snap:
    """The facts the oracle needs, copied out of the game before an action."""

    def __init__(self, g: Game):
        self.n = len(g.players)
        self.air = g.air
        self.dive = g.dive
        self.current = g.current_player
        self.phase = g.phase
        self.pos = [d.position for d in g.divers]
        self.ret = [d.returning for d in g.divers]
        self.back = [d.back for d in g.divers]
        self.carried = [[it._chips for it in d.carried] for d in g.divers]
        self.trail = [None if s is None else s._chips for s in g.trail]


def chips_of(g: Game) -> list:
    ids = [c for s in g._trail if s is not None for c in s._chips]
    for d in g._divers:
        ids += [c for it in d.carried for c in it._chips]
        ids += [c for it in d.banked for c in it._chips]
    return sorted(ids)


def expected_end(s: Snap, seat: int, move: int) -> int:
    """Where RULES.md's movement puts the diver: jump occupied spaces, stop at the far end."""
    occupied = {p for i, p in enumerate(s.pos) if i != seat and p > 0}
    pos = s.pos[seat]
    if s.ret[seat]:
        while move > 0 and pos > 0:
            pos -= 1
            if pos not in occupied:
                move -= 1
        return pos
    end = pos
    while move > 0 and pos < len(s.trail):
        pos += 1
        if pos not in occupied:
            move -= 1
            end = pos
    return end


def stuck(s: Snap, i: int) -> bool:
    occupied = {p for j, p in enumerate(s.pos) if j != i and p > 0 and not s.back[j]}
    if s.ret[i] or s.carried[i]:
        return False
    if s.pos[i] > 0 and s.trail[s.pos[i] - 1] is not None:
        return False
    return all(p in occupied for p in range(s.pos[i] + 1, len(s.trail) + 1))


class Checker:
    """Checks one game action by action against RULES.md."""

    def __init__(self, g: Game, last_returned=None):
        self.g = g
        self.chips = chips_of(g)
        self.last_returned = last_returned
        self.check_state()

    def check_state(self):
        g = self.g
        assert chips_of(g) == self.chips, "chips appeared or vanished"
        on_trail = [d.position for d in g.divers if d.position > 0]
        assert len(on_trail) == len(set(on_trail)), "two divers on one space"
        assert all(0 <= d.position <= len(g.trail) for d in g.divers)
        for d in g.divers:
            assert d.score == sum(sum(it.values) for it in d.banked)
            assert d.score == sum(g._values[c] for it in d.banked for c in it._chips)
            assert not (d.back and d.position != 0)
        assert g.scores() == [d.score for d in g.divers]
        if g.is_over:
            assert g.current_player is None and g.legal_actions() == [] and g.dive == 3
        else:
            assert not g.divers[g.current_player].back
            assert g.legal_actions()

    def apply(self, action):
        g = self.g
        s = Snap(g)
        seat = s.current
        events = g.apply(action)
        kinds = [type(e) for e in events]
        dive_ends = [i for i, k in enumerate(kinds) if k is ev.DiveEnded]
        for e in events:
            if isinstance(e, ev.ReachedSub):
                self.last_returned = e.seat
        # what the turn did, modelled from the snapshot
        turn_over = True
        if isinstance(action, TurnBack):
            assert s.carried[seat] and not s.ret[seat]
            turn_over = False
            s.ret[seat] = True
            assert kinds == [ev.TurnedBack] and g.phase == "roll" and g.current_player == seat
        elif isinstance(action, Roll):
            rolled, moved = events[0], events[1]
            assert isinstance(rolled, ev.Rolled) and isinstance(moved, ev.Moved)
            assert all(1 <= x <= 3 for x in rolled.dice)
            if action.dice is not None:
                assert rolled.dice == action.dice
            items = len(s.carried[seat])
            assert rolled.items == items and rolled.move == max(0, sum(rolled.dice) - items)
            end = expected_end(s, seat, rolled.move)
            assert moved.start == s.pos[seat] and moved.end == end
            s.pos[seat] = end
            if end == 0 and s.ret[seat]:
                s.back[seat] = True
                assert kinds[2] is ev.ReachedSub
            turn_over = end == 0
            if not turn_over:
                assert kinds == [ev.Rolled, ev.Moved] and g.phase == "treasure" and g.current_player == seat
        else:
            i = s.pos[seat] - 1
            if isinstance(action, PickUp):
                s.carried[seat].append(s.trail[i])
                s.trail[i] = None
            elif isinstance(action, Drop):
                s.trail[i] = s.carried[seat].pop(action.index)
        if not turn_over:
            assert not dive_ends
            assert g.air == s.air
            return events
        # the turn ended: does the dive end now? (RULES.md "When the air runs out", "Stuck divers")
        in_water = [i for i in range(s.n) if not s.back[i]]
        should_end = s.air <= 0 or not in_water or all(stuck(s, i) for i in in_water)
        if not should_end:
            assert not dive_ends, "the dive ended too early"
            nxt = next((seat + k) % s.n for k in range(1, s.n + 1) if not s.back[(seat + k) % s.n])
            assert g.current_player == nxt and g.phase == "roll" and g.dive == s.dive
            breath = [e for e in events if isinstance(e, ev.Breathed)][-1]
            assert breath.seat == nxt and kinds[-1] in (ev.Breathed, ev.AirRanOut)
            assert breath.items == len(s.carried[nxt]) and breath.air_before == s.air
            assert g.air == s.air - len(s.carried[nxt]) <= s.air  # air never rises inside a dive
            assert kinds.count(ev.AirRanOut) == (g.air <= 0)
            return events
        assert dive_ends, "the dive should have ended"
        first_end = events[dive_ends[0]]
        if in_water and s.air > 0 and all(stuck(s, i) for i in in_water):
            assert ev.AllStuck in kinds[:dive_ends[0]]
        returned = tuple(i for i in range(s.n) if s.back[i])
        stranded = sorted((i for i in range(s.n) if not s.back[i] and s.pos[i] > 0), key=lambda i: s.pos[i])
        assert first_end.returned == returned and first_end.stranded == tuple(stranded)
        assert first_end.dive == s.dive
        # lost chips: closest first, pick-up order, stacks of 3 beyond the closed-up trail
        lost = [c for i in stranded for item in s.carried[i] for c in item]
        stacks = [tuple(lost[k:k + 3]) for k in range(0, len(lost), 3)]
        trail = [t for t in s.trail if t is not None] + stacks
        if len(dive_ends) == 1:
            assert [t._chips for t in g.trail] == trail
        if s.dive == 3:
            assert g.is_over and kinds[-1] is ev.GameOver
            return events
        started = next(e for e in events[dive_ends[0]:] if isinstance(e, ev.DiveStarted))
        assert started.dive == s.dive + 1
        if stranded:
            assert started.first_seat == stranded[-1]
        elif self.last_returned is not None:
            assert started.first_seat == self.last_returned
        for later in dive_ends[1:]:  # a new dive ends at once only on an empty trail
            assert kinds[later - 1] is ev.AllStuck and events[later].trail_length == 0
        if not g.is_over:
            assert g.dive == s.dive + len(dive_ends)
            assert all(d.position == 0 and not d.returning and not d.carried for d in g.divers)
            assert g.air == 25 and g.turn_start_air == 25
        self.last_returned = None
        return events


def illegal_candidates(g: Game) -> list:
    n = len(g.divers[g.current_player].carried) if g.current_player is not None else 0
    every = [Roll(), TurnBack(), PickUp(), Stay()] + [Drop(i) for i in range(n + 2)]
    legal = set(g.legal_actions())
    return [a for a in every if a not in legal and not (isinstance(a, Roll) and Roll() in legal)]


def play_randomly(g: Game, rng: random.Random, checker: Checker, heavy_every: int):
    """Random legal actions; heavy checks (illegal actions, JSON, undo) every few steps."""
    log = []
    fork_at = rng.randrange(1, 120)
    fork = None
    fork_rng_state = None
    step = 0
    while not g.is_over:
        step += 1
        assert step < MAX_ACTIONS, "the game does not end"
        legal = g.legal_actions()
        action = rng.choice(legal)
        if isinstance(action, Roll) and rng.random() < 0.3:
            action = Roll(dice=(rng.randint(1, 3), rng.randint(1, 3)))
        heavy = step % heavy_every == 0
        if heavy:
            before = g.to_json()
            view = g.public_view()
            for bad in illegal_candidates(g):
                try:
                    g.apply(bad)
                except IllegalActionError:
                    pass
                else:
                    raise AssertionError(f"{bad} is not legal but was accepted")
            assert g.to_json() == before
            # undo restores the previous state exactly, and redoing gives the same events
            first = [str(e) for e in g.apply(action)]
            assert g.undo() == action
            assert g.to_json() == before and g.public_view() == view
            assert Game.from_json(before).to_json() == before
        events = checker.apply(action)
        if heavy:
            assert [str(e) for e in events] == first
        log.append([str(e) for e in events])
        checker.check_state()
        if step == fork_at:
            fork = Game.from_json(g.to_json())
            assert fork.public_view() == g.public_view()
            fork_rng_state = rng.getstate()
            fork_log_len = len(log)
    # the action log replayed from the start reproduces the game
    again = Game._replay(g._start, g.history)
    assert again.to_json() == g.to_json()
    if fork is not None:  # continuing play after a JSON round trip is identical
        rng.setstate(fork_rng_state)
        fork_log = []
        while not fork.is_over:
            legal = fork.legal_actions()
            action = rng.choice(legal)
            if isinstance(action, Roll) and rng.random() < 0.3:
                action = Roll(dice=(rng.randint(1, 3), rng.randint(1, 3)))
            if step and (len(fork_log) + fork_log_len) % heavy_every == 0:
                fork.apply(action)
                fork.undo()
            fork_log.append([str(e) for e in fork.apply(action)])
        assert fork.to_json() == g.to_json()
        assert fork_log == log[fork_log_len:]
    return log


@SETTINGS
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1), data=st.data(),
       bot_seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_every_invariant(players, seed, data, bot_seed):
    rng = random.Random(bot_seed)  # st.randoms() would record every choice: too much data
    first = data.draw(st.integers(0, players - 1), label="first_player")
    g = Game(players=players, seed=seed, first_player=first)
    checker = Checker(g)
    assert checker.chips == list(range(32))
    log = play_randomly(g, rng, checker, heavy_every=9)
    # a fresh game from the same seed and the same actions gives the same log
    replay = Game(players=players, seed=seed, first_player=first)
    assert [str(e) for e in replay.opening_events] == [str(e) for e in g.opening_events]
    assert [[str(e) for e in replay.apply(a)] for a in g.history] == log
    assert replay.to_json() == g.to_json()
    assert json.loads(g.to_json())["state"]["scores"] == g.scores()


# ----- random what-if positions: the rare corners (stuck divers, empty trails) ---
ITEM = st.one_of(st.integers(1, 4), st.lists(st.integers(1, 4), min_size=2, max_size=3).map(tuple))


@st.composite
def positions(draw):
    n = draw(st.integers(2, 6))
    length = draw(st.integers(0, 12))
    trail = draw(st.lists(st.one_of(st.none(), ITEM), min_size=length, max_size=length))
    spots = draw(st.permutations(list(range(1, length + 1)) + [0] * n))[:n]
    returning = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    carried = [draw(st.lists(ITEM, max_size=3)) if (p > 0 or r) else [] for p, r in zip(spots, returning)]
    not_back = [i for i in range(n) if not (spots[i] == 0 and returning[i])]
    assume(not_back)
    turn = draw(st.sampled_from(not_back))
    back = [i for i in range(n) if spots[i] == 0 and returning[i]]
    last = draw(st.sampled_from(back)) if back else None
    return dict(players=n, trail=trail, positions=spots, returning=returning, carried=carried,
                air=draw(st.integers(1, 25)), dive=draw(st.integers(1, 3)), turn=turn,
                last_returned=last, seed=draw(st.integers(0, 1000)))


@SETTINGS
@given(pos=positions(), bot_seed=st.integers(0, 2**32 - 1))
def test_random_what_if_positions_keep_every_invariant(pos, bot_seed):
    rng = random.Random(bot_seed)
    try:
        g = Game.from_position(**pos)
    except ValueError as exc:  # more than 8 chips of a level: a legal rejection
        assume("more than 8" not in str(exc))
        raise
    checker = Checker(g, last_returned=pos["last_returned"] if g.dive == pos["dive"] else None)
    play_randomly(g, rng, checker, heavy_every=5)
    assert Game.from_json(g.to_json()).to_json() == g.to_json()
