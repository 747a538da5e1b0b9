"""A Boost playthrough file (OpenSpiel style): a seeded game of the Boost variant played by a
simple scripted policy over all three dives, printed state by state, with the dice rolled,
the dice kept and whether the diver boosted. The test compares the file line by line; when
the rules change on purpose, regenerate it and review the diff:

    .venv/bin/python tests/playthroughs/boost_playthrough.py
"""
from __future__ import annotations

import random
import sys

from playthrough import HERE, _action, _state

REGENERATE = ".venv/bin/python tests/playthroughs/boost_playthrough.py"

# file name -> (players, seed)
BOOST_PLAYTHROUGHS = {
    "dsa_boost_3p_seed4_scripted.txt": (3, 4),
}


def scripted(game, rng: random.Random):
    """The policy: deeper, pick up to three chips and turn back with two (one when the air is
    low), boost now and then (mostly heading back), keep the best two dice heading back and any
    two going deeper, drop a chip now and then heading back with two or more. Reads public facts only."""
    from deepsea_widget.rules import Boost, Drop, Keep, PickUp, Stay, TurnBack

    d = game.divers[game.current_player]
    legal = game.legal_actions()
    if game.phase == "roll":
        if TurnBack() in legal and (len(d.carried) >= 2 or game.air < 12):
            return TurnBack()
        if Boost() in legal and rng.random() < (0.6 if d.returning else 0.15):
            return Boost()
        return legal[0]  # Roll()
    if game.phase == "keep":
        if d.returning:
            return max(legal, key=lambda k: sum(game.last_roll[i] for i in k.dice))
        return rng.choice(legal)
    if PickUp() in legal and not d.returning and len(d.carried) < 3 and rng.random() < 0.8:
        return PickUp()
    if Drop(0) in legal and d.returning and len(d.carried) >= 2 and rng.random() < 0.25:
        return Drop(0)
    assert isinstance(legal[0], Stay) and all(isinstance(a, (Stay, PickUp, Drop)) for a in legal)
    return legal[0]


def _dice(game) -> str:
    if game.is_over:
        return "  dice: -"
    roll = "-" if game.last_roll is None else ",".join(map(str, game.last_roll))
    kept = "-" if game.kept is None else ",".join(map(str, game.kept))
    return f"  dice: last roll {roll}, kept {kept}; {'boosted' if game.boosted else 'no boost'} this turn"


def render(players: int, seed: int) -> str:
    """The playthrough text of one seeded Boost game (the policy's rng from the seed)."""
    from deepsea_widget import Game

    game = Game(players=players, seed=seed, variant="boost")
    rng = random.Random(f"{seed}/boost-script")
    out = [
        "# Deep Sea Adventure Boost playthrough (OpenSpiel style), compared line by line by",
        "# tests/playthroughs/test_boost_playthrough.py. Regenerate only when the rules change on purpose:",
        f"#     {REGENERATE}",
        f"game: players={players} seed={seed} variant=boost policy=scripted",
        "hidden values by chip id (levels 1..4, 8 chips each): " + " ".join(map(str, game._start["values"])),
        "opening events:",
        *[f"  {e}" for e in game.opening_events],
    ]
    step = 0
    while True:
        state = _state(game)
        out.append(f"state {step}: " + state[0])
        out.extend(state[1:])
        out.append(_dice(game))
        if game.is_over:
            break
        seat = game.current_player
        action = scripted(game, rng)
        events = game.apply(action)
        out.append(f"action {step}: {game.players[seat]} (scripted) {_action(action)}")
        out.extend(f"  {e}" for e in events)
        step += 1
    out.append(f"scores: {game.scores()}; winners: {[game.players[s] for s in game.winners()]}")
    return "\n".join(out) + "\n"


def main() -> int:
    for name, (players, seed) in BOOST_PLAYTHROUGHS.items():
        path = HERE / name
        path.write_text(render(players, seed), encoding="utf-8")
        print(f"wrote {path.relative_to(HERE.parents[1])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
