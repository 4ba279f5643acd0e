"""Comparisons on common random numbers: streams, metrics, pairing, stopping, results on disk."""

from __future__ import annotations

import json
import math
import os
import random
import signal
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

import tabletop
from tabletop.agents import RandomAgent
from tabletop.analysis.backends import BackendError, InProcess, LocalProcesses, make_backend
from tabletop.analysis.compare import parse_variant, run_variants
from tabletop.analysis.metrics import decisiveness, play_traced
from tabletop.analysis.report import load_report
from tabletop.analysis.runner import Decisiveness, RunSpec, Variant, game_seed
from tabletop.core.actions import Action
from tabletop.core.errors import InvalidOptionError, TabletopError
from tabletop.core.play import Streams, run
from tabletop.core.state import State
from tabletop.interfaces.cli.app import app

runner = CliRunner()


def variants(name: str, **extra: object) -> tuple[Variant, ...]:
    plain = tabletop.make(name, players=2)
    other = tabletop.make(name, players=2, **extra)
    return (
        Variant("plain", plain, (RandomAgent(), RandomAgent())),
        Variant("other", other, (RandomAgent(), RandomAgent())),
    )


def test_streams_are_per_kind_of_chance_node_and_per_seat() -> None:
    game = tabletop.make("bonus-race", players=2, bonus=True)
    state = game.new_initial_state()
    a, b = Streams(9), Streams(9)
    assert a.chance(state) == b.chance(state)
    assert a.stream("move") is a.stream("move") and a.stream("move") is not a.stream("bonus")
    # drawing from the bonus stream does not move the move stream
    c = Streams(9)
    c.stream("bonus").random()
    assert c.stream("move").random() == Streams(9).stream("move").random()
    assert Streams(9).seat(0).random() != Streams(9).seat(1).random() != Streams(10).seat(1).random()


def test_a_traced_game_is_the_same_game_as_run_plays() -> None:
    game = tabletop.make("race", players=3)
    agents = [RandomAgent() for _ in range(3)]
    for seed in range(20):
        final, row = play_traced(game, agents, seed)
        assert final.history() == run(game, agents, seed).history()
        assert row.actions == len(final.history()) and row.winners == final.winners()
        assert row.decisions + row.chance == row.actions
        assert row.legal_sum == 2 * row.decisions  # advance or wait at every decision
        assert row.minutes == pytest.approx(1 + (6 * row.turns + 3 * row.decisions) / 60)
        assert row.lead_changes is not None and row.drama is not None and row.first == 0


def test_common_random_numbers_survive_a_variant_that_rolls_more() -> None:
    """The bonus variant rolls extra dice. With the bonus on its own stream the move rolls stay
    aligned game by game, and pairing removes much more variance than with a single stream."""
    spec = RunSpec(variants("bonus-race", bonus=True), seed=3)
    split = run_variants(spec, games=1500).summary.pairs[1]["win[0]"]
    one = run_variants(RunSpec(variants("bonus-race-one-stream", bonus=True), seed=3), games=1500).summary
    single = one.pairs[1]["win[0]"]
    # measured: 66% of the variance of the difference in seat 0's win rate removed against 4%
    assert split.variance_reduction > 0.5
    assert single.variance_reduction < 0.2
    # and without the bonus the two variants are the same game: every difference is exactly zero
    same = run_variants(RunSpec(variants("bonus-race"), seed=3), games=200).summary.pairs[1]
    assert all(p.difference.mean == 0 and p.difference.variance == 0 for p in same.values())


def test_results_do_not_depend_on_the_backend_or_the_workers() -> None:
    spec = RunSpec(variants("race", goal=9), seed=5, decisiveness=Decisiveness(games=3, points=4, rollouts=4))
    one = run_variants(spec, games=90, backend=InProcess()).describe()
    two = run_variants(spec, games=90, backend=LocalProcesses(2)).describe()
    for d in (one, two):
        del d["seconds"]
    assert one == two
    measured = one["findings"]["variants"][0]["figures"]["decisive_at"]
    assert measured["n"] == 3 and 0 <= measured["mean"] <= 1


class _Failing(RandomAgent):
    def step(self, state: State, rng: random.Random) -> Action:
        raise ValueError("this agent refuses to play")


def test_an_error_in_a_worker_reaches_the_run_with_its_message() -> None:
    game = tabletop.make("race", players=2)
    spec = RunSpec((Variant("plain", game, (_Failing(), RandomAgent())),), seed=1)
    with pytest.raises(ValueError, match="refuses to play"):
        run_variants(spec, games=200, chunk=20, backend=LocalProcesses(2))


