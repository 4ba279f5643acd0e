"""The designer's commands: ``tabletop compare`` (variants on common random numbers) and ``tabletop report``."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from tabletop.agents import from_spec
from tabletop.analysis.backends import make_backend
from tabletop.analysis.compare import parse_variant, run_variants
from tabletop.analysis.runner import Decisiveness, RunSpec, Variant
from tabletop.analysis.summary import RunSummary
from tabletop.core.agent import Agent
from tabletop.core.errors import InvalidOptionError, TabletopError
from tabletop.core.game import Game
from tabletop.interfaces.cli.console import console, errors, fail
from tabletop.interfaces.cli.options import build_game

#: the rows of the comparison table, in order (figures follow)
SHOWN = (
    "completion", "first_mover_win", "turns", "actions", "minutes", "branching", "decision_share", "lead_changes",
    "drama", "trailed", "decisive_at",
)
LABELS = {
    "completion": "completion", "first_mover_win": "first mover wins", "turns": "turns", "actions": "actions",
    "minutes": "minutes at table", "branching": "branching factor", "decision_share": "decision turns",
    "lead_changes": "lead changes", "drama": "drama", "trailed": "winner was behind", "decisive_at": "decided at",
}


def agents_for(game: Game, specs: list[str]) -> tuple[Agent, ...]:
    """One spec for every seat, or one per seat."""
    if len(specs) == 1:
        return tuple(from_spec(specs[0]) for _ in range(game.num_players))
    if len(specs) != game.num_players:
        raise InvalidOptionError(
            f"--agents: give one agent for every seat or exactly {game.num_players} (one per seat), not {len(specs)}"
        )
    return tuple(from_spec(spec) for spec in specs)


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
    out: Annotated[Path | None, typer.Option("--out", help="Directory for games.parquet and run.json.")] = None,
    html_path: Annotated[Path | None, typer.Option("--html", help="Also write the HTML report (needs --out).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Compare variants of a game on common random numbers: paired differences with 95% intervals.

    Every variant plays game i with the same seed, so dice and draws match wherever
    the variants' rules consume them alike; each metric's difference from the first
    variant comes with a paired interval and the share of variance pairing removed.
    With --precision the run stops once every rate is known to ± that (an
    anytime-valid confidence sequence, docs/metrics.md) or at --max-games.

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
        with Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
            console=errors, transient=True, disable=as_json,
        ) as progress:
            task = progress.add_task(f"comparing {len(built)} variant(s)", total=total)
            result = run_variants(
                spec, games=games, precision=precision, max_games=max_games, backend=run_backend, out=out,
                progress=lambda k: progress.advance(task, k),
            )
    except (TabletopError, ValueError) as exc:
        raise fail(str(exc)) from None
    if as_json:
        print(json.dumps(result.describe(), indent=2, default=str))
    else:
        stopped = {"games": "as asked", "precision": f"precision ±{precision} reached", "max-games": "--max-games cap"}
        console.print(
            f"[b]{built[0].game.name}[/b]: {result.games:,} games per variant, seed {seed} "
            f"({stopped[result.stopped]}, {result.seconds:.1f} s)"
        )
        print_summary(result.summary)
    if out is not None and html_path is not None:
        from tabletop.analysis.html import write_html
        from tabletop.analysis.report import load_report

        write_html(load_report(out), html_path)
        errors.print(f"report written to {html_path}")


def _cell(mean: float | None, low: float | None = None, high: float | None = None) -> str:
    if mean is None or math.isnan(mean):
        return "–"
    text = f"{mean:.3f}" if abs(mean) < 100 else f"{mean:,.0f}"
    if low is not None and high is not None and not (math.isnan(low) or math.isnan(high)):
        text += f" ({low:.3f}–{high:.3f})" if abs(mean) < 100 else f" ({low:,.0f}–{high:,.0f})"
    return text


def print_summary(summary: RunSummary) -> None:
    """The comparison as two tables: each variant's metrics, then each variant minus the baseline."""
    data = summary.to_json_dict()
    variants: list[dict[str, Any]] = data["variants"]
    kind = "anytime-valid 95% CS for rates" if summary.precision is not None else "95% intervals"
    table = Table(title=f"Metrics per variant ({kind}; – : not available for this game)")
    table.add_column("metric", no_wrap=True)
    for v in variants:
        table.add_column(v["name"], justify="right")
    players = max(len(v["agents"]) for v in variants)
    names = [f"win[{s}]" for s in range(players)] + list(SHOWN)
    names += sorted({k for v in variants for k in v["metrics"] if k.startswith("figure:")})
    names += sorted({k for v in variants for k in v["metrics"] if k not in names})
    for name in names:
        cells = []
        for v in variants:
            m = v["metrics"].get(name)
            interval = (m.get("cs95") or m["ci95"]) if m else None
            cells.append(_cell(m["mean"] if m else None, *(interval or (None, None))))
        table.add_row(_label(name), *cells)
    table.add_row("balance", *(_cell(v["balance"]) for v in variants))
    table.add_row("first-mover advantage", *(_cell(v["advantage"]) for v in variants))
    console.print(table)
    if not data["differences"]:
        return
    diff = Table(title=f"Each variant minus {variants[0]['name']}, paired by game")
    for column in ("variant", "metric", "difference", "95% interval", "var. cut"):
        diff.add_column(column, justify="right" if column not in ("variant", "metric") else "left", no_wrap=True)
    order = {name: i for i, name in enumerate(names)}
    for d in sorted(data["differences"], key=lambda d: (d["variant"], order.get(d["metric"], len(order)))):
        low, high = d.get("cs95") or d["ci95"]
        cut = d["variance_reduction"]
        diff.add_row(d["variant"], _label(d["metric"]), _cell(d["difference"]), _cell(None) if low is None else
                     f"{low:.3f} – {high:.3f}", "–" if cut is None else f"{100 * cut:.0f}%")
    console.print(diff)


def _label(name: str) -> str:
    if name.startswith("win["):
        return f"seat {name[4:-1]} wins"
    if name.startswith("figure:"):
        return "figure " + name.removeprefix("figure:")
    return LABELS.get(name, name)


def report_command(
    results: Annotated[Path, typer.Argument(help="A results directory written with --out.", show_default=False)],
    html_path: Annotated[Path | None, typer.Option("--html", help="Write the HTML report (plots embedded).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Summarise a results directory with DuckDB and draw the HTML report.

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
    if as_json:
        payload = {
            "variants": [
                {"name": v.name, "games": v.games, "metrics": {k: vars(m) for k, m in v.metrics.items()}}
                for v in report.variants
            ],
            "differences": [vars(d) for d in report.differences],
        }
        print(json.dumps(payload, indent=2, default=str))
        return
    table = Table(title=f"{report.variants[0].game}: {results}")
    table.add_column("metric", no_wrap=True)
    for v in report.variants:
        table.add_column(f"{v.name} ({v.games:,})", justify="right")
    names: list[str] = []
    for v in report.variants:
        names.extend(k for k in v.metrics if k not in names)
    for name in names:
        metrics = [v.metric(name) for v in report.variants]
        cells = [_cell(m.mean, m.low, m.high) if m else _cell(None) for m in metrics]
        table.add_row(_label(name), *cells)
    console.print(table)
    if html_path is not None:
        console.print(f"HTML report written to [b]{html_path}[/b]")
