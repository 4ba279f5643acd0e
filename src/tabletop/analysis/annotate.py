"""A finished game explained decision by decision, the way chess sites annotate a game.

For each decision of the seats analysed (the human seats of the record, or every seat if it
has none), :func:`annotate` searches the position with the game's ``expert`` level
(:mod:`tabletop.agents.ladder`), run for a fixed number of iterations so that an analysis is
reproducible from its seed, and reports:

- what ``expert`` would have chosen;
- the mover's estimated chance of winning *before* the decision (with the better of ``expert``'s
  choice and the move played: a search's choice is its most visited move, and the playouts added
  to the move played can show it as good or better) and *after* the decision actually made;
- the swing (after minus before: how much the decision cost; never positive, 0 for ``expert``'s
  choice or a move estimated at least as good).

Each estimate is the mean value of the search's playouts through that action (playouts cut
after a few turns and scored by the game's evaluation, or played to the end where the game
has none), with the number of playouts and a 95% normal-approximation interval. The action
actually played and ``expert``'s choice each get at least ``min_rollouts`` playouts, searched
further if the search gave them fewer. The decisions that cost the most are highlighted: up to
``highlight`` of them, among those that cost at least one point of winning chance (a swing that
rounds to 0 is no loss).

Where a game's ``expert`` is not a search (a game whose search is not stronger than its
heuristic), ``expert``'s choice is that agent's own, and the estimates come from the default
``mcts`` search with the game's evaluation (named in :attr:`Analysis.search`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from tabletop.agents.ladder import level_spec
from tabletop.agents.mcts import MCTSAgent, best_child
from tabletop.agents.registry import from_spec
from tabletop.agents.tree import Node
from tabletop.core.errors import TabletopError
from tabletop.core.play import derive_seed
from tabletop.core.record import Record
from tabletop.core.replay import replay

#: swings at least this large (in chance of winning) are named, largest first
LABELS = ((0.20, "blunder"), (0.10, "mistake"), (0.05, "inaccuracy"))


class AnalysisError(TabletopError):
    """A record that cannot be analysed (a seat is out of range)."""


@dataclass(frozen=True)
class Estimate:
    """A chance of winning estimated from ``rollouts`` playouts, with its 95% interval."""

    value: float
    low: float
    high: float
    rollouts: int

    @classmethod
    def of(cls, node: Node, seat: int) -> Estimate:
        low, high = node.interval()
        return cls(node.mean(seat), low, high, node.visits)

    def __str__(self) -> str:
        return f"{100 * self.value:.0f}% ({100 * self.low:.0f}-{100 * self.high:.0f}, n={self.rollouts})"


@dataclass(frozen=True)
class Decision:
    """One analysed decision: action ``index`` of the record (0-based), made by ``seat``."""

    index: int
    seat: int
    played: str
    expert: str
    before: Estimate
    after: Estimate
    legal: int
    label: str = ""
    highlighted: bool = False

    @property
    def swing(self) -> float:
        """After minus before: how much the decision changed the mover's chance of winning (<= 0 mostly)."""
        return self.after.value - self.before.value


@dataclass(frozen=True)
class Analysis:
    """Every analysed decision of one record, in order, and the search that judged them."""

    game: str
    seats: tuple[int, ...]
    expert: str
    iterations: int
    search: str = ""
    decisions: list[Decision] = field(default_factory=list)
    highlight: int = 3  # how many highlights were asked for

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "decisions": [{**asdict(d), "swing": d.swing} for d in self.decisions]}

    def highlights(self) -> list[Decision]:
        """The highlighted decisions, the costliest first."""
        return sorted((d for d in self.decisions if d.highlighted), key=lambda d: d.swing)


def analysed_seats(record: Record, seats: Sequence[int] | None = None) -> tuple[int, ...]:
    """The seats to analyse: ``seats`` if given, else the record's human seats, else every seat."""
    count = len(record.agents) or int(record.options.get("players", 0))
    if seats:
        bad = [s for s in seats if not 0 <= s < count]
        if bad:
            raise AnalysisError(f"seat {bad[0]} is not a seat of this {count}-player game (seats 0 to {count - 1})")
        return tuple(sorted(set(seats)))
    humans = tuple(s for s, name in enumerate(record.agents) if name == "human")
    return humans or tuple(range(count))


def expert_search(game: str, iterations: int) -> MCTSAgent:
    """The search that estimates chances in ``game``: the ``expert`` level's where that is a search,
    else the default ``mcts`` (with the game's evaluation), bounded by iterations instead of time
    (reproducible)."""
    agent = from_spec(level_spec(game, "expert"))
    if not isinstance(agent, MCTSAgent):
        agent = MCTSAgent()
    agent.seconds = None
    agent.iterations = iterations
    agent.reuse = False  # each decision judged on its own search
    return agent


def annotate(
    record: Record,
    seats: Sequence[int] | None = None,
    iterations: int = 2000,
    min_rollouts: int = 200,
    seed: int = 0,
    highlight: int = 3,
    progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Analyse every decision of ``seats`` in ``record`` (see the module's docstring)."""
    replay(record)  # a record that does not replay is refused before any search
    chosen = analysed_seats(record, seats)
    agent = expert_search(record.game, iterations)
    expert_spec = level_spec(record.game, "expert")
    chooser = from_spec(expert_spec)  # the expert's own choice where it is not the search itself
    searching = isinstance(chooser, MCTSAgent)
    analysis = Analysis(record.game, chosen, expert_spec, iterations, expert_spec if searching else "mcts",
                        highlight=highlight)
    state = record.initial_state()
    for index, text in enumerate(record.actions):
        if progress is not None:
            progress(index, len(record.actions))
        player = state.current_player()
        legal = state.legal_actions() if player >= 0 else ()
        if player in chosen and len(legal) > 1:
            played = state.parse_action(text)
            rng = random.Random(derive_seed(seed, index))
            agent.reset(player)
            root = agent.search(state, rng)
            if searching:
                expert, _ = best_child(root, player)
            else:
                chooser.reset(player)
                expert = chooser.step(state.clone(), random.Random(derive_seed(seed, index)))
            for action in {expert, played}:
                node = root.children.get(action)
                missing = min_rollouts - (node.visits if node is not None else 0)
                if missing > 0:
                    agent.visit(state, action, missing, rng)
            after = Estimate.of(root.children[played], player)
            before = max(Estimate.of(root.children[expert], player), after, key=lambda e: e.value)
            analysis.decisions.append(Decision(index, player, str(played), str(expert), before, after, len(legal)))
        state.apply_action(text)
    _highlight(analysis.decisions, highlight)
    return analysis


def points(swing: float) -> int:
    """A swing in whole points of winning chance, as shown (never ``-0``).

    >>> points(-0.004), points(-0.006), points(0.0)
    (0, -1, 0)
    """
    return round(100 * swing) + 0


def _highlight(decisions: list[Decision], count: int) -> None:
    """Label the costly decisions and highlight the ``count`` costliest among those that cost a point or more."""
    costly = [i for i, d in enumerate(decisions) if points(d.swing) <= -1]
    costliest = sorted(costly, key=lambda i: decisions[i].swing)[:count]
    for i, decision in enumerate(decisions):
        loss = -decision.swing
        label = next((name for threshold, name in LABELS if loss >= threshold), "")
        decisions[i] = replace(decision, label=label, highlighted=i in costliest)
