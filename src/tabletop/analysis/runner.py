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
from tabletop.analysis.metrics import GameRow, decisiveness, play_traced, row_of
from tabletop.core.agent import Agent
from tabletop.core.batch import CHANCE, DRAMA, LEAD_CHANGES, TRAILED, WINNERS, BatchPlayout, PlayoutBatch, seats_of
from tabletop.core.game import Game, TimeModel
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
            batch = fast.batch(game_seeds(spec.seed, start, stop))
            columns.append(batch_columns(batch, model, start))
            figures.append(batch.figures)
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


def game_seeds(seed: int, start: int, stop: int) -> list[int]:
    """``[game_seed(seed, i) for i in range(start, stop)]``, computed on arrays (SplitMix64 on uint64 wraps as
    :func:`~tabletop.core.play.mix64` reduces modulo 2**64).

    >>> game_seeds(7, 3, 6) == [game_seed(7, i) for i in range(3, 6)]
    True
    """
    import numpy as np

    base = np.uint64(derive_seed(seed))  # mix64(seed)
    return [int(v) for v in _mix64(np.arange(start, stop, dtype=np.uint64) ^ base)]


def _mix64(z: Any) -> Any:
    import numpy as np

    z = z + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def batch_columns(batch: PlayoutBatch, model: TimeModel | None, start: int) -> dict[str, list[Any]]:
    """``to_columns(rows_of_batch(batch, model), start)``, column by column from the kernel's array (no row
    objects: the runner's path for a compiled playout; tests compare the two)."""
    import numpy as np

    columns = batch.columns
    counts = columns[:, : CHANCE + 1].astype(np.int64).T.tolist()  # winner .. chance
    _, first, turns, actions, decisions, choices, choice_turns, legal_sum, chance = counts
    n = len(batch)
    minutes: list[float | None] = [None] * n
    if model is not None:
        minutes = [model.minutes(t, d, c, f) for t, d, c, f in zip(turns, decisions, chance, batch.figures,
                                                                     strict=True)]
    drama = columns[:, DRAMA].tolist()
    trailed = columns[:, TRAILED].astype(np.int64).tolist()
    return {
        "game": list(range(start, start + n)),
        "seed": [int(seed) for seed in batch.seeds],
        "winners": [list(seats_of(mask)) for mask in columns[:, WINNERS].astype(np.int64).tolist()],
        "first": first,
        "turns": turns,
        "actions": actions,
        "decisions": decisions,
        "choices": choices,
        "choice_turns": choice_turns,
        "legal_sum": legal_sum,
        "chance": chance,
        "minutes": minutes,
        "lead_changes": columns[:, LEAD_CHANGES].astype(np.int64).tolist(),
        "drama": [None if d != d else d for d in drama],  # NaN: no winner
        "trailed": [None if t < 0 else bool(t) for t in trailed],
        "decisive_at": [None] * n,
    }


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
