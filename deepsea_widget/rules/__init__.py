"""The rules of Deep Sea Adventure (original game), as RULES.md states them. Stdlib only."""
from .actions import Action, Drop, PickUp, Roll, Stay, TurnBack, action_from_dict
from .chips import LEVEL_MEAN, LEVEL_VALUES, BankedItem, Item
from .errors import IllegalActionError, SaveError
from .game import Diver, Game

__all__ = ["Action", "BankedItem", "Diver", "Drop", "Game", "IllegalActionError", "Item",
           "LEVEL_MEAN", "LEVEL_VALUES", "PickUp", "Roll", "SaveError", "Stay", "TurnBack", "action_from_dict"]
