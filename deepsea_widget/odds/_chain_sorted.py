"""The exact chain for small layers: a state is one int64 code, a layer is merged by one sort.

Most questions a game asks have small layers (a few hundred states), where the
fixed cost of each numpy call matters more than the cost per state. So here a
state is one integer (the divers' positions packed side by side), a layer's
duplicates are merged by one sort, and all rolls of all its states are expanded
at once, in about 40 numpy calls per layer. For up to four divers on the trail,
the first layer with more than LAYER_LIMIT states, and everything still queued,
is handed over to `_chain_dense`, which finishes the chain; other chains are
sorted to the end.
"""
from __future__ import annotations

import numpy as np

from . import _chain_dense
from ._chain_tables import Chain, jump_table

# states in a layer: about where sorting starts to cost more than the dense solver (measured)
LAYER_LIMIT = 1_000


def solve(chain: Chain, air: int, turn: int) -> None:
    """Expand the whole chain from its start (``turn`` to move, ``air`` before it breathes)."""
    n, full, carrying, chips = chain.n, chain.full, chain.carrying, chain.chips
    next_seat, far, gap_bit = chain.next_list, chain.far, chain.gap_bit
    width = far.bit_length()
    low = (1 << width) - 1
    shifts = [width * j for j in range(n)]
    table = jump_table()
    rolls = [(np.ascontiguousarray(table[:, [m for m, _ in moves]]), np.array([w for _, w in moves]))
             for moves in chain.moves]  # per diver: spaces covered per roll given what is taken; P(roll)
    home_mass = chain.home_mass
    start = np.array([sum(p << s for p, s in zip(chain.start, shifts))], dtype=np.int64)
    pending = {chain.key(air, turn, full): [(start, np.ones(1))]}
    dense = _chain_dense.applies(chain)

    def decode(codes):
        return tuple((codes >> s) & low for s in shifts)

    while pending:
        key = max(pending)
        codes, mass = _merge(pending.pop(key))
        if dense and codes.size > LAYER_LIMIT:  # big layers: the dense solver takes over from here
            big = _chain_dense.DenseSolver(chain)
            big.add_states(key, decode(codes), mass)
            for later, batches in pending.items():
                codes, mass = _merge(batches)
                big.add_states(later, decode(codes), mass)
            big.run()
            return
        chain.count(codes.size)
        chain.layers += 1
        layer_air, _, t = key
        pos = decode(codes)
        p = pos[t]
        occupied = np.zeros(codes.size, dtype=np.int64)  # bit g-1: space p - g is taken
        in_water = np.full(codes.size, 1 << t, dtype=np.int64)
        for j in range(n):
            if j != t:
                occupied |= gap_bit.take(p - pos[j] + far)
                in_water |= (pos[j] > 0).astype(np.int64) << j
        covered_by_roll, probs = rolls[t]
        covered = covered_by_roll.take(occupied, axis=0)  # (states, rolls)
        home = covered >= p[:, None]
        if home.any():
            covered = np.where(home, p[:, None], covered)
        new_codes = (codes[:, None] - (covered << shifts[t])).ravel()
        new_mass = (mass[:, None] * probs).ravel()
        now_in = (in_water[:, None] - (home.astype(np.int64) << t)).ravel()
        air_next = layer_air - chips[t]
        if air_next <= 0:  # the dive ends after this move: whoever is home now stays home
            home_mass += np.bincount(full ^ now_in, weights=new_mass, minlength=full + 1)
            continue
        present = np.flatnonzero(np.bincount(now_in, minlength=full + 1)).tolist()
        for s in present:
            if len(present) == 1:
                c, m = new_codes, new_mass
            else:
                sel = now_in == s
                c, m = new_codes[sel], new_mass[sel]
            if not s & carrying:  # only empty-handed divers left: they all get home
                home_mass[full] += m.sum()
                continue
            pending.setdefault(chain.key(air_next, next_seat[t][s], s), []).append((c, m))


def _merge(batches) -> tuple[np.ndarray, np.ndarray]:
    """One array of distinct codes (sorted) and their total probability."""
    codes = batches[0][0] if len(batches) == 1 else np.concatenate([b[0] for b in batches])
    mass = batches[0][1] if len(batches) == 1 else np.concatenate([b[1] for b in batches])
    if codes.size > 1:  # sort, then add up each run of equal codes
        order = codes.argsort()
        codes = codes.take(order)
        starts = np.flatnonzero(np.concatenate(([True], codes[1:] != codes[:-1])))
        codes = codes.take(starts)
        mass = np.add.reduceat(mass.take(order), starts)
    return codes, mass

