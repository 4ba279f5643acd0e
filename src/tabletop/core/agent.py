"""The agent protocol: given a state and its own random stream, return a legal action."""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from tabletop.core.actions import Action
from tabletop.core.state import State


@runtime_checkable
class Agent(Protocol):
    """Anything that picks a decision.

    ``name`` identifies the agent in records and reports. ``step`` is called
    only at the agent's own decisions and must return one of
    ``state.legal_actions()``; it must not change ``state``. An agent that
    keeps per-game memory resets it in ``reset``.
    """

    name: str

    def reset(self, seat: int) -> None: ...

    def step(self, state: State, rng: random.Random) -> Action: ...


@runtime_checkable
class Budgeted(Protocol):
    """An agent whose decisions a search budget bounds: ``iterations`` per decision, or ``seconds``
    (which replaces the count when it is not ``None``).

    Whoever runs the agent may lower either between decisions: a difficulty level bounds the
    agent it plays with (:class:`tabletop.agents.ladder.LevelAgent`), and the web server keeps
    every bot within its limits (``tabletop.interfaces.web.bots``).
    """

    iterations: int | None
    seconds: float | None
