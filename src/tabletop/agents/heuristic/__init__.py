"""Hand-written heuristic policies, one module per game.

:class:`HeuristicAgent` dispatches on the game's name to that game's
``choose(state, rng) -> Action`` function.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from types import ModuleType

from tabletop.core.actions import Action
from tabletop.core.errors import TabletopError
from tabletop.core.state import State

POLICIES = {
    "jumanji": "tabletop.agents.heuristic.jumanji",
    "doodle-jump": "tabletop.agents.heuristic.doodle_jump",
    "donkey-kong": "tabletop.agents.heuristic.donkey_kong",
}


def _policy(game: str) -> Callable[[State, random.Random], Action]:
    path = POLICIES.get(game)
    module: ModuleType | None = None
    if path is not None:
        try:
            module = importlib.import_module(path)
        except ModuleNotFoundError:
            module = None
    if module is None:
        raise TabletopError(f"there is no heuristic agent for {game!r}; heuristics exist for: {', '.join(POLICIES)}")
    choose: Callable[[State, random.Random], Action] = module.choose
    return choose


class HeuristicAgent:
    """The game's hand-written policy (see each module's docstring)."""

    name = "heuristic"

    def __init__(self) -> None:
        self._choose: Callable[[State, random.Random], Action] | None = None
        self._game = ""

    def reset(self, seat: int) -> None:
        """Heuristics keep no memory between decisions."""

    def step(self, state: State, rng: random.Random) -> Action:
        if self._choose is None or self._game != state.game.name:
            self._choose = _policy(state.game.name)
            self._game = state.game.name
        return self._choose(state, rng)
