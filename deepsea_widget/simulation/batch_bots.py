"""The bots' decisions on arrays, for the batch simulator: the cautious, random and odds bots.

Each vectorised rule is built from, or follows line by line, the bot's own rule in
`deepsea_widget.bots` (the cautious bot's two rules are tabulated by calling them; the odds
bot's plan is `single_diver.home_table`). tests/simulation/test_batch_*.py prove the batch
equal to the engine played by the bots themselves.
"""
from __future__ import annotations

import functools

import numpy as np

from ..bots.simple import cautious_picks_up, cautious_turns_back
from ..odds.single_diver import home_table
from ..rules.air import FULL_AIR
from ..rules.variant import CLASSIC
from .batch_moves import MAX_ITEMS, ROLL_TOTALS, move_points_of

CAUTIOUS, RANDOM, ODDS = 0, 1, 2
POLICY_CODES = {"cautious": CAUTIOUS, "random": RANDOM, "odds": ODDS}

# A turn starts with air >= 1 and a diver breathes at most MAX_ITEMS, so air after
# breathing is >= 1 - MAX_ITEMS.
AIR_MIN = 1 - MAX_ITEMS
AIR_MAX = FULL_AIR


@functools.lru_cache(maxsize=4)
def cautious_tables(max_position: int):
    """The cautious bot's two rules as lookup tables, built by calling the rules themselves.

    Every possible input is tabulated once (``bots.simple.cautious_turns_back``
    and ``cautious_picks_up`` are the one definition), so the batch simulator
    decides exactly as `CautiousPolicy` does. Returns flat tables and the index
    strides: turn_back[((returning * C + carried) * A + air - AIR_MIN) * P + position],
    pick_up[returning * C + carried].
    """
    ret = np.array([False, True], dtype=object)[:, None, None, None]
    car = np.arange(MAX_ITEMS + 1).astype(object)[None, :, None, None]
    air = np.arange(AIR_MIN, AIR_MAX + 1).astype(object)[None, None, :, None]
    pos = np.arange(max_position + 1).astype(object)[None, None, None, :]
    turn_back = np.frompyfunc(cautious_turns_back, 4, 1)(ret, car, air, pos).astype(bool)
    pick_up = np.frompyfunc(cautious_picks_up, 2, 1)(ret[:, :, 0, 0], car[:, :, 0, 0]).astype(bool)
    # A rule that ever chose an illegal action would make the engine raise; keep the table honest.
    legal_turn = ~np.array([False, True])[:, None, None, None] & (np.arange(MAX_ITEMS + 1) > 0)[None, :, None, None]
    if (turn_back & ~legal_turn).any():
        raise AssertionError("cautious_turns_back chose to turn back where the rules forbid it")
    turn_back.setflags(write=False)
    pick_up.setflags(write=False)
    strides = (MAX_ITEMS + 1, AIR_MAX - AIR_MIN + 1, max_position + 1)
    return turn_back.ravel(), pick_up.ravel(), strides


@functools.lru_cache(maxsize=4)
def home_tables(max_distance: int, variant=CLASSIC) -> np.ndarray:
    """`p_home` for every (others' items, distance, items, air) the odds bot asks about, as
    ``table[k, d, c, a]`` (air 0 or less: 0.0), equal to `single_diver.p_home` value for value
    (``variant``: the game's dice; a Boost game's odds boost by the best rule, as the bot's)."""
    # (from 6 items on nobody moves in the original game, from the largest total on in a variant:
    # more rows would all be 0)
    chips = 8 if variant is CLASSIC else max(8, max(variant.best_total(r, True) for r in variant.rolls))
    out = np.zeros((MAX_ITEMS + 1, max_distance + 1, chips + 1, AIR_MAX + 1))
    for k in range(MAX_ITEMS + 1):
        if variant is CLASSIC:
            t = home_table(max_distance, max_chips=chips, max_air=AIR_MAX, others=k)  # [c, a, d]
        else:
            t = home_table(max_distance, max_chips=chips, max_air=AIR_MAX, others=k, variant=variant)
        out[k] = np.nan_to_num(t.transpose(2, 0, 1), nan=0.0)
    out[:, :, :, 0] = 0.0
    out.setflags(write=False)
    return out


def can_turn_back(returning, carried):
    """Roll phase: TurnBack is legal (besides Roll) — going deeper and carrying something."""
    return ~np.asarray(returning, dtype=bool) & (np.asarray(carried) > 0)


def treasure_choices(here, carried):
    """Treasure phase: how many legal actions (Stay, PickUp) or (Stay, Drop 0..c-1)."""
    return np.where(here, 2, 1 + np.asarray(carried))


def others_items(car, back, s, D):
    """What the divers other than ``s`` still in the water carry (`odds_bot.others_breath`)."""
    k = np.zeros_like(car[s])
    for d in range(D):
        if d != s:
            k = k + car[d] * ~back[d]
    return k


def plan(homes, d, c, air, k):
    """`OddsPolicy._p_plan`: P(home) from distance ``d`` with ``c`` items, heading back from the
    next turn on (after the others breathed ``k``); 0 when no air is left for that turn."""
    nxt = air - k
    p = homes[np.minimum(k, homes.shape[0] - 1), np.minimum(d, homes.shape[1] - 1),
              np.minimum(c, homes.shape[2] - 1), np.clip(nxt, 0, AIR_MAX)]
    return np.where((air > 0) & (nxt > 0), p, 0.0)


def later(homes, d_now, c, air, k, room, totals=ROLL_TOTALS):
    """`OddsPolicy.p_one_more_move`: P(home) after one more move deeper (at most ``room`` free
    spaces) and turning back next turn, averaged over the equally likely rolls in the bot's order
    (``totals``: each roll's total, the farthest dice kept in a variant: `odds_bot.roll_totals`)."""
    total = np.zeros(d_now.shape)
    for dice in totals:
        total = total + plan(homes, d_now + np.minimum(move_points_of(dice, c), np.maximum(room, 0)), c, air, k)
    return np.where(air > 0, total / len(totals), 0.0)


def held_of(vals) -> np.ndarray:
    """Per row, the expected value of the items carried (sums of level means: exact in floats)."""
    return np.where(np.isfinite(vals), vals, 0.0).sum(axis=1)
