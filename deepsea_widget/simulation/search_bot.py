"""The search bot: one step of look-ahead, each choice judged by simulated rollouts.

For every legal action (and, for a roll, each of the nine dice outcomes) it
plays the action on a copy of the game, then lets the numpy batch simulator
play the rest of the dive with every diver (itself included) as the cautious
bot, and scores the action by the points it expects to bring home: its items'
level means (plus, for items picked up later, the mean level of what lies
deeper) times the rollouts in which it gets home. It takes the best action
("rollout policy improvement" over the cautious bot). ``rollouts`` per
evaluated state sets the time per decision (about 0.1 s by default).

In a Boost game (RULES.md, "Boost") a Boost and the choices of dice are among its options: a
roll without a Boost is worth, for each of the eight rolls, its best choice of dice (each
choice simulated); a Boost, the eight rolls moving by all three dice; after rolling, each
choice of dice. Its rollouts then play every diver as the cautious bot (heading back it
boosts by the one-diver rule and keeps the farthest dice).
"""
from __future__ import annotations

import numpy as np

from ..rules import ROLLS, Boost, Drop, Keep, PickUp, Roll
from ..rules import events as ev
from ..bots.odds_bot import OddsPolicy
from ..bots.policy import Policy, must_pick_up
from .batch import MAX_BATCH_TRAIL, DiveState, simulate_batch
from .decision_boost import forced_roll, rolls_of
from .estimate import batch_codes

DICE = list(ROLLS)  # the 9 equally likely rolls


def _items_value(items) -> float:
    return sum(it.expected_value for it in items)


class SearchPolicy(Policy):
    """Look-ahead bot; see the module docstring."""

    name = "search"

    def __init__(self, rollouts=120):
        super().__init__()
        self.rollouts = rollouts
        self._fallback = OddsPolicy()

    def choose(self, view, rng):
        if must_pick_up(view):
            self.explanation = "picked up: it can go no deeper and carries nothing, so staying gains nothing"
            return PickUp()
        if len(view.trail) > MAX_BATCH_TRAIL:  # beyond what its rollouts (the batch simulator) handle
            action = self._fallback.choose(view, rng)
            self.explanation = f"(a trail of {len(view.trail)} spaces is too long to search) " + \
                self._fallback.explanation
            return action
        game = view._game  # copies are played forward; hidden values are never read
        seat = game.current_player
        legal = game.legal_actions()
        if game.phase == "keep":  # choices of dice keeping the same total move alike: one of each
            totals: dict = {}
            for keep in legal:
                totals.setdefault(sum(game.last_roll[i] for i in keep.dice), keep)
            legal = list(totals.values())
        if len(legal) == 1:  # nothing to weigh (a diver heading home rolls; nothing to pick up or drop)
            self.explanation = "its only move"
            return legal[0]
        seed = rng.getrandbits(32)
        scored = [(self._value(game, action, seat, seed), action) for action in legal]
        value, best = max(scored, key=lambda x: x[0])
        me = game.divers[seat]

        def say(action) -> str:
            if isinstance(action, Drop):
                levels = me.carried[action.index].levels
                return f"drop item {action.index + 1} (level {'+'.join(map(str, levels))})"
            if isinstance(action, Keep):
                return f"keep {' + '.join(str(game.last_roll[i]) for i in action.dice)}"
            return {"Roll": "roll on", "TurnBack": "turn back", "PickUp": "pick up", "Stay": "stay",
                    "Boost": "boost"}[type(action).__name__]

        others = ", ".join(f"{say(a)} {v:.1f}" for v, a in scored if a is not best)
        outcomes = len(rolls_of(game.variant))
        self.explanation = (f"chose to {say(best)}: {value:.1f} expected points home"
                            + (f" (vs {others})" if others else "")
                            + f"; simulated where the dive goes on: {self.rollouts} dives a choice (a roll: "
                              f"{self.rollouts} for each of the {outcomes} dice outcomes"
                            + (", and each choice of dice" if game.variant.can_boost else "")
                            + "), every diver then playing like the cautious bot")
        return best

    def _value(self, game, action, seat, seed) -> float:
        """``action``'s expected points home: a roll averaged over the equally likely rolls (in a
        Boost game without a Boost, each roll's best choice of dice), simulated in one batch."""
        if not isinstance(action, (Roll, Boost)):
            return self._values(game, [(action,)], seat, seed)[0]
        rolls = rolls_of(game.variant)  # (the original game's nine)
        first = (Boost(),) if isinstance(action, Boost) else ()
        if first or game.boosted or not game.variant.can_boost:  # every die counts
            return float(np.mean(self._values(game, [first + (forced_roll(game.variant, d),) for d in rolls],
                                              seat, seed)))
        lines, which = [], []  # each roll with each choice of dice (one per total it keeps)
        for r, dice in enumerate(rolls):
            totals = set()
            for pair in game.variant.pairs:
                if sum(dice[i] for i in pair) not in totals:
                    totals.add(sum(dice[i] for i in pair))
                    lines.append((forced_roll(game.variant, dice), Keep(pair)))
                    which.append(r)
        values = self._values(game, lines, seat, seed)
        best = [max(v for v, r in zip(values, which) if r == k) for k in range(len(rolls))]
        return float(np.mean(best))

    def _values(self, game, lines, seat, seed) -> list[float]:
        """The expected points home of each line of actions (a tuple) played now (then everyone
        cautious): the positions that go on are simulated together, ``rollouts`` rows each."""
        values: list = [None] * len(lines)
        going = []  # (index, game after the action, what it holds)
        for i, line in enumerate(lines):
            g = game.copy()
            dive = g.dive
            events = [e for action in line for e in g.apply(action)]
            me = g.divers[seat]
            if g.dive != dive or g.is_over:  # the action ended the dive: banked or lost
                banked = [e for e in events if isinstance(e, ev.Banked) and e.seat == seat]
                values[i] = _items_value(game.divers[seat].carried) if banked else 0.0
            elif me.back:
                values[i] = _items_value(me.carried)
            else:
                going.append((i, g))
        groups: dict = {}
        for i, g in going:  # (a batch shares whose turn it is and its phase)
            groups.setdefault((g.current_player, g.phase), []).append((i, g))
        for members in groups.values():
            first = members[0][1]
            codes = batch_codes(["cautious"] * len(first.players))
            starts = [(DiveState.from_game(g), self.rollouts) for _, g in members]
            res = simulate_batch(starts, codes, self.rollouts * len(members), np.random.default_rng(seed))
            for j, (i, g) in enumerate(members):
                rows = slice(j * self.rollouts, (j + 1) * self.rollouts)
                me = g.divers[seat]
                held = _items_value(me.carried)
                home = res.home[rows, seat]
                extra = res.carried[rows, seat] - len(me.carried)
                deeper = [s for s in g.trail[me.position:] if s is not None]
                per_item = (sum(_items_value([s]) for s in deeper) / len(deeper)) if deeper else 0.0
                values[i] = float(np.mean(home * (held + np.maximum(extra, 0) * per_item)))
        return values
