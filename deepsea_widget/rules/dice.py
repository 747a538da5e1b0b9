"""The dice of the original game: two dice, faces 1, 2, 3, every roll equally likely.

The one definition of the dice: the engine rolls with `roll_dice`, the odds count
`ROLLS`, the batch simulator draws from them. A dice variant (Boost) starts here.
"""
from __future__ import annotations

from itertools import product

DIE_FACES = (1, 2, 3)
N_DICE = 2
# The equally likely rolls, one face per die (9 of them: (1, 1), (1, 2), ... (3, 3)).
ROLLS = tuple(product(DIE_FACES, repeat=N_DICE))
_N_FACES, _EACH_DIE = len(DIE_FACES), range(N_DICE)


def roll_dice(random) -> tuple:
    """One roll, a face per die; ``random()`` gives a float in [0, 1) (``random.Random.random``),
    one per die, so a seeded generator always rolls the same dice."""
    return tuple([DIE_FACES[int(random() * _N_FACES)] for _ in _EACH_DIE])
