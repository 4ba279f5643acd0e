"""Monte Carlo tree search through the core API alone, with chance nodes.

The tree follows the game's history: decision children are keyed by action and
chance children by outcome, and at a chance node the search *samples* an
outcome with its own random stream, so it never reads dice not yet rolled.
Every iteration plays on a state drawn by the game's observer for the deciding
seat (``game.observer.resample(state, seat, rng)``): a state that seat cannot tell
from the real one, so the search cannot read what the seat may not know. Where a
game hides nothing (a face-down deck kept as a multiset, every draw a chance
node) that state is a clone; where it hides something, the hidden facts are drawn
afresh each iteration and only the actions legal in that draw are searched.

Selection is UCT on each node's mover's normalised return (max^n for several
players); rollouts use a random policy or any agent (for example a heuristic).
With a rollout agent, the agent's own choice at each decision node is tried
first and keeps a PUCT-style bonus, ``prior * sqrt(N) / (1 + n)``: with few
iterations and noisy returns the search then stays with the agent's choice
unless the samples clearly favour another action, instead of spreading its
budget evenly over every legal action.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from tabletop.core.actions import Action
from tabletop.core.agent import Agent
from tabletop.core.state import CHANCE, State


class _Node:
    __slots__ = ("children", "suggested", "total", "untried", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.untried: list[Action] | None = None
        self.visits = 0
        self.total: list[float] | None = None
        self.suggested: Action | None = None  # the rollout agent's choice here, if it has one


class MCTSAgent:
    """UCT with sampled chance nodes.

    ``iterations`` bounds the search by count, ``seconds`` by time (wall clock;
    the count is then machine-dependent, so use ``iterations`` for reproducible
    experiments). ``rollout`` is ``"random"`` or an agent used to finish
    playouts; ``rollout_limit`` cuts very long playouts (the position is then
    scored by ``returns()`` as it stands). ``prior`` weighs the rollout agent's
    own choice in selection (0 turns it off; unused with random rollouts).
    """

    def __init__(
        self,
        iterations: int = 400,
        seconds: float | None = None,
        exploration: float = 1.4,
        rollout: Agent | str = "random",
        rollout_limit: int = 5000,
        prior: float = 1.0,
    ) -> None:
        if iterations < 1 and seconds is None:
            raise ValueError("mcts needs iterations >= 1 or a time budget in seconds")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        if isinstance(rollout, str) and rollout != "random":
            raise ValueError(f"unknown rollout policy {rollout!r}: use 'random' or pass an agent")
        self.rollout_agent: Agent | None = None if isinstance(rollout, str) else rollout
        self.rollout_limit = rollout_limit
        self.prior = prior
        budget = f"seconds={seconds:g}" if seconds is not None else f"iterations={iterations}"
        rollout_name = "random" if self.rollout_agent is None else self.rollout_agent.name
        self.name = f"mcts:{budget}" + ("" if rollout_name == "random" else f":rollout={rollout_name}")
        self.last_iterations = 0

    def reset(self, seat: int) -> None:
        if self.rollout_agent is not None:
            self.rollout_agent.reset(seat)

    def step(self, state: State, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        info = state.game.info
        low, span = info.min_return, (info.max_return - info.min_return) or 1.0
        observer, me = state.game.observer, state.current_player()
        hidden = observer.hidden_information
        root = _Node()
        done = 0
        if self.seconds is None:
            for _ in range(self.iterations):
                self._iterate(root, observer.resample(state, me, rng), rng, low, span, hidden)
            done = self.iterations
        else:
            deadline = time.perf_counter() + self.seconds
            while done == 0 or time.perf_counter() < deadline:
                self._iterate(root, observer.resample(state, me, rng), rng, low, span, hidden)
                done += 1
        self.last_iterations = done
        best = max(legal, key=lambda a: (root.children[a].visits if a in root.children else -1))
        return best

    def _iterate(
        self, root: _Node, state: State, rng: random.Random, low: float, span: float, hidden: bool = False
    ) -> None:
        node = root
        path = [node]
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                action = state.chance_distribution().sample(rng)
                state.apply_action(action)
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = _Node()
                node = child
                path.append(node)
                continue
            if node.untried is None:
                node.untried = list(state.legal_actions())
                rng.shuffle(node.untried)
                if self.rollout_agent is not None and self.prior > 0:
                    suggested = node.suggested = self.rollout_agent.step(state, rng)
                    if suggested in node.untried:
                        node.untried.remove(suggested)
                        node.untried.append(suggested)  # expanded first
            legal: tuple[Action, ...] | None = None
            if hidden:  # this draw of the hidden facts may allow actions the others did not, or forbid some
                legal = state.legal_actions()
                node.untried.extend(a for a in legal if a not in node.children and a not in node.untried)
                node.untried.sort(key=lambda a: a in legal)  # stable: the legal ones last, in their order
            if node.untried and (legal is None or node.untried[-1] in legal):
                action = node.untried.pop()
                state.apply_action(action)
                child = node.children[action] = _Node()
                path.append(child)
                break
            action = self._select(node, player, legal)
            state.apply_action(action)
            node = node.children[action]
            path.append(node)
        returns = self._rollout(state, rng)
        scaled = [(r - low) / span for r in returns]
        for visited in path:
            visited.visits += 1
            if visited.total is None:
                visited.total = scaled.copy()
            else:
                for seat, value in enumerate(scaled):
                    visited.total[seat] += value

    def _select(self, node: _Node, player: int, legal: tuple[Action, ...] | None = None) -> Action:
        log_n = math.log(node.visits)
        c = self.exploration
        suggested = node.suggested
        # the prior's bonus; measured on Doodle Jump, two players, one second a decision with heuristic
        # rollouts against the heuristic: 6 of 20 games won without the prior, 47 of 80 with it
        bonus = self.prior * math.sqrt(node.visits)
        best_action: Action | None = None
        best_value = -math.inf
        for action, child in node.children.items():
            if legal is not None and action not in legal:
                continue
            assert child.total is not None
            value = child.total[player] / child.visits + c * math.sqrt(log_n / child.visits)
            if action == suggested:
                value += bonus / (1 + child.visits)
            if value > best_value:
                best_value, best_action = value, action
        assert best_action is not None
        return best_action

    def _rollout(self, state: State, rng: random.Random) -> list[float]:
        policy: Callable[[State, random.Random], Action] | None = (
            self.rollout_agent.step if self.rollout_agent is not None else None
        )
        steps = 0
        while not state.is_terminal() and steps < self.rollout_limit:
            if state.is_chance_node():
                action = state.chance_distribution().sample(rng)
            elif policy is None:
                legal = state.legal_actions()
                action = legal[min(int(rng.random() * len(legal)), len(legal) - 1)]
            else:
                action = policy(state, rng)
            state.apply_action(action)
            steps += 1
        return state.returns()
