"""Review a game: each decision a person made, with what every option offered at that moment.

`review(game, seats)` replays the game from its start and, at each choice the divers of
``seats`` faced (before rolling: turn back or dive on; after landing: pick up, leave,
drop), takes `decision(game)`'s options there: their chance of getting home and the points
they bank on average. It names the option the person took and the points left on the table
(the best option's points less the chosen one's). Only what the diver could see then enters
(chips at their level's mean), so a good choice can still end badly, and the review says so.
"""
from __future__ import annotations

import math

from ..rules import Boost, Drop, Game, Keep, PickUp, Roll, Stay, TurnBack
from .decision import (DIVE_KEEP, DIVE_PICK, DROP_HERE, HEAD_HOME, HEAD_HOME_DROP, KEEP, LEAVE, PICK_UP,
                       ROLLOUTS, TURN_BACK, decision)
from .questions import DEFAULT_POLICY, POLICIES, points_text


def review(game, seats=None, policy: str = DEFAULT_POLICY, n: int = ROLLOUTS, seed: int = 0) -> list[dict]:
    """One row per decision the divers of ``seats`` (None: every seat) made in ``game``, in
    the order they were made.

    A row: ``dive``, ``seat``, ``name``, ``when`` (the position in words), ``chose`` (the
    option taken), ``options`` (`decision`'s options then, each with ``option``, ``p_home``,
    ``points``, ``method``, ``shown``, ``points_shown`` and ``question``), ``best`` (the
    option with the most points on average), ``left`` (points left on the table: the best
    option's points less the chosen one's, 0 when the choice was the best) and ``left_shown``.
    Choices with a single option (nothing to pick up or drop) are not decisions: no row.
    ``policy``, ``n`` and ``seed`` as for `decision`.
    """
    if not isinstance(game, Game):
        raise ValueError(f"game: must be a deepsea_widget Game, got {type(game).__name__}")
    if policy not in POLICIES:
        raise ValueError(f"policy: must be one of {', '.join(map(repr, POLICIES))}, got {policy!r}")
    seats = _check_seats(seats, len(game.players))
    history = game.history
    replay = _start_of(game)
    rows = []
    turn_started = True  # the next roll-phase action starts a turn (no TurnBack before it)
    for i, action in enumerate(history):
        seat = replay.current_player
        if seat in seats and (replay.phase in ("treasure", "keep") or turn_started):
            chose = _chosen(replay, history[i:])
            if chose is not None:
                row = _row(replay, seat, chose, policy, n, seed)
                if row is not None:
                    rows.append(row)
        turn_started = not isinstance(action, (TurnBack, Boost))
        replay.apply(action)
    return rows


def _check_seats(seats, players: int) -> set:
    if seats is None:
        return set(range(players))
    if isinstance(seats, int) and not isinstance(seats, bool):
        seats = [seats]
    try:
        chosen = set(seats)
    except TypeError:
        raise ValueError(f"seats: must be a seat number or a list of them, got {seats!r}") from None
    bad = [s for s in chosen if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < players]
    if bad:
        raise ValueError(f"seats: {bad} {'is not a seat' if len(bad) == 1 else 'are not seats'} (0 to {players - 1})")
    return chosen


def _start_of(game: Game) -> Game:
    """The game as it stood before its first action."""
    start = game.copy()
    while start.history:
        start.undo()
    return start


def _chosen(g: Game, actions) -> str | None:
    """The `decision` option the mover took with ``actions`` (the history from this moment on:
    its choice now and, to tell the options apart, the rest of its turn)."""
    me = g.divers[g.current_player]
    action = actions[0]
    if g.phase == "treasure":
        here = g.trail[me.position - 1] if me.position > 0 else None
        if isinstance(action, PickUp):
            return PICK_UP
        if isinstance(action, Drop):
            return DROP_HERE
        return LEAVE if here is not None else KEEP
    if g.phase == "keep":  # (a Boost game, after rolling: the option named by the dice kept)
        return f"keep {' + '.join(str(g.last_roll[i]) for i in action.dice)}" if isinstance(action, Keep) else None
    turn = _rest_of_turn(g, actions)
    boosted = "boost and " if any(isinstance(a, Boost) for a in turn) else ""
    if any(isinstance(a, TurnBack) for a in turn):
        return boosted + TURN_BACK
    if not any(isinstance(a, Roll) for a in turn):
        return None
    landed = turn[-1]  # the treasure action after the move (the roll itself if it ended the turn)
    if me.returning:
        return boosted + (HEAD_HOME_DROP if isinstance(landed, Drop) else HEAD_HOME)
    return boosted + (DIVE_PICK if isinstance(landed, PickUp) else DIVE_KEEP)


def _rest_of_turn(g: Game, actions) -> list:
    """The mover's actions from here to the end of its turn (played on a copy)."""
    seat, copy, turn = g.current_player, g.copy(), []
    for action in actions:
        if copy.current_player != seat or copy.is_over:
            break
        if turn and copy.phase == "roll" and isinstance(turn[-1], (Roll, Keep, PickUp, Drop, Stay)):
            break
        copy.apply(action)
        turn.append(action)
    return turn


def _row(g: Game, seat: int, chose: str, policy: str, n: int, seed: int) -> dict | None:
    options = decision(g, policy=policy, n=n, seed=seed)
    if len(options) < 2:
        return None
    by_name = {o["option"]: o for o in options}
    if chose.startswith("keep ") and chose not in by_name:  # (the dice kept: the option keeping that total)
        chose = next((o["option"] for o in options if o["option"].startswith("keep ")
                      and sum(map(int, o["option"][5:].split(" + "))) == sum(map(int, chose[5:].split(" + ")))), chose)
    if chose not in by_name:
        return None
    best = max(options, key=lambda o: o["points"])
    left = max(0.0, best["points"] - by_name[chose]["points"])
    estimated = any(o["method"] == "estimate" for o in (best, by_name[chose]))
    me = g.divers[seat]
    return {
        "dive": g.dive, "seat": seat, "name": me.name, "when": _when(g, seat), "chose": chose,
        "options": options, "best": best["option"], "left": left,
        "left_shown": ("≈" if estimated and left > 0 else "") + points_text(left),
    }


def _when(g: Game, seat: int) -> str:
    me = g.divers[seat]
    where = "in the submarine" if me.position == 0 else f"on space {me.position}"
    items = len(me.carried)
    load = "empty-handed" if not items else f"carrying {items} item{'s' if items != 1 else ''}"
    heading = "heading home" if me.returning else "diving"
    moment = {"roll": "before rolling", "keep": "after rolling"}.get(g.phase, "after landing")
    return f"dive {g.dive}, {moment}: {me.name} {where}, {heading}, {load}, air {g.air}"


def points_left(rows: list[dict]) -> float:
    """The points left on the table over the reviewed decisions (on average)."""
    return math.fsum(r["left"] for r in rows)
