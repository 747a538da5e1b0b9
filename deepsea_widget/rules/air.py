"""The air rule: the shared air track is full at the start of every dive, and each diver
breathes at the start of its own turn, one air per item it carries (a stack is one item).

The engine breathes with `breath`; the odds and the batch simulator take their air from it.
"""
from __future__ import annotations

FULL_AIR = 25  # the air track at the start of every dive


def breath(items: int) -> int:
    """The air a diver carrying ``items`` items breathes at the start of its turn."""
    return items
