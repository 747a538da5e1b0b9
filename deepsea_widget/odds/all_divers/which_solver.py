"""Which solver expands which layer of the chain, and why: the one place that says so."""
from __future__ import annotations

from . import five_or_six_divers, four_divers
from .chain import Chain

SMALL_LAYER = 1_000  # states in a layer: about where sorting starts to cost more than the dense solver
SMALL_BOX_LAYER = 20_000  # the same for the box solver (five or six divers)


def big_layer_solver(chain: Chain, layer_states: int):
    """The solver that takes ``chain`` over from a layer of ``layer_states`` states, or None.

    - Every chain starts in the sorting solver (`small_layers`): a few dozen numpy calls a
      layer whatever its size, which is what most questions need (a few hundred states a
      layer), any number of divers, any trail. None: it keeps the layer.
    - Up to four divers on the game's trail: from the first layer of more than SMALL_LAYER
      states, the dense solver (`four_divers`) takes that layer and every later one (a move
      is a shift in a box of cells, several times cheaper a state than sorting).
    - Five or six divers: from the first layer of more than SMALL_BOX_LAYER states, the box
      solver (`five_or_six_divers`: a box over the divers' ranges only, as a box of every
      cell would be too big, 45**6). It pays on big chains asked directly (several times
      faster than sorting); within the board's budget (`game_odds.exact_budget`) both cost the same.
    - A what-if beyond the trail with up to four divers is sorted to the end.
    - A variant other than the original game (Boost: moves up to 8, two kinds of turn, each
      diver's chosen by its rule, `variant_turns`) goes dense as the original game does: in a
      group of the dense solver the others' items in the water are fixed, so the rule splits
      the mover's rows only (`four_divers_turns`), and one or two divers left are looked up in
      the variant's own tables. Not its first layer when a Boost is declared already (sorted,
      then dense from the next). Five or six divers in a variant's chain are sorted to the end
      (the box solver plays the original dice only).
    """
    if layer_states > SMALL_LAYER and four_divers.takes(chain):
        return four_divers.DenseSolver(chain)
    if layer_states > SMALL_BOX_LAYER and chain.turns is None and five_or_six_divers.takes(chain):
        return five_or_six_divers.BoxSolver(chain)
    return None
