"""Playthrough files (OpenSpiel style): a seeded bot game printed state by state.

Each file holds, for every action: the state (dive, air, phase, trail levels,
divers), the legal actions, the action chosen and the events it caused. The
test compares the files line by line; when the rules change on purpose,
regenerate them and review the diff:

    .venv/bin/python tests/playthroughs/playthrough.py
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REGENERATE = ".venv/bin/python tests/playthroughs/playthrough.py"

# file name -> (players, seed, bots by seat)
PLAYTHROUGHS = {
    "dsa_3p_seed7_cautious_random.txt": (3, 7, ("cautious", "random", "cautious")),
    "dsa_5p_seed2_random.txt": (5, 2, ("random",) * 5),
}


def _item(item) -> str:
    return str(item.levels[0]) if len(item.levels) == 1 else "[" + ",".join(map(str, item.levels)) + "]"


def _action(a) -> str:
    d = a.to_dict()
    return d["type"] + "".join(f" {k}={v}" for k, v in d.items() if k != "type")


def _state(game) -> list[str]:
    if game.is_over:
        head = f"dive {game.dive}, game over"
    else:
        head = (f"dive {game.dive}, air {game.air} (turn started at {game.turn_start_air}), "
                f"{game.players[game.current_player]} to {game.phase}")
    lines = [head, "  trail: " + (" ".join("." if s is None else _item(s) for s in game.trail) or "(empty)")]
    for d in game.divers:
        where = "sub" if d.position == 0 else f"space {d.position}"
        heading = "back" if d.back else ("returning" if d.returning else "deeper")
        carried = " ".join(_item(it) for it in d.carried) or "-"
        banked = " ".join("+".join(map(str, it.values)) for it in d.banked) or "-"
        lines.append(f"  {d.name}: {where}, {heading}; carrying {carried}; banked {banked} (score {d.score})")
    legal = game.legal_actions()
    lines.append("  legal: " + (", ".join(_action(a) for a in legal) or "-"))
    return lines


def render(players: int, seed: int, bots) -> str:
    """The playthrough text of one seeded game (bots by seat, their rng from the seed)."""
    from deepsea_widget import Game
    from deepsea_widget.bots import PublicView, make_policy

    policies = [make_policy(b) for b in bots]
    game = Game(players=players, seed=seed)
    rng = random.Random(f"{seed}/bots")
    view = PublicView(game)
    out = [
        "# Deep Sea Adventure playthrough (OpenSpiel style), compared line by line by",
        "# tests/playthroughs/test_playthrough.py. Regenerate only when the rules change on purpose:",
        f"#     {REGENERATE}",
        f"game: players={players} seed={seed} bots={','.join(bots)}",
        "hidden values by chip id (levels 1..4, 8 chips each): " + " ".join(map(str, game._start["values"])),
        "opening events:",
        *[f"  {e}" for e in game.opening_events],
    ]
    step = 0
    while True:
        out.append(f"state {step}: " + _state(game)[0])
        out.extend(_state(game)[1:])
        if game.is_over:
            break
        seat = game.current_player
        action = policies[seat].choose(view, rng)
        events = game.apply(action)
        out.append(f"action {step}: {game.players[seat]} ({policies[seat].name}) {_action(action)}")
        out.extend(f"  {e}" for e in events)
        step += 1
    out.append(f"scores: {game.scores()}; winners: {[game.players[s] for s in game.winners()]}")
    return "\n".join(out) + "\n"


def main() -> int:
    for name, (players, seed, bots) in PLAYTHROUGHS.items():
        path = HERE / name
        path.write_text(render(players, seed, bots), encoding="utf-8")
        print(f"wrote {path.relative_to(HERE.parents[1])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
