"""Numbers worked out with numpy (np.int64, np.bool_, arrays) are taken wherever plain ones are:
the odds took them, the rules, bots and board refused them saying the value was out of range."""
from __future__ import annotations

import json

import numpy as np

from deepsea_widget.app import play
from deepsea_widget.simulation.games import simulate
from deepsea_widget.simulation.tournament import tournament
from deepsea_widget.rules import Drop, Game, Roll


def test_a_game_takes_numpy_numbers_and_saves_them_as_plain_ones():
    g = Game(players=np.int64(3), seed=np.int64(3), first_player=np.int64(1))
    assert g.to_json() == Game(players=3, seed=3, first_player=1).to_json()
    w = Game.from_position(players=2, trail=[np.int64(1), 2], positions=np.array([1, 0]),
                           returning=[np.bool_(True), False], carried=[[np.int64(1)], []], air=np.int64(5), seed=1)
    assert w.to_json() == Game.from_position(players=2, trail=[1, 2], positions=[1, 0], returning=[True, False],
                                             carried=[[1], []], air=5, seed=1).to_json()
    json.loads(w.to_json())  # (np.int64 is not JSON)
    assert Roll(dice=(np.int64(1), 2)) == Roll(dice=(1, 2)) and type(Roll(dice=(np.int64(1), 2)).dice[0]) is int
    assert Drop(np.int64(0)) == Drop(0) and type(Drop(np.int64(0)).index) is int


def test_simulate_tournament_and_the_board_take_numpy_numbers():
    assert simulate(players=np.int64(3), games=np.int64(2), seed=np.int64(1)) == simulate(players=3, games=2, seed=1)
    one = tournament(bots=["random", "cautious"], players=np.int64(2), games=np.int64(4), seed=np.int64(1),
                     progress=False, workers=np.int64(1))
    assert one.games == 4
    app = play(players=["Ann", "Bob"], bots={}, seed=np.int64(1))
    app.edit(op="set_air", air=np.int64(9))
    assert app.table.game.air == 9 and app.table.error == ""
    json.loads(app.table.to_json())
