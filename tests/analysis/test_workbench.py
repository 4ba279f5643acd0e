"""The designer's workbench, part 2 (issue 26): each numbered finding of the designer who tried it, named
by the test that shows it fixed (finding 7, on `tabletop analyse`, is in test_annotate.py)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import duckdb
import pyarrow.parquet as pq
import pytest
from rich.console import Console
from typer.testing import CliRunner

import tabletop
from tabletop.agents import RandomAgent
from tabletop.analysis import plots
from tabletop.analysis.compare import Looked, run_variants
from tabletop.analysis.html import render
from tabletop.analysis.report import Report, load_report
from tabletop.analysis.runner import Chunk, RunSpec, Variant
from tabletop.analysis.storage import GAME_COLUMNS, ResultsError
from tabletop.analysis.summary import RunSummary
from tabletop.interfaces.cli.app import app
from tabletop.interfaces.cli.findings_view import print_findings

runner = CliRunner()
DOCS = Path(__file__).resolve().parents[2] / "docs"
TABLETOP = Path(sys.executable).with_name("tabletop")


def race(*goals: int, players: int = 2) -> RunSpec:
    return RunSpec(tuple(Variant(f"goal {g}", tabletop.make("race", players=players, goal=g),
                                 tuple(RandomAgent() for _ in range(players))) for g in goals), seed=3)


def jumanji(players: int = 3) -> RunSpec:
    return RunSpec(tuple(Variant(name, tabletop.make("jumanji", players=players, rescue_rolls=rolls),
                                 tuple(RandomAgent() for _ in range(players))) for name, rolls in
                         (("eight", 8), ("six", 6))), seed=1)


def query(sql: str) -> tuple[Any, ...]:
    """The first row of a DuckDB query."""
    return tuple(duckdb.connect().execute(sql).fetchall()[0])


def text_of(findings: Any, width: int = 80) -> str:
    console = Console(width=width, record=True, file=open(os.devnull, "w"))  # noqa: SIM115
    print_findings(findings, console)
    return console.export_text()


# -- 1. "stopped at the precision None" -----------------------------------------------------------------------------

def test_1_the_report_says_the_precision_the_run_stopped_at(tmp_path: Path) -> None:
    run_variants(race(6, 9), precision=0.05, max_games=20_000, out=tmp_path)
    page = render(load_report(tmp_path))
    assert "stopped at the precision ±0.05" in page and "None" not in page
    shown = runner.invoke(app, ["report", str(tmp_path)])
    assert shown.exit_code == 0 and "precision ±0.05 reached" in " ".join(shown.output.split())


# -- 2. intervals on balance and the first-mover advantage; shared wins explained ------------------------------------

def chunk(start: int, firsts: list[int], winners: list[list[int]]) -> Chunk:
    """A chunk of one variant's games, made up: who moved first and who won (the rest plain)."""
    n = len(firsts)
    columns: dict[str, list[Any]] = {
        "game": list(range(start, start + n)), "seed": list(range(n)), "winners": winners, "first": firsts,
        "turns": [10 + i % 3 for i in range(n)], "actions": [20] * n, "decisions": [5] * n, "choices": [5] * n,
        "choice_turns": [5] * n, "legal_sum": [10] * n, "chance": [15] * n, "minutes": [None] * n,
        "lead_changes": [None] * n, "drama": [None] * n, "trailed": [None] * n, "decisive_at": [None] * n,
    }
    return Chunk(start, start + n, [columns], [[{} for _ in range(n)]])


def test_2_balance_and_advantage_have_intervals_and_shared_wins_are_explained() -> None:
    summary = RunSummary(race(6).variants)
    summary.add(chunk(0, [0, 0, 1, 1] * 50, [[0], [1], [0, 1], [1]] * 50))
    findings = summary.findings(seed=3, stopped="games")
    seats = [findings.figure("goal 6", f"win[{s}]") for s in range(2)]
    assert [s.mean for s in seats if s] == [0.5, 0.75] and all(s and s.interval.endswith("over 2 seats")
                                                               for s in seats)
    shared = findings.figure("goal 6", "shared_win")
    assert shared is not None and shared.mean == 0.25 and shared.low < 0.25 < shared.high
    for name in ("balance", "advantage"):
        figure = findings.figure("goal 6", name)
        assert figure is not None and figure.low < figure.mean < figure.high, name
    note = " ".join(findings.notes())
    assert "add up to 1.250" in note and "25.0% of games had two winners or more" in note
    text = text_of(findings)
    assert re.search(r"balance\s+│\s+0\.750 \(0\.\d+–0\.\d+\)", text), text
    assert re.search(r"first-mover advantage\s+│\s+-?0\.\d+ \(", text), text


