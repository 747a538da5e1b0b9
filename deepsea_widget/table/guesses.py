"""Guess first: a person guesses their diver's chance of getting home before the board shows it.

At a table with ``guess_first``, a person's P(home) badge and the mover's choices stay out of
the board's view (the synced trait itself, not only the page) until that person, at the start
of their turn, types a guess (`Table.guess`). Then the number is shown beside the guess for
the rest of that turn. Each guess is kept with the position and the number the board showed;
once the dive ends, whether the diver got home is its outcome, and `Guesses.calibration`
scores the guesses and the board's numbers (Brier score, `odds.calibration`).
"""
from __future__ import annotations

import math
import numbers
from dataclasses import dataclass
from typing import NamedTuple

from ..odds.calibration import brier_score, calibration_table
from ..panels.hidden import CHOICES, DIVERS, MAP, hidden_panel
from ..rules import Boost, IllegalActionError, Keep, Roll, TurnBack
from ..rules.events import DiveEnded
from ..simulation.questions import DEFAULT_POLICY, HOME

# What a guess-first table says, in the board's words.
ASKED = "Guess first: type your guess of {name}'s chance of getting home (the box on the board, or app.guess(p))"
PROMPT = "Your guess: chance {name} gets home, %"
ABOUT = (f"{{name}}'s {HOME}. The board shows its number, and the choices' numbers, once you guess; "
         "type a whole or decimal percentage, 0 to 100")
EDIT_NOTE = ("Guess first: people's chances of getting home stay hidden in edit mode; each shows once its diver's "
             "person guesses at the start of a turn")
OTHERS_NOTE = "Guess first: a person's chance of getting home shows once they guess, at the start of their turn"
BAD_CHANCE = "a chance from 0 to 1 (0.4 for 40%), or a percentage as text ('40%')"
_BEFORE_ROLL = (TurnBack, Boost)  # a turn's actions before its roll (the same diver rolls next)


def fair_play_for(fair_play, guess_first) -> bool:
    """A table's fair play: as given, or (None) on with ``guess_first``; ValueError naming the
    argument that is not a bool."""
    if not isinstance(guess_first, bool):
        raise ValueError(f"guess_first: must be True or False, got {guess_first!r}")
    if fair_play is None:
        return guess_first
    if not isinstance(fair_play, bool):
        raise ValueError(f"fair_play: must be True or False, got {fair_play!r}")
    return fair_play


def chance_of(value, field: str = "guess") -> float:
    """A guess as a probability: a number 0 to 1, or a percentage as text ("40%", "12.5 %");
    ValueError naming ``field`` otherwise (a number above 1 is not read as a percentage: 1
    would be ambiguous)."""
    if isinstance(value, str):
        text = value.strip()
        try:
            number = float(text[:-1]) if text.endswith("%") else math.nan
        except ValueError:
            number = math.nan
        if not 0 <= number <= 100:  # (nan is refused here too)
            raise ValueError(f"{field}: must be {BAD_CHANCE}; as text, a number 0 to 100 then %, got {value!r}")
        return number / 100
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not 0 <= value <= 1:
        hint = " (a percentage goes as text: '40%')" if isinstance(value, numbers.Real) and 1 < value <= 100 else ""
        raise ValueError(f"{field}: must be {BAD_CHANCE}, got {value!r}{hint}")
    return float(value)


def percent_text(chance: float) -> str:
    """A guess as a person typed it: "40%", "12.5%", "0.4%"."""
    percent = chance * 100
    return f"{round(percent)}%" if abs(percent - round(percent)) < 1e-9 else f"{percent:.1f}%".replace(".0%", "%")


def turn_start(game) -> int:
    """The game's history length when the current diver's turn began: before its roll, its
    turning back and its Boost (the only actions a diver takes before it rolls)."""
    history = game.history
    i = len(history)
    if game.phase == "treasure" and i and isinstance(history[i - 1], Keep):
        i -= 1
    if game.phase in ("treasure", "keep") and i and isinstance(history[i - 1], Roll):
        i -= 1
    while i and isinstance(history[i - 1], _BEFORE_ROLL):
        i -= 1
    return i


def outcomes(game) -> dict[tuple[int, int], int]:
    """(dive, seat) -> 1 if that diver was back in the submarine when that dive ended, else 0,
    for every dive of ``game`` that has ended."""
    out = {}
    for events in game.history_events():
        for e in events:
            if isinstance(e, DiveEnded):
                out.update({(e.dive, s): int(s in e.returned) for s in range(len(game.players))})
    return out


class Made(NamedTuple):
    """A guess as kept: the game it was made in, the history length at its turn's start, its row."""
    game: object
    moves: int
    row: dict


