"""Bots: policies that play from the public view only, and a registry by name (the search
bot, which plans by simulation, joins them in `simulation.registry`). ``odds-noboost`` is the
odds bot blind to the Boost variant (it never boosts): the Boost-aware bot's sparring partner."""
from .policy import Policy, PublicView
from .simple import CautiousPolicy, RandomPolicy


def _odds():
    from .odds_bot import OddsPolicy  # imports the odds layer (numpy) only when asked for
    return OddsPolicy()


def _odds_noboost():
    from .odds_bot import OddsPolicy
    return OddsPolicy(boost=False)


BOTS = {"random": RandomPolicy, "cautious": CautiousPolicy, "odds": _odds, "odds-noboost": _odds_noboost}


def make_policy(spec, bots=None) -> Policy:
    """A policy from a bot name (in ``bots``, by default ``BOTS``) or an existing `Policy`."""
    bots = BOTS if bots is None else bots
    if isinstance(spec, Policy):
        return spec
    if isinstance(spec, str) and spec in bots:
        return bots[spec]()
    raise ValueError(f"unknown bot {spec!r}; known bots: {', '.join(sorted(bots))}")


__all__ = ["BOTS", "CautiousPolicy", "Policy", "PublicView", "RandomPolicy", "make_policy"]
