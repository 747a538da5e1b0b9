"""Which solver expands which layer of the chain, and why: the one place that says so."""
from __future__ import annotations

from . import four_divers
from .chain import Chain

SMALL_LAYER = 1_000  # states in a layer: about where sorting starts to cost more than the dense solver


def big_layer_solver(chain: Chain, layer_states: int):
    """The solver that takes ``chain`` over from a layer of ``layer_states`` states, or None.

    - Every chain starts in the sorting solver (`small_layers`): a few dozen numpy calls a
      layer whatever its size, which is what most questions need (a few hundred states a
      layer), any number of divers, any trail. None: it keeps the layer.
    - Up to four divers on the game's trail: from the first layer of more than SMALL_LAYER
      states, the dense solver (`four_divers`) takes that layer and every later one (a move
      is a shift in a box of cells, several times cheaper a state than sorting).
    - Five or six divers, or a what-if beyond the trail, are sorted to the end: a dense box
      would be too big (39**6 cells), and the board's budget keeps those chains small
      (`game_odds.exact_budget`).
    """
    if layer_states > SMALL_LAYER and four_divers.takes(chain):
        return four_divers.DenseSolver(chain)
    return None
