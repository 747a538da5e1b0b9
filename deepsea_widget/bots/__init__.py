"""Bots: policies that play from the public view only, and a registry by name."""
from .policy import Policy, PublicView
from .simple import CautiousPolicy, RandomPolicy


def _odds():
    from .odds_bot import OddsPolicy  # imports the odds layer (numpy) only when asked for
    return OddsPolicy()


def _search():
    from .search_bot import SearchPolicy
    return SearchPolicy()


BOTS = {"random": RandomPolicy, "cautious": CautiousPolicy, "odds": _odds, "search": _search}


def make_policy(spec) -> Policy:
    """A policy from a bot name (see ``BOTS``) or an existing `Policy`."""
    if isinstance(spec, Policy):
        return spec
    if isinstance(spec, str) and spec in BOTS:
        return BOTS[spec]()
    raise ValueError(f"unknown bot {spec!r}; known bots: {', '.join(sorted(BOTS))}")


__all__ = ["BOTS", "CautiousPolicy", "Policy", "PublicView", "RandomPolicy", "make_policy"]
