"""Jumanji in numbers, for learning: its actions as integers and its positions as vectors.

Decisions (the rhino, J-RHINO-1): ``no rhino``, then ``rhino S`` for each seat S.
Chance outcomes: ``roll F`` for each number-die face, ``card C`` for each danger card,
``saved``, ``failed``, then ``first S`` for each seat (R-J8).

The vector (every value in [0, 1]; seats listed from the viewer's on, see
:func:`tabletop.core.encoding.seat_order`): who acts, the phase, each pawn's progress
and the kind of space it stands on, the rhino, the Doomsday Grid, the danger card in
play, the rescuer or Wait roller, and the turn. Nothing in Jumanji is hidden (the draw
pile is the multiset of the cards not seen).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tabletop.core.encoding import number_view, tables_of
from tabletop.core.observation import Viewer
from tabletop.core.state import State
from tabletop.games.jumanji.actions import DRAWS, FAILED, FIRST, NO_RHINO, RHINO, ROLLS, SAVED
from tabletop.games.jumanji.data import CENTRE, Board

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from tabletop.core.game import Game
    from tabletop.games.jumanji.game import JumanjiGame
    from tabletop.games.jumanji.state import JumanjiState

__all__ = ["actions", "chance_outcomes", "encode", "layout"]

PHASES = 10  # SETUP .. LIMIT (state.py)
KINDS = CENTRE + 1  # START, BLANK, WAIT, JUNGLE, RHINO, CENTRE


def actions(game: Game) -> Sequence[str]:
    return [str(NO_RHINO), *(str(RHINO[s]) for s in range(game.num_players))]


def chance_outcomes(game: Game) -> Sequence[str]:
    board = _game(game).board
    return [
        *(str(ROLLS[f]) for f in sorted(set(board.number_faces))),
        *(str(DRAWS[c]) for c in range(len(board.card_numbers))),
        str(SAVED),
        str(FAILED),
        *(str(FIRST[s]) for s in range(game.num_players)),
    ]


def layout(game: Game) -> Sequence[tuple[str, int]]:
    n = game.num_players
    return [
        ("to_move", n),  # the seat acting (at a chance node: the roller or rescuer), one-hot
        ("phase", PHASES),  # one-hot
        ("progress", n),  # each pawn's place / the centre's
        ("space_kind", n * KINDS),  # the kind of space under each pawn, one-hot per seat
        ("rhino", n),  # the seat the rhino blocks, one-hot (none: home base)
        ("grid", 1),  # cards on the Doomsday Grid / its places
        ("card_number", 1),  # the danger card in play: its number / the largest number (0: none)
        ("card_jungle", 1),  # 1 when the card was drawn on a Jungle space
        ("failed", 1),  # 1 when a rescuer has already failed this card
        ("actor", n),  # the rescuer or Wait roller, one-hot
        ("turn", 1),  # turn / turn limit
    ]


class _Tables:
    """What every vector of a board shares: each seat's progress and space kind by place, each card's number."""

    def __init__(self, board: Board) -> None:
        self.board = board
        #: ``progress[seat][place]``: place / the centre's place
        self.progress = [[place / centre for place in range(centre + 1)] for centre in board.centre]
        top = max(board.card_numbers)
        self.card_values = [number / top for number in board.card_numbers]


_TABLES: dict[int, tuple[object, _Tables]] = {}


def _tables(board: Board) -> _Tables:
    return tables_of(_TABLES, board, lambda: _Tables(board))


def encode(state: State, viewer: Viewer, out: NDArray[np.float32]) -> None:
    # Written through a memoryview (a float32 written there is the one NumPy writes, for less than half the
    # cost), with the divisions made once per board: a vector is made at every decision of a learner.
    # tests/rl/test_encoders_frozen.py checks every number against the encoder as it was before.
    s: JumanjiState = state  # type: ignore[assignment]
    game = s.game
    board = game.board
    t = _tables(board)
    v = number_view(out)
    n = s.n
    first = viewer if viewer is not None else 0  # seats from the viewer's on (seat_order, relative_seat)
    roller = s.current_player()
    if roller < 0:
        rolling = s.chance_roller()
        roller = rolling if rolling is not None else -1
    if 0 <= roller < n:
        v[(roller - first) % n] = 1.0
    phase = s.phase
    if 0 <= phase < PHASES:
        v[n + phase] = 1.0
    i = n + PHASES
    pos, kinds, progress = s.pos, board.kinds, t.progress
    for k in range(n):
        seat = (first + k) % n
        place = pos[seat]
        v[i + k] = progress[seat][place]
        v[i + n + k * KINDS + kinds[seat][place]] = 1.0
    i += n + n * KINDS
    rhino = s.rhino
    if 0 <= rhino < n:
        v[i + (rhino - first) % n] = 1.0
    i += n
    v[i] = len(s.grid) / board.grid_places
    if s.card >= 0:
        v[i + 1] = t.card_values[s.card]
    if phase == 2 or phase == 3:  # DRAW, RESCUE: the card's space and the rescue so far (stale in other phases)
        v[i + 2] = float(s.kind)
        v[i + 3] = float(s.failed and phase == 3)
    i += 4
    if phase == 3 or phase == 4:  # RESCUE, WAITING: someone other than the mover rolls
        actor = s.actor
        if 0 <= actor < n:
            v[i + (actor - first) % n] = 1.0
    i += n
    v[i] = min(1.0, s.turn / game.turn_limit)


def _game(game: Game) -> JumanjiGame:
    return game  # type: ignore[return-value]
