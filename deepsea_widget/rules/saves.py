"""Undo, saving and loading: a game as its start position and its history (JSON).

`Saves` is the part of `Game` (rules/game.py) that writes and reads saves: `to_json`
records the start (hidden values included), every action and a summary of the state
reached; `from_json` replays them and checks the summary, naming the first wrong field.
"""
from __future__ import annotations

import json

from . import events as ev
from .actions import Action, action_from_dict
from .errors import FieldError, IllegalActionError, SaveError
from .position import is_int, json_kind, parse_saved_json

SAVE_FORMAT = "deepsea_widget.game"
SAVE_VERSION = 1
SAVE_KEYS = ("format", "version", "start", "history", "state")
# The state keys every save has; later saves also record where each chip is.
_SUMMARY_FIRST_KEYS = frozenset({"dive", "air", "phase", "current_player", "positions", "returning", "scores",
                                 "trail_length"})


def _and(words) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"``."""
    return " and ".join(filter(None, [", ".join(words[:-1]), words[-1]]))


def _same_json(a, b) -> bool:
    """``a == b`` with the same JSON types all through: true is not 1, and 1.0 is not 1."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(_same_json(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same_json(a[k], b[k]) for k in a)
    return a == b


class Saves:
    """`Game`'s undo, saving and loading (a mixin: the state is `Game`'s)."""

    @classmethod
    def _replay(cls, start: dict, actions) -> "Game":
        """The game from ``start`` (already checked) after ``actions`` (legal there)."""
        game = cls.__new__(cls)
        game._setup(start, checked=True)
        for action in actions:
            game.apply(action)
        return game

    def history_events(self) -> list[tuple]:
        """The events of each action in the history, one tuple per action, in order, as replaying
        the history from the start gives them (a loaded game's log is written from them)."""
        game = type(self).__new__(type(self))
        game._setup(self._start, checked=True)
        return [tuple(game.apply(action)) for action in self._history]

    def undo(self) -> Action:
        """Take back the last action (the rebuilt game rolls the same dice again)."""
        if not self._history:
            raise IllegalActionError("nothing to undo")
        undone = self._history[-1]
        replayed = self._replay(self._start, self._history[:-1])
        self.__dict__.update(replayed.__dict__)  # (every part of the state: the replay set them all)
        return undone

    def _summary(self) -> dict:
        """What a save records of the state reached, to check a load against (see `from_json`)."""
        return {"dive": self._dive, "air": self._air, "phase": self._phase,
                "current_player": self._current,
                "positions": [d.position for d in self._divers],
                "returning": [d.returning for d in self._divers],
                "scores": self.scores(), "trail_length": len(self._trail),
                # where every chip is (by its number): a save whose start was edited no longer matches
                "trail": [None if s is None else list(s._chips) for s in self._trail],
                "carried": [[list(it._chips) for it in d.carried] for d in self._divers],
                "banked": [[list(it._chips) for it in d.banked] for d in self._divers]}

    def to_json(self, indent=None) -> str:
        """The whole game: the start position (hidden values included), every action, and a
        summary of the state reached (dive, air, phase, positions, headings, scores and where
        every chip is), which `from_json` checks. ``indent``: None (one line) or a number of spaces."""
        if indent is not None and not (is_int(indent) and 0 <= indent <= 16):
            raise ValueError(f"indent: must be None or a number of spaces 0..16, got {indent!r}")
        return json.dumps({
            "format": SAVE_FORMAT, "version": SAVE_VERSION,
            "start": self._start,
            "history": [a.to_dict() for a in self._history],
            "state": self._summary(),
        }, indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text) -> "Game":
        """Load a game saved by `to_json`. Text that is not a save, or a save changed so that
        any part of it is wrong, raises `SaveError` (a ValueError) naming where in the save
        (``start.air``, ``history[12].dice``, ``state.positions``) and what is wrong."""
        try:
            return cls._load(parse_saved_json(text))
        except FieldError as exc:
            # Raised here, not in the check that failed, so a notebook's traceback shows the
            # caller's line and this one, not the frames of the walk. The failed check stays
            # reachable as the error's __context__ (suppressed from the display by `from None`).
            raise SaveError(exc.path, exc.reason) from None

    @classmethod
    def _load(cls, data) -> "Game":
        """The game of a save's parsed JSON; a `FieldError` (or `SaveError`) at the path of the
        first thing that is wrong."""
        if not isinstance(data, dict):
            raise SaveError((), f"not a saved game: a save is a JSON object, this is {json_kind(data)}")
        if "format" not in data or data["format"] != SAVE_FORMAT:
            raise SaveError(("format",), f"not a saved game: must be {SAVE_FORMAT!r}, got "
                                         f"{json_kind(data['format']) if 'format' in data else 'nothing'}")
        holds = f"a saved game holds {', '.join(SAVE_KEYS[:-1])} and {SAVE_KEYS[-1]}"
        if not is_int(data.get("version")) or data["version"] != SAVE_VERSION:
            raise SaveError(("version",), f"unknown save version {data.get('version')!r} "
                                          f"(this build reads {SAVE_VERSION})")
        for key in ("start", "history", "state"):
            if key not in data:
                raise SaveError((key,), f"missing ({holds})")
        unknown = sorted(set(data) - set(SAVE_KEYS))
        if unknown:
            raise SaveError((unknown[0],), f"not part of a saved game ({holds})")
        # in the file's order: the start, each action of the history, then the summary
        game = cls.__new__(cls)
        try:
            game._setup(data["start"])
        except FieldError as exc:
            raise exc.inside("start") from None
        if not isinstance(data["history"], list):
            raise SaveError(("history",), f"must be a list of actions, got {json_kind(data['history'])}")
        for i, a in enumerate(data["history"]):
            try:
                action = action_from_dict(a, game._variant)
            except FieldError as exc:
                raise exc.inside("history", i) from None
            try:
                game.apply(action)
            except IllegalActionError as exc:
                raise SaveError(("history", i), f"cannot be played here: {exc}") from None
        game._check_summary(data["state"])
        return game

    def _check_summary(self, state) -> None:
        """SaveError unless a save's ``state`` is this game's summary (the state its replay
        reached): the first key that differs is named, with the saved and replayed values."""
        if not isinstance(state, dict):
            raise SaveError(("state",), f"must be an object (the summary the replay is checked against), "
                                        f"got {json_kind(state)}")
        summary = json.loads(json.dumps(self._summary()))  # (as written: lists, not tuples)
        # saves made before the chips were recorded have the first keys only: the chips' keys
        # are all there or none
        if not (set(summary) - _SUMMARY_FIRST_KEYS) & set(state):
            summary = {k: v for k, v in summary.items() if k in _SUMMARY_FIRST_KEYS}
        changed = "the file was changed or is corrupt"
        missing = [k for k in summary if k not in state]
        if missing:
            more = f", as {'is' if len(missing) == 2 else 'are'} {_and(missing[1:])}" if len(missing) > 1 else ""
            raise SaveError(("state", missing[0]), f"missing{more} ({changed})")
        unknown = sorted(k for k in state if k not in summary)
        if unknown:
            raise SaveError(("state", unknown[0]), f"not part of a saved game's state ({changed})")
        differ = [k for k in summary if not _same_json(summary[k], state[k])]
        if differ:
            k = differ[0]
            replay = f"replaying the {ev.plural(len(self._history), 'action')} in history"
            if isinstance(summary[k], (list, dict)) or isinstance(state[k], (list, dict)):
                said = f"does not match what {replay} gives"
            else:
                said = f"the save says {json.dumps(state[k])}, but {replay} gives {json.dumps(summary[k])}"
            more = (f"; {_and(differ[1:])} {'differs' if len(differ) == 2 else 'differ'} too"
                    if len(differ) > 1 else "")
            raise SaveError(("state", k), f"{said}{more} ({changed})")

