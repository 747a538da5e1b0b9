"""The rules of Deep Sea Adventure (the original game, and the Boost variant), as RULES.md
states them. Stdlib only.

Where each rule lives: dice.py (the dice), variant.py (the original game's dice or Boost's),
movement.py (how far and where a diver moves, stuck divers), air.py (the air track and
breathing), chips.py (chips and items), actions.py (the actions), turn.py (a turn), boost.py
(a Boost game's declaration and choice of dice), dive_end.py (end of a dive, scores),
position.py (start positions), saves.py (undo, JSON), game.py (`Game`, which ties them up).
"""
from .actions import Action, Boost, Drop, Keep, PickUp, Roll, Stay, TurnBack, action_from_dict
from .air import FULL_AIR, breath
from .chips import LEVEL_MEAN, LEVEL_VALUES, BankedItem, Item
from .dice import DIE_FACES, ROLLS
from .errors import IllegalActionError, SaveError
from .game import Diver, Game
from .movement import distance_home, free_spaces_deeper, is_stuck, move_end, move_points, walk
from .variant import BOOST, CLASSIC, Variant, variant_of

__all__ = ["Action", "BOOST", "BankedItem", "Boost", "CLASSIC", "DIE_FACES", "Diver", "Drop", "FULL_AIR", "Game",
           "IllegalActionError", "Item", "Keep", "LEVEL_MEAN", "LEVEL_VALUES", "PickUp", "ROLLS", "Roll", "SaveError",
           "Stay", "TurnBack", "action_from_dict", "breath", "distance_home", "free_spaces_deeper", "is_stuck",
           "move_end", "move_points", "Variant", "variant_of", "walk"]