def _live_children() -> set[int]:
    """This process's children that are still running (not the zombies earlier tests may leave)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == os.getpid() and fields[0] != "Z":
                found.add(int(entry.name))
    return found


def test_a_worker_killed_outright_fails_the_run_at_once_instead_of_hanging_it() -> None:
    """A worker that dies (the kernel's OOM killer, a kill -9) ends the run with an error naming it;
    a shared pool would replace the worker and wait for its lost chunk for ever."""
    spec = RunSpec(variants("race", goal=9), seed=2)
    before = _live_children()
    killed: list[int] = []

    def kill_a_worker(looked: object) -> None:
        if not killed:
            workers = sorted(_live_children() - before)
            assert len(workers) == 2, f"the run's two workers, not {workers}"
            os.kill(workers[0], signal.SIGKILL)
            killed.append(workers[0])

    with pytest.raises(BackendError, match="a worker process ended unexpectedly"):
        run_variants(spec, games=100_000, chunk=200, backend=LocalProcesses(2), progress=kill_a_worker)
    assert killed and not _live_children() - before  # the other worker ended too


def test_metrics_of_the_test_race_and_their_definitions() -> None:
    spec = RunSpec(variants("race"), seed=1)
    summary = run_variants(spec, games=400).summary.variants[0]
    wins = [summary.mean(f"win[{s}]") or 0.0 for s in range(2)]
    assert summary.mean("completion") == 1.0 and sum(wins) == pytest.approx(1.0)
    assert summary.balance == pytest.approx(1 - abs(wins[0] - wins[1]))
    assert summary.advantage == pytest.approx(wins[0] - 0.5)  # seat 0 always moves first
    assert summary.mean("branching") == 2.0 and summary.mean("decision_share") == 1.0
    assert summary.mean("lead_changes") is not None and 0 <= (summary.mean("drama") or 0) <= 1


def test_decisiveness_is_one_when_only_the_end_decides_and_small_when_the_start_does() -> None:
    game = tabletop.make("race", players=2, goal=40)
    agents = [RandomAgent(), RandomAgent()]
    final, _ = play_traced(game, agents, 4)
    late = decisiveness(game, agents, 4, final, points=5, rollouts=12)
    assert late is not None and 0.5 <= late <= 1.0
    short = tabletop.make("race", players=2, goal=2)
    final, _ = play_traced(short, agents, 4)
    assert decisiveness(short, agents, 4, final, points=2, rollouts=4) is not None


def test_precision_stops_when_every_rate_is_known_and_says_how_many_games() -> None:
    spec = RunSpec(variants("race", goal=12), seed=2)
    result = run_variants(spec, precision=0.05, max_games=20_000)
    assert result.stopped == "precision" and result.games % 500 == 0 and 500 <= result.games < 20_000
    assert result.summary.widest() <= 0.05
    capped = run_variants(spec, precision=0.001, max_games=600)
    assert capped.stopped == "max-games" and capped.games == 600 and capped.summary.widest() > 0.001
    described = result.describe()["findings"]
    seat = described["variants"][0]["figures"]["win[0]"]
    assert seat["interval"] == "confidence sequence, simultaneous over 2 seats"
    assert (seat["ci95"][0], seat["ci95"][1]) == (result.summary.sequences[(0, "win[0]")].low,
                                                 result.summary.sequences[(0, "win[0]")].high)
    assert all(d["interval"].startswith("confidence sequence") for d in described["differences"]
               if d["figure"].startswith("win["))


def test_rows_are_streamed_to_parquet_and_duckdb_agrees_with_the_live_summary(tmp_path: Path) -> None:
    spec = RunSpec(variants("race", goal=8), seed=7)
    result = run_variants(spec, games=300, out=tmp_path, chunk=64, rows_per_part=200)
    parts = sorted((tmp_path / "games").glob("part-*.parquet"))
    table = pq.ParquetDataset([str(p) for p in parts]).read()
    assert len(parts) > 1 and table.num_rows == 600 and set(table.column("variant").to_pylist()) == {"plain", "other"}
    assert table.column("seed").to_pylist()[:2] == [game_seed(7, 0), game_seed(7, 1)]
    report = load_report(tmp_path)
    assert report.findings.to_json_dict() == result.findings.to_json_dict()  # the same numbers, exactly
    for variant, summary in zip(report.variants, result.summary.variants, strict=True):
        for name, moments in variant.moments.items():
            assert moments.mean == summary.mean(name), name
    described = json.loads((tmp_path / "run.json").read_text())
    assert described["games"] == 300 and described["variants"][1]["options"]["goal"] == 8


def test_variant_texts_and_bad_settings_are_refused_clearly() -> None:
    assert parse_variant("fast:goal=4, players=3") == ("fast", {"goal": "4", "players": "3"})
    with pytest.raises(InvalidOptionError, match="expected KEY=VALUE"):
        parse_variant("fast:goal")
    with pytest.raises(InvalidOptionError, match="NAME"):
        parse_variant(":goal=3")
    with pytest.raises(TabletopError, match="unknown backend"):
        make_backend("spark")
    with pytest.raises(ValueError, match="precision"):
        run_variants(RunSpec(variants("race"), seed=0), precision=2.0)


def test_compare_and_report_commands(tmp_path: Path) -> None:
    out = tmp_path / "results"
    result = runner.invoke(
        app,
        ["compare", "race", "-v", "short:goal=6", "-v", "long:goal=12", "-n", "120", "--out", str(out),
         "--html", str(tmp_path / "r.html")],
    )
    assert result.exit_code == 0, result.output
    assert "long minus short, paired by game" in result.output and "lead changes" in result.output
    assert (tmp_path / "r.html").read_text().count("data:image/png;base64,") >= 4
    shown = runner.invoke(app, ["report", str(out)])
    assert shown.exit_code == 0 and "120 games per variant" in " ".join(shown.output.split())
    as_json = json.loads(runner.invoke(app, ["report", str(out), "--json"]).output)
    assert [v["games"] for v in as_json["variants"]] == [120, 120]
    bad = runner.invoke(app, ["compare", "race", "-v", "a:goal=1"])
    assert bad.exit_code == 2 and "goal" in bad.output
    twice = runner.invoke(app, ["compare", "race", "-v", "a", "-v", "a"])
    assert twice.exit_code == 2 and "must differ" in twice.output
    seats = runner.invoke(app, ["compare", "race", "-v", "a", "--agents", "random,random,random"])
    assert seats.exit_code == 2 and "one per seat" in seats.output
    missing = runner.invoke(app, ["report", str(tmp_path / "nothing")])
    assert missing.exit_code == 2 and "cannot read the run description" in missing.output
    loose = runner.invoke(app, ["compare", "race", "-v", "a", "--html", "x.html"])
    assert loose.exit_code == 2 and "--html needs --out" in loose.output


def test_simulate_writes_results_that_report_reads(tmp_path: Path) -> None:
    result = runner.invoke(app, ["simulate", "race", "-n", "50", "--out", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    report = load_report(tmp_path)
    assert report.variants[0].games == 50 and math.isclose(report.variants[0].mean("completion") or 0, 1.0)


def test_the_fast_sampler_gives_the_outcomes_of_the_one_rule() -> None:
    for name, options in (("race", {}), ("bonus-race", {"bonus": True})):
        game = tabletop.make(name, players=2, **options)
        for seed in range(10):
            a, b = Streams(seed), Streams(seed)
            state = game.new_initial_state()
            fast = b.sampler(state)
            while not state.is_terminal():
                if state.is_chance_node():
                    outcome = a.chance(state)
                    assert fast(state) == outcome
                else:
                    outcome = state.legal_actions()[0]
                state.apply_action(outcome)


def test_memory_does_not_grow_with_the_number_of_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tracemalloc

    from tabletop.analysis import storage

    monkeypatch.setattr(storage, "ROWS_PER_PART", 500)  # rows wait for a part of this size at most
    spec = RunSpec(variants("race", goal=10), seed=8)
    peaks = []
    for games in (1000, 6000):
        tracemalloc.start()
        run_variants(spec, games=games, chunk=250, out=tmp_path / str(games))
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    # six times the games, about the same peak: nothing is kept per game
    assert peaks[1] < 1.3 * peaks[0], peaks


def test_the_new_commands_have_help_with_examples() -> None:
    for command in ("compare", "report"):
        result = runner.invoke(app, [command, "--help"])
        assert result.exit_code == 0 and "Example" in result.output
    assert "--precision" in runner.invoke(app, ["compare", "--help"]).output


def test_a_report_of_a_precision_run_shows_the_sequences_it_stopped_on(tmp_path: Path) -> None:
    spec = RunSpec(variants("race", goal=12), seed=2)
    result = run_variants(spec, precision=0.05, max_games=20_000, out=tmp_path)
    report = load_report(tmp_path)
    live = result.summary.sequences[(0, "win[0]")]
    shown = report.findings.figure("plain", "win[0]")
    assert shown is not None and (shown.low, shown.high) == (live.low, live.high)
    difference = next(d for d in report.findings.differences if d.name == "win[0]")
    watched = result.summary.sequences[(1, "diff:win[0]")]
    assert (difference.low, difference.high) == (watched.low, watched.high)
