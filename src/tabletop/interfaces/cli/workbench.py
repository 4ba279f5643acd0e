"""The designer's commands: ``tabletop compare`` (variants on common random numbers) and ``tabletop report``."""

from __future__ import annotations

import json
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn

from tabletop.agents import from_spec
from tabletop.analysis.backends import make_backend
from tabletop.analysis.compare import Looked, RunResult, parse_variant, run_variants
from tabletop.analysis.runner import Decisiveness, RunSpec, Variant
from tabletop.core.agent import Agent
from tabletop.core.errors import InvalidOptionError, TabletopError
from tabletop.core.game import Game
from tabletop.interfaces.cli.console import console, errors, fail
from tabletop.interfaces.cli.findings_view import print_findings, stop_reason
from tabletop.interfaces.cli.options import build_game


def agents_for(game: Game, specs: list[str]) -> tuple[Agent, ...]:
    """One spec for every seat, or one per seat."""
    if len(specs) == 1:
        return tuple(from_spec(specs[0]) for _ in range(game.num_players))
    if len(specs) != game.num_players:
        raise InvalidOptionError(
            f"--agents: give one agent for every seat or exactly {game.num_players} (one per seat), not {len(specs)}"
        )
    return tuple(from_spec(spec) for spec in specs)


def looking(progress: Progress, task: TaskID) -> Callable[[Looked], None]:
    """A run's progress callback that shows games played and, with --precision, the interval's width now."""

    def show(looked: Looked) -> None:
        text = f"{looked.games:,} games"
        if looked.widest is not None and looked.precision is not None:
            to_go = looked.games_to_go()
            text += f", widest interval ±{looked.widest:.4f} (target ±{looked.precision})"
            if to_go is not None:
                text += f", about {to_go:,} games to go"
        progress.update(task, completed=looked.games, description=text)

    return show


def run_progress(as_json: bool) -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    console=errors, transient=True, disable=as_json)


def exit_if_interrupted(result: RunResult, out: Path | None) -> None:
    """After a run stopped by Ctrl-C or SIGTERM (its partial results printed): say how to resume, and exit
    with the shell's status for that signal (130, 143)."""
    if result.stopped != "interrupted":
        return
    again = (f"run the same command again to resume it from {out}" if out is not None
             else "give --out DIR to keep a run's games and resume it after a stop")
    errors.print(f"stopped by {signal.Signals(result.signum or 2).name} after {result.games:,} games; {again}")
    raise typer.Exit(code=128 + (result.signum or 2))


