"""Plain reference implementations of the odds, for the benchmarks' ratios.

Straightforward memoised dynamic programmes in pure Python, written the way
RULES.md states the rules, with no cleverness: what `deepsea_widget.odds` is
measured against in the same run.
"""
from __future__ import annotations

import sys

DICE = [(2, 1 / 9), (3, 2 / 9), (4, 3 / 9), (5, 2 / 9), (6, 1 / 9)]


def ref_p_home(distance, chips, air, others=0, memo=None):
    """P(home) for one diver, fixed items and fixed others' breathing (memo over (d, air))."""
    if chips + others == 0:
        return 1.0
    if memo is None:
        memo = {}

    def f(d, a):
        key = (d, a)
        if key in memo:
            return memo[key]
        a -= chips
        total = 0.0
        for s, w in DICE:
            m = max(0, s - chips)
            if m >= d:
                total += w
            elif a > 0 and a - others > 0:
                total += w * f(d - m, a - others)
        memo[key] = total
        return total

    return f(distance, air)


def ref_home_tables(max_distance=40, max_chips=8, max_air=25, max_others=24):
    """Every (others, chips, air, distance) entry, sharing one memo per (chips, others)."""
    out = {}
    for k in range(max_others + 1):
        for c in range(max_chips + 1):
            memo = {}
            for a in range(1, max_air + 1):
                for d in range(1, max_distance + 1):
                    out[k, c, a, d] = ref_p_home(d, c, a, k, memo)
    return out


def ref_p_home_all(positions, chips, air, turn):
    """Exact P(home) per seat with skipping: memoised recursion over (positions, air, turn).

    Returns (probabilities, number of memoised states).
    """
    n = len(positions)
    sys.setrecursionlimit(max(10_000, sys.getrecursionlimit()))
    memo = {}

    def move(pos, t, m):
        others = {pos[j] for j in range(n) if j != t and pos[j] > 0}
        x = pos[t]
        while m > 0:
            x -= 1
            if x <= 0:
                return 0
            if x not in others:
                m -= 1
        return x

    def value(pos, a, t):
        key = (pos, a, t)
        if key in memo:
            return memo[key]
        a -= chips[t]
        result = [0.0] * n
        for s, w in DICE:
            x = move(pos, t, max(0, s - chips[t]))
            new = pos[:t] + (x,) + pos[t + 1:]
            if a <= 0 or all(p == 0 for p in new):
                v = [1.0 if p == 0 else 0.0 for p in new]
            else:
                t2 = (t + 1) % n
                while new[t2] == 0:
                    t2 = (t2 + 1) % n
                v = value(new, a, t2)
            for i in range(n):
                result[i] += w * v[i]
        memo[key] = result
        return result

    pos = tuple(positions)
    if all(p == 0 for p in pos):
        return [1.0] * n, 0
    probs = value(pos, air, turn)
    return [1.0 if p == 0 else v for p, v in zip(pos, probs)], len(memo)
