"""How a Doodle Jump position stands: each seat's chance of winning, and a fast playout policy.

The chances are a :class:`~tabletop.core.evaluation.WinModel` over each Doodler's figures:
its height (rows climbed), the exact chance that a fresh roll takes it a level up (its
reach, from the heuristic's odds tables), that reach again when it stands one level below
the top (a win next turn), its kept tiles by effect, and whether the turn is its own. The
weights in ``data/evaluation.toml`` are fitted to the outcomes of heuristic games
(``benchmarks/calibration/fit_evaluation.py``).

:func:`rollout` is the playout policy of the searches: the heuristic's exact stop rule,
and otherwise the jump up with the fewest dice, without the heuristic's clones.
"""

from __future__ import annotations

import random
from functools import cache

from tabletop.core.actions import Action
from tabletop.core.data import packaged, read_ladder_elo
from tabletop.core.evaluation import WinModel
from tabletop.core.state import State
from tabletop.games.doodle_jump.actions import (
    CONTINUE,
    SPEND_SHIELD,
    START_ROLL,
    STOP,
    Jump,
    LevelMove,
    Shoot,
    TileJump,
)
from tabletop.games.doodle_jump.heuristic import height, reach_up, should_continue, spoils
from tabletop.games.doodle_jump.phases import OVER, USE_ROLL
from tabletop.games.doodle_jump.state import DoodleJumpState

__all__ = ["FEATURES", "LADDER", "LADDER_ELO", "NOBODY_FEATURES", "evaluate", "figures", "rollout"]

#: Each seat's figures, in the order of the weights.
FEATURES = ("height", "height_squared", "reach", "reach_near_top", "flight", "shield", "other_tiles", "to_move")
#: The figures of the whole position: none (someone always wins).
NOBODY_FEATURES: tuple[str, ...] = ()

#: The difficulty levels in this game: agent specs (see tabletop.agents.ladder), calibrated by
#: ``benchmarks/calibration/ladder.py doodle-jump`` so that each level scores at least 100 Elo above the one below
#: (figures in docs/agents.md). The heuristic's noise sets the middle levels; search is the top.
#: ``hard`` is the learned policy (``data/policy.npz``, ``make train``, 14.5 minutes on a quiet 2-core machine):
#: 400 games each, it scores 0.795 against ``medium`` (+235 Elo, +194 to +278), 0.565 against
#: ``heuristic:noise=0.3`` (the ``hard`` before it, +45) and 0.255 against the plain heuristic (-186).
LADDER = {
    "beginner": "random",
    "easy": "heuristic:noise=0.8",
    "medium": "heuristic:noise=0.55",
    "hard": "learned",
    "expert": "mcts:seconds=1.5",
}

#: each level's measured strength in Elo (``data/ladder.toml``, with its provenance)
LADDER_ELO = read_ladder_elo(packaged("tabletop.games.doodle_jump", "data/ladder.toml"))


@cache
def model() -> WinModel:
    """The fitted weights (``data/evaluation.toml``)."""
    return WinModel.load(packaged("tabletop.games.doodle_jump", "data/evaluation.toml"), FEATURES)


def figures(state: State) -> tuple[list[list[float]], list[float]]:
    """Each seat's figures (:data:`FEATURES`), and none of the whole position (someone always wins)."""
    assert isinstance(state, DoodleJumpState)
    r = state.rules
    kinds = len(r.tile_kinds)
    effects = r.tile_effects
    top = r.levels - 1
    rows = []
    for seat in range(r.players):
        climbed = height(state, seat)
        up = reach_up(state, seat)
        flight = shield = other = 0.0
        base = seat * kinds
        for k in range(kinds):
            held = state.cards[base + k]
            if held:
                effect = effects[k]
                if effect == "flight":
                    flight += held
                elif effect == "shield":
                    shield += held
                else:
                    other += held
        near_top = up if climbed == top else 0.0
        rows.append([float(climbed), climbed * climbed / r.levels, up, near_top, flight, shield, other,
                     1.0 if seat == state.seat else 0.0])
    return rows, []


def evaluate(state: State) -> list[float]:
    """Each seat's chance of winning (the winner's is 1 once the game is over)."""
    assert isinstance(state, DoodleJumpState)
    if state.phase == OVER:
        return [1.0 if seat == state.winner else 0.0 for seat in range(state.rules.players)]
    return model().predict(*figures(state))


def rollout(state: State, rng: random.Random) -> Action:
    """A fast policy for playouts: the exact stop rule; else up with the fewest dice, then anything useful."""
    assert isinstance(state, DoodleJumpState)
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if len(legal) == 2 and legal[0] is CONTINUE:
        return CONTINUE if should_continue(state) else STOP
    best = legal[0]
    best_value = -1e9
    rows, level_of = state.rows, state.rules.pad_level
    here = state.pos[state.seat]
    row = rows[level_of[here]] if here >= 0 else -1
    mid_roll = state.phase == USE_ROLL
    for action in legal:
        kind = type(action)
        if kind is Jump:
            assert isinstance(action, Jump)
            value = 10.0 * (rows[level_of[action.pad]] > row) - len(action.dice) - 1.5 * (action.dots > 0)
            if state.board[action.pad] >= 0:
                value += -30.0 if spoils(state, here, action.pad) else 2.0
        elif kind is TileJump:
            assert isinstance(action, TileJump)
            up = rows[level_of[action.pad]] > row
            value = (11.0 if up else -5.0) if action.tile < 0 or not mid_roll else -20.0
        elif kind is Shoot:
            value = 3.0
        elif kind is LevelMove:
            assert isinstance(action, LevelMove)
            value = (1.0 if action.level < 0 else 0.5 * rng.random()) - (20.0 if action.tile >= 0 else 0.0)
        elif action is START_ROLL or action is SPEND_SHIELD:
            value = 0.5
        else:
            value = 0.0
        if value > best_value:
            best, best_value = action, value
    return best
