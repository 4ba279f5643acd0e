"""How a search finishes an iteration: play on from the leaf, then score the position.

A :class:`Playout` plays the state on with a policy (uniform ``random``, the game's
``heuristic``, or its ``fast`` playout policy: the ``rollout`` of its evaluation part)
and chance outcomes drawn by the iteration's sampler, until the game ends, or
``cutoff`` turns have begun since the leaf, or ``limit`` actions were played. The
result is each seat's value in [0, 1]: at the end of the game the returns scaled to
[0, 1] (a win is 1 and a loss 0 in a game of winners and losers); when cut, the game's
evaluation (each seat's chance of winning). A game without an evaluation is always
played to the end (or to ``limit``, where the returns as they stand are scored).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tabletop.agents.heuristic import policy_for
from tabletop.core.actions import Action
from tabletop.core.hooks import ROLLOUT
from tabletop.core.parts import Policy
from tabletop.core.registry import evaluation, hook
from tabletop.core.state import CHANCE, TERMINAL, State

#: the policies a playout can use
POLICIES = ("random", "heuristic", "fast")

Sampler = Callable[[State], Action]


def random_policy(state: State, rng: random.Random) -> Action:
    """Uniform over the legal actions (one draw of ``rng``)."""
    legal = state.legal_actions()
    return legal[int(rng.random() * len(legal))]


class Playout:
    """Plays a state on and scores it (see the module's docstring), for one game."""

    __slots__ = ("cutoff", "evaluate", "limit", "low", "policy", "span")

    def __init__(self, game: str, low: float, span: float, policy: str = "fast", cutoff: int | None = None,
                 limit: int = 5000) -> None:
        if policy not in POLICIES:
            raise ValueError(f"unknown playout policy {policy!r}; policies: {', '.join(POLICIES)}")
        part = evaluation(game)
        self.evaluate: Callable[[State], list[float]] | None = part.evaluate if part is not None else None
        chosen: Policy = random_policy
        if policy == "heuristic":
            chosen = policy_for(game)
        elif policy == "fast":
            chosen = hook(game, ROLLOUT) or random_policy
        self.policy = chosen
        self.cutoff = cutoff if self.evaluate is not None else None
        self.limit = limit
        self.low, self.span = low, span

    def scaled_returns(self, state: State) -> list[float]:
        """The returns as they stand, scaled to [0, 1]."""
        low, span = self.low, self.span
        return [(r - low) / span for r in state.returns()]

    def value(self, state: State) -> list[float]:
        """Each seat's value of ``state`` without playing on: the result, or the evaluation."""
        if state.current_player() == TERMINAL or self.evaluate is None:
            return self.scaled_returns(state)
        return self.evaluate(state)

    def run(self, state: State, sample: Sampler, rng: random.Random) -> list[float]:
        """Play ``state`` on (it is changed) and return each seat's value in [0, 1]."""
        policy, cutoff, limit = self.policy, self.cutoff, self.limit
        start = state.turn_number()
        steps = 0
        while True:
            player = state.current_player()
            if player == TERMINAL:
                return self.scaled_returns(state)
            if (cutoff is not None and state.turn_number() - start >= cutoff) or steps >= limit:
                return self.value(state)
            state.apply_action(sample(state) if player == CHANCE else policy(state, rng))
            steps += 1