@dataclass(frozen=True)
class Calibration:
    """The guesses of a table (`rows`, one per guess, oldest first), and over the rows whose
    dive has ended (``scored`` of them) the Brier score of the guesses (``brier``) and of the
    numbers the board showed (``brier_shown``); None before any dive with a guess has ended."""
    rows: list
    scored: int
    brier: float | None
    brier_shown: float | None

    def table(self, of: str = "guesses", bins: int = 5) -> list[dict]:
        """`odds.calibration.calibration_table` of the guesses (``of="guesses"``) or of the
        board's numbers (``of="shown"``), over the rows with an outcome."""
        if of not in ("guesses", "shown"):
            raise ValueError(f"of: must be 'guesses' or 'shown', got {of!r}")
        rows = [r for r in self.rows if r["outcome"] is not None]
        return calibration_table([r["guess" if of == "guesses" else "shown"] for r in rows],
                                 [r["outcome"] for r in rows], bins)

    def in_words(self) -> str:
        n = len(self.rows)
        head = f"{n} guess{'es' if n != 1 else ''}, {self.scored} with the dive ended"
        if self.brier is None:
            return f"{head}: no Brier score until a dive with a guess ends"
        return (f"{head}: Brier score of the guesses {self.brier:.3f}, of the board's numbers {self.brier_shown:.3f} "
                f"(0 is perfect; always saying 50% scores 0.250)")

    def __repr__(self) -> str:
        return f"Calibration({self.in_words()}; .rows has one row per guess)"


