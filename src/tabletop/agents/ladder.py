"""The difficulty ladder: ``beginner``, ``easy``, ``medium``, ``hard``, ``expert``, per game.

Each level is an agent spec chosen per game, meant to win clearly more often than the one
below it (at least 100 Elo); ``benchmarks/calibration/ladder.py`` measures each step, and docs/agents.md
has the figures. A game names its levels in its evaluation part (``LADDER``: a
mapping from level to spec); a game without one gets :data:`DEFAULT_LADDER`, which is not
calibrated.

A level is an agent of its own (``--bots expert``, ``from_spec("hard")``): it learns the
game at its first decision and plays that game's spec from then on. Every level declares
its most expensive decision in :data:`BUDGETS` (the same for every game), so a server can
check a level against its budget before it knows the game; a test checks every game's spec
against it.

>>> from tabletop.agents import from_spec
>>> from_spec("expert").name
'expert'
>>> LEVELS
('beginner', 'easy', 'medium', 'hard', 'expert')
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from tabletop.agents.registry import LEVELS, from_spec
from tabletop.core.actions import Action
from tabletop.core.agent import Agent, Budgeted
from tabletop.core.hooks import LADDER, LADDER_NOTE
from tabletop.core.options import Option
from tabletop.core.registry import GamePackageError, has_part, hook
from tabletop.core.state import State

__all__ = [
    "BEGINNER", "BUDGETS", "DEFAULT_LADDER", "EASY", "EXPERT", "HARD", "LEVELS", "MEDIUM", "SEARCH_LADDER", "Level",
    "LevelAgent", "UnknownLevelError", "ladder", "ladder_note", "level_spec",
]


#: each level's most expensive decision, for every game: (search iterations, seconds), None where unbounded by it
BUDGETS: dict[str, tuple[int | None, float | None]] = {
    "beginner": (None, None),
    "easy": (None, None),
    "medium": (None, None),
    "hard": (2_000, None),
    "expert": (None, 1.5),
}

#: the levels of a game that names none of its own (not calibrated)
DEFAULT_LADDER = {
    "beginner": "random",
    "easy": "heuristic:noise=0.5",
    "medium": "heuristic",
    "hard": "mcts:iterations=600",
    "expert": "mcts:seconds=1.5",
}
#: ... and of a game without a heuristic
SEARCH_LADDER = {
    "beginner": "random",
    "easy": "mcts:iterations=10:rollout=random",
    "medium": "mcts:iterations=50:rollout=random",
    "hard": "mcts:iterations=400",
    "expert": "mcts:seconds=1.5",
}


class UnknownLevelError(ValueError):
    """A level that is not one of :data:`LEVELS`."""


def ladder(game: str) -> dict[str, str]:
    """Each level's agent spec in ``game``."""
    own = hook(game, LADDER)
    if own is None:
        return dict(DEFAULT_LADDER if has_part(game, "heuristic") else SEARCH_LADDER)
    if list(own) != list(LEVELS) or not all(isinstance(spec, str) for spec in own.values()):
        raise GamePackageError(f"the LADDER of {game!r} maps {list(own)} to specs; it must map the levels "
                               f"{', '.join(LEVELS)}, in that order, each to an agent spec")
    return dict(own)


def ladder_note(game: str) -> str | None:
    """What a player should know about ``game``'s levels, if anything (``LADDER_NOTE`` in its evaluation part)."""
    return hook(game, LADDER_NOTE)


def level_spec(game: str, level: str) -> str:
    """The agent spec that plays ``level`` in ``game``."""
    if level not in LEVELS:
        raise UnknownLevelError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    return ladder(game)[level]


class LevelAgent:
    """One level of the ladder: the game's agent for that level, made at the first decision.

    ``iterations`` and ``seconds`` are the level's budget (:data:`BUDGETS`); lowering them
    (as a server does for specs stored under older limits) bounds the agent it plays with.
    """

    def __init__(self, level: str) -> None:
        if level not in LEVELS:
            raise UnknownLevelError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
        self.name = level
        self.level = level
        self.iterations, self.seconds = BUDGETS[level]
        self._agent: Agent | None = None
        self._game = ""
        self._seat = 0

    def reset(self, seat: int) -> None:
        self._seat = seat
        if self._agent is not None:
            self._agent.reset(seat)

    def agent_for(self, game: str) -> Agent:
        """The agent this level plays ``game`` with (within the level's budget)."""
        if self._agent is None or self._game != game:
            agent = from_spec(level_spec(game, self.level))
            agent.reset(self._seat)
            self._agent, self._game = agent, game
        found = self._agent
        if isinstance(found, Budgeted):
            if self.iterations is not None and found.iterations is not None:
                found.iterations = min(found.iterations, self.iterations)
            if self.seconds is not None and found.seconds is not None:
                found.seconds = min(found.seconds, self.seconds)
        return found

    def step(self, state: State, rng: random.Random) -> Action:
        return self.agent_for(state.game.name).step(state, rng)


@dataclass(frozen=True)
class Level:
    """The factory of one level's agent: what the entry points ``beginner`` ... ``expert`` name
    (tabletop's ``pyproject.toml``, group ``tabletop.agents``)."""

    level: str
    #: a level takes no option: the game decides what plays it
    options: ClassVar[tuple[Option, ...]] = ()

    def __call__(self) -> LevelAgent:
        return LevelAgent(self.level)


BEGINNER, EASY, MEDIUM, HARD, EXPERT = (Level(level) for level in LEVELS)
