"""Play many games and summarise them: win rates with intervals, all-lose rate, length, game figures.

>>> import tabletop
>>> report = simulate(tabletop.make(tabletop.list_games()[0], players=2), games=20, seed=1)
>>> report.games, len(report.seats)
(20, 2)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.agents import RandomAgent
from tabletop.analysis.backends import Backend, make_backend
from tabletop.analysis.compare import Looked, run_variants
from tabletop.analysis.runner import RunSpec, Variant, game_seed
from tabletop.analysis.stats import wilson_interval
from tabletop.analysis.summary import VariantSummary
from tabletop.core.agent import Agent
from tabletop.core.game import Game

__all__ = ["SimulationReport", "game_seed", "simulate", "summarise"]


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
    #: (mean, low, high): balance, the first mover's advantage, the share of games with several winners
    balance: tuple[float, float, float] = (math.nan, math.nan, math.nan)
    advantage: tuple[float, float, float] = (math.nan, math.nan, math.nan)
    shared: tuple[float, float, float] = (math.nan, math.nan, math.nan)
    turns_interval: tuple[float, float] = (math.nan, math.nan)
    stopped: str = "games"  # "interrupted": Ctrl-C or SIGTERM stopped the run after ``games`` games

    def to_json_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": self.options,
            "agents": self.agents,
            "seed": self.seed,
            "games": self.games,
            "stopped": self.stopped,
            "win_rate": [
                {"seat": s.seat, "wins": s.wins, "rate": s.rate, "ci95": [s.low, s.high]} for s in self.seats
            ],
            "win_rate_interval": f"Wilson, simultaneous over {len(self.seats)} seats",
            "all_lose": {"games": self.all_lose, "rate": self.all_lose_rate, "ci95": list(self.all_lose_interval)},
            "balance": _estimate(self.balance),
            "first_mover_advantage": _estimate(self.advantage),
            "shared_wins": _estimate(self.shared),
            "turns": {"mean": self.turns_mean, "median": self.turns_median, "p90": self.turns_p90,
                      "ci95": [_clean(v) for v in self.turns_interval]},
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


def _estimate(value: tuple[float, float, float]) -> dict[str, Any]:
    mean, low, high = value
    return {"mean": _clean(mean), "ci95": [_clean(low), _clean(high)]}


def _clean(value: float) -> float | None:
    return None if math.isnan(value) else value


def summarise(summary: VariantSummary, seed: int) -> SimulationReport:
    """The report of one variant's streaming summary (seats' win rates simultaneous over the seats)."""
    n = summary.games
    seats = []
    for seat, (_, rate, low, high) in enumerate(summary.outcomes.win_rates()):
        seats.append(SeatSummary(seat, summary.wins(seat), rate if n else 0.0, low, high))
    lost = n - round((summary.mean("completion") or 0.0) * n)
    metrics = []
    for key in sorted(summary.figure_counts):
        counts = summary.figure_counts[key]
        name = key.removeprefix("figure:")
        figure = MetricSummary(
            name, summary.mean(key) or 0.0, counts.quantile(0.1), counts.quantile(0.5), counts.quantile(0.9)
        )
        figure.low, figure.high = summary.interval(key)
        metrics.append(figure)
    return SimulationReport(
        game=summary.game,
        options=summary.options,
        agents=summary.agents,
        seed=seed,
        games=n,
        seats=seats,
        all_lose=lost,
        all_lose_rate=lost / n if n else 0.0,
        all_lose_interval=wilson_interval(lost, n),
        turns_mean=summary.mean("turns") or 0.0,
        turns_median=summary.turns.quantile(0.5),
        turns_p90=summary.turns.quantile(0.9),
        actions_mean=summary.mean("actions") or 0.0,
        metrics=metrics,
        balance=summary.outcomes.balance()[1:],
        advantage=summary.outcomes.advantage()[1:],
        shared=summary.outcomes.shared()[1:],
        turns_interval=summary.interval("turns") if n else (math.nan, math.nan),
    )


def simulate(
    game: Game,
    games: int,
    seed: int = 0,
    agents: Sequence[Agent] | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    backend: Backend | None = None,
    out: str | Path | None = None,
) -> SimulationReport:
    """Play ``games`` games (random agents by default) and summarise them.

    Game ``i`` is played with seed ``game_seed(seed, i)``, so the result does
    not depend on ``workers`` or on the backend. ``out`` also writes every game's
    row to a results directory (see ``tabletop report``).
    """
    if games < 1:
        raise ValueError("simulate needs at least one game")
    chosen = tuple(agents) if agents is not None else tuple(RandomAgent() for _ in range(game.num_players))
    spec = RunSpec((Variant(game.name, game, chosen),), seed)
    counted = [0]

    def advance(looked: Looked) -> None:
        if progress is not None:
            progress(looked.games - counted[0])
            counted[0] = looked.games

    result = run_variants(spec, games=games, backend=backend or make_backend("local", workers), out=out,
                          progress=advance)
    report = summarise(result.summary.variants[0], seed)
    report.stopped = result.stopped
    return report
