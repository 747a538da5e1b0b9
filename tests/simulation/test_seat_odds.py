"""Per-seat odds of a real game: exact when everyone heads back, else (or too deep) Monte Carlo."""
import pytest

from deepsea_widget.odds import p_home_all
from deepsea_widget.simulation.seat_odds import seat_odds
from deepsea_widget.rules import Game

EXAMPLE = dict(players=4, trail=[1] * 8 + [2] * 8, positions=[10, 5, 6, 14], returning=[True] * 4,
               carried=[[3], [3, 3], [4, 4], [4]], air=10, turn=0, seed=1)


def test_everyone_heading_back_is_exact_and_matches_rules_md():
    odds = seat_odds(Game.from_position(**EXAMPLE))
    assert [o["method"] for o in odds] == ["exact"] * 4
    assert [round(o["p"], 6) for o in odds] == [0.296754, 0.598234, 0.443358, 0.0]


def test_too_deep_for_the_budget_falls_back_to_an_estimate_with_error_bars():
    odds = seat_odds(Game.from_position(**EXAMPLE), max_states=10, n=4000, seed=1)
    assert {o["method"] for o in odds} == {"estimate"}
    exact = p_home_all([10, 5, 6, 14], [1, 2, 2, 1], 10, 0)
    for o, p in zip(odds, exact):
        assert abs(o["p"] - p) <= 4 * max(o["se"], 1e-3)
        assert o["why"] == "too big" and o["n"] == 4000
        assert 0 <= o["low"] <= o["p"] <= o["high"] <= 1 and o["high"] - o["low"] > 0


def test_divers_still_going_deeper_are_estimated_and_the_sub_is_home():
    game = Game.from_position(players=3, trail=[1] * 6 + [2] * 6, positions=[0, 4, 7],
                              returning=[True, False, True], carried=[[1], [], [2]], air=20, turn=1, seed=2)
    odds = seat_odds(game, n=2000, seed=0)
    assert odds[0] == {"p": 1.0, "se": None, "method": "back"}
    assert odds[1]["method"] == odds[2]["method"] == "estimate"
    assert odds[2]["se"] is not None and odds[2]["se"] < 0.02
    assert odds[1]["why"] == odds[2]["why"] == "deeper" and odds[1]["n"] == 2000


def test_a_finished_game_has_no_odds():
    import random

    from deepsea_widget.bots import PublicView, make_policy

    game = Game(players=2, seed=1)
    bot, view, rng = make_policy("cautious"), PublicView(game), random.Random(0)
    while not game.is_over:
        game.apply(bot.choose(view, rng))
    assert seat_odds(game) == [None, None]


@pytest.mark.parametrize("seed", [0, 1])
def test_same_seed_same_estimate(seed):
    game = Game(players=3, seed=5)
    assert seat_odds(game, n=500, seed=seed) == seat_odds(game, n=500, seed=seed)


def test_seat_odds_after_the_move_that_used_the_last_air():
    """RULES.md: the diver who breathed the air to 0 finishes its move, then the dive ends,
    so nobody still on the trail gets home."""
    from deepsea_widget.rules import Roll

    g = Game.from_position(players=["Ann", "Bob"], trail=[1, 1, 1, 1], positions=[3, 4],
                           returning=[True, True], carried=[[1], [1]], air=1, turn=0, seed=0)
    assert g.air == 0
    g.apply(Roll((1, 1)))  # moves 1: Ann on space 2, in her treasure phase
    assert g.phase == "treasure"
    assert [o["p"] for o in seat_odds(g)] == [0.0, 0.0]


