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
from tabletop.core.compiled import COMPILED
from tabletop.core.game import Game
from tabletop.core.play import PlayoutSummary, play_summary, random_decision
from tabletop.core.twins import PlayoutEngine, StateEngine, Trace, TraceStep, Twins
from tabletop.testing.differential import Divergence, check_games, comparable, must_catch, play_both, twins_of


def traced_rules(game: Game) -> PlayoutEngine:
    """A whole-game engine with a trace, for the harness's own tests: the rules played through, each step reported
    as a :class:`TraceStep` (a copy of the position, the options, the action)."""

    def play(seed: int, trace: Trace | None = None) -> object:
        def report(state: Any, options: Any, action: Any) -> None:
            if trace is not None:
                listed = options if isinstance(options, tuple) else tuple(options.outcomes)
                trace(TraceStep(state.clone(), listed, action))

        return play_summary(game, [random_decision] * game.num_players, seed, report)[1]

    return PlayoutEngine(play)


def jumanji_twins(**options: Any) -> Twins:
    """Jumanji's rules traced as a whole-game engine against the rules played by the driver."""
    game = tabletop.make("jumanji", **options)
    return Twins(traced_rules(game), StateEngine(game.new_initial_state))


def test_every_game_with_a_fast_path_declares_its_twins() -> None:
    """Each packaged game's fast path is declared against its readable rules, for every option set it lists; the
    example game outside src/ has none, and says so. Jumanji's only fast engine, and Doodle Jump's second, is a
    compiled kernel (Numba)."""
    for name in ("donkey-kong", "doodle-jump", *(("jumanji",) if COMPILED else ())):
        pairs = twins_of(name)
        assert pairs and all(isinstance(p, Twins) for p in pairs)
    for name in ("doodle-jump", "jumanji") if COMPILED else ():
        pairs = twins_of(name, kernel=True)
        assert pairs and all(isinstance(p, Twins) for p in pairs)
    with pytest.raises(ValueError, match="declares no fast engine"):
        twins_of("pig")
    with pytest.raises(ValueError, match="declares no compiled kernel"):
        twins_of("pig", kernel=True)


@pytest.mark.skipif(not COMPILED, reason="the compiled kernels need Numba (the fast extra)")
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
    engine = traced_rules(tabletop.make("jumanji", players=2))

    def short(seed: int, trace: Trace | None = None) -> object:
        steps: list[TraceStep] = []
        summary = engine.play(seed, steps.append)
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
