"""The Wilson score interval: the 95% interval every estimate on screen carries."""
from __future__ import annotations

import math
import numbers
from statistics import NormalDist

import numpy as np

from .checks import as_int


def wilson_interval(p, n, level: float = 0.95):
    """The Wilson score interval (low, high) for a proportion ``p`` seen in ``n`` trials.

    Unlike estimate +- z standard errors, it stays inside [0, 1] and never shrinks
    to a point: when all 4,000 rollouts got home (standard error 0) it is still
    [0.99904, 1]. Its coverage is about the level averaged over p; very near 0 or
    1 it dips (for 95%: to about 84% at p = 0.17/n, where estimate +- 1.96
    standard errors covers about 16%). (Wilson, 1927; the same numbers as
    statsmodels' ``proportion_confint(method="wilson")``.) ``p`` and ``n`` may
    be numpy arrays (a running estimate); plain numbers give two floats.

    ``p``: a real number (or array) in [0, 1]; ``n``: a count, an integer (or
    integer array) of at least 1; ``level``: a real number strictly between 0
    and 1. Bools are refused for all three; a ValueError names the argument.
    """
    if isinstance(level, (bool, np.bool_)) or not isinstance(level, numbers.Real) or not 0 < level < 1:
        raise ValueError(f"level: must be a number strictly between 0 and 1, got {level!r}")
    level = float(level)
    p, n = _proportions(p), _trial_counts(n)
    try:
        np.broadcast(p, n)
    except ValueError:
        raise ValueError(f"p and n: must have the same shape (or one be a single number), got shapes "
                         f"{p.shape} and {n.shape}") from None
    if np.any(n < 1):
        raise ValueError(f"n: the number of trials must be at least 1, got {_shown(n, n < 1)}")
    outside = ~((p >= 0) & (p <= 1))  # (nan is outside too)
    if np.any(outside):
        raise ValueError(f"p: a proportion must be within [0, 1], got {_shown(p, outside)}")
    z = NormalDist().inv_cdf(0.5 + level / 2)
    z2n = z * z / n
    centre = (p + z2n / 2) / (1 + z2n)
    half = z * np.sqrt(p * (1 - p) / n + z2n / (4 * n)) / (1 + z2n)
    # (the interval always holds p: the clamp only removes rounding at p = 0 or 1)
    low = np.clip(np.minimum(p, centre - half), 0.0, 1.0)
    high = np.clip(np.maximum(p, centre + half), 0.0, 1.0)
    if low.ndim == 0:
        return float(low), float(high)
    return low, high


def _proportions(p) -> np.ndarray:
    """`wilson_interval`'s ``p`` as a float array: real numbers only (no bools, strings, complex)."""
    if isinstance(p, numbers.Real) and not isinstance(p, (bool, np.bool_)):
        if not 0 <= p <= 1:  # (before float(): a huge int would overflow; nan fails too)
            raise ValueError(f"p: a proportion must be within [0, 1], got {p!r}")
        return np.asarray(float(p))  # (also a Fraction, which numpy would keep as an object)
    try:
        arr = np.asarray(p)
    except (TypeError, ValueError):  # e.g. a ragged list
        arr = None
    if arr is None or arr.dtype.kind not in "iuf":
        raise ValueError(f"p: must be a real number (or array of them) within [0, 1], got {p!r}")
    return arr.astype(float)


def _trial_counts(n) -> np.ndarray:
    """`wilson_interval`'s ``n`` as a float array: integers only (numpy's too; no bools or floats)."""
    if not isinstance(n, (np.ndarray, list, tuple)):
        count = as_int("n", n)  # refuses bools, floats, strings, None
        try:
            return np.asarray(float(count))
        except OverflowError:
            raise ValueError("n: too large a number of trials") from None
    try:
        arr = np.asarray(n)
    except (TypeError, ValueError):
        arr = None
    if arr is None or arr.dtype.kind not in "iu":
        raise ValueError(f"n: must be an integer number of trials (or array of them), got {n!r}")
    return arr.astype(float)


def _shown(values: np.ndarray, bad: np.ndarray):
    """A bad value for an error message: the number itself, or the first bad one of an array."""
    return f"{values.item():g}" if values.ndim == 0 else f"an array holding {values[bad].flat[0]:g}"
