"""Numpy values as Python's own, at the rules' doors; and values no rule can take refused there.

A number worked out with numpy (``np.argmax``, a cell of ``home_table``) is an
``np.int64``, not an ``int``; the odds take either, so the rules, bots and
board take either too. JSON (saves, the board's state) holds only Python's
own, so they are turned into those where they come in.

Two kinds of value are refused at the same doors, with a ValueError naming
where: an int of MAX_DIGITS digits or more (Python cannot even print one of
over 4,300 digits, so a later message quoting it would fail with a message
about string conversion instead), and lists or dicts nested more than
MAX_DEPTH deep (which would end in a RecursionError, or never, for a list that
holds itself).
"""
from __future__ import annotations

MAX_DIGITS = 100  # no seat, space, level, count or seed comes near a number this long
MAX_DEPTH = 50  # levels of lists, tuples and dicts (a what-if's trail has 3)
_HUGE = 10 ** MAX_DIGITS
TOO_LONG = f"a number of {MAX_DIGITS} digits or more; nothing in the game comes near that"


def is_huge(value) -> bool:
    """Whether ``value`` is an int (not a bool) of MAX_DIGITS digits or more."""
    return isinstance(value, int) and not isinstance(value, bool) and not -_HUGE < value < _HUGE


class _Refused(Exception):
    def __init__(self, why: str):
        self.why, self.path = why, []


def plain(value, name: str | None = None):
    """``value`` with numpy scalars and arrays as Python ints, floats, bools and lists, also
    inside lists, tuples and dicts; anything else as it is.

    ValueError, naming ``name`` (or, for a dict, its key) and where inside, for an int of
    MAX_DIGITS digits or more, or lists or dicts nested more than MAX_DEPTH deep."""
    try:
        return _plain(value, 0)
    except _Refused as exc:
        path = exc.path[::-1]
        if name is None and path and isinstance(path[0], str):
            name, path = path[0], path[1:]
        inside = "".join(f"[{shown(p)}]" for p in path[:4])
        where = (name or "value") + inside + ("[…]" if len(path) > 4 else "")
        raise ValueError(f"{where}: {exc.why}") from None


def _plain(value, depth: int):
    if type(value) is int and -_HUGE < value < _HUGE:  # (the common case first)
        return value
    if type(value).__module__ == "numpy":
        if getattr(value, "ndim", None) == 0:
            value = value.item()
        elif hasattr(value, "tolist"):
            value = value.tolist()  # (an array of Python objects may hold anything: checked below)
    if isinstance(value, (list, tuple, dict)):
        if depth >= MAX_DEPTH:
            raise _Refused(f"lists or dicts nested more than {MAX_DEPTH} deep; nothing in the game takes that")
        items = value.items() if isinstance(value, dict) else enumerate(value)
        out = []
        for key, v in items:
            try:
                out.append(_plain(v, depth + 1))
            except _Refused as exc:
                exc.path.append(key)
                raise
        if isinstance(value, dict):
            return dict(zip(value.keys(), out))
        return out if isinstance(value, list) else tuple(out)
    if is_huge(value):
        raise _Refused(TOO_LONG)
    return value


def shown(value) -> str:
    """``repr(value)`` for a message, but an int of MAX_DIGITS digits or more as words (also
    one in a list or tuple: a quoted action's dice)."""
    if is_huge(value):
        return f"a number of {MAX_DIGITS} digits or more"
    if isinstance(value, (list, tuple)) and any(map(is_huge, value)):
        inner = ", ".join(map(shown, value))
        return f"[{inner}]" if isinstance(value, list) else f"({inner}{',' if len(value) == 1 else ''})"
    return repr(value)