def test_2_the_html_report_shows_balance_and_advantage_and_the_right_reason_for_a_missing_plot(
    tmp_path: Path,
) -> None:
    run_variants(race(6), games=200, out=tmp_path)
    page = render(load_report(tmp_path))
    assert re.search(r"<td>balance</td><td>\d\.\d+ <small>\(", page)
    assert re.search(r"<td>first-mover advantage</td><td>-?\d\.\d+ <small>\(", page)
    assert "Variants against the baseline: not drawn, the run has one variant" in page
    assert "not available for this game" not in page
    assert ": 1 variant, 200 games each</h1>" in page


# -- 3. a headline ---------------------------------------------------------------------------------------------------

def test_3_a_headline_sentence_per_figure_the_comparison_shows_and_a_plain_no_otherwise() -> None:
    findings = run_variants(race(6, 12), games=400).findings
    headline = findings.headline()
    shown = [d for d in findings.differences if d.shown]
    assert len(headline) == len(shown) > 0
    assert any(s.startswith("goal 12 against goal 6: turns per game rises from") for s in headline)
    assert all("95% interval" in s for s in headline)
    base = race(6).variants[0]
    same = run_variants(RunSpec((base, Variant("again", base.game, base.agents)), 3), games=200)
    assert same.findings.headline() == ["again against goal 6: no difference shown at this precision (200 games)."]
    text = text_of(findings, 120)
    assert text.index("Headline") < text.index("Figures per variant")  # at the top


def test_3_the_html_report_opens_with_the_headline(tmp_path: Path) -> None:
    run_variants(race(6, 12), games=300, out=tmp_path)
    page = render(load_report(tmp_path))
    assert page.index("<h2>Headline</h2>") < page.index("<table>") and ": 2 variants, 300 games each</h1>" in page
    assert "goal 12 against goal 6: turns per game rises" in page


# -- 4. runs that stop, resume, and show their progress ----------------------------------------------------------------

def test_4_an_interrupted_run_writes_what_it_played_and_resumes_to_the_same_numbers(tmp_path: Path) -> None:
    spec = race(6, 9)
    whole = run_variants(spec, games=3000, chunk=100, out=tmp_path / "whole")

    def interrupt(looked: Looked) -> None:
        if looked.games == 1200:
            os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C, while the run records a chunk

    stopped = run_variants(spec, games=3000, chunk=100, out=tmp_path / "run", progress=interrupt, rows_per_part=500)
    assert stopped.stopped == "interrupted" and stopped.games == 1200
    described = json.loads((tmp_path / "run" / "run.json").read_text())
    assert described["stopped"] == "interrupted" and described["complete"] is False and described["games"] == 1200
    rows = query(f"SELECT count(*) FROM '{tmp_path / 'run'}/games/*.parquet'")
    assert rows == (2400,)  # readable, and holding every game counted
    resumed = run_variants(spec, games=3000, out=tmp_path / "run")
    assert resumed.stopped == "games" and resumed.games == 3000
    assert resumed.findings.to_json_dict() == whole.findings.to_json_dict()
    assert load_report(tmp_path / "run").findings.to_json_dict() == whole.findings.to_json_dict()


def test_4_a_results_directory_holding_another_run_is_refused(tmp_path: Path) -> None:
    run_variants(race(6, 9), games=200, out=tmp_path)
    with pytest.raises(ResultsError, match=r"holds another run .*goal 10"):
        run_variants(race(6, 10), games=200, out=tmp_path)
    with pytest.raises(ResultsError, match="already holds 200 games"):
        run_variants(race(6, 9), games=100, out=tmp_path)


def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


