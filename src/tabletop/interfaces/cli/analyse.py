"""``tabletop analyse RECORD``: each decision of a finished game judged by the ``expert`` level."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from tabletop.analysis.annotate import Analysis, annotate, points
from tabletop.core.errors import TabletopError
from tabletop.core.record import Record
from tabletop.interfaces.cli.console import console, errors


def analyse_command(
    file: Annotated[Path, typer.Argument(help="A game record saved by `tabletop play` or the web server.")],
    seat: Annotated[
        list[int] | None,
        typer.Option("--seat", help="A seat to analyse (repeatable; default: the human seats, or all)."),
    ] = None,
    iterations: Annotated[
        int, typer.Option("--iterations", "-i", help="Search iterations per decision (expert's search).", min=1)
    ] = 2000,
    rollouts: Annotated[
        int, typer.Option("--rollouts", help="Playouts at least behind each estimate (played and best).", min=2)
    ] = 200,
    highlight: Annotated[int, typer.Option("--highlight", help="How many of the costliest decisions to mark.")] = 3,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the searches (same seed, same analysis).")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the analysis as JSON.")] = False,
) -> None:
    """Explain a finished game: each decision judged by the [b]expert[/b] level, the costliest highlighted.

    For each decision: what expert would have chosen and the mover's chance of winning
    before and after the decision made, with the playouts behind each estimate and its
    95% interval.

    [b]Examples[/b]:
      tabletop analyse tabletop-GAME-7.json
      tabletop analyse game.json --seat 1 --iterations 4000 --json
    """
    try:
        record = Record.load(file)
        if as_json:
            analysis = annotate(record, seat, iterations, rollouts, seed, highlight)
        else:
            with Progress(TextColumn("analysing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                          console=console, transient=True) as bar:
                task = bar.add_task("analyse", total=len(record.actions))
                analysis = annotate(record, seat, iterations, rollouts, seed, highlight,
                                    progress=lambda done, total: bar.update(task, completed=done))
    except TabletopError as exc:
        errors.print(f"[red]error:[/red] {escape(str(exc))}")
        raise typer.Exit(code=1) from None
    if as_json:
        print(json.dumps(analysis.to_dict(), indent=1))
        return
    print_analysis(analysis)


def print_analysis(analysis: Analysis) -> None:
    """The analysis as a table, the highlighted decisions marked and listed after it."""
    judged = (f"expert ({analysis.expert})" if analysis.search == analysis.expert
              else f"expert ({analysis.expert}), chances by {analysis.search}")
    table = Table(title=f"{analysis.game}: seats {', '.join(map(str, analysis.seats))} judged by {judged}, "
                        f"{analysis.iterations} iterations a decision")
    for column in ("#", "seat", "played", "expert", "before", "after", "swing", ""):
        table.add_column(column, justify="right" if column in ("#", "seat", "swing") else "left")
    for d in analysis.decisions:
        style = "bold red" if d.highlighted else ""
        expert = escape(d.expert) if d.expert != d.played else "="
        table.add_row(str(d.index + 1), str(d.seat), escape(d.played), expert, str(d.before), str(d.after),
                      f"{points(d.swing):+d}" if points(d.swing) else "0", d.label, style=style)
    console.print(table)
    if not analysis.decisions:
        console.print("No decision with a choice to analyse.")
    shown = analysis.highlights()
    for d in shown:
        console.print(f"[bold red]action {d.index + 1}[/bold red], seat {d.seat}: {escape(d.played)} "
                      f"({d.label or 'costliest'}, {points(d.swing):+d} points of winning chance); "
                      f"expert: {escape(d.expert)}")
    if analysis.decisions and len(shown) < analysis.highlight:
        count = {0: "No decision", 1: "Only 1 decision"}.get(len(shown), f"Only {len(shown)} decisions")
        console.print(f"{count} cost a point of winning chance or more, so {len(shown)} of the "
                      f"{analysis.highlight} highlights asked for are shown.")
