"""The unit of work of every run: play games ``start..stop`` of every variant, return their rows.

A run is a :class:`RunSpec` (variants, agents, seed, what to measure). Its games
are cut into chunks of consecutive indices; any process (this one, a worker
process, a Ray worker) plays a chunk with :func:`play_chunk` and sends back
plain columns (lists of numbers), which are small to pickle. Game ``i`` of every
variant is played with the same seed ``game_seed(seed, i)``: common random
numbers. Nothing depends on which process played which chunk.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.agents.random_agent import RandomAgent
from tabletop.analysis.metrics import GameRow, decisiveness, play_traced, row_of, rows_of_batch
from tabletop.core.agent import Agent
from tabletop.core.batch import BatchPlayout
from tabletop.core.game import Game
from tabletop.core.play import PlayoutSummary, derive_seed

#: the per-game columns every chunk carries, in order (figures travel separately)
COLUMNS = (
    "game",
    "seed",
    "winners",
    "first",
    "turns",
    "actions",
    "decisions",
    "choices",
    "choice_turns",
    "legal_sum",
    "chance",
    "minutes",
    "lead_changes",
    "drama",
    "trailed",
    "decisive_at",
)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run: each game is reproducible on its own.

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    return derive_seed(seed, index)


@dataclass(frozen=True)
class Variant:
    """One configuration to play: a name, the game (with its options) and one agent per seat."""

    name: str
    game: Game
    agents: tuple[Agent, ...]

    def __post_init__(self) -> None:
        if len(self.agents) != self.game.num_players:
            raise ValueError(
                f"variant {self.name!r} has {self.game.num_players} players but {len(self.agents)} agents"
            )


@dataclass(frozen=True)
class Decisiveness:
    """Which games get the (costly) decisiveness estimate, and how."""

    games: int = 0  # games with index below this are measured
    points: int = 10
    rollouts: int = 16
    threshold: float = 0.9


@dataclass(frozen=True)
class RunSpec:
    variants: tuple[Variant, ...]
    seed: int
    decisiveness: Decisiveness = field(default_factory=Decisiveness)


@dataclass
class Chunk:
    """The results of games ``start..stop`` for every variant: ``columns[v][name]`` and ``figures[v]``."""

    start: int
    stop: int
    columns: list[dict[str, list[Any]]]
    figures: list[list[dict[str, float]]]


def play_chunk(spec: RunSpec, start: int, stop: int) -> Chunk:
    """Play games ``start..stop`` of every variant of ``spec``."""
    columns: list[dict[str, list[Any]]] = []
    figures: list[list[dict[str, float]]] = []
    measured = spec.decisiveness
    for variant in spec.variants:
        rows: list[GameRow] = []
        game = variant.game
        fast = fast_playout(variant)
        model = game.time_model()
        if isinstance(fast, BatchPlayout) and start >= measured.games:  # a compiled playout: every game in one call
            rows = rows_of_batch(fast.batch([game_seed(spec.seed, i) for i in range(start, stop)]), model)
            columns.append(to_columns(rows, start))
            figures.append([row.figures for row in rows])
            continue
        for index in range(start, stop):
            seed = game_seed(spec.seed, index)
            if fast is not None and index >= measured.games:
                rows.append(row_of(fast(seed), seed, model))
                continue
            final, row = play_traced(game, variant.agents, seed)
            if index < measured.games:  # the estimate replays the game's final state
                row.decisive_at = decisiveness(
                    game, variant.agents, seed, final, measured.points, measured.rollouts, measured.threshold
                )
            rows.append(row)
        columns.append(to_columns(rows, start))
        figures.append([row.figures for row in rows])
    return Chunk(start, stop, columns, figures)


def fast_playout(variant: Variant) -> Callable[[int], PlayoutSummary] | None:
    """The game's fast random playout (:meth:`Game.random_playout`) when every seat is a plain
    :class:`RandomAgent`: the same games as :func:`play_traced` plays, in a fraction of the time."""
    if all(type(agent) is RandomAgent for agent in variant.agents):
        return variant.game.random_playout()
    return None


def to_columns(rows: Sequence[GameRow], start: int) -> dict[str, list[Any]]:
    return {
        "game": list(range(start, start + len(rows))),
        "seed": [r.seed for r in rows],
        "winners": [list(r.winners) for r in rows],
        "first": [r.first for r in rows],
        "turns": [r.turns for r in rows],
        "actions": [r.actions for r in rows],
        "decisions": [r.decisions for r in rows],
        "choices": [r.choices for r in rows],
        "choice_turns": [r.choice_turns for r in rows],
        "legal_sum": [r.legal_sum for r in rows],
        "chance": [r.chance for r in rows],
        "minutes": [r.minutes for r in rows],
        "lead_changes": [r.lead_changes for r in rows],
        "drama": [r.drama for r in rows],
        "trailed": [r.trailed for r in rows],
        "decisive_at": [r.decisive_at for r in rows],
    }
