# FROZEN: src/tabletop/games/jumanji/encoding.py verbatim as it was at main d573c0b, the reference the faster
# encoder is checked against (tests/rl/test_encoders_frozen.py). Never edit it to make a test pass.
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

from tabletop.core.encoding import one_hot, relative_seat, seat_order
from tabletop.core.observation import Viewer
from tabletop.core.state import State
from tabletop.games.jumanji.actions import DRAWS, FAILED, FIRST, NO_RHINO, RHINO, ROLLS, SAVED
from tabletop.games.jumanji.data import CENTRE

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


def encode(state: State, viewer: Viewer, out: NDArray[np.float32]) -> None:
    s: JumanjiState = state  # type: ignore[assignment]
    game = s.game
    board = game.board
    n = s.n
    order = seat_order(viewer, n)
    i = 0
    roller = s.current_player() if s.current_player() >= 0 else s.chance_roller()
    one_hot(out, i, relative_seat(roller if roller is not None else -1, viewer, n), n)
    i += n
    one_hot(out, i, s.phase, PHASES)
    i += PHASES
    for k, seat in enumerate(order):
        out[i + k] = s.pos[seat] / board.centre[seat]
        out[i + n + k * KINDS + board.kinds[seat][s.pos[seat]]] = 1.0
    i += n + n * KINDS
    one_hot(out, i, relative_seat(s.rhino, viewer, n), n)
    i += n
    out[i] = len(s.grid) / board.grid_places
    if s.card >= 0:
        out[i + 1] = board.card_numbers[s.card] / max(board.card_numbers)
    if s.phase in (2, 3):  # DRAW, RESCUE: the card's space and the rescue so far (stale in other phases)
        out[i + 2] = float(s.kind)
        out[i + 3] = float(s.failed and s.phase == 3)
    i += 4
    if s.phase in (3, 4):  # RESCUE, WAITING: someone other than the mover rolls
        one_hot(out, i, relative_seat(s.actor, viewer, n), n)
    i += n
    out[i] = min(1.0, s.turn / game.turn_limit)


def _game(game: Game) -> JumanjiGame:
    return game  # type: ignore[return-value]