def _cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_4_ctrl_c_or_sigterm_ends_the_workers_and_the_same_command_resumes(
    tmp_path: Path, signum: int, status: int
) -> None:
    """A long run with two workers, stopped by a signal: it exits soon with the shell's status for it,
    its workers gone, its games readable; run again, it goes on from where it stopped."""
    out = tmp_path / "results"
    command = [str(TABLETOP), "compare", "jumanji", "-p", "2", "-v", "eight", "-v", "six:rescue_rolls=6",
               "-n", "20000000", "-w", "2", "--out", str(out)]
    # The first run of a configuration compiles its playout kernel (then cached on disk for every later run):
    # a short run does it first, so that the signal falls while games are being played.
    subprocess.run([*command[:9], "-n", "300"], capture_output=True, check=True, timeout=600)
    games = []
    for _ in range(2):
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 120
        while len(_children(process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        workers = _children(process.pid)
        assert len(workers) >= 2, "the workers did not start"
        deadline = time.monotonic() + 120  # some chunks played: the workers have spent 4 s of CPU between them
        while sum(_cpu_seconds(pid) for pid in workers) < 4 and time.monotonic() < deadline:
            time.sleep(0.2)
        process.send_signal(signum)
        output, error = process.communicate(timeout=60)  # a liveness bound, not a timing: it stops at once
        assert process.returncode == status, error
        assert not any(_alive(pid) for pid in workers)
        assert "run the same command again to resume it" in error
        described = json.loads((out / "run.json").read_text())
        assert described["stopped"] == "interrupted"
        games.append(described["games"])
        rows = query(f"SELECT count(*) FROM '{out}/games/*.parquet'")
        assert rows == (2 * described["games"],)
        assert "Headline" in output  # what it found so far
    assert 0 < games[0] < games[1]


def test_4_a_run_killed_outright_leaves_readable_parts_no_worker_and_resumes(tmp_path: Path) -> None:
    """SIGKILL gives a run no chance to write anything: the parts written before are whole (each was
    renamed once complete), the workers die with it (Linux), and a new run resumes from them."""
    script = (
        "import sys; sys.path.insert(0, 'tests'); import conftest, tabletop\n"
        "from tabletop.agents import RandomAgent\n"
        "from tabletop.analysis.backends import LocalProcesses\n"
        "from tabletop.analysis.compare import run_variants\n"
        "from tabletop.analysis.runner import RunSpec, Variant\n"
        "spec = RunSpec(tuple(Variant(f'goal {g}', tabletop.make('race', goal=g), (RandomAgent(), RandomAgent()))"
        " for g in (6, 9)), seed=3)\n"
        f"run_variants(spec, games=10_000_000, chunk=200, backend=LocalProcesses(2), out={str(tmp_path)!r},"
        " rows_per_part=2000)\n"
    )
    process = subprocess.Popen([sys.executable, "-c", script], cwd=Path(__file__).resolve().parents[2])
    deadline = time.monotonic() + 120
    while len(list((tmp_path / "games").glob("part-*.parquet"))) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    workers = _children(process.pid)
    process.kill()
    process.wait(timeout=30)
    deadline = time.monotonic() + 30
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert workers and not any(_alive(pid) for pid in workers)
    written = query(f"SELECT count(*), max(game_index) FROM '{tmp_path}/games/*.parquet'")
    assert written[0] >= 2 * 2000 and written[0] == 2 * (written[1] + 1)
    spec = race(6, 9)
    done = written[1] + 1
    resumed = run_variants(spec, games=done + 400, chunk=200, out=tmp_path)
    fresh = run_variants(spec, games=done + 400, chunk=200, out=tmp_path / "fresh")
    assert resumed.findings.to_json_dict() == fresh.findings.to_json_dict()


def test_4_a_precision_run_shows_the_interval_width_as_it_goes() -> None:
    seen: list[Looked] = []
    result = run_variants(race(6, 9), precision=0.04, max_games=50_000, progress=seen.append)
    assert [look.games for look in seen] == list(range(500, result.games + 1, 500))
    assert all(look.widest is not None and look.precision == 0.04 for look in seen)
    assert seen[-1].widest is not None and seen[-1].widest <= 0.04 < (seen[0].widest or 0)
    forecast = seen[0].games_to_go()
    assert forecast is not None and forecast > 0 and seen[-1].games_to_go() == 0
    from rich.progress import Progress

    from tabletop.interfaces.cli.workbench import looking

    progress = Progress(console=Console(file=open(os.devnull, "w")))  # noqa: SIM115
    task = progress.add_task("comparing", total=50_000)
    looking(progress, task)(seen[0])
    description = progress.tasks[0].description
    assert "widest interval ±0." in description and "target ±0.04" in description and "games to go" in description


# -- 5. self-describing Parquet --------------------------------------------------------------------------------------

def test_5_every_parquet_file_says_what_run_it_holds_and_what_each_column_is(tmp_path: Path) -> None:
    spec = jumanji()
    run_variants(spec, games=300, out=tmp_path)
    files = [*sorted((tmp_path / "games").glob("*.parquet")), tmp_path / "figures.parquet",
             tmp_path / "differences.parquet"]
    for path in files:
        meta = {k.decode(): v.decode() for k, v in (pq.read_schema(path).metadata or {}).items()}
        assert meta["tabletop.game"] == "jumanji" and meta["tabletop.seed"] == "1"
        assert meta["tabletop.version"] == tabletop.__version__
        variants = json.loads(meta["tabletop.variants"])
        assert [v["name"] for v in variants] == ["eight", "six"] and variants[1]["options"]["rescue_rolls"] == 6
        assert all(v["players"] == 3 and v["agents"] == ["random"] * 3 for v in variants)
        assert variants[0]["board_hash"] == spec.variants[0].game.data_hash() and variants[0]["board_hash"].startswith(
            "sha256:")
        columns = pq.read_schema(path).names
        assert all(f"tabletop.column.{name}" in meta for name in columns), path
    described = duckdb.connect().execute(f"DESCRIBE SELECT * FROM '{tmp_path}/games/*.parquet'").fetchall()
    assert [row[0] for row in described] == [name for name, _, _ in GAME_COLUMNS.values()]
    assert "game_index" in [row[0] for row in described] and "game" not in [row[0] for row in described]
    assert {"winner_seats", "first_seat", "decisions_with_choice", "turns_with_choice",
            "legal_actions_summed"} <= {row[0] for row in described}


def _doc_queries() -> list[tuple[str, str]]:
    """The DuckDB queries of docs/metrics.md, each with the figure its comment names."""
    text = (DOCS / "metrics.md").read_text()
    section = text[text.index("### A DuckDB query for each figure"):]
    blocks = re.findall(r"```sql\n(.*?)```", section, re.S)
    queries = []
    for block in blocks[1:2]:
        for part in re.split(r"^-- ", block, flags=re.M)[1:]:
            comment, _, sql = part.partition("\n")
            queries.append((comment.split(":")[0].strip(), sql.strip()))
    return queries


def test_5_docs_give_a_duckdb_query_for_each_figure_and_each_agrees_with_the_report(tmp_path: Path) -> None:
    run_variants(jumanji(), games=600, out=tmp_path)
    findings = load_report(tmp_path).findings
    queries = _doc_queries()
    named = {name for name, _ in queries}
    assert named >= {"win[s]", "shared_win", "balance", "advantage", "first_mover_win", "completion", "turns",
                     "actions", "decisions", "minutes", "branching", "decision_share", "lead_changes", "drama",
                     "trailed", "decisive_at", "figure"}
    con = duckdb.connect()
    con.execute(f"CREATE VIEW games AS SELECT * FROM '{tmp_path}/games/*.parquet'")
    for name, sql in queries:
        for row in con.execute(sql).fetchall():
            variant, value = row[0], row[-1]
            figure = f"win[{row[1]}]" if name == "win[s]" else "figure:grid_cards" if name == "figure" else name
            shown = findings.figure(variant, figure) or next(
                (f for f in findings.figures if f.variant == variant and figure in f.same_as), None)
            if value is None:
                assert shown is None, (name, variant)
                continue
            assert shown is not None and value == pytest.approx(shown.mean), (name, variant)
    paired = (DOCS / "metrics.md").read_text().split("```sql\n")[-1].split("```")[0]
    (variant, difference, low, high), = con.execute(paired).fetchall()
    turns = next(d for d in findings.differences if d.name == "turns")
    assert variant == "six" and (difference, low, high) == pytest.approx((turns.difference, turns.low, turns.high),
                                                                     rel=1e-6)


# -- 6. small things -------------------------------------------------------------------------------------------------

def test_6_an_80_column_terminal_cuts_no_header_or_number() -> None:
    findings = run_variants(race(6, 9, 12, players=3), games=300).findings
    text = text_of(findings, 80)
    assert "…" not in text
    for word in ("figure", "difference", "interval", "pairing", "cut", "goal 12 minus goal 6"):
        assert word in text, word


def test_6_plots_count_in_whole_numbers_and_keep_one_unit_per_axis() -> None:
    report = Report.of(run_variants(race(6, 12), games=300))
    for draw in (plots.lead_changes, plots.lengths, plots.survival):
        ticks = draw(report).axes[0].get_xticks()
        assert all(float(t).is_integer() for t in ticks), (draw.__name__, ticks)
    forest = plots.forest(report)
    labels = [ax.get_xlabel() for ax in forest.axes]
    assert len(labels) == 2 and "percentage points" in labels[0] and "% of the baseline" in labels[1]
    rows = [[t.get_text().split(": ", 1)[1] for t in ax.get_yticklabels()] for ax in forest.axes]
    assert {"seat 0 wins", "balance", "first-mover advantage"} <= set(rows[0]) and "turns" not in rows[0]
    assert {"turns", "actions"} <= set(rows[1]) and not set(rows[1]) & set(rows[0])


def test_6_a_figure_repeated_under_another_name_is_shown_once_with_both_names() -> None:
    findings = run_variants(jumanji(), games=400).findings
    names = findings.names()
    assert "figure:turns" not in names and "figure:rescues_failed" not in names
    assert "figure:rate:all_lose" not in names
    turns = findings.figure("eight", "turns")
    grid = findings.figure("eight", "figure:grid_cards")
    completion = findings.figure("eight", "completion")
    assert turns and turns.same_as == ("figure:turns",) and turns.label == "turns"  # the game's own "turns": same name
    assert grid and grid.label == "grid cards = rescues failed"
    assert completion and completion.label == "completion = 1 − all lose"
    assert "trailed" in names and "completion" in names  # equal only by chance (both constant): not merged


def test_6_the_report_says_what_pairing_bought() -> None:
    findings = run_variants(jumanji(), games=400).findings
    (note,) = [n for n in findings.notes() if "pairing" in n]
    assert re.search(r"removed \d+% of the variance of a typical difference", note)
    assert re.search(r"as many games' worth of precision as \d\.\d\d times the games played unpaired", note)


def test_5_a_board_of_ones_own_is_named_by_its_content_hash_in_the_run(tmp_path: Path) -> None:
    from tabletop.core.data import toml_text, with_field

    packaged = tabletop.make("jumanji", players=2)
    model = packaged.data_model()
    assert model is not None
    board = tmp_path / "short_timer.toml"
    board.write_text(toml_text(with_field(model, "timer.default_rescue_rolls", 5)))
    out = tmp_path / "results"
    result = runner.invoke(app, ["compare", "jumanji", "-p", "2", "-v", "packaged", "-v", f"mine:data={board}",
                                 "-n", "200", "--out", str(out)])
    assert result.exit_code == 0, result.output
    described = json.loads((out / "run.json").read_text())
    hashes = [v["board_hash"] for v in described["variants"]]
    assert hashes[0] == packaged.data_hash() and hashes[1] == tabletop.make("jumanji", data=str(board)).data_hash()
    everyone = runner.invoke(app, ["compare", "jumanji", "-p", "2", "-v", "a", "-v", "b:rescue_rolls=6", "--data",
                                   str(board), "-n", "100", "--json"])
    assert everyone.exit_code == 0, everyone.output
    assert {v["board_hash"] for v in json.loads(everyone.output)["variants"]} == {hashes[1]}


def test_the_python_api_gives_the_rows_of_a_run_kept_on_disk(tmp_path: Path) -> None:
    from tabletop.analysis import compare_variants, load_results

    kept = compare_variants("race", ["short:goal=6", "long:goal=9"], games=120, out=tmp_path)
    assert kept.rows().num_rows == 240 and kept.stopped == "games"
    again = load_results(tmp_path)
    assert again.headline == kept.headline and again.figures.equals(kept.figures)
    with pytest.raises(ResultsError, match="give compare_variants an out directory"):
        compare_variants("race", {"short": {"goal": 6}}, games=50).rows()
    with pytest.raises(KeyError, match="plots: win_rates"):
        kept.plot("pie")