def test_when_the_air_ran_out_this_turn_a_diver_heading_deeper_is_a_sure_loss_not_an_estimate():
    # (an audit found these shown as Monte Carlo estimates, "<1% (0-1%)", with the reason
    # "some divers may still go deeper": the dive ends with this turn, nobody else moves)
    from deepsea_widget.rules import Roll

    def game(ann_returning, bob_returning):
        return Game.from_position(players=["Ann", "Bob"], trail=[None, 1, None, 1, 1, 1, 1, 2, 2, None, 2],
                                  positions=[3, 10], returning=[ann_returning, bob_returning],
                                  carried=[[1, 1, 2], [2]], air=3, turn=0, seed=1)

    g = game(True, False)  # Ann breathes her 3 items: air 0, her move is the dive's last
    assert g.air == 0 and g.phase == "roll"
    odds = seat_odds(g)
    assert [(o["method"], o["why"]) for o in odds] == [("exact", "last turn")] * 2
    assert odds[0]["p"] == pytest.approx(1 / 9) and odds[1]["p"] == 0.0  # a sum of 6 moves her 3 spaces
    g.apply(Roll((1, 1)))
    assert [(o["p"], o["method"]) for o in seat_odds(g)] == [(0.0, "exact"), (0.0, "exact")]
    # Ann still heading deeper may turn back first: her chance is the odds bot's, estimated;
    # Bob's is still a sure loss
    odds = seat_odds(game(False, True))
    assert odds[0]["method"] == "estimate" and odds[0]["low"] <= 1 / 9 <= odds[0]["high"]
    assert odds[1] == {"p": 0.0, "se": None, "method": "exact", "why": "last turn"}
    # the Every diver panel gives that reason, not "every diver in the water is heading back"
    from deepsea_widget.panels import divers_chart

    hover = divers_chart(game(False, True))["data"][0]["hovertext"][1]
    assert hover == ("Bob's chance of being back in the submarine when this dive ends: the air ran out this turn, "
                     "so nobody moves again. Answer: 0%, exact (the air ran out on this turn, so the dive ends with it "
                     "and nobody else moves again)")


def test_five_or_six_divers_get_a_smaller_exact_budget():
    """The box solver (5-6 divers) costs about 5x a state what the dense one does, so the
    board's default budget for them is 60,000 states; a bigger chain is simulated at once."""
    from deepsea_widget.odds import all_divers
    from deepsea_widget.odds.game_odds import EXACT_BUDGET_MANY, exact_budget

    assert exact_budget(4) == 1_000_000 and exact_budget(5) == exact_budget(6) == EXACT_BUDGET_MANY
    positions, chips, air = [31, 18, 30, 24, 21, 29], [1, 2, 2, 3, 2, 3], 18
    stats = {}
    all_divers.solve_chain(positions, chips, air, 0, 10 ** 9, stats)
    assert EXACT_BUDGET_MANY < stats["states"] < 300_000
    levels = iter([1, 2, 3, 4] * 4)
    game = Game.from_position(players=6, trail=[None] * 32, positions=positions, returning=[True] * 6,
                              carried=[[next(levels) for _ in range(c)] for c in chips], air=air, turn=0, seed=0)
    assert {o["method"] for o in seat_odds(game, n=200)} == {"estimate"}
    assert {o["why"] for o in seat_odds(game, n=200)} == {"too big"}
    exact = seat_odds(game, max_states=300_000)
    assert [o["p"] for o in exact] == pytest.approx(p_home_all(positions, chips, air, 0))


def test_a_what_if_beyond_the_chains_reach_is_estimated_not_refused():
    """The engine takes trails of any length; the exact chain stops at space MAX_POSITION (1000)."""
    game = Game.from_position(players=2, trail=[None] * 1004 + [1], positions=[1003, 1001],
                              returning=[True, True], carried=[[1], [1]], seed=1)
    odds = seat_odds(game, n=200, seed=0)
    assert [o["method"] for o in odds] == ["estimate", "estimate"]
    assert [o["why"] for o in odds] == ["too big", "too big"]
    assert [o["p"] for o in odds] == [0.0, 0.0]  # 25 air cannot bring anyone home from there


def test_a_trail_beyond_the_batch_simulator_is_estimated_with_fewer_rollouts():
    from deepsea_widget.simulation.seat_odds import ENGINE_ROLLOUTS

    game = Game.from_position(players=2, trail=[None] * 69 + [1], positions=[10, 0], returning=[True, False],
                              carried=[[[1], [1], [1]], []], turn=0, seed=1)
    odds = seat_odds(game)
    assert odds[0]["method"] == "estimate" and odds[0]["n"] == ENGINE_ROLLOUTS
    assert 0 < odds[0]["p"] < 1 and odds[0]["high"] - odds[0]["low"] > 0


