"""Values of unbanked chips are never visible through the public API.

Two games that differ only in their hidden values must look the same (public
view, PublicView, reprs, events and their dicts) until something is banked.
"""
from __future__ import annotations

import json
import random

import pytest

from deepsea_widget import Game
from deepsea_widget.bots import PublicView, RandomPolicy
from deepsea_widget.rules import events as ev
from deepsea_widget.rules.chips import CHIPS_PER_LEVEL


def twin_with_other_values(game: Game) -> Game:
    """The same saved game with every level's values rotated (levels and dice unchanged)."""
    data = json.loads(game.to_json())
    values = data["start"]["values"]
    for lv in range(4):
        lo = lv * CHIPS_PER_LEVEL
        level = values[lo:lo + CHIPS_PER_LEVEL]
        # rotate until every chip's value differs where the level allows it
        k = next(k for k in range(1, CHIPS_PER_LEVEL) if level[k:] + level[:k] != level)
        values[lo:lo + CHIPS_PER_LEVEL] = level[k:] + level[:k]
    twin = Game.from_json(json.dumps(data))
    assert twin._values != game._values
    return twin


def public_surface(game: Game, events) -> list:
    """Everything a player, a bot or the board can read, as text."""
    view = PublicView(game)
    out = [json.dumps(game.public_view(), sort_keys=True), repr(game),
           [repr(d) for d in game.divers], [repr(s) for s in game.trail],
           [repr(it) for d in game.divers for it in d.carried],
           view.phase, view.air, view.current_player, view.scores(), repr(view.legal_actions())]
    out += [str(e) for e in events]
    out += [json.dumps(e.to_dict(), sort_keys=True) for e in events]
    return out


@pytest.mark.parametrize("seed", range(6))
def test_twins_look_identical_until_something_is_banked(seed):
    a = Game(players=4, seed=seed)
    b = twin_with_other_values(a)
    rng = random.Random(seed)
    bot = RandomPolicy()
    steps = 0
    assert public_surface(a, a.opening_events) == public_surface(b, b.opening_events)
    while not a.is_over:
        action = bot.choose(PublicView(a), rng)
        ea, eb = a.apply(action), b.apply(action)
        if any(isinstance(e, ev.Banked) and e.values for e in ea):
            break
        assert public_surface(a, ea) == public_surface(b, eb)
        steps += 1
    assert steps > 10


def test_items_hold_no_values_and_their_repr_shows_levels_only():
    g = Game(players=2, seed=3)
    item = g.trail[0]
    assert not hasattr(item, "values") and not hasattr(item, "value")
    assert repr(item) == f"Item(levels={item.levels})"
    assert "values" not in json.dumps(g.public_view())


def test_what_if_positions_differing_only_in_seed_show_the_same_public_view():
    kw = dict(players=["Ann", "Bob"], trail=[1, 2, 3, 4], positions=[2, 0],
              carried=[[(4, 4, 4), 3], []], banked=[[], [13, (0, 1)]])
    views = {}
    hidden = {}
    for seed in range(8):
        g = Game.from_position(seed=seed, **kw)
        hidden[seed] = tuple(g._values[c] for it in g.divers[0].carried for c in it._chips)
        views[seed] = json.dumps(g.public_view(), sort_keys=True)
        assert [x.values for x in g.divers[1].banked] == [(13,), (0, 1)]  # banked: revealed as given
        assert g.public_view()["scores"] == [0, 14]
    assert len(set(hidden.values())) > 1  # the hidden values really differ
    assert len(set(views.values())) == 1  # and nobody can tell


def test_policies_only_get_public_facts():
    g = Game(players=3, seed=1)
    view = PublicView(g)
    public = {n for n in dir(view) if not n.startswith("_")}
    # a Boost game's public facts: the variant, whether the diver boosted, the last roll and the
    # dice kept (the board shows them all; the bots layer may pass them on)
    boost_facts = {"variant", "boosted", "last_roll", "kept"}
    assert public - boost_facts == {"players", "current_player", "phase", "air", "turn_start_air", "dive",
                                    "is_over", "trail", "divers", "legal_actions", "scores", "me"}
    assert public & boost_facts in (set(), boost_facts)
    with pytest.raises(AttributeError):
        view.foo = 1  # slots: a bot cannot stash anything on the view
