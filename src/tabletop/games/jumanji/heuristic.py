"""A Jumanji heuristic: use the rhino on the opponent closest to the centre.

The rhino is the only decision in Jumanji (J-RHINO-1). This policy puts it ahead
of the opponent with the fewest spaces left to the centre (which also frees our
own pawn if the rhino blocked it), keeps it where it is if it already blocks that
leader, and never blocks its own pawn.
"""

from __future__ import annotations

import random

from tabletop.core.actions import Action
from tabletop.core.state import State
from tabletop.games.jumanji.actions import NO_RHINO, PlaceRhino


def choose(state: State, rng: random.Random) -> Action:
    legal = state.legal_actions()
    info = state.to_dict()
    me = state.current_player()
    left = [centre - at for centre, at in zip(info["centre"], info["pawns"].values(), strict=True)]
    rivals = sorted((left[s], s) for s in range(len(left)) if s != me)
    leader = rivals[0][1]
    if info["rhino"] == leader:
        return NO_RHINO
    for action in legal:
        if isinstance(action, PlaceRhino) and action.seat == leader:
            return action
    return NO_RHINO if NO_RHINO in legal else legal[0]
