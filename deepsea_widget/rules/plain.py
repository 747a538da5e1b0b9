"""Numpy values as Python's own, at the rules' doors.

A number worked out with numpy (``np.argmax``, a cell of ``home_table``) is an
``np.int64``, not an ``int``; the odds take either, so the rules, bots and
board take either too. JSON (saves, the board's state) holds only Python's
own, so they are turned into those where they come in.
"""
from __future__ import annotations


def plain(value):
    """``value`` with numpy scalars and arrays as Python ints, floats, bools and lists, also
    inside lists, tuples and dicts; anything else as it is."""
    if type(value).__module__ == "numpy":
        if getattr(value, "ndim", None) == 0:
            return value.item()
        if hasattr(value, "tolist"):
            return value.tolist()
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, tuple):
        return tuple(plain(v) for v in value)
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value
