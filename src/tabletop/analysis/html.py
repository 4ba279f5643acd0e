"""The report as one self-contained HTML file: the headline, tables and the plots embedded as PNG data URLs."""

from __future__ import annotations

import base64
import html
import math
from pathlib import Path
from typing import Any

from tabletop.analysis import plots
from tabletop.analysis.findings import Findings, label, number, percent, span
from tabletop.analysis.report import Report

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px; padding: 0 1em; color: #222; }
.plots { display: grid; grid-template-columns: repeat(auto-fit, minmax(460px, 1fr)); gap: 0.5em; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
img { max-width: 100%; display: block; margin: 0.5em 0; }
.wide img { width: 900px; }
.note { color: #555; font-size: 0.9em; }
.headline li { margin: 0.2em 0; }
"""

STOPPED = {"games": "the requested number of games", "max-games": "the --max-games cap",
           "interrupted": "an interruption (Ctrl-C or SIGTERM): the same command with the same --out resumes it"}


def _image(report: Report, title: str, fig: Any) -> str:
    if fig is None:
        return f'<p class="note">{html.escape(title)}: not drawn, {html.escape(plots.missing(report, title))}.</p>'
    data = base64.b64encode(plots.png(fig)).decode("ascii")
    return f'<img alt="{html.escape(title)}" src="data:image/png;base64,{data}">'


def _variant_table(findings: Findings) -> str:
    variants = findings.variants
    head = "".join(f"<th>{html.escape(v.name)}</th>" for v in variants)
    rows = []
    for name in findings.names():
        cells = []
        for v in variants:
            f = findings.figure(v.name, name)
            cells.append("<td>–</td>" if f is None else
                         f"<td>{number(f.mean)} <small>({span(f.low, f.high)})</small></td>")
        shown = next(f for v in variants if (f := findings.figure(v.name, name)) is not None)
        rows.append(f"<tr><td>{html.escape(shown.label)}</td>{''.join(cells)}</tr>")
    return (f"<table><caption>Each figure with its 95% interval (seats and balance: simultaneous)</caption>"
            f"<tr><th>figure</th>{head}</tr>{''.join(rows)}</table>")


def _difference_table(findings: Findings) -> str:
    """One row per figure, one column per variant: the paired difference, its interval and
    the share of variance pairing removed."""
    if not findings.differences:
        return ""
    others = [v.name for v in findings.variants[1:]]
    cells: dict[str, dict[str, str]] = {}
    for d in findings.differences:
        cut = "" if math.isnan(d.variance_reduction) else f" · {percent(d.variance_reduction)}"
        mark = "<strong>" if d.shown else ""
        close = "</strong>" if d.shown else ""
        cells.setdefault(d.name, {})[d.variant] = (
            f"{mark}{number(d.difference)}{close} <small>({span(d.low, d.high)}){cut}</small>"
        )
    head = "".join(f"<th>{html.escape(name)}</th>" for name in others)
    order = {name: i for i, name in enumerate(findings.names())}
    rows = "".join(
        f"<tr><td>{html.escape(label(name))}</td>"
        + "".join(f"<td>{row.get(other, '–')}</td>" for other in others)
        + "</tr>"
        for name, row in sorted(cells.items(), key=lambda item: order.get(item[0], len(order)))
    )
    return (
        f"<h2>Each variant minus {html.escape(findings.baseline)}, paired by game</h2>"
        "<p class=\"note\">difference (95% paired interval) · share of its variance removed by pairing the games; "
        "in bold where the interval excludes zero</p>"
        f"<table><tr><th>figure</th>{head}</tr>{rows}</table>"
    )


def _options(findings: Findings) -> str:
    """Each variant's options that differ between variants, then the options they share."""
    variants = findings.variants
    keys = sorted({k for v in variants for k in v.options})
    varying = [k for k in keys if len({repr(v.options.get(k)) for v in variants}) > 1]
    shared = [f"{k}={variants[0].options.get(k)}" for k in keys if k not in varying
              and variants[0].options.get(k) is not None]
    parts = [f"{v.name}: " + ", ".join(f"{k}={v.options.get(k)}" for k in varying) for v in variants if varying]
    return "; ".join(parts) + (f" (all: {', '.join(shared)})" if shared else "")


def _intervals(findings: Findings) -> str:
    if findings.precision is not None:
        return ("Rates carry the anytime-valid 95% confidence sequences the run stopped on; other figures "
                "fixed-sample 95% intervals.")
    return "Intervals are fixed-sample 95% intervals (Wilson for rates, normal for means)."


def _count(n: int, noun: str) -> str:
    """``1 variant``, ``2 variants``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def render(report: Report) -> str:
    """The whole report page."""
    findings = report.findings
    first = findings.variants[0]
    stopped = STOPPED.get(findings.stopped, f"the precision ±{findings.precision}")
    images = "".join(_image(report, title, draw(report)) for title, draw in plots.PLOTS[:-1])
    forest_title, forest = plots.PLOTS[-1]
    wide = _image(report, forest_title, forest(report))
    headline = "".join(f"<li>{html.escape(s)}</li>" for s in findings.headline())
    notes = "".join(f"<li>{html.escape(n)}</li>" for n in findings.notes())
    boards = sorted({v.board_hash for v in findings.variants if v.board_hash})
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>tabletop report: {html.escape(first.game)}</title>
<style>{STYLE}</style></head><body><main>
<h1>{html.escape(first.game)}: {_count(len(findings.variants), "variant")}, {findings.games:,} games each</h1>
<h2>Headline</h2>
<ul class="headline">{headline}</ul>
<p class="note">{html.escape(_options(findings))}</p>
<p>Seed {findings.seed}; stopped at {html.escape(stopped)}; agents {html.escape(", ".join(first.agents))}.
Every variant played the same seeds (common random numbers). {_intervals(findings)}
Board content hash: {html.escape(", ".join(boards) or "none")}. Definitions: docs/metrics.md.</p>
{_variant_table(findings)}
<ul class="note">{notes}</ul>
<div class="plots">{images}</div>
{_difference_table(findings)}
<div class="wide">{wide}</div>
</main></body></html>
"""


def write_html(report: Report, path: str | Path) -> None:
    Path(path).write_text(render(report), encoding="utf-8")
