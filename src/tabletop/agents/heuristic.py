"""The ``heuristic`` agent: each game's own hand-written policy, found through the registry.

A game that has one names it in its parts (``GameParts(heuristic="<game>.heuristic:choose")``);
:class:`HeuristicAgent` plays whichever game it is given with that game's policy. With
``noise`` it plays a uniformly random legal action instead, at each decision with that
probability: a knob between ``random`` (1) and the heuristic (0), used by the lower rungs
of the difficulty ladder.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from tabletop.agents.registry import option_values, spec_name
from tabletop.core.actions import Action
from tabletop.core.errors import TabletopError
from tabletop.core.options import Option
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

    options: ClassVar[tuple[Option, ...]] = (
        Option("noise", float, 0.0, "chance of a random legal action instead, at each decision",
               minimum=0.0, maximum=1.0),
    )

    def __init__(self, **options: Any) -> None:
        values = option_values("heuristic", self.options, options)
        self.noise: float = values["noise"]
        self.name = spec_name("heuristic", self.options, values)
        self._choose: Policy | None = None
        self._game = ""

    def reset(self, seat: int) -> None:
        """Heuristics keep no memory between decisions."""

    def step(self, state: State, rng: random.Random) -> Action:
        if self.noise and rng.random() < self.noise:
            legal = state.legal_actions()
            return legal[int(rng.random() * len(legal))]
        if self._choose is None or self._game != state.game.name:
            self._choose = policy_for(state.game.name)
            self._game = state.game.name
        return self._choose(state, rng)
