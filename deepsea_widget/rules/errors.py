"""Errors raised by the rules engine."""


class IllegalActionError(ValueError):
    """An action that the rules do not allow in the current state.

    The message names the rule that was broken; the game is left unchanged.
    """
