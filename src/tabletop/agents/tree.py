"""The search tree of :mod:`tabletop.agents.mcts`: nodes, the choice at a decision, the outcome at a chance node.

A node is a position reached by a path of actions from the root (decisions keyed by
action, chance children by outcome). It keeps how often iterations passed through it and
the sum of each seat's value; a node entered by a decision also keeps the sum of squares
of its chooser's value, for the intervals an analysis reports.

At a decision the search takes the untried actions first (the playout policy's own choice
first of all), then UCT on the mover's mean value, with a PUCT-style bonus for the
playout policy's choice: ``prior * sqrt(N) / (1 + n)``.

At a chance node an outcome comes one of three ways (:data:`CHANCE_MODES`):

- ``sample``: drawn from the node's distribution with the iteration's random streams;
- ``stratify`` (nodes of at most :data:`STRATIFY_LIMIT` outcomes): the outcome whose visits
  lag most behind its exact probability, so the visits follow the distribution exactly
  and a node's mean is the expectation over the outcomes, without sampling noise;
- ``widen`` (larger nodes, progressive widening): a new outcome is drawn only while the
  node has fewer than ``WIDEN_BASE * N ** WIDEN_POWER`` children; after that the draw is
  redone among the children it has, by their probabilities, so the search goes deeper
  below the outcomes it keeps instead of meeting a new one at every visit;

and ``mixed`` stratifies the small nodes and widens the large ones.
"""

from __future__ import annotations

import math
import random

from tabletop.core.actions import Action
from tabletop.core.chance import Distribution

#: the ways of choosing a chance node's outcome
CHANCE_MODES = ("sample", "stratify", "widen", "mixed")
#: chance nodes with at most this many outcomes are stratified
STRATIFY_LIMIT = 12
#: progressive widening: at most WIDEN_BASE * visits ** WIDEN_POWER children
WIDEN_BASE = 2.0
WIDEN_POWER = 0.5


class Node:
    """A position in the tree (see the module's docstring)."""

    __slots__ = ("children", "owner", "probabilities", "square", "suggested", "total", "untried", "visits")

    def __init__(self, owner: int = -1) -> None:
        self.children: dict[Action, Node] = {}
        self.untried: list[Action] | None = None
        self.visits = 0
        self.total: list[float] | None = None
        self.square = 0.0  # the sum of squares of the value of ``owner``, the seat whose decision led here
        self.owner = owner
        self.suggested: Action | None = None  # the playout policy's choice here, if it has one
        self.probabilities: tuple[tuple[Action, ...], tuple[float, ...]] | None = None  # a chance node's, as floats

    def mean(self, seat: int) -> float:
        """The mean value of ``seat`` over the iterations through this node (0.5 before any)."""
        return self.total[seat] / self.visits if self.total is not None and self.visits else 0.5

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """A normal-approximation interval for the owner's mean value, clipped to [0, 1]."""
        n = self.visits
        if n < 2 or self.total is None or self.owner < 0:
            return (0.0, 1.0)
        mean = self.total[self.owner] / n
        variance = max(0.0, (self.square - n * mean * mean) / (n - 1))
        half = z * math.sqrt(variance / n)
        return (max(0.0, mean - half), min(1.0, mean + half))

    def add(self, values: list[float]) -> None:
        """Count one iteration through this node, with each seat's value."""
        self.visits += 1
        total = self.total
        if total is None:
            self.total = values.copy()
        else:
            for seat, value in enumerate(values):
                total[seat] += value
        if self.owner >= 0:
            value = values[self.owner]
            self.square += value * value


def select(node: Node, player: int, exploration: float, prior: float, legal: tuple[Action, ...] | None) -> Action:
    """UCT with the prior's bonus among the node's children (``legal``: only these, if given)."""
    log_n = math.log(node.visits) if node.visits > 1 else 0.0
    suggested = node.suggested
    bonus = prior * math.sqrt(node.visits)
    best_action: Action | None = None
    best_value = -math.inf
    for action, child in node.children.items():
        if legal is not None and action not in legal:
            continue
        n = child.visits
        assert child.total is not None
        value = child.total[player] / n + exploration * math.sqrt(log_n / n)
        if action is suggested:
            value += bonus / (1 + n)
        if value > best_value:
            best_value, best_action = value, action
    assert best_action is not None
    return best_action


def chance_outcome(node: Node, dist: Distribution, mode: str, draw: Action, rng: random.Random) -> Action:
    """The outcome an iteration takes at a chance node, given ``draw``, the outcome its streams drew
    (``rng`` redraws among the children when the node may not widen)."""
    if mode == "sample":
        return draw
    small = len(dist.outcomes) <= STRATIFY_LIMIT
    if small and mode in ("stratify", "mixed"):
        return _stratified(node, dist)
    if not small and mode in ("widen", "mixed"):
        children = node.children
        if draw in children or len(children) < WIDEN_BASE * (node.visits + 1) ** WIDEN_POWER:
            return draw
        return _among_children(node, dist, rng)
    return draw


def _floats(node: Node, dist: Distribution) -> tuple[float, ...]:
    """The distribution's probabilities as floats, kept on the node (made again if the outcomes differ)."""
    known = node.probabilities
    if known is None or known[0] is not dist.outcomes:
        known = node.probabilities = (dist.outcomes, tuple(float(p) for p in dist.probabilities))
    return known[1]


def _stratified(node: Node, dist: Distribution) -> Action:
    """The outcome furthest behind its share of the visits: ``argmax p * (N + 1) - n``."""
    wanted = node.visits + 1
    children = node.children
    best = dist.outcomes[0]
    best_gap = -math.inf
    for outcome, p in zip(dist.outcomes, _floats(node, dist), strict=True):
        child = children.get(outcome)
        gap = p * wanted - (child.visits if child is not None else 0)
        if gap > best_gap:
            best, best_gap = outcome, gap
    return best


def _among_children(node: Node, dist: Distribution, rng: random.Random) -> Action:
    """One of the node's outcomes, drawn by their probabilities."""
    outcomes = list(node.children)
    weights = [float(dist.probability(o)) for o in outcomes]
    return rng.choices(outcomes, weights)[0]
