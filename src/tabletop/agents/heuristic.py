"""The ``heuristic`` agent: each game's own hand-written policy, found through the registry.

A game that has one names it in its parts (``GameParts(heuristic="<game>.heuristic:choose")``);
:class:`HeuristicAgent` plays whichever game it is given with that game's policy.
"""

from __future__ import annotations

import random

from tabletop.core.actions import Action
from tabletop.core.errors import TabletopError
from tabletop.core.parts import Policy
from tabletop.core.registry import has_part, heuristic_policy, list_games
from tabletop.core.state import State


def policy_for(game: str) -> Policy:
    """The heuristic policy of ``game``, or a clear error if the game has none."""
    policy = heuristic_policy(game)
    if policy is None:
        have = [name for name in list_games() if has_part(name, "heuristic")]
        raise TabletopError(f"there is no heuristic agent for {game!r}; heuristics exist for: {', '.join(have)}")
    return policy


class HeuristicAgent:
    """The game's hand-written policy (see the docstring of each game's ``heuristic`` module)."""

    name = "heuristic"

    def __init__(self) -> None:
        self._choose: Policy | None = None
        self._game = ""

    def reset(self, seat: int) -> None:
        """Heuristics keep no memory between decisions."""

    def step(self, state: State, rng: random.Random) -> Action:
        if self._choose is None or self._game != state.game.name:
            self._choose = policy_for(state.game.name)
            self._game = state.game.name
        return self._choose(state, rng)