def test_a_diver_still_in_the_sub_has_no_badge_on_the_last_turn_either():
    # (a review found it given exact 100%, then 0% one action later)
    from deepsea_widget.rules import Roll

    g = Game.from_position(players=["Ann", "Bob", "Cy"], trail=[3, 3, 3, 3, 3, 2, 2, 2, 2, 2], positions=[0, 5, 7],
                           returning=[False, True, False], carried=[[], [1, 1], [2]], air=1, turn=1, seed=1)
    assert g.air <= 0 and g.current_player == 1  # Bob breathes the last of the air
    odds = seat_odds(g)
    assert odds[0] is None and odds[1]["method"] == "exact" and odds[2] == {"p": 0.0, "se": None, "method": "exact",
                                                                            "why": "last turn"}
    g.apply(Roll((1, 1)))
    assert seat_odds(g)[0] is None


def test_a_diver_sure_to_get_home_is_exact_even_while_others_dive():
    from deepsea_widget.odds.game_odds import sure_home

    # Bob on space 1, heading back with one item: any roll moves him 1 or more; Ann (to move, diving)
    # carries nothing, so the air is still there at his turn
    game = Game.from_position(players=["Ann", "Bob"], trail=[2] * 8, positions=[3, 1], returning=[False, True],
                              carried=[[], [1]], air=20, turn=0, seed=1)
    odds = seat_odds(game, n=500, seed=0)
    assert odds[1] == {"p": 1.0, "se": None, "method": "exact", "why": "sure"}
    assert odds[0]["method"] == "estimate"
    # but not when Cy, between Ann and Bob, breathes the last air first: the dive ends before his turn
    game = Game.from_position(players=["Ann", "Cy", "Bob"], trail=[1] * 6 + [4] * 2, positions=[5, 4, 1],
                              returning=[False, False, True], carried=[[], [2, 2, 3], [1]], air=3, turn=0, seed=1)
    assert not sure_home(game, 2)
    assert seat_odds(game, n=500, seed=0)[2]["method"] == "estimate"


def test_sure_home_agrees_with_the_engines_own_simulation():
    """Wherever `sure_home` says sure, rollouts of the real game get that diver home every time."""
    import random

    from deepsea_widget.bots import PublicView, make_policy
    from deepsea_widget.simulation import estimate_home
    from deepsea_widget.odds.game_odds import sure_home

    sure = 0
    for seed in range(30):
        game = Game(players=4, seed=seed)
        policies = [make_policy("random" if s % 2 else "cautious") for s in range(4)]
        rng = random.Random(seed)
        while not game.is_over and sure < 40:
            seats = [s for s in range(4) if sure_home(game, s)]
            if seats:
                est = estimate_home(game, n=60, seed=seed)
                for s in seats:
                    assert est[s].estimate == 1.0, (seed, s)
                sure += len(seats)
            seat = game.current_player
            game.apply(policies[seat].choose(PublicView(game), rng))
    assert sure >= 20  # (the check was not vacuous)


def test_a_deep_four_diver_what_if_gets_exact_odds_by_default():
    """Up to 1,000,000 states (about 20 ms) the board's odds are exact: this what-if needs
    619,654, over the 300,000 of the budget before 2026-12-02, which simulated it."""
    from deepsea_widget.odds import all_divers

    positions, chips, air, turn = [27, 23, 29, 30], [1, 1, 1, 1], 17, 1
    stats = {}
    all_divers.solve_chain(positions, chips, air, turn, 10 ** 9, stats)
    assert 300_000 < stats["states"] < 1_000_000
    game = Game.from_position(players=4, trail=[None] * 32, positions=positions, returning=[True] * 4,
                              carried=[[1] * c for c in chips], air=air, turn=turn, seed=0)
    odds = seat_odds(game)
    assert {o["method"] for o in odds} == {"exact"}
    assert [o["p"] for o in odds] == p_home_all(positions, chips, air, turn)
