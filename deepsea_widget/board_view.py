"""What the board shows: the game's public view plus the table's extras.

Built in Python (the source of truth) as one plain dict, so every view of the
widget re-renders from it alone: odds badges, the air forecast, why each
control is disabled, the log and the last dive's summary.
"""
from __future__ import annotations

import json
import zlib

from .rules import Boost, Drop, Keep, PickUp, Roll, Stay, TurnBack
from .rules import events as ev

LOG_LINES = 60
# Why a classroom app's board refuses Export (a save would hand a player what the game keeps face down).
EXPORT_REFUSED = ("Export is off in the classroom app: a save holds every unbanked chip's value and the "
                  "dice to come. Download results keeps your scores and the game's log")


def position_seed(game) -> int:
    """A seed for the badges' Monte Carlo that depends on the position alone (its public
    facts, which are all an estimate reads): a position shown again (a mode switch, an undo
    and the same move again) keeps its estimate instead of drawing new rollouts."""
    return zlib.crc32(json.dumps(game.public_view(), sort_keys=True, default=str).encode())


def badges(game, seed=None, policy: str = "odds") -> list:
    """Per seat: None (in the sub, not dived yet) or `seat_odds`' dict {"p", "se", "method"}
    ("exact", "estimate" or "back"); an exact one also has "why" ("heading back" or "last
    turn"), an estimate "low"/"high" (its 95% Wilson interval), "n" (rollouts) and "why"
    ("deeper" or "too big"); each has what the board shows: "shown", "label" and "question".
    Everyone plays on as ``policy`` in the simulation, which is seeded by `position_seed`
    unless ``seed`` is given."""
    from .simulation.seat_odds import seat_odds  # numpy: loaded on first use
    from .simulation.questions import with_words

    odds = seat_odds(game, seed=position_seed(game) if seed is None else seed, policy=policy)
    return with_words([d.name for d in game.divers], odds, policy)


def choices(game, seed=None, policy: str = "odds") -> dict | None:
    """The options of the diver to move (`simulation.decision`), for its card and the choices
    panel: {"seat", "options"}; None once the game is over."""
    from .simulation import decision

    if game.is_over:
        return None
    return {"seat": game.current_player,
            "options": decision(game, policy=policy, seed=position_seed(game) if seed is None else seed)}


def forecast_air(game):
    """Air left after the active diver breathes at its next turn, if everyone keeps their items."""
    if game.is_over:
        return None
    return game.air - sum(len(d.carried) for d in game.divers if not d.back)


def reasons(game) -> dict:
    """Why each control is disabled now (absent when it is allowed). A Boost game also has
    "boost" (declaring a Boost) and "keep" (choosing the dice to keep)."""
    boost = game.variant.can_boost
    if game.is_over:
        keys = ("roll", "turn_back", "pick_up", "drop", "stay") + (("boost", "keep") if boost else ())
        return {k: "the game is over" for k in keys}
    out = {}
    actions = [("roll", Roll()), ("turn_back", TurnBack()), ("pick_up", PickUp()), ("drop", Drop(0)), ("stay", Stay())]
    if boost:
        actions += [("boost", Boost()), ("keep", Keep(game.variant.pairs[0]))]
    for key, action in actions:
        why = game.why_illegal(action)
        if why:
            out[key] = why
    return out


def boost_rules(game) -> dict | None:
    """A Boost game's dice as the board shows them: {"name", "dice" (how many), "keep" (kept
    without a Boost), "air" (a Boost's cost)}; None for a game without a Boost (the original)."""
    variant = game.variant
    if not variant.can_boost:
        return None
    return {"name": variant.name, "dice": len(variant.dice), "keep": variant.keep, "air": variant.boost_air}


def boost_air(game) -> int | None:
    """The air a Boost would cost the diver to play now, on top of its breath (the gauge's
    forecast says it); None when it may not declare one (not a Boost game, or not now)."""
    if game.is_over or not game.variant.can_boost or game.why_illegal(Boost()):
        return None
    return game.variant.boost_air


def dive_summary(events) -> dict | None:
    """The title and lines of a dive end (and game end) among ``events``, if any: what was
    banked and lost, and who starts the next dive; after the last dive, every diver's score
    (lost chips laid at the trail's end no longer matter then)."""
    over = [e for e in events if isinstance(e, ev.GameOver)]
    ended = [e for e in events if isinstance(e, ev.DiveEnded)]
    if not ended:
        return None
    kinds = (ev.Banked, ev.Lost, ev.DiveEnded, ev.AllStuck, ev.GameOver)
    if not over:  # where the lost chips go, and who starts the next dive
        kinds += (ev.StacksPlaced, ev.DiveStarted)
    lines = [str(e) for e in events if isinstance(e, kinds)]
    if over:
        lines.append(final_scores(over[0]))
    title = str(over[0]) if over else f"Dive {ended[0].dive} is over"
    return {"title": title, "lines": lines}


def final_scores(over) -> str:
    """Every diver's score at game over, winners first, then from the highest score down."""
    seats = sorted(range(len(over.names)), key=lambda s: (s not in over.winners, -over.scores[s], s))
    return "Final scores: " + ", ".join(f"{over.names[s]} {over.scores[s]}" for s in seats)


def board_view(table, odds=None, options=None, policy: str = "odds", app_mode: bool = False) -> dict:
    """The board's view; ``odds`` are the badges to show (computed here when None), ``options``
    the mover's choices (`choices`; None: not worked out yet). ``app_mode``: the classroom
    app's board (Export refused and saying why, Download results offered)."""
    game = table.game
    view = game.public_view()
    view.update({
        "seq": table.seq,
        "mode": table.mode,
        "error": table.board_error,  # an edit's refusal without its op name
        "refusals": table.refusals,
        "bots": [table.bot_seats.get(s) for s in range(len(game.players))],
        "bot_to_move": table.bot_to_move,
        "log": table.log_turns(LOG_LINES),
        "events": table.last_events,
        "last_roll": table.last_roll,
        "notes": table.last_notes,
        "badges": badges(game, policy=policy) if odds is None else odds,
        "choices": options,
        "odds_policy": policy,
        "forecast_air": forecast_air(game),
        "boost": boost_rules(game),  # a Boost game's dice (None: the original game)
        "boost_air": boost_air(game),  # a Boost game: what declaring one now would cost (None: not now)
        "summary": table.summary,
        "reasons": reasons(game),
        "can_undo": table.can_undo,
        "fair_play": table.fair_play,
        "undo_refusal": table.undo_refusal,  # fair play: why Undo is refused now (None: it is not)
        "export_refusal": EXPORT_REFUSED if app_mode else None,
        "results": app_mode,  # the Download results button
        # in edit mode: why Add / Remove a space would be refused (None: allowed), asked of the
        # table itself, so the board offers exactly what it would accept
        "edit_refusals": ({op: table.edit_refusal({"op": op}) for op in ("add_space", "remove_space")}
                          if table.mode == "edit" else None),
    })
    return table.guesses.hide(table, view)  # guess first: people's numbers out until they guess
