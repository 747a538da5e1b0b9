"""Another edition's dice in the batch simulator (RULES.md, "Boost"): the rolls, the totals each
choice of dice keeps, and the bots' Boost declarations and choices of dice, on arrays.

Everything comes from the `Variant` (rules/variant.py) and the bots' own rules, in one place:

- `DiceTables`: per equally likely roll (drawn by index, ``variant.rolls``), the total each
  legal choice of dice keeps (``pair_totals``, in the order `Game.legal_actions` lists the
  `Keep` choices), the farthest of them (``best``) and the total after a Boost (``boost``).
- `BoostRule`: the one-diver Boost rule of the cautious and odds bots heading home
  (`bots.boost_play.boosts_home`), a table filled on demand by calling that rule.
- The random bot's roll phase (turn back, Boost, roll, each a uniform choice among the legal
  actions, as `RandomPolicy` makes them) and its choice of dice; the odds bot's choice of dice
  diving (`OddsPolicy._keep_phase`: the dice that land on an item it would pick up, the most
  expected points home, else the farthest); the cautious bot keeps the farthest.

The moves themselves are the original game's (batch_moves.py): only the total differs.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from ..bots.boost_play import boosts_home
from ..rules.air import FULL_AIR
from .batch_bots import ODDS, RANDOM, held_of, others_items, plan
from .batch_moves import MAX_BATCH_TRAIL, MAX_ITEMS, distance, move_ends, move_points_of, no_free_deeper, stuck


@dataclass(frozen=True)
class DiceTables:
    """A variant's rolls as arrays: row r is ``variant.rolls[r]``."""

    variant: object
    pair_totals: np.ndarray  # (rolls, choices): the total each legal choice of dice keeps
    best: np.ndarray  # (rolls,): the largest of them (the farthest move)
    boost: np.ndarray  # (rolls,): every die (after a Boost)
    boost_air: int  # a Boost's extra air (0: no Boost to declare)

    @property
    def n_rolls(self) -> int:
        return len(self.best)

    def index(self, faces) -> np.ndarray:
        """The roll index of each row of ``faces`` (``(..., dice)``, one face per die)."""
        faces = np.asarray(faces)
        out = np.zeros(faces.shape[:-1], np.int64)
        for die, values in enumerate(self.variant.dice):
            pos = np.full(faces.shape[:-1], -1, np.int64)
            for i, f in reversed(list(enumerate(values))):  # (the first index of a repeated face)
                pos[faces[..., die] == f] = i
            if (pos < 0).any():
                raise ValueError(f"dice: die {die} shows a face it does not have ({self.variant.dice_words})")
            out = out * len(values) + pos
        return out


@functools.lru_cache(maxsize=8)
def dice_tables(variant) -> DiceTables:
    rolls = variant.rolls
    totals = np.array([[sum(roll[i] for i in pair) for pair in variant.pairs] for roll in rolls], np.int64)
    tables = DiceTables(variant, totals, totals.max(axis=1), np.array([sum(r) for r in rolls], np.int64),
                        variant.boost_air if variant.can_boost else 0)
    for a in (tables.pair_totals, tables.best, tables.boost):
        a.setflags(write=False)
    return tables


class BoostRule:
    """The one-diver Boost rule as a table ``[others, distance, items, air]`` of 1 (boost), 0 (not)
    or -1 (not asked yet), each cell filled the first time a rollout asks, by calling
    `bots.boost_play.boosts_home` itself: the bots and the batch play one rule."""

    SHAPE = (MAX_ITEMS + 1, MAX_BATCH_TRAIL + 2, MAX_ITEMS + 1, FULL_AIR + 1)

    def __init__(self, variant):
        self.variant = variant
        self.table = np.full(self.SHAPE, -1, np.int8)
        self.flat = self.table.reshape(-1)

    def decide(self, d, c, a, k) -> np.ndarray:
        """Per row: the diver ``d`` from the sub with ``c`` items, ``a`` air at its turn's start and
        others carrying ``k`` boosts now."""
        key = np.ravel_multi_index((k, d, c, a), self.SHAPE)
        got = self.flat[key]
        unknown = got < 0
        if unknown.any():
            for cell in np.unique(key[unknown]):
                kk, dd, cc, aa = (int(x) for x in np.unravel_index(cell, self.SHAPE))
                self.flat[cell] = boosts_home(dd, cc, aa, kk, self.variant)
            got = self.flat[key]
        return got == 1


@functools.lru_cache(maxsize=8)
def boost_rule(variant) -> BoostRule:
    """The variant's `BoostRule`, shared by every batch (its cells stay filled)."""
    return BoostRule(variant)


