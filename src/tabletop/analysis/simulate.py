"""Play many games and summarise them: win rates with intervals, all-lose rate, length, game figures.

>>> import tabletop
>>> report = simulate(tabletop.make(tabletop.list_games()[0], players=2), games=20, seed=1)
>>> report.games, len(report.seats)
(20, 2)
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from tabletop.agents import RandomAgent
from tabletop.analysis.parallel import map_games
from tabletop.analysis.stats import mean, percentile, wilson_interval
from tabletop.core.agent import Agent
from tabletop.core.game import Game
from tabletop.core.play import run


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run: each game is reproducible on its own."""
    digest = hashlib.sha256(f"tabletop-simulate:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:7], "big")


@dataclass(frozen=True)
class GameResult:
    seed: int
    winners: tuple[int, ...]
    turns: int
    actions: int
    metrics: dict[str, float]


def play_one(game: Game, agents: Sequence[Agent], seed: int) -> GameResult:
    final = run(game, agents, seed)
    return GameResult(seed, final.winners(), final.turn_number(), len(final.history()), final.metrics())


@dataclass
class SeatSummary:
    seat: int
    wins: int
    rate: float
    low: float
    high: float


@dataclass
class MetricSummary:
    name: str
    mean: float
    p10: float
    median: float
    p90: float
    low: float | None = None
    high: float | None = None


@dataclass
class SimulationReport:
    game: str
    options: dict[str, Any]
    agents: list[str]
    seed: int
    games: int
    seats: list[SeatSummary]
    all_lose: int
    all_lose_rate: float
    all_lose_interval: tuple[float, float]
    turns_mean: float
    turns_median: float
    turns_p90: float
    actions_mean: float
    metrics: list[MetricSummary] = field(default_factory=list)

    def to_json_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": self.options,
            "agents": self.agents,
            "seed": self.seed,
            "games": self.games,
            "win_rate": [
                {"seat": s.seat, "wins": s.wins, "rate": s.rate, "ci95": [s.low, s.high]} for s in self.seats
            ],
            "all_lose": {"games": self.all_lose, "rate": self.all_lose_rate, "ci95": list(self.all_lose_interval)},
            "turns": {"mean": self.turns_mean, "median": self.turns_median, "p90": self.turns_p90},
            "actions_mean": self.actions_mean,
            "metrics": {
                m.name: {
                    "mean": m.mean,
                    "p10": m.p10,
                    "median": m.median,
                    "p90": m.p90,
                    **({"ci95": [m.low, m.high]} if m.low is not None else {}),
                }
                for m in self.metrics
            },
        }


def summarise(game: Game, agents: Sequence[Agent], seed: int, results: Sequence[GameResult]) -> SimulationReport:
    n = len(results)
    seats = []
    for seat in range(game.num_players):
        wins = sum(1 for r in results if seat in r.winners)
        low, high = wilson_interval(wins, n)
        seats.append(SeatSummary(seat, wins, wins / n if n else 0.0, low, high))
    lost = sum(1 for r in results if not r.winners)
    turns = [float(r.turns) for r in results]
    names = sorted({k for r in results for k in r.metrics})
    metrics = []
    for name in names:
        values = [r.metrics[name] for r in results if name in r.metrics]
        summary = MetricSummary(
            name, mean(values), percentile(values, 10), percentile(values, 50), percentile(values, 90)
        )
        if name.startswith("rate:"):
            summary.low, summary.high = wilson_interval(round(sum(values)), len(values))
        metrics.append(summary)
    return SimulationReport(
        game=game.name,
        options=game.options,
        agents=[a.name for a in agents],
        seed=seed,
        games=n,
        seats=seats,
        all_lose=lost,
        all_lose_rate=lost / n if n else 0.0,
        all_lose_interval=wilson_interval(lost, n),
        turns_mean=mean(turns),
        turns_median=percentile(turns, 50),
        turns_p90=percentile(turns, 90),
        actions_mean=mean([float(r.actions) for r in results]),
        metrics=metrics,
    )


def simulate(
    game: Game,
    games: int,
    seed: int = 0,
    agents: Sequence[Agent] | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> SimulationReport:
    """Play ``games`` games (random agents by default) and summarise them.

    Game ``i`` is played with seed ``game_seed(seed, i)``, so the result does
    not depend on ``workers``.
    """
    if games < 1:
        raise ValueError("simulate needs at least one game")
    chosen: Sequence[Agent] = agents if agents is not None else [RandomAgent() for _ in range(game.num_players)]
    seeds = [game_seed(seed, i) for i in range(games)]
    results = map_games(partial(play_one, game, chosen), seeds, workers, batch=200, progress=progress)
    return summarise(game, chosen, seed, results)
