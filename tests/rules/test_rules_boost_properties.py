"""Property tests of the Boost variant: random games and random what-if positions, played by
random legal actions (forced dice now and then), checked after every action against the
independent model of boost_model.py (state, legal actions, the move and the air of each
event); at sampled points illegal actions change nothing, undo restores the state exactly and
a JSON round trip gives the same game; at the end the history replays to the same game.
"""
from __future__ import annotations

import json
import os
import random

from boost_model import BoostModel, as_pairs, engine_state
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from deepsea_widget import Game, IllegalActionError
from deepsea_widget.rules import BOOST, Boost, Drop, Keep, PickUp, Roll, Stay, TurnBack, Variant
from deepsea_widget.rules import events as ev

SETTINGS = settings(max_examples=int(os.environ.get("DEEPSEA_PROPERTY_EXAMPLES", "25")), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
MAX_ACTIONS = 5000
VARIANTS = [
    BOOST,
    Variant("dear boost", BOOST.dice, keep=2, boost_air=3),  # a Boost that often runs the air out
    Variant("free boost", BOOST.dice, keep=2, boost_air=0),
    Variant("keep one of four", ((0, 1), (1, 2), (2, 3), (0, 3)), keep=1, boost_air=2),
]


def model_of(g: Game) -> BoostModel:
    v = g.variant
    return BoostModel(g._start, v.dice, v.keep, v.boost_air)


def check(g: Game, model: BoostModel) -> None:
    assert engine_state(g) == model.state()
    assert as_pairs(g.legal_actions()) == model.legal()
    assert g.is_over == (model.phase == "over")
    chips = sorted(c for s in g.trail if s is not None for c in s._chips)
    chips += [c for d in g.divers for it in d.carried + d.banked for c in it._chips]
    assert len(chips) == len(set(chips)), "a chip in two places"


def apply_both(g: Game, model: BoostModel, action) -> list:
    """Play ``action`` on the game and the model; check the events' own facts against the model."""
    seat, air = g.current_player, g.air
    items = len(model.carried[model.current])
    events = g.apply(action)
    kind = action.to_dict()["type"]
    faces = None
    if kind == "roll":
        faces = next(e.dice for e in events if isinstance(e, (ev.DiceRolled, ev.DiceKept)))
        if action.dice is not None:
            assert faces == action.dice
    detail = action.dice if kind == "keep" else getattr(action, "index", None)
    model.act(kind, detail, faces)
    if kind == "boost":
        assert events[0] == ev.Boosted(seat, g.players[seat], model.boost_air, air, air - model.boost_air)
        assert str(events[0]) == f"{g.players[seat]} boosts: air {air} → {air - model.boost_air}"
        assert (ev.AirRanOut in map(type, events)) == (air > 0 >= air - model.boost_air)
    kept = [e for e in events if isinstance(e, ev.DiceKept)]
    if kept:
        assert kept[0].move == model.last_move and kept[0].items == items
        assert kept[0].kept == model.last_kept and kept[0].boosted == (kind == "roll")
    check(g, model)
    return events


def illegal_candidates(g: Game) -> list:
    n = len(g.variant.dice)
    every = [Roll(), TurnBack(), Boost(), PickUp(), Stay(), Drop(0), Drop(3),
             Keep((0, 1)), Keep((0, n)), Keep((1, 1)), Keep(tuple(range(n))), Keep((0,))]
    legal = set(g.legal_actions())
    return [a for a in every if a not in legal and not (isinstance(a, Roll) and Roll() in legal)]


def random_action(g: Game, rng: random.Random):
    action = rng.choice(g.legal_actions())
    if isinstance(action, Roll) and rng.random() < 0.3:
        action = Roll(dice=tuple(rng.choice(faces) for faces in g.variant.dice)) if g.variant == BOOST else action
    return action


def heavy_checks(g: Game, action) -> list[str]:
    """Illegal actions change nothing; undo restores the state; a save loads as the same game.
    Returns the texts of ``action``'s events (to compare with playing it for real)."""
    before, view = g.to_json(), g.public_view()
    for bad in illegal_candidates(g):
        try:
            g.apply(bad)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"{bad} is not legal but was accepted")
        assert g.to_json() == before and g.public_view() == view
    first = [str(e) for e in g.apply(action)]
    assert g.undo() == action
    assert g.to_json() == before and g.public_view() == view
    assert Game.from_json(before).to_json() == before
    return first


def play_randomly(g: Game, rng: random.Random, heavy_every: int) -> BoostModel:
    model = model_of(g)
    check(g, model)
    step = 0
    while not g.is_over:
        step += 1
        assert step < MAX_ACTIONS, "the game does not end"
        action = random_action(g, rng)
        first = heavy_checks(g, action) if step % heavy_every == 0 else None
        events = apply_both(g, model, action)
        if first is not None:
            assert [str(e) for e in events] == first
    again = Game._replay(g._start, g.history)
    assert again.to_json() == g.to_json()
    assert Game.from_json(g.to_json()).to_json() == g.to_json()
    return model


@SETTINGS
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1), bot_seed=st.integers(0, 2**32 - 1),
       variant=st.sampled_from(VARIANTS), data=st.data())
def test_random_boost_games_match_the_model_after_every_action(players, seed, bot_seed, variant, data):
    first = data.draw(st.integers(0, players - 1), label="first_player")
    g = Game(players=players, seed=seed, first_player=first, variant=variant)
    play_randomly(g, random.Random(bot_seed), heavy_every=7)
    assert json.loads(g.to_json())["state"]["scores"] == g.scores()


ITEM = st.one_of(st.integers(1, 4), st.lists(st.integers(1, 4), min_size=2, max_size=3).map(tuple))


@st.composite
def positions(draw):
    """Random what-if positions: short trails with blanks, divers heading both ways, low air."""
    n = draw(st.integers(2, 6))
    length = draw(st.integers(0, 12))
    trail = draw(st.lists(st.one_of(st.none(), ITEM), min_size=length, max_size=length))
    spots = draw(st.permutations(list(range(1, length + 1)) + [0] * n))[:n]
    returning = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    carried = [draw(st.lists(ITEM, max_size=3)) if (p > 0 or r) else [] for p, r in zip(spots, returning)]
    not_back = [i for i in range(n) if not (spots[i] == 0 and returning[i])]
    assume(not_back)
    back = [i for i in range(n) if spots[i] == 0 and returning[i]]
    return dict(players=n, trail=trail, positions=spots, returning=returning, carried=carried,
                air=draw(st.integers(1, 25)), dive=draw(st.integers(1, 3)), turn=draw(st.sampled_from(not_back)),
                last_returned=draw(st.sampled_from(back)) if back else None, seed=draw(st.integers(0, 1000)),
                variant=draw(st.sampled_from(VARIANTS)))


@SETTINGS
@given(pos=positions(), bot_seed=st.integers(0, 2**32 - 1))
def test_random_boost_positions_match_the_model_after_every_action(pos, bot_seed):
    try:
        g = Game.from_position(**pos)
    except ValueError as exc:  # more than 8 chips of a level: a legal rejection
        assume("more than 8" not in str(exc))
        raise
    play_randomly(g, random.Random(bot_seed), heavy_every=5)
