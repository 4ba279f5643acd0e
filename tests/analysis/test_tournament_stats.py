"""Tournament and simulation statistics against hand-computed values."""

from __future__ import annotations

import math

import pytest

import tabletop
from tabletop.analysis.elo import fit_elo
from tabletop.analysis.stats import mean_interval, percentile, wilson_interval
from tabletop.analysis.tournament import TournamentGame, game_of, schedule, summarise, tournament
from tabletop.core.replay import replay


def test_wilson_interval_matches_the_formula() -> None:
    # 8 of 10: centre (0.8 + 1.96²/20) / (1 + 1.96²/10), computed by hand
    z = 1.959963984540054
    centre = (0.8 + z * z / 20) / (1 + z * z / 10)
    half = z * math.sqrt(0.8 * 0.2 / 10 + z * z / 400) / (1 + z * z / 10)
    low, high = wilson_interval(8, 10)
    assert low == pytest.approx(centre - half) and high == pytest.approx(centre + half)
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_percentiles_and_mean_interval() -> None:
    assert percentile([3.0, 1.0, 2.0], 50) == 2.0
    assert percentile([1.0, 2.0, 3.0, 4.0], 90) == pytest.approx(3.7)
    low, high = mean_interval([1.0, 2.0, 3.0])
    assert (low + high) / 2 == pytest.approx(2.0) and high - low == pytest.approx(2 * 1.959963984540054 / math.sqrt(3))


def test_schedule_rotates_every_agent_through_every_seat() -> None:
    two = schedule(["a", "b", "c"], 2)
    assert sorted(two) == sorted([("a", "b"), ("b", "a"), ("a", "c"), ("c", "a"), ("b", "c"), ("c", "b")])
    four = schedule(["a", "b"], 4)
    assert len(four) == 14 and all(len(set(s)) == 2 for s in four)
    for seat in range(4):
        assert sum(1 for s in four if s[seat] == "a") == 7
    with pytest.raises(ValueError, match="at least two agents"):
        schedule(["a"], 2)


def test_elo_for_a_three_to_one_record_is_near_191_points() -> None:
    ratings = fit_elo({("a", "b"): 300.0, ("b", "a"): 100.0})
    assert ratings["a"] - ratings["b"] == pytest.approx(400 * math.log10(3), abs=1.5)
    assert (ratings["a"] + ratings["b"]) / 2 == pytest.approx(1500.0)


def test_summary_on_fixed_results() -> None:
    game = tabletop.make("race", players=2)

    def result(seating: tuple[str, str], winners: tuple[int, ...], turns: int) -> TournamentGame:
        return TournamentGame(0, 0, seating, winners, [0.0, 0.0], turns, 10, None, [0.2, 0.1], [2, 1])

    results = [
        result(("x", "y"), (0,), 10),
        result(("y", "x"), (1,), 20),
        result(("x", "y"), (1,), 30),
        result(("y", "x"), (1,), 40),
    ]
    report = summarise(game, 0, ["x", "y"], [("x", "y"), ("y", "x")], results)
    x, y = report.agents
    assert (x.agent, x.games, x.wins, x.win_rate) == ("x", 4, 3.0, 0.75)
    assert (y.wins, y.win_rate) == (1.0, 0.25)
    assert (x.low, x.high) == pytest.approx(wilson_interval(3, 4))
    assert x.mean_turns == 25.0
    # x made 2 decisions in seat 0 (0.2 s) twice and 1 in seat 1 (0.1 s) twice: 0.6 s / 6
    assert x.mean_decision_ms == pytest.approx(100.0)
    assert x.elo > y.elo


def test_tournament_games_are_reproducible_alone() -> None:
    game = tabletop.make("race", players=2, goal=8)
    report = tournament(game, ["random", "mcts:iterations=5"], games=6, seed=2)
    again = tournament(game, ["random", "mcts:iterations=5"], games=6, seed=2, workers=2)
    assert [r.winners for r in report.results] == [r.winners for r in again.results]
    assert [r.seating for r in report.results][:2] == [("random", "mcts:iterations=5"), ("mcts:iterations=5", "random")]
    record = game_of(report, 3)
    assert list(replay(record).winners()) == list(report.results[3].winners)
