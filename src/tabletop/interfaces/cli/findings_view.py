"""A run's findings in the terminal: the headline first, then the tables, readable at 80 columns."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from tabletop.analysis.findings import Findings, label, number, percent, span

STOPPED = {"games": "as asked", "max-games": "--max-games cap reached", "interrupted": "interrupted"}


def stop_reason(findings: Findings) -> str:
    return STOPPED.get(findings.stopped, f"precision ±{findings.precision} reached")


def print_findings(findings: Findings, console: Console, title: str | None = None) -> None:
    """The headline, each variant's figures with intervals, the notes, then each variant minus the baseline."""
    if title:
        console.print(title)
    if not findings.games:
        console.print("No game finished yet: nothing to report.")
        return
    console.print("[b]Headline[/b]")
    for sentence in findings.headline():
        console.print(f" • {escape(sentence)}")
    kind = "95%; rates: anytime-valid" if findings.precision is not None else "95% intervals"
    # titles go above their tables, not in them: a narrow table (one variant) would wrap them
    console.print(f"[b]Figures per variant[/b] ({kind}; seats: simultaneous)")
    table = Table()
    table.add_column("figure", overflow="fold", min_width=12)
    for v in findings.variants:
        table.add_column(escape(v.name), justify="right", overflow="fold")
    for name in findings.names():
        cells = []
        shown = None
        for v in findings.variants:
            f = findings.figure(v.name, name)
            shown = shown or f
            cells.append("–" if f is None else f"{number(f.mean)} ({span(f.low, f.high)})")
        table.add_row(escape(shown.label if shown is not None else label(name)), *cells)
    console.print(table)
    for note in findings.notes():
        console.print(f"[dim]{escape(note)}[/dim]")
    order = {name: i for i, name in enumerate(findings.names())}
    for v in findings.variants[1:]:
        mine = sorted((d for d in findings.differences if d.variant == v.name), key=lambda d: order.get(d.name, 99))
        if not mine:
            continue
        console.print(f"[b]{escape(v.name)} minus {escape(findings.baseline)}[/b], paired by game")
        diff = Table()
        diff.add_column("figure", overflow="fold", min_width=12)
        diff.add_column("difference (95% interval)", justify="right", overflow="fold")
        diff.add_column("pairing cut", justify="right", overflow="fold")
        for d in mine:
            cut = percent(d.variance_reduction)
            text = f"{number(d.difference)} ({span(d.low, d.high)})"
            diff.add_row(escape(label(d.name)), f"[b]{text}[/b]" if d.shown else text, cut)
        console.print(diff)
    if findings.differences:
        console.print("[dim]pairing cut: the share of a difference's variance removed by playing both variants on "
                      "the same seeds; bold: the interval excludes zero.[/dim]")
