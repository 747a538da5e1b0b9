"""The table's save: its game (`Game.to_json`), which seats are bots, and the undo marks.

`table_json` writes one; `read_table_save` reads one, or a plain game save (no
bots). Anything wrong raises a `SaveError` naming where in the save
(``game.start.air``, ``bots["2"]``) and what is wrong.
"""
from __future__ import annotations

import json

from ..rules import Game, SaveError
from ..rules.game import SAVE_FORMAT
from ..rules.position import is_int, json_kind, parse_saved_json
from ..simulation.registry import BOTS

TABLE_FORMAT = "deepsea_widget.table"
TABLE_VERSION = 1
TABLE_KEYS = frozenset({"format", "version", "bots", "undo_marks", "game"})  # what a table save holds


def table_json(game: Game, bot_seats: dict[int, str], undo_marks: list[int]) -> str:
    """A table's save: ``game``, its ``bot_seats`` ({seat: bot name}) and ``undo_marks`` (the
    history length before each person's action, so that Undo takes back a person's action and
    its bots' replies)."""
    return json.dumps({"format": TABLE_FORMAT, "version": TABLE_VERSION,
                       "bots": {str(s): k for s, k in bot_seats.items()},
                       "undo_marks": undo_marks,
                       "game": json.loads(game.to_json())}, ensure_ascii=False)


def read_table_save(text) -> tuple[Game, dict[int, str], list[int]]:
    """The game, bot seats and undo marks of a `table_json` save (of a `Game.to_json` save:
    no bots, no marks); SaveError saying where and what is wrong."""
    data = parse_saved_json(text)
    if not (isinstance(data, dict) and data.get("format") == TABLE_FORMAT):
        if isinstance(data, dict) and data.get("format") != SAVE_FORMAT:
            got = json_kind(data["format"]) if "format" in data else "nothing"
            raise SaveError(("format",), f"not a saved game: must be {TABLE_FORMAT!r} (App.save, "
                                         f"Table.to_json) or {SAVE_FORMAT!r} (Game.to_json), got {got}")
        return Game.from_json(text), {}, []
    if not is_int(data.get("version")) or data["version"] != TABLE_VERSION:
        raise SaveError(("version",), f"unknown table save version {data.get('version')!r} "
                                      f"(this build reads {TABLE_VERSION})")
    holds = f"a table save holds {', '.join(sorted(TABLE_KEYS))}"
    unknown = sorted(set(data) - TABLE_KEYS)
    if unknown:
        raise SaveError((unknown[0],), f"not part of a table save ({holds})")
    if not isinstance(data.get("game"), dict):
        raise SaveError(("game",), f"must be an object (the saved game), got "
                                   f"{json_kind(data['game']) if 'game' in data else 'nothing'}")
    try:
        game = Game.from_json(json.dumps(data["game"]))
    except SaveError as exc:
        raise exc.inside("game") from None
    bot_seats = _bot_seats(data, len(game.players))
    marks = data.get("undo_marks", [])  # where each person's action began (saves before 2026-11-30 lack it)
    _check_marks(marks, len(game.history))
    return game, bot_seats, list(marks)


def _bot_seats(data: dict, n: int) -> dict[int, str]:
    """The save's "bots" ({"seat": bot name}) for a game of ``n`` seats, as {seat: bot name}."""
    bots = data.get("bots")
    if not isinstance(bots, dict):
        raise SaveError(("bots",), f"must be an object of seat to bot name, e.g. {{\"1\": \"cautious\"}}, "
                                   f"got {json_kind(bots) if 'bots' in data else 'nothing'}")
    bot_seats = {}
    for key, kind in bots.items():
        if not (key.isascii() and key.isdigit() and key == str(int(key)) and int(key) < n):
            raise SaveError(("bots", key), f"not a seat of this game (seats are \"0\"..\"{n - 1}\")")
        if not isinstance(kind, str) or kind not in BOTS:
            raise SaveError(("bots", key), f"unknown bot {json_kind(kind)}; known bots: {', '.join(sorted(BOTS))}")
        bot_seats[int(key)] = kind
    return bot_seats


def _check_marks(marks, moves: int) -> None:
    """SaveError unless ``marks`` are increasing move numbers within a history of ``moves`` actions."""
    if not isinstance(marks, list):
        raise SaveError(("undo_marks",), f"must be a list of move numbers, got {json_kind(marks)}")
    for i, m in enumerate(marks):
        if not is_int(m) or not 0 <= m < moves:
            raise SaveError(("undo_marks", i), f"must be a move number 0..{moves - 1} "
                                               f"within the game's history, got {json_kind(m)}")
        if i and m <= marks[i - 1]:
            raise SaveError(("undo_marks", i), f"must be more than the mark before it ({marks[i - 1]}): "
                                               f"the marks increase, each one once, got {m}")
