"""Pig in numbers, for learning: its actions as integers and its positions as vectors.

The encoding part of a game (``GameParts(encoding="tabletop_pig.encoding")``) is four functions
(tabletop's docs/adding-a-game.md): every decision's notation (integer ``i`` is the ``i``-th),
every chance outcome's, the vector's named fields, and ``encode``, which writes what a viewer
may see of a position into a vector of zeros. With it Pig is an environment for Gymnasium
(``tabletop/Pig-v0``), PettingZoo and OpenSpiel (``tabletop_pig``).

The vector (every value in [0, 1]; seats listed from the viewer's on, so a policy learnt in one
seat reads every seat alike): the seat to play (one-hot), each seat's score over the goal, the
turn total over the goal (at most 1), whether the seat is deciding (0: the die is about to be
rolled) and the turn (over 1,000, at most 1). Nothing in Pig is hidden.

It imports NumPy for its type hints alone: ``out`` is the array tabletop made, written by index, so
the game's integer actions work without NumPy installed.

>>> import tabletop
>>> game = tabletop.make("pig", players=2, goal=20)
>>> state = game.state_from_text("5,10 1 6 decide 4")
>>> game.encoding.describe().splitlines()[:2]
['    0..1     to_move', '    2..3     score']
>>> game.observer.vector(state, 1).tolist()
[1.0, 0.0, 0.5, 0.25, 0.30000001192092896, 1.0, 0.004000000189989805]
>>> [state.action_to_int(a) for a in state.legal_actions()]
[0, 1]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tabletop.core import Game, State, Viewer
from tabletop.core.encoding import one_hot, relative_seat, seat_order
from tabletop_pig.actions import FACES, HOLD, ROLL
from tabletop_pig.state import DECIDING, WON, PigState

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = ["actions", "chance_outcomes", "encode", "layout"]

#: the turn that counts as 1 in the vector (a longer game reads 1)
TURN_SCALE = 1000


def actions(game: Game) -> Sequence[str]:
    return [str(ROLL), str(HOLD)]


def chance_outcomes(game: Game) -> Sequence[str]:
    return [str(face) for face in FACES]


def layout(game: Game) -> Sequence[tuple[str, int]]:
    n = game.num_players
    return [
        ("to_move", n),  # the seat to play (at a roll: the roller), one-hot; none when the game is won
        ("score", n),  # each seat's score / the goal
        ("turn_total", 1),  # the points at stake this turn / the goal (at most 1)
        ("deciding", 1),  # 1: roll again or hold; 0: the die is about to be rolled
        ("turn", 1),  # the turn / TURN_SCALE (at most 1)
    ]


def encode(state: State, viewer: Viewer, out: NDArray[np.float32]) -> None:
    assert isinstance(state, PigState)
    n = len(state.scores)
    goal = state.game.goal
    if state.next != WON:
        one_hot(out, 0, relative_seat(state.seat, viewer, n), n)
    for k, seat in enumerate(seat_order(viewer, n)):
        out[n + k] = min(1.0, state.scores[seat] / goal)
    out[2 * n] = min(1.0, state.turn_total / goal)
    out[2 * n + 1] = 1.0 if state.next == DECIDING else 0.0
    out[2 * n + 2] = min(1.0, state.turn / TURN_SCALE)
