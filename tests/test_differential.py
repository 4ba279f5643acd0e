"""The differential harness (tabletop.testing.differential) on any pair of engines, and each game's declared twins.

The games' own tests (tests/games/*/) run their pairs over a few hundred games with planted mutations;
here the harness itself: whole-game engines with and without a trace, every kind of divergence it
reports, the worker pool, and that every game with a fast path declares it.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest

import tabletop
from tabletop.core.play import PlayoutSummary
from tabletop.core.twins import PlayoutEngine, StateEngine, Trace, TraceStep, Twins
from tabletop.testing.differential import Divergence, check_games, comparable, must_catch, play_both, twins_of


def jumanji_twins(**options: Any) -> Twins:
    twins = tabletop.make("jumanji", **options).twins()
    assert twins is not None
    return twins


def test_every_game_with_a_fast_path_declares_its_twins() -> None:
    """Each packaged game's fast path is declared against its readable rules, for every option set it lists; the
    example game outside src/ has none, and says so."""
    for name in ("donkey-kong", "doodle-jump", "jumanji"):
        pairs = twins_of(name)
        assert pairs and all(isinstance(p, Twins) for p in pairs)
    with pytest.raises(ValueError, match="declares no fast engine"):
        twins_of("pig")


def test_a_whole_game_engine_without_a_trace_is_compared_by_its_result() -> None:
    """A kernel that only returns what a game came to (no positions) is checked on its summary, standings and all."""
    game = tabletop.make("jumanji", players=3)
    playout = game.random_playout()
    assert playout is not None
    pair = Twins(PlayoutEngine(playout, traces=False), StateEngine(game.new_initial_state))
    assert sum(play_both(pair, seed) for seed in range(20)) > 20 * 10

    def one_turn_more(seed: int) -> object:
        summary = playout(seed)
        assert isinstance(summary, PlayoutSummary)
        summary.turns += 1
        return summary

    caught = must_catch(Twins(PlayoutEngine(one_turn_more, traces=False), pair.readable), range(3))
    assert caught.what == "results" and caught.step == 0


def test_standings_recorded_as_places_compare_equal_to_the_standings() -> None:
    summary = PlayoutSummary((0,), 0, 2, 5, 1, 1, 1, 2, 4, {}, None, places=[(0, 0), (2, 1)], scale=(0.0, 0.5, 1.0))
    written = PlayoutSummary((0,), 0, 2, 5, 1, 1, 1, 2, 4, {}, [[0.0, 0.0], [1.0, 0.5]])
    assert comparable(summary) == comparable(written) and summary != written


def test_a_trace_that_stops_early_or_a_failing_engine_is_a_divergence() -> None:
    pair = jumanji_twins(players=2)
    playout = tabletop.make("jumanji", players=2).random_playout()
    assert playout is not None

    def short(seed: int, trace: Trace | None = None) -> object:
        steps: list[TraceStep] = []
        summary = playout.play(seed, steps.append)  # type: ignore[attr-defined]
        if trace is not None:
            for step in [*steps[:5], steps[-1]]:
                trace(step)
        return summary

    caught = must_catch(Twins(PlayoutEngine(short), pair.readable, pair.view, pair.final), range(3))
    assert caught.what == "positions" and caught.step == 5  # the final position came where the sixth action was

    def broken(seed: int, trace: Trace | None = None) -> object:
        raise KeyError("no such space")

    caught = must_catch(Twins(PlayoutEngine(broken), pair.readable), range(3))
    assert caught.what == "runs (one engine raised)" and "KeyError" in str(caught)
    assert isinstance(caught.__cause__, KeyError)


def test_a_faithful_pair_is_never_reported_by_must_catch() -> None:
    with pytest.raises(AssertionError, match="went unnoticed in 3 games"):
        must_catch(jumanji_twins(players=2), range(3))


def test_many_games_in_worker_processes() -> None:
    """check_games spreads the games over processes (the pairs made in each worker) and counts them all."""
    tally = check_games(functools.partial(twins_of, "jumanji"), games=60, workers=2, chunk=20, seed=4)
    assert tally.games == 60 and not tally.divergence and tally.actions > 60 * 10
    alone = check_games(functools.partial(twins_of, "jumanji"), games=60, workers=1, chunk=20, seed=4)
    assert (alone.games, alone.actions) == (tally.games, tally.actions)


def test_a_divergence_says_where() -> None:
    found = Divergence(12, 3, "options", ("a",), ("b",))
    assert (found.seed, found.step, found.what) == (12, 3, "options")
    assert str(found).startswith("seed 12, step 3: the options differ")