def compare_command(
    game: Annotated[str, typer.Argument(help="The game to study (see `tabletop games`).", show_default=False)],
    variant: Annotated[
        list[str],
        typer.Option("--variant", "-v", help="NAME or NAME:KEY=VALUE,KEY=VALUE; repeat; the first is the baseline."),
    ],
    players: Annotated[int | None, typer.Option("--players", "-p", help="Players in every variant.")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="A game option for every variant, KEY=VALUE.")
    ] = None,
    data: Annotated[
        str | None, typer.Option("--data", help="A data file (board, dice, deck) for every variant; per variant: "
                                                "-v NAME:data=FILE.")
    ] = None,
    agents: Annotated[
        str, typer.Option("--agents", "-a", help="One agent spec for all seats, or comma-separated, one per seat.")
    ] = "random",
    n: Annotated[int | None, typer.Option("-n", "--games", help="Games per variant (default 1000).", min=1)] = None,
    precision: Annotated[
        float | None,
        typer.Option("--precision", help="Play until every rate's 95% confidence sequence is within ± this."),
    ] = None,
    max_games: Annotated[int, typer.Option("--max-games", help="Cap on games per variant with --precision.", min=1)] = (
        1_000_000
    ),
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the run (game i: same seed in all).")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Local worker processes.")] = 1,
    backend: Annotated[str, typer.Option("--backend", help="local (processes on this machine) or ray.")] = "local",
    address: Annotated[
        str | None, typer.Option("--address", help="Ray cluster to join: auto, or HOST:PORT (default: a local Ray).")
    ] = None,
    decisive: Annotated[
        int, typer.Option("--decisiveness", help="Estimate decisiveness by rollouts on the first N games.", min=0)
    ] = 0,
    out: Annotated[Path | None, typer.Option("--out", help="Directory for the results (run.json, games/, figures); "
                                                           "an existing run there is resumed.")] = None,
    html_path: Annotated[Path | None, typer.Option("--html", help="Also write the HTML report (needs --out).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the findings as JSON.")] = False,
) -> None:
    """Compare variants of a game on common random numbers: a headline, then every figure with its 95% interval.

    Every variant plays game i with the same seed, so dice and draws match wherever
    the variants' rules consume them alike; each figure's difference from the first
    variant comes with a paired interval and the share of variance pairing removed.
    With --precision the run stops once every rate is known to ± that (an
    anytime-valid confidence sequence, docs/metrics.md) or at --max-games.
    Ctrl-C (or SIGTERM) stops the run within moments and prints what it found; with
    --out the same command resumes it.

    [b]Examples[/b]:
      tabletop compare GAME -v base -v fast:OPTION=VALUE -n 20000 -w 2
      tabletop compare GAME -p 2 -v a:OPTION=1 -v b:OPTION=2 --precision 0.005 --out results/
      tabletop compare GAME -v base -v alt:OPTION=VALUE --agents heuristic --decisiveness 50
      tabletop compare GAME -v packaged -v mine:data=my_board.toml -n 5000
      tabletop compare GAME -v a -v b:OPTION=VALUE --backend ray --address auto -n 1000000
    """
    if len(variant) < 1:
        raise fail("give at least one --variant")
    if html_path is not None and out is None:
        raise fail("--html needs --out (the report is drawn from the results directory)")
    specs = [a.strip() for a in agents.split(",") if a.strip()]
    try:
        built: list[Variant] = []
        for text in variant:
            name, options = parse_variant(text)
            pairs = [*(option or []), *(f"{k}={v}" for k, v in options.items())]
            g = build_game(game, players, None, None if "data" in options else data, pairs)
            built.append(Variant(name, g, agents_for(g, specs)))
        names = [v.name for v in built]
        if len(set(names)) != len(names):
            raise fail(f"variant names must differ, got {names}")
        run_backend = make_backend(backend, workers, address)
        spec = RunSpec(tuple(built), seed, Decisiveness(games=decisive))
        games = n if n is not None or precision is not None else 1000
        total = max_games if precision is not None else games
        with run_progress(as_json) as progress:
            task = progress.add_task(f"comparing {len(built)} variant{'' if len(built) == 1 else 's'}", total=total)
            result = run_variants(spec, games=games, precision=precision, max_games=max_games, backend=run_backend,
                                  out=out, progress=looking(progress, task))
    except (TabletopError, ValueError) as exc:
        raise fail(str(exc)) from None
    findings = result.findings
    if as_json:
        print(json.dumps(result.describe(), indent=2, default=str))
    else:
        print_findings(findings, console, f"[b]{built[0].game.name}[/b]: {result.games:,} games per variant, seed "
                                          f"{seed} ({stop_reason(findings)}, {result.seconds:.1f} s)")
    if out is not None and html_path is not None:
        from tabletop.analysis.html import write_html
        from tabletop.analysis.report import Report

        write_html(Report.of(result, out), html_path)
        errors.print(f"report written to {html_path}")
    exit_if_interrupted(result, out)


def report_command(
    results: Annotated[Path, typer.Argument(help="A results directory written with --out.", show_default=False)],
    html_path: Annotated[Path | None, typer.Option("--html", help="Write the HTML report (plots embedded).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the findings as JSON.")] = False,
) -> None:
    """Summarise a results directory (the headline, every figure with its interval) and draw the HTML report.

    [b]Examples[/b]:
      tabletop report results/
      tabletop report results/ --html report.html
    """
    from tabletop.analysis.report import load_report

    try:
        report = load_report(results)
        if html_path is not None:
            from tabletop.analysis.html import write_html

            write_html(report, html_path)
    except TabletopError as exc:
        raise fail(str(exc)) from None
    findings = report.findings
    if as_json:
        print(json.dumps(findings.to_json_dict(), indent=2, default=str))
        return
    print_findings(findings, console, f"[b]{findings.game}[/b]: {results}, {findings.games:,} games per variant "
                                      f"({stop_reason(findings)})")
    if html_path is not None:
        console.print(f"HTML report written to [b]{html_path}[/b]")