def declare_boosts(ro, rule: BoostRule, s: int, act, tables: DiceTables) -> None:
    """The cautious and odds bots before rolling: heading home and not boosted yet this turn,
    diver ``s`` boosts by the one-diver rule (where ``act``); a Boost costs its air at once."""
    ask = np.flatnonzero(act & ro.ret[s] & ~ro.boosted)
    if not ask.size:
        return
    p = ro.pos[s][ask]
    d = distance(p, ro.occ[ask] & ~(1 << p))
    k = others_items(ro.car, ro.back, s, ro.D)[ask]
    rows = ask[rule.decide(d, ro.car[s][ask], ro.turn_air[ask], k)]
    ro.boosted[rows] = True
    ro.air[rows] -= tables.boost_air


def random_roll_phase(ro, s: int, act, rng, tables: DiceTables) -> None:
    """`RandomPolicy` before rolling: a uniform choice among the legal actions, again after a
    TurnBack or a Boost ([Roll, TurnBack, Boost], [Roll, TurnBack], [Roll, Boost] or [Roll], in
    `Game.legal_actions`' order), until it rolls."""
    p, c = ro.pos[s], ro.car[s]
    r, boosted = ro.ret[s].copy(), ro.boosted.copy()
    not_stuck = ~stuck(p, r, c, ro.occ, ro.items, ro.L)
    fresh = np.zeros(ro.m, bool)
    todo = act.copy()
    while todo.any():
        can_tb = ~r & (c > 0)
        can_boost = ~boosted & not_stuck if tables.variant.can_boost else np.zeros(ro.m, bool)
        pick = (rng.random(ro.m) * (1 + can_tb + can_boost)).astype(np.int64)
        tb = todo & can_tb & (pick == 1)
        b = todo & can_boost & (pick == 1 + can_tb)
        r, boosted, fresh = r | tb, boosted | b, fresh | b
        todo = tb | b
    ro.ret[s], ro.boosted = r, boosted
    ro.air = ro.air - tables.boost_air * fresh


def draw_rolls(ro, act, rng, dice, tables: DiceTables) -> np.ndarray:
    """Each row's roll index: drawn, or the next of ``dice`` (roll indices) where ``act``."""
    if dice is None:
        return rng.integers(0, tables.n_rolls, ro.m)
    rolls = dice[ro.ids, np.minimum(ro.rolled, dice.shape[1] - 1)]
    ro.rolled = ro.rolled + act
    return rolls


def kept_totals(ro, bots, s: int, roll, rng, tables: DiceTables) -> np.ndarray:
    """The total that counts for diver ``s`` in each row: every die after a Boost, else the
    dice its policy keeps (cautious: the farthest; odds: see `odds_keep`; random: any)."""
    code = bots.codes[s]
    choices = tables.pair_totals.shape[1]
    if code == RANDOM and choices > 1:
        kept = tables.pair_totals[roll, (rng.random(ro.m) * choices).astype(np.int64)]
    else:
        kept = tables.best[roll]
        if code == ODDS and choices > 1:
            diving = np.flatnonzero(~ro.ret[s] & ~ro.boosted)
            if diving.size:
                kept = kept.copy()
                kept[diving] = odds_keep(ro, bots.homes, s, diving, roll[diving], tables)
    return np.where(ro.boosted, tables.boost[roll], kept)


def odds_keep(ro, homes, s: int, rows, roll, tables: DiceTables) -> np.ndarray:
    """`OddsPolicy._keep_phase` diving, in ``rows``: of the choices that land on an item it would
    pick up (its pick-up rule there), the one bringing the most expected points home (a tie: the
    larger total, then the first choice); none: the farthest."""
    p, c = ro.pos[s][rows], ro.car[s][rows]
    others = ro.occ[rows] & ~(1 << p)
    air, k = ro.air[rows], others_items(ro.car, ro.back, s, ro.D)[rows]
    held = held_of(ro.vals[s][rows])
    best_score = np.full(rows.size, -np.inf)
    chosen = tables.best[roll].copy()
    found = np.zeros(rows.size, bool)
    deeper = np.ones(rows.size, bool)
    for j in range(tables.pair_totals.shape[1]):
        total = tables.pair_totals[roll, j]
        end = move_ends(p, move_points_of(total, c), deeper, others, ro.L, ro.D)
        here = (end > 0) & (((ro.items[rows] >> end) & 1) == 1)
        worth = ro.values[rows, end]
        d = distance(end, others)
        p_more = plan(homes, d, c + 1, air, k)
        must = (c == 0) & no_free_deeper(end, others, ro.L)
        wanted = here & (must | ((held + worth) * p_more - held * plan(homes, d, c, air, k) > 0))
        score = (held + worth) * p_more
        better = wanted & (~found | (score > best_score) | ((score == best_score) & (total > chosen)))
        best_score = np.where(better, score, best_score)
        chosen = np.where(better, total, chosen)
        found |= wanted
    return chosen


__all__ = ["BoostRule", "DiceTables", "boost_rule", "declare_boosts", "dice_tables", "draw_rolls",
           "kept_totals", "odds_keep", "random_roll_phase"]
