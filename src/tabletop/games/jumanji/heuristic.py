"""A Jumanji heuristic: use the rhino on the opponent closest to the centre.

The rhino is the only decision in Jumanji (J-RHINO-1). This policy puts it ahead
of the opponent with the fewest spaces left to the centre (which also frees our
own pawn if the rhino blocked it), keeps it where it is if it already blocks that
leader, and never blocks its own pawn. It reads the pawns' places directly (no
notation), so it is cheap enough for playouts.
"""

from __future__ import annotations

import random

from tabletop.core.actions import Action
from tabletop.core.state import State
from tabletop.games.jumanji.actions import NO_RHINO, PlaceRhino
from tabletop.games.jumanji.state import JumanjiState


def choose(state: State, rng: random.Random) -> Action:
    assert isinstance(state, JumanjiState)
    legal = state.legal_actions()
    me = state.current_player()
    centre, pos = state.game.board.centre, state.pos
    leader = min((centre[s] - pos[s], s) for s in range(state.n) if s != me)[1]
    if state.rhino == leader:
        return NO_RHINO
    for action in legal:
        if isinstance(action, PlaceRhino) and action.seat == leader:
            return action
    return NO_RHINO if NO_RHINO in legal else legal[0]
