"""How a Jumanji position stands: each seat's chance of winning, and the jungle's.

The chances are a :class:`~tabletop.core.evaluation.WinModel` over each pawn's figures (the
share of its path still ahead, whether the rhino blocks it, whether the turn is its own) and,
for "nobody wins" (the Doomsday Grid fills, R-J10), over the grid: how full it is. The
weights in ``data/evaluation.toml`` are fitted to the outcomes of games
(``benchmarks/calibration/fit_evaluation.py``).

The game's one decision, the rhino (J-RHINO-1), is fast to play in playouts by the
heuristic itself, so there is no separate playout policy: :func:`rollout` is the heuristic.
"""

from __future__ import annotations

from functools import cache

from tabletop.core.data import packaged
from tabletop.core.evaluation import WinModel
from tabletop.core.i18n import N_
from tabletop.core.state import State
from tabletop.games.jumanji.heuristic import choose as rollout
from tabletop.games.jumanji.state import JumanjiState

__all__ = ["FEATURES", "LADDER", "LADDER_NOTE", "NOBODY_FEATURES", "evaluate", "figures", "rollout"]

#: Each seat's figures, in the order of the weights.
FEATURES = ("path_left", "blocked", "to_move")
#: The figures of "nobody wins".
NOBODY_FEATURES = ("constant", "grid_filled")

#: The difficulty levels in this game: agent specs (see tabletop.agents.ladder).
LADDER = {
    "beginner": "random",
    "easy": "heuristic:noise=0.5",
    "medium": "heuristic",
    "hard": "mcts:iterations=600",
    "expert": "mcts:seconds=1.5",
}
#: ... and what a player should know about them (the lobby shows it): the rhino is the only
#: decision, worth a few points of win rate at most (docs/agents.md).
LADDER_NOTE = N_("In Jumanji the bots differ little: the dice decide almost everything, and the only "
                  "choice in the game is where the rhino goes.")


@cache
def model() -> WinModel:
    """The fitted weights (``data/evaluation.toml``)."""
    return WinModel.load(packaged("tabletop.games.jumanji", "data/evaluation.toml"), FEATURES, NOBODY_FEATURES)


def figures(state: State) -> tuple[list[list[float]], list[float]]:
    """Each seat's figures (:data:`FEATURES`) and those of nobody winning (:data:`NOBODY_FEATURES`)."""
    assert isinstance(state, JumanjiState)
    board = state.game.board
    centre = board.centre
    seats = [
        [(centre[s] - state.pos[s]) / centre[s], 1.0 if state.rhino == s else 0.0, 1.0 if s == state.cur else 0.0]
        for s in range(state.n)
    ]
    return seats, [1.0, len(state.grid) / board.grid_places]


def evaluate(state: State) -> list[float]:
    """Each seat's chance of winning (the winner's is 1 once the game is over; nobody's when the jungle won)."""
    assert isinstance(state, JumanjiState)
    if state.is_terminal():
        return [1.0 if s in state.winners() else 0.0 for s in range(state.n)]
    return model().predict(*figures(state))
