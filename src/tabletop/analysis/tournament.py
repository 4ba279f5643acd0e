"""Tournaments between agents: every seating, seats rotated, results with intervals and Elo ratings.

Game ``i`` of a tournament is played with seed ``game_seed(seed, i)`` and the
``i``-th seating of the schedule, so any single game can be re-run alone, and
its record replays exactly.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any

from tabletop._version import __version__
from tabletop.agents.registry import from_spec
from tabletop.analysis.elo import fit_elo
from tabletop.analysis.simulate import game_seed
from tabletop.analysis.stats import mean, wilson_interval
from tabletop.core.agent import Agent
from tabletop.core.game import Game
from tabletop.core.play import streams
from tabletop.core.record import Record
from tabletop.core.registry import make
from tabletop.core.state import CHANCE


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


def play_game(game: Game, seating: Sequence[str], seed: int, index: int = 0) -> tuple[TournamentGame, Record]:
    """Play one tournament game, timing every decision."""
    agents: list[Agent] = [from_spec(spec) for spec in seating]
    chance_rng, seat_rngs = streams(seed, game.num_players)
    for seat, agent in enumerate(agents):
        agent.reset(seat)
    state = game.new_initial_state()
    seconds = [0.0] * game.num_players
    decisions = [0] * game.num_players
    limit = game.max_game_length()
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            action = state.chance_distribution().sample(chance_rng)
        else:
            start = time.perf_counter()
            action = agents[player].step(state, seat_rngs[player])
            seconds[player] += time.perf_counter() - start
            decisions[player] += 1
        state.apply_action(action)
        if len(state.history()) > limit:
            raise RuntimeError(f"{game.name} did not end within {limit} actions")
    metrics = state.metrics()
    scores = None
    if f"score[{game.num_players - 1}]" in metrics:
        scores = [metrics[f"score[{s}]"] for s in range(game.num_players)]
    result = TournamentGame(
        index=index,
        seed=seed,
        seating=tuple(seating),
        winners=state.winners(),
        returns=[float(r) for r in state.returns()],
        turns=state.turn_number(),
        actions=len(state.history()),
        scores=scores,
        decision_seconds=seconds,
        decisions=decisions,
    )
    record = Record(
        game=game.name,
        version=__version__,
        options=game.options,
        seed=seed,
        agents=list(seating),
        actions=[str(a) for a in state.history()],
        winners=list(state.winners()),
        returns=result.returns,
    )
    return result, record


def _play_batch(args: tuple[str, dict[str, Any], list[tuple[int, int, tuple[str, ...]]]]) -> list[TournamentGame]:
    name, options, jobs = args
    game = make(name, **options)
    return [play_game(game, seating, seed, index)[0] for index, seed, seating in jobs]


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
    results: list[TournamentGame] = []
    if workers <= 1:
        for index, game_seed_i, seating in jobs:
            results.append(play_game(game, seating, game_seed_i, index)[0])
            if progress is not None:
                progress(1)
    else:
        size = max(1, min(20, games // (workers * 4) or 1))
        batches = [(game.name, game.options, jobs[i : i + size]) for i in range(0, games, size)]
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for batch in pool.map(_play_batch, batches):
                results.extend(batch)
                if progress is not None:
                    progress(len(batch))
    results.sort(key=lambda r: r.index)
    return summarise(game, seed, agents, seatings, results)


def game_of(report: TournamentReport, index: int) -> Record:
    """Re-play game ``index`` of a tournament alone and return its record."""
    game = make(report.game, **report.options)
    seating = report.seatings[index % len(report.seatings)]
    return play_game(game, seating, game_seed(report.seed, index), index)[1]
