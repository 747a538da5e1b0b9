"""Every bot by name: the bots layer's (random, cautious, odds) and the search bot, which
plans by simulating rollouts and so lives here."""
from __future__ import annotations

from ..bots import BOTS as _PLAIN
from ..bots import Policy
from ..bots import make_policy as _make


def _search():
    from .search_bot import SearchPolicy  # (it simulates with this package's batch simulator)
    return SearchPolicy()


BOTS = {**_PLAIN, "search": _search}


def make_policy(spec) -> Policy:
    """A policy from a bot name (see ``BOTS``) or an existing `Policy`."""
    return _make(spec, BOTS)
