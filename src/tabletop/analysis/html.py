"""The report as one self-contained HTML file: tables and the plots embedded as PNG data URLs."""

from __future__ import annotations

import base64
import html
import math
from collections.abc import Callable
from pathlib import Path

from tabletop.analysis import plots
from tabletop.analysis.report import Report, VariantReport

LABELS = {
    "completion": "completion (someone won)",
    "first_mover_win": "first mover's win rate",
    "turns": "turns",
    "actions": "actions",
    "minutes": "minutes at the table",
    "branching": "branching factor",
    "decision_share": "decision turns (share)",
    "lead_changes": "lead changes",
    "drama": "drama",
    "trailed": "winner was behind (rate)",
    "decisive_at": "decided at (share of game)",
}

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px; color: #222; }
.plots { display: grid; grid-template-columns: repeat(auto-fit, minmax(460px, 1fr)); gap: 0.5em; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
img { max-width: 100%; display: block; margin: 0.5em 0; }
.note { color: #555; font-size: 0.9em; }
"""


def label(metric: str) -> str:
    if metric.startswith("win["):
        return f"seat {metric[4:-1]} win rate"
    if metric.startswith("figure:"):
        return "figure " + metric.removeprefix("figure:")
    return LABELS.get(metric, metric)


def _number(value: float) -> str:
    if math.isnan(value):
        return "–"
    return f"{value:,.0f}" if abs(value) >= 1000 else f"{value:.4g}"


def _image(png: bytes | None, alt: str) -> str:
    if png is None:
        return f'<p class="note">{html.escape(alt)}: not available for this game.</p>'
    data = base64.b64encode(png).decode("ascii")
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'


def _variant_table(variants: list[VariantReport]) -> str:
    names: list[str] = []
    for v in variants:
        names.extend(n for n in v.metrics if n not in names)
    head = "".join(f"<th>{html.escape(v.name)}</th>" for v in variants)
    rows = []
    for name in names:
        cells = []
        for v in variants:
            m = v.metric(name)
            cells.append("<td>–</td>" if m is None else
                         f"<td>{_number(m.mean)} <small>({_number(m.low)}–{_number(m.high)})</small></td>")
        rows.append(f"<tr><td>{html.escape(label(name))}</td>{''.join(cells)}</tr>")
    balance = "".join(f"<td>{_number(v.balance)}</td>" for v in variants)
    rows.append(f"<tr><td>balance (1 − largest win-rate gap)</td>{balance}</tr>")
    return f"<table><tr><th>metric (95% interval)</th>{head}</tr>{''.join(rows)}</table>"


def _difference_table(report: Report) -> str:
    """One row per metric, one column per variant: the paired difference, its interval and
    the share of variance pairing removed."""
    if not report.differences:
        return ""
    others = [v.name for v in report.variants[1:]]
    cells: dict[str, dict[str, str]] = {}
    for d in report.differences:
        cut = "" if math.isnan(d.variance_reduction) else f" · {100 * d.variance_reduction:.0f}%"
        cells.setdefault(d.metric, {})[d.variant] = (
            f"{_number(d.difference)} <small>({_number(d.low)} – {_number(d.high)}){cut}</small>"
        )
    head = "".join(f"<th>{html.escape(name)}</th>" for name in others)
    rows = "".join(
        f"<tr><td>{html.escape(label(metric))}</td>"
        + "".join(f"<td>{row.get(name, '–')}</td>" for name in others)
        + "</tr>"
        for metric, row in cells.items()
    )
    return (
        f"<h2>Each variant minus {html.escape(report.baseline)}, paired by game</h2>"
        "<p class=\"note\">difference (95% paired interval) · share of its variance removed by pairing</p>"
        f"<table><tr><th>metric</th>{head}</tr>{rows}</table>"
    )


def _options(report: Report) -> str:
    """Each variant's options that differ between variants, then the options they share."""
    keys = sorted({k for v in report.variants for k in v.options})
    varying = [k for k in keys if len({repr(v.options.get(k)) for v in report.variants}) > 1]
    shared = [f"{k}={report.variants[0].options.get(k)}" for k in keys if k not in varying
              and report.variants[0].options.get(k) is not None]
    parts = [f"{v.name}: " + ", ".join(f"{k}={v.options.get(k)}" for k in varying) for v in report.variants if varying]
    return "; ".join(parts) + (f" (all: {', '.join(shared)})" if shared else "")


def _intervals(description: dict[str, object]) -> str:
    if description.get("stopped") in ("precision", "max-games"):
        return ("Rates carry the anytime-valid 95% confidence sequences the run stopped on; other metrics "
                "fixed-sample 95% intervals.")
    return "Intervals are fixed-sample 95% intervals (Wilson for rates)."


def render(report: Report) -> str:
    """The whole report page."""
    d = report.description
    first = report.variants[0]
    stopped = {"games": "the requested number of games", "precision": f"the precision {d.get('precision')}",
               "max-games": "the --max-games cap"}.get(str(d.get("stopped")), str(d.get("stopped")))
    figures: list[tuple[str, Callable[[Report], bytes | None]]] = [
        ("Win rate per seat", plots.win_rates),
        ("Game length", plots.lengths),
        ("Survival", plots.survival),
        ("Lead changes", plots.lead_changes),
        ("Variants against the baseline", plots.forest),
    ]
    images = "".join(_image(draw(report), title) for title, draw in figures)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>tabletop report: {html.escape(first.game)}</title>
<style>{STYLE}</style></head><body>
<h1>{html.escape(first.game)}: {len(report.variants)} variant(s), {first.games:,} games each</h1>
<p class="note">{html.escape(_options(report))}</p>
<p>Seed {html.escape(str(d.get("seed")))}; stopped at {html.escape(stopped)};
agents {html.escape(", ".join(first.agents))}.
Every variant played the same seeds (common random numbers). {_intervals(d)} Definitions: docs/metrics.md.</p>
{_variant_table(report.variants)}
<div class="plots">{images}</div>
{_difference_table(report)}
</body></html>
"""


def write_html(report: Report, path: str | Path) -> None:
    Path(path).write_text(render(report), encoding="utf-8")