class Guesses:
    """A table's guesses (``made``) and what a guess-first board hides; see the module docstring.
    ``policy`` is how everyone plays on in the numbers the board shows (the board sets it)."""

    def __init__(self) -> None:
        self.made: list[Made] = []
        self.policy = DEFAULT_POLICY
        self._games: list = []  # the games guesses were made in, numbered in order (by identity)

    # ----- when a guess is asked -------------------------------------------
    def _mine(self, game, moves: int, seat: int) -> Made | None:
        return next((m for m in self.made if m.game is game and m.moves == moves and m.row["seat"] == seat), None)

    def told(self, table) -> Made | None:
        """The guess made at the start of this turn by the person to move (play mode), if any."""
        game = table.game
        seat = game.current_player
        if table.mode != "play" or game.is_over or seat is None or table.is_bot(seat):
            return None
        return self._mine(game, turn_start(game), seat)

    def asking(self, table) -> int | None:
        """The seat asked for a guess now (None: none): a person's diver at its turn's start."""
        game = table.game
        seat = game.current_player
        if (not table.guess_first or table.mode != "play" or game.is_over or game.phase != "roll"
                or seat is None or table.is_bot(seat) or self.told(table) is not None):
            return None
        return seat

    def why_not(self, table) -> str:
        """Why no guess is asked now, in words naming the ``guess`` field."""
        game = table.game
        seat = game.current_player
        name = game.players[seat] if seat is not None else ""
        if not table.guess_first:
            why = "this table does not play guess first (play(..., guess_first=True))"
        elif table.mode != "play":
            why = "the board is in edit mode: press 'Back to play' first"
        elif game.is_over:
            why = "the game is over"
        elif table.is_bot(seat):
            why = f"it is {name}'s turn, a bot: guesses are for people's turns"
        elif self.told(table) is not None:
            why = (f"{name} guessed {self.told(table).row['guess_text']} at the start of this turn already; the "
                   f"next guess is at the start of {name}'s next turn")
        else:
            why = f"{name} has rolled this turn: the next guess is at the start of {name}'s next turn"
        return f"guess: no guess is asked now: {why}"

    def check_act(self, table) -> None:
        """IllegalActionError if the person to move must guess before acting."""
        seat = self.asking(table)
        if seat is not None:
            raise IllegalActionError(ASKED.format(name=table.game.players[seat]))

    # ----- a guess -------------------------------------------------------------
    def record(self, table, chance: float) -> dict:
        """Keep ``chance`` (0..1) as the guess of the person to move, with the number the board
        shows for its diver; IllegalActionError (nothing kept) when no guess is asked now."""
        from ..board_view import badges  # (the board's own numbers: the same seed, the same number)

        seat = self.asking(table)
        if seat is None:
            raise IllegalActionError(self.why_not(table))
        game = table.game
        badge = badges(game, policy=self.policy)[seat]
        if not any(g is game for g in self._games):
            self._games.append(game)
        me = game.divers[seat]
        row = {"number": len(self.made) + 1, "game": next(i for i, g in enumerate(self._games, 1) if g is game),
               "dive": game.dive, "seat": seat, "name": me.name, "space": me.position,
               "heading": "heading back" if me.returning else "diving", "items": len(me.carried), "air": game.air,
               "guess": chance, "guess_text": percent_text(chance), "shown": float(badge["p"]),
               "shown_text": badge["shown"], "method": badge["method"], "question": badge["question"]}
        self.made.append(Made(game, turn_start(game), row))
        return dict(row, outcome=None)

    def prune(self, game) -> None:
        """Forget the guesses an undo took back: made in ``game`` at a turn its history no longer reaches."""
        self.made = [m for m in self.made if not (m.game is game and m.moves > len(game.history))]

    def calibration(self) -> Calibration:
        """Every guess with its outcome (1/0 once its dive ended, else None) and the Brier scores."""
        ended: dict[int, dict] = {}
        rows = []
        for m in self.made:
            if id(m.game) not in ended:  # (one replay per game: the guesses hold their games)
                ended[id(m.game)] = outcomes(m.game)
            rows.append(dict(m.row, outcome=ended[id(m.game)].get((m.row["dive"], m.row["seat"]))))
        scored = [r for r in rows if r["outcome"] is not None]
        happened = [r["outcome"] for r in scored]
        return Calibration(rows, len(scored), brier_score([r["guess"] for r in scored], happened),
                           brier_score([r["shown"] for r in scored], happened))

    # ----- what the board shows ----------------------------------------------------
    def hide(self, table, view: dict) -> dict:
        """``view`` (the board's) with a ``"guess"`` part; at a guess-first table, people's
        numbers taken out of it (see `guess_view`), and while a guess is asked, the mover's
        actions held back with the reason."""
        if not table.guess_first:
            view["guess"] = None
            return view
        game = table.game
        told = self.told(table)
        people = [s for s in range(len(game.players)) if not table.is_bot(s)]
        concealed = set() if game.is_over else {s for s in people if told is None or s != told.row["seat"]}
        badges = view.get("badges") or []
        hidden = [s for s in sorted(concealed)
                  if s < len(badges) and badges[s] is not None and badges[s].get("method") != "back"]
        view["badges"] = [None if s in hidden else b for s, b in enumerate(badges)]
        mover = None if game.is_over else game.current_player
        if mover in concealed:
            view["choices"] = None
        asking = self.asking(table)
        if asking is not None:
            reason = ASKED.format(name=game.players[asking])
            view["reasons"] = dict(view.get("reasons") or {}, **{a["type"]: reason for a in view.get("legal", [])})
            view["legal"] = []
        view["guess"] = self.guess_view(table, asking, told, hidden, mover in concealed)
        return view

    def guess_view(self, table, asking, told, hidden, mover_hidden) -> dict:
        """The board's ``"guess"`` part: ``asking`` (the seat asked to guess, or None), its
        ``prompt``, ``about`` and ``reason``; ``told`` (this turn's guess beside the number:
        ``text`` and ``question``); ``hidden`` (seats whose number is taken out),
        ``mover_hidden`` (the mover's choices too), ``note`` (why, in words); and the score so far."""
        game = table.game
        name = game.players[asking] if asking is not None else ""
        note = (ASKED.format(name=name) if asking is not None else "" if not (hidden or mover_hidden)
                else EDIT_NOTE if table.mode == "edit" else OTHERS_NOTE)
        said = None
        if told is not None:
            row = told.row
            said = {"seat": row["seat"], "name": row["name"], "guess": row["guess"], "guess_text": row["guess_text"],
                    "shown": row["shown_text"], "p": row["shown"], "method": row["method"],
                    "question": row["question"],
                    "text": f"{row['name']}: you guessed {row['guess_text']}, the odds say {row['shown_text']}"}
        score = self.calibration() if self.made else None
        return {"asking": asking, "name": name, "prompt": PROMPT.format(name=name) if name else "",
                "about": ABOUT.format(name=name) if name else "", "reason": ASKED.format(name=name) if name else "",
                "told": said, "hidden": hidden, "mover_hidden": mover_hidden, "note": note,
                "made": len(self.made), "score": score.in_words() if score else ""}


def panels_shown(figures: list, guess: dict | None) -> list:
    """The live panels' figures (the map, the mover's choices, every diver, the dice) as a
    board's ``"guess"`` part lets them show: the mover's two and the every-diver panel, while
    they would tell a hidden number, are blank panels with no data, saying why."""
    out = list(figures)
    if guess and guess["mover_hidden"]:
        out[0], out[1] = hidden_panel(MAP, guess["note"]), hidden_panel(CHOICES, guess["note"])
    if guess and guess["hidden"]:
        out[2] = hidden_panel(DIVERS, guess["note"])
    return out


def panel_choices(view: dict) -> dict | None:
    """The mover's choices for the live panels from the board's view: while they are hidden, no
    options (the panels would work them out again, and blank them anyway)."""
    guess = view.get("guess")
    if guess and guess["mover_hidden"]:
        return {"seat": view.get("current_player"), "options": []}
    return view.get("choices")
