"""Tournaments between agents: every seating, seats rotated, results with intervals and Elo ratings.

Game ``i`` of a tournament is played with seed ``game_seed(seed, i)`` and the
``i``-th seating of the schedule, so any single game can be re-run alone, and
its record replays exactly.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from functools import partial
from typing import Any

from tabletop.agents.registry import from_spec
from tabletop.analysis.elo import fit_elo
from tabletop.analysis.parallel import map_games
from tabletop.analysis.simulate import game_seed
from tabletop.analysis.stats import mean, wilson_interval
from tabletop.core.actions import Action
from tabletop.core.agent import Agent
from tabletop.core.game import Game
from tabletop.core.play import run
from tabletop.core.record import Record
from tabletop.core.registry import make
from tabletop.core.state import State


def schedule(agents: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Every seating of the agents, each agent in every seat equally often.

    With at least as many agents as seats: every ordered choice of distinct
    agents. With fewer: every assignment that uses at least two agents.
    """
    if len(agents) < 2:
        raise ValueError("a tournament needs at least two agents")
    if len(set(agents)) != len(agents):
        raise ValueError(f"agents must be distinct, got {list(agents)}")
    if len(agents) >= players:
        return list(itertools.permutations(agents, players))
    return [s for s in itertools.product(agents, repeat=players) if len(set(s)) > 1]


@dataclass
class TournamentGame:
    index: int
    seed: int
    seating: tuple[str, ...]
    winners: tuple[int, ...]
    returns: list[float]
    turns: int
    actions: int
    scores: list[float] | None
    decision_seconds: list[float]
    decisions: list[int]


class _Timed:
    """Wraps an agent to add up the time it spends deciding."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.seconds = 0.0
        self.decisions = 0

    def reset(self, seat: int) -> None:
        self.agent.reset(seat)

    def step(self, state: State, rng: random.Random) -> Action:
        start = time.perf_counter()
        action = self.agent.step(state, rng)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return action


def _play(game: Game, seating: Sequence[str], seed: int) -> tuple[State, list[_Timed]]:
    agents = [_Timed(from_spec(spec)) for spec in seating]
    return run(game, agents, seed), agents


def play_game(game: Game, seating: Sequence[str], seed: int, index: int = 0) -> TournamentGame:
    """Play one tournament game, timing every decision."""
    state, agents = _play(game, seating, seed)
    metrics = state.metrics()
    scores = None
    if f"score[{game.num_players - 1}]" in metrics:
        scores = [metrics[f"score[{s}]"] for s in range(game.num_players)]
    return TournamentGame(
        index=index,
        seed=seed,
        seating=tuple(seating),
        winners=state.winners(),
        returns=[float(r) for r in state.returns()],
        turns=state.turn_number(),
        actions=len(state.history()),
        scores=scores,
        decision_seconds=[a.seconds for a in agents],
        decisions=[a.decisions for a in agents],
    )


def _play_job(game: Game, job: tuple[int, int, tuple[str, ...]]) -> TournamentGame:
    index, seed, seating = job
    return play_game(game, seating, seed, index)


@dataclass
class AgentSummary:
    agent: str
    games: int
    wins: float
    win_rate: float
    low: float
    high: float
    mean_score: float | None
    mean_turns: float
    mean_decision_ms: float
    elo: float


@dataclass
class TournamentReport:
    game: str
    options: dict[str, Any]
    seed: int
    games: int
    seatings: list[tuple[str, ...]]
    agents: list[AgentSummary]
    results: list[TournamentGame] = field(repr=False, default_factory=list)

    def to_json_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "games": self.games,
            "seatings": [list(s) for s in self.seatings],
            "agents": [asdict(a) for a in self.agents],
        }


def summarise(
    game: Game, seed: int, names: Sequence[str], seatings: list[tuple[str, ...]], results: list[TournamentGame]
) -> TournamentReport:
    pair_scores: dict[tuple[str, str], float] = {}
    for r in results:
        for i, j in itertools.combinations(range(len(r.seating)), 2):
            a, b = r.seating[i], r.seating[j]
            if a == b:
                continue
            won_i, won_j = i in r.winners, j in r.winners
            score = 1.0 if won_i and not won_j else 0.0 if won_j and not won_i else 0.5
            pair_scores[(a, b)] = pair_scores.get((a, b), 0.0) + score
            pair_scores[(b, a)] = pair_scores.get((b, a), 0.0) + 1.0 - score
    ratings = fit_elo(pair_scores)
    summaries = []
    for name in names:
        seats = [(r, s) for r in results for s, a in enumerate(r.seating) if a == name]
        games = len(seats)
        wins = sum(1.0 for r, s in seats if s in r.winners)
        low, high = wilson_interval(round(wins), games)
        scored = [r.scores[s] for r, s in seats if r.scores is not None]
        decision_time = sum(r.decision_seconds[s] for r, s in seats)
        decision_count = sum(r.decisions[s] for r, s in seats)
        summaries.append(
            AgentSummary(
                agent=name,
                games=games,
                wins=wins,
                win_rate=wins / games if games else 0.0,
                low=low,
                high=high,
                mean_score=mean(scored) if scored else None,
                mean_turns=mean([float(r.turns) for r, _ in seats]),
                mean_decision_ms=1000 * decision_time / decision_count if decision_count else 0.0,
                elo=ratings.get(name, 1500.0),
            )
        )
    return TournamentReport(game.name, game.options, seed, len(results), seatings, summaries, results)


def tournament(
    game: Game,
    agents: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> TournamentReport:
    """Play ``games`` games cycling through every seating of ``agents`` (agent specs)."""
    for spec in agents:
        from_spec(spec)  # fail early on a bad spec
    seatings = schedule(agents, game.num_players)
    jobs = [(i, game_seed(seed, i), seatings[i % len(seatings)]) for i in range(games)]
    results = map_games(partial(_play_job, game), jobs, workers, batch=20, progress=progress)
    return summarise(game, seed, agents, seatings, results)


def game_of(report: TournamentReport, index: int) -> Record:
    """Re-play game ``index`` of a tournament alone and return its record."""
    game = make(report.game, **report.options)
    seating = report.seatings[index % len(report.seatings)]
    state, _ = _play(game, seating, game_seed(report.seed, index))
    return Record.of_state(state, game_seed(report.seed, index), list(seating))
