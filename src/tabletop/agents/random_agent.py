"""The random agent: uniform over the legal actions."""

from __future__ import annotations

import random
from typing import ClassVar

from tabletop.core.actions import Action
from tabletop.core.options import Option
from tabletop.core.play import random_decision
from tabletop.core.state import State


class RandomAgent:
    """Picks uniformly among the legal actions with its own random stream."""

    #: it takes no option
    options: ClassVar[tuple[Option, ...]] = ()
    name = "random"

    def reset(self, seat: int) -> None:
        """No memory to reset."""

    def step(self, state: State, rng: random.Random) -> Action:
        return random_decision(state, rng)
