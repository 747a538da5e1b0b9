"""Who sits at the table: the seats' names, people first, and which seats are bots.

`seats_from` reads ``Table(players=..., bots=...)``; `check_bot_seats` reads
``Table(game=..., bot_seats=...)``. A bad argument raises a ValueError naming it.
"""
from __future__ import annotations

from ..rules.events import plural
from ..rules.plain import shown
from ..rules.position import MAX_PLAYERS, MIN_PLAYERS, is_int, name_problem
from ..simulation.registry import BOTS

DEFAULT_PEOPLE = ["Player"]  # not "You": the log and the board say "<name> rolls", "<name>'s turn"
DEFAULT_BOTS = {"Bot Ada": "cautious", "Bot Bo": "cautious"}


def seats_from(players, bots) -> tuple[list[str], dict[int, str]]:
    """Seat names (people first, then bots in the given order) and bot kind per seat.

    A bad name says where it came from: ``players[i]`` for a person, ``bots`` for a bot
    (the keys of ``bots`` are the bots' names); a wrong number of divers counts both."""
    if players is None and bots is None:
        players, bots = DEFAULT_PEOPLE, DEFAULT_BOTS
    if is_int(players):  # as in Game(players=3): "Diver 1", "Diver 2", ...
        if not 0 <= players <= MAX_PLAYERS:
            raise ValueError(f"players: a number of people must be 0 to {MAX_PLAYERS} (the game is for "
                             f"{MIN_PLAYERS} to {MAX_PLAYERS} divers, people and bots), got {players}")
        players = [f"Diver {i + 1}" for i in range(players)]
    if not (players is None or isinstance(players, (list, tuple))):
        raise ValueError(f"players: must be a list of names (or a number of people), got {players!r}")
    if not (bots is None or isinstance(bots, dict)):
        raise ValueError(f"bots: must be a dict of name to bot kind, e.g. {{'Cy': 'cautious'}}, got {bots!r}")
    people = list(players or [])
    bots = dict(bots or {})
    n = len(people) + len(bots)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"players, bots: the game is for {MIN_PLAYERS} to {MAX_PLAYERS} divers, got "
                         f"{_count(len(people), 'person', 'people')} and {_count(len(bots), 'bot', 'bots')} "
                         f"({plural(n, 'diver')})")
    for name, kind in bots.items():
        if not (isinstance(kind, str) and kind in BOTS):
            raise ValueError(f"bots[{shown(name)}]: unknown bot {shown(kind)}; known bots: {', '.join(sorted(BOTS))}")
    _check_names(people, list(bots))
    return people + list(bots), {len(people) + i: kind for i, kind in enumerate(bots.values())}


def _count(n: int, one: str, many: str) -> str:
    """``"no people"``, ``"1 person"``, ``"2 people"``."""
    return f"no {many}" if n == 0 else f"1 {one}" if n == 1 else f"{n} {many}"


def _check_names(people: list, bots: list) -> None:
    """The game's name rules (`name_problem`): a bad person's name is blamed on ``players[i]``
    (the game's words), a bad bot's name on ``bots``."""
    for i, name in enumerate(people):
        problem = name_problem(name, people[:i])
        if problem:
            raise ValueError(f"players[{i}]: {problem}")
    for name in bots:  # (bots' names are distinct keys: only a person may have one already)
        problem = (f"players[{people.index(name)}] is {name!r} already; every diver needs a name of its own"
                   if name in people else name_problem(name, []))
        if problem:
            raise ValueError(f"bots: {name!r} is not a valid bot name (the keys of bots are the bots' names): "
                             f"{problem}")


def check_bot_seats(bot_seats, n: int) -> dict[int, str]:
    """``bot_seats`` ({seat: bot name}, or None for no bots) checked against a game of ``n`` seats."""
    if bot_seats is None:
        return {}
    if not isinstance(bot_seats, dict):
        raise ValueError(f"bot_seats: must be a dict of seat to bot name, e.g. {{1: 'cautious'}}, "
                         f"got {bot_seats!r}")
    for seat, kind in bot_seats.items():
        if not is_int(seat) or not 0 <= seat < n:
            raise ValueError(f"bot_seats: {shown(seat)} is not a seat of this game (seats are 0..{n - 1})")
        if not isinstance(kind, str) or kind not in BOTS:
            raise ValueError(f"bot_seats[{seat}]: unknown bot {shown(kind)}; known bots: {', '.join(sorted(BOTS))}")
    return {int(seat): kind for seat, kind in bot_seats.items()}
