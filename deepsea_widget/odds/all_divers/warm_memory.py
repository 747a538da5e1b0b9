"""Memory the dense solver (`four_divers`) reuses between its steps, and between questions.

Touching fresh memory costs more there than the arithmetic on it (each new page is a
fault), so a solve works in a `Workspace` of flat arrays, hands each back when done with
it, and the workspace is kept for the next solve (`take_workspace`, `keep_workspace`): a
few tens of MB after a deep question. No buffer has to be clean: each use writes first.
"""
from __future__ import annotations

import math

import numpy as np

_POOL: list = []  # workspaces of finished solves


def take_workspace() -> "Workspace":
    """A workspace kept from an earlier solve, or a new one (the first solve, or several at once)."""
    try:
        return _POOL.pop()
    except IndexError:
        return Workspace()


def keep_workspace(space: "Workspace") -> None:
    """Keep ``space`` for the next solve."""
    _POOL.append(space)


class Workspace:
    """Warm memory for one solve: flat float arrays for groups, and named scratch arrays."""

    def __init__(self):
        self.free: list = []  # flat float arrays for groups, not in use
        self.scratch: dict = {}  # name -> flat array, contents undefined

    def take(self, size: int) -> np.ndarray:
        """A flat float array of at least ``size`` cells (contents undefined)."""
        for i, flat in enumerate(self.free):
            if flat.size >= size:
                return self.free.pop(i)
        return np.zeros(max(size, 1 << 16))

    def give_back(self, flat: np.ndarray) -> None:
        self.free.append(flat)

    def buffer(self, name: str, shape, dtype=np.float64) -> np.ndarray:
        """Scratch of ``shape`` (contents undefined), reusing the flat array kept under ``name``."""
        size = math.prod(shape)
        flat = self.scratch.get(name)
        if flat is None or flat.size < size:
            flat = self.scratch[name] = np.zeros(max(size, 2 * flat.size if flat is not None else 0),
                                                 dtype=dtype)
        return flat[:size].reshape(shape)
