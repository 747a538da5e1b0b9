"""A player's own results: what the classroom app's "Download results" button saves.

`results(table)` gathers them as sections of rows (a dict of section name to a
list of flat dicts), built from public facts only (the game's public view and
the words of its log: never an unbanked chip's value or the dice to come).
`results_csv` writes any such sections as one CSV file, so a later part adds a
section of its own by adding a key: at a guess-first table, the player's guesses
(`guess_rows`) and their calibration (`calibration_rows`).
"""
from __future__ import annotations

import csv
import io
import re

from ..rules.events import DiveStarted

RESULTS_FORMAT = "deepsea_widget.results"
RESULTS_VERSION = 1


def results(table) -> dict[str, list[dict]]:
    """``table``'s results as sections, each a list of rows (dicts of str to str, int, float
    or bool, the same keys in every row of a section):

    - ``"game"``: one row: the format, who plays, the dive, whether the game is over, fair play;
    - ``"scores"``: one row per diver: seat, name, who plays it (a person or a bot kind),
      score, items banked, whether it is a winner (at game over);
    - ``"log"``: the game in words, one row per line: the action it came with (0: the deal),
      the dive, the text. The whole game as played (an undone action is not in it).

    At a guess-first table (or one where guesses were made) the ``"game"`` row also has the
    number of guesses, how many have an outcome, and the Brier scores of the guesses and of
    the board's numbers; and two more sections: ``"guesses"`` (`guess_rows`) and
    ``"calibration"`` (`calibration_rows`).
    """
    view = table.game.public_view()
    divers = view["divers"]
    who = [table.bot_seats[s] + " bot" if table.is_bot(s) else "person" for s in range(len(divers))]
    game = {"format": RESULTS_FORMAT, "version": RESULTS_VERSION,
            "players": "; ".join(f"{d['name']} ({w})" for d, w in zip(divers, who)),
            "dive": view["dive"], "game_over": view["is_over"], "fair_play": table.fair_play}
    if "variant" in view:  # (an edition other than the original says so)
        game["variant"] = str(view["variant"])
    scores = [{"seat": s + 1, "name": d["name"], "plays": who[s], "score": d["score"],
               "items_banked": len(d["banked"]), "winner": view["is_over"] and s in view["winners"]}
              for s, d in enumerate(divers)]
    sections = {"game": [game], "scores": scores, "log": log_rows(table.game)}
    if table.guess_first or table.guesses.made:
        calibration = table.guesses.calibration()
        game.update(guess_first=table.guess_first, guesses=len(calibration.rows), guesses_scored=calibration.scored,
                    brier_guesses=_blank(calibration.brier), brier_shown=_blank(calibration.brier_shown))
        sections["guesses"] = guess_rows(calibration)
        sections["calibration"] = calibration_rows(calibration)
    return sections


def guess_rows(calibration) -> list[dict]:
    """One row per guess (`Guesses.calibration`'s rows): the position, the guess, the number
    the board showed and the question it answers, and the outcome (blank until the dive ends)."""
    keys = ("number", "game", "dive", "seat", "name", "space", "heading", "items", "air", "guess", "shown",
            "shown_text", "method", "question", "outcome")
    return [{k: (r[k] + 1 if k == "seat" else _blank(r[k])) for k in keys} for r in calibration.rows]


def calibration_rows(calibration, bins: int = 5) -> list[dict]:
    """The calibration tables (`odds.calibration.calibration_table`) of the guesses and of the
    board's numbers, over the guesses whose dive ended: one row per bin that holds any."""
    rows = []
    for of, who in (("guesses", "your guesses"), ("shown", "the board's numbers")):
        for b in calibration.table(of, bins):
            rows.append({"forecasts": who, "bin_low": b["low"], "bin_high": b["high"], "n": b["n"],
                         "mean_forecast": b["forecast"], "share_home": b["observed"],
                         "interval_low": b["interval"][0], "interval_high": b["interval"][1]})
    return rows


def _blank(value):
    """None (no outcome yet, no score yet) as an empty cell."""
    return "" if value is None else value


def log_rows(game) -> list[dict]:
    """The game in words: its opening events (action 0), then each action's events, each
    line with the dive it belongs to."""
    rows, dive = [], 1
    steps = [(0, game.opening_events)] + list(enumerate(game.history_events(), start=1))
    for number, events in steps:
        for event in events:
            if isinstance(event, DiveStarted):
                dive = event.dive
            rows.append({"action": number, "dive": dive, "text": str(event)})
    return rows


def results_csv(sections: dict[str, list[dict]]) -> str:
    """``sections`` as one CSV text: each section a line ``# <name>``, a header row (the keys
    of its rows, in the order they first appear) and its rows; a blank line between sections.
    A section with no rows still has its ``#`` line."""
    if not isinstance(sections, dict):
        raise ValueError(f"sections: must be a dict of section name to a list of rows, got {type(sections).__name__}")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for i, (name, rows) in enumerate(sections.items()):
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise ValueError(f"sections[{name!r}]: must be a list of rows (dicts), got {rows!r:.80}")
        if i:
            out.write("\n")
        out.write(f"# {name}\n")
        keys = list(dict.fromkeys(k for row in rows for k in row))
        if keys:
            writer.writerow(keys)
            writer.writerows([_cell(row.get(k, "")) for k in keys] for row in rows)
    return out.getvalue()


def _cell(value):
    """A spreadsheet reads a cell that starts with = + - @ as a formula: a name typed by a
    player ("=HYPERLINK(...)") is written as text."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def results_filename(table) -> str:
    """A file name for ``table``'s results: ``deepsea-results-<the people's names>.csv``
    (letters, digits, ``-`` and ``_`` only)."""
    people = [name for s, name in enumerate(table.game.players) if not table.is_bot(s)]
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", "-".join(people)).strip("-")[:60]
    return f"deepsea-results-{stem}.csv" if stem else "deepsea-results.csv"
