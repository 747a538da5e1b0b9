"""An independent small model of a Boost game, written from RULES.md ("A turn", "When the air
runs out", "End of a dive", "Stuck divers", "Boost") without the engine's code: it keeps its
own state (chip ids, positions, air, phase...) and plays every action itself. The property
tests play the engine and this model side by side and compare them after every action.

The only thing the model takes from the engine is chance: the faces of a roll it did not force.
"""
from __future__ import annotations

from itertools import combinations

FULL_AIR, STACK, DIVES = 25, 3, 3


class BoostModel:
    def __init__(self, start: dict, dice, keep: int, boost_air: int):
        self.dice, self.keep, self.boost_air = tuple(map(tuple, dice)), keep, boost_air
        self.n = len(start["players"])
        self.values = list(start["values"])
        self.trail = [None if s is None else tuple(s) for s in start["trail"]]
        self.pos = list(start["positions"])
        self.ret = list(start["returning"])
        self.back = [p == 0 and r for p, r in zip(self.pos, self.ret)]
        self.carried = [[tuple(it) for it in items] for items in start["carried"]]
        self.banked = [[tuple(it) for it in items] for items in start["banked"]]
        self.air, self.dive = start["air"], start["dive"]
        self.last_back = start["last_returned"]
        self.current, self.phase, self.boosted, self.roll, self.kept = None, "roll", False, None, None
        self.air_out = False
        self.last_move = self.last_kept = None
        self.start_turn(start["turn"])

    # ----- what the rules allow ------------------------------------------------------
    def occupied(self, but=None) -> set:
        return {p for i, p in enumerate(self.pos) if i != but and p > 0 and not self.back[i]}

    def stuck(self, i) -> bool:
        if self.ret[i] or self.carried[i]:
            return False
        if self.pos[i] > 0 and self.trail[self.pos[i] - 1] is not None:
            return False
        taken = self.occupied(but=i)
        return all(p in taken for p in range(self.pos[i] + 1, len(self.trail) + 1))

    def legal(self) -> set:
        """Legal actions as (type, detail) pairs."""
        if self.phase == "over":
            return set()
        i = self.current
        if self.phase == "roll":
            out = {("roll", None)}
            if not self.ret[i] and self.carried[i]:
                out.add(("turn_back", None))
            if not self.boosted and not self.stuck(i):
                out.add(("boost", None))
            return out
        if self.phase == "keep":
            return {("keep", pair) for pair in combinations(range(len(self.dice)), self.keep)}
        if self.trail[self.pos[i] - 1] is not None:
            return {("stay", None), ("pick_up", None)}
        return {("stay", None)} | {("drop", k) for k in range(len(self.carried[i]))}

    # ----- playing ---------------------------------------------------------------
    def act(self, kind: str, detail, faces=None) -> None:
        """Play one action: ``detail`` is a Keep's dice or a Drop's index; ``faces`` the roll."""
        assert (kind, detail) in self.legal() or (kind == "roll" and ("roll", None) in self.legal())
        i = self.current
        if kind == "turn_back":
            self.ret[i] = True
        elif kind == "boost":
            self.boosted = True
            self.air -= self.boost_air
            self.air_out = self.air_out or self.air <= 0
        elif kind == "roll":
            assert len(faces) == len(self.dice) and all(f in d for f, d in zip(faces, self.dice))
            self.roll, self.kept = tuple(faces), None
            if self.boosted:
                self.move(tuple(range(len(faces))))
            else:
                self.phase = "keep"
        elif kind == "keep":
            self.move(detail)
        else:
            here = self.pos[i] - 1
            if kind == "pick_up":
                self.carried[i].append(self.trail[here])
                self.trail[here] = None
            elif kind == "drop":
                self.trail[here] = self.carried[i].pop(detail)
            self.end_turn()

    def move(self, kept) -> None:
        i = self.current
        self.kept = self.last_kept = tuple(kept)
        steps = max(0, sum(self.roll[k] for k in kept) - len(self.carried[i]))
        self.last_move = steps
        taken = self.occupied(but=i)
        p = self.pos[i]
        if self.ret[i]:
            while steps and p > 0:
                p -= 1
                if p == 0 or p not in taken:
                    steps -= 1
        else:
            end = p
            while steps and p < len(self.trail):
                p += 1
                if p not in taken:
                    steps -= 1
                    end = p
            p = end
        self.pos[i] = p
        if p > 0:
            self.phase = "treasure"
            return
        if self.ret[i]:
            self.back[i] = True
            self.last_back = i
        self.end_turn()

    def start_turn(self, seat) -> None:
        in_water = [i for i in range(self.n) if not self.back[i]]
        if all(self.stuck(i) for i in in_water):
            self.end_dive()
            return
        self.current, self.phase, self.boosted = seat, "roll", False
        self.air -= len(self.carried[seat])
        self.air_out = self.air <= 0

    def end_turn(self) -> None:
        if self.air_out or all(self.back):
            self.end_dive()
            return
        seat = next((self.current + k) % self.n for k in range(1, self.n + 1)
                    if not self.back[(self.current + k) % self.n])
        self.start_turn(seat)

    def end_dive(self) -> None:
        for i in range(self.n):
            if self.back[i]:
                self.banked[i] += self.carried[i]
        stranded = sorted((i for i in range(self.n) if not self.back[i] and self.pos[i] > 0), key=lambda i: self.pos[i])
        lost = [c for i in stranded for item in self.carried[i] for c in item]
        self.trail = [s for s in self.trail if s is not None] + [tuple(lost[k:k + STACK])
                                                                for k in range(0, len(lost), STACK)]
        if stranded:
            first = stranded[-1]
        elif self.last_back is not None:
            first = self.last_back
        else:
            first = self.current if self.current is not None else 0
        self.pos, self.ret, self.back = [0] * self.n, [False] * self.n, [False] * self.n
        self.carried = [[] for _ in range(self.n)]
        self.last_back, self.roll, self.kept, self.boosted, self.air_out = None, None, None, False, False
        if self.dive == DIVES:
            self.phase, self.current = "over", None
            return
        self.dive += 1
        self.air = FULL_AIR
        self.start_turn(first)

    # ----- what the engine should show ---------------------------------------------
    def scores(self) -> list:
        return [sum(self.values[c] for item in items for c in item) for items in self.banked]

    def state(self) -> dict:
        return {"dive": self.dive, "air": self.air, "phase": self.phase, "current": self.current,
                "positions": self.pos, "returning": self.ret, "back": self.back,
                "trail": self.trail, "carried": self.carried, "banked": self.banked, "scores": self.scores(),
                "boosted": self.boosted, "roll": self.roll, "kept": self.kept}


def engine_state(g) -> dict:
    """The same facts read from an engine `Game` (chip ids: private, a test may look)."""
    return {"dive": g.dive, "air": g.air, "phase": g.phase, "current": g.current_player,
            "positions": [d.position for d in g.divers], "returning": [d.returning for d in g.divers],
            "back": [d.back for d in g.divers],
            "trail": [None if s is None else s._chips for s in g.trail],
            "carried": [[it._chips for it in d.carried] for d in g.divers],
            "banked": [[it._chips for it in d.banked] for d in g.divers], "scores": g.scores(),
            "boosted": g.boosted, "roll": g.last_roll, "kept": g.kept}


def as_pairs(actions) -> set:
    """Engine actions as the model's (type, detail) pairs."""
    out = set()
    for a in actions:
        d = a.to_dict()
        out.add((d["type"], tuple(d["dice"]) if d["type"] == "keep" else d.get("index")))
    return out
