"""The report's figures, drawn by matplotlib: each function returns a ``matplotlib.figure.Figure``
(``None`` when the run has nothing to draw there, with the reason in :func:`missing`).

The HTML report embeds them as PNG (:func:`png`); from Python they are ordinary figures
(``fig.savefig(...)``, or shown by a notebook). No screen is needed (the Agg backend
unless one is already chosen).
"""

from __future__ import annotations

import io
import math
from typing import Any

from tabletop.analysis.findings import is_rate, label
from tabletop.analysis.report import Report


def _figure(width: float = 7.0, height: float = 3.6, rows: int = 1, ratios: list[int] | None = None) -> tuple[
    Any, Any
]:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=100, layout="tight")
    return fig, fig.subplots(rows, 1, height_ratios=ratios)


def png(fig: Any) -> bytes:
    """The figure as PNG bytes."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return buffer.getvalue()


def _integer_ticks(axis: Any) -> None:
    from matplotlib.ticker import MaxNLocator

    axis.set_major_locator(MaxNLocator(integer=True))


def win_rates(report: Report) -> Any:
    """Each seat's win rate with its 95% interval (simultaneous over the seats), side by side for every variant."""
    fig, ax = _figure()
    count = len(report.variants)
    width = 0.8 / count
    players = max(v.players for v in report.variants)
    for i, variant in enumerate(report.variants):
        xs: list[float] = []
        ys: list[float] = []
        errors: tuple[list[float], list[float]] = ([], [])
        for seat in range(variant.players):
            f = report.findings.figure(variant.name, f"win[{seat}]")
            if f is None:
                continue
            xs.append(seat + (i - (count - 1) / 2) * width)
            ys.append(f.mean)
            errors[0].append(f.mean - f.low)
            errors[1].append(f.high - f.mean)
        ax.bar(xs, ys, width=width * 0.9, yerr=errors, capsize=3, label=variant.name)
    ax.set_xticks(range(players), [f"seat {s}" for s in range(players)])
    ax.set_ylabel("win rate (95%, simultaneous)")
    ax.set_title("Win rate per seat")
    ax.legend(fontsize="small")
    return fig


def lengths(report: Report) -> Any:
    """How many turns games last: the share of games of each length."""
    fig, ax = _figure()
    for variant in report.variants:
        items = variant.turns.items()
        if items:
            ax.step([t for t, _ in items], [c / variant.games for _, c in items], where="mid", label=variant.name)
    _integer_ticks(ax.xaxis)
    ax.set_xlabel("turns")
    ax.set_ylabel("share of games")
    ax.set_title("Game length")
    ax.legend(fontsize="small")
    return fig


def survival(report: Report) -> Any:
    """The probability that a game is still running after n turns."""
    fig, ax = _figure()
    for variant in report.variants:
        items = variant.turns.items()
        if not items:
            continue
        left, xs, ys = variant.games, [0.0], [1.0]
        for turns, count in items:
            left -= count
            xs.append(turns)
            ys.append(left / variant.games)
        ax.step(xs, ys, where="post", label=variant.name)
    _integer_ticks(ax.xaxis)
    ax.set_xlabel("turn n")
    ax.set_ylabel("P(still running after n turns)")
    ax.set_ylim(0, 1.02)
    ax.set_title("Survival")
    ax.legend(fontsize="small")
    return fig


def lead_changes(report: Report) -> Any | None:
    """How many times the lead changed per game (``None`` when the game has no standings)."""
    if not any(v.lead_changes.items() for v in report.variants):
        return None
    fig, ax = _figure()
    count = len(report.variants)
    width = 0.8 / count
    for i, variant in enumerate(report.variants):
        items = variant.lead_changes.items()
        total = sum(c for _, c in items) or 1
        ax.bar([k + (i - (count - 1) / 2) * width for k, _ in items], [c / total for _, c in items],
               width=width * 0.9, label=variant.name)
    _integer_ticks(ax.xaxis)
    ax.set_xlabel("lead changes in a game")
    ax.set_ylabel("share of games")
    ax.set_title("Lead changes")
    ax.legend(fontsize="small")
    return fig


#: figures drawn in the forest plot's second panel, as a share of the baseline
RELATIVE = ("turns", "actions", "decisions", "minutes", "branching", "decision_share", "lead_changes", "drama",
            "decisive_at")


def forest(report: Report) -> Any | None:
    """Each variant against the baseline, in two panels with one unit each: shares of games and
    balance in percentage points, means per game in % of the baseline's."""
    points: list[tuple[str, float, float, float]] = []
    relative: list[tuple[str, float, float, float]] = []
    for d in report.findings.differences:
        if any(math.isnan(v) for v in (d.difference, d.low, d.high)):
            continue
        if is_rate(d.name) or d.name in ("balance", "advantage"):
            points.append((f"{d.variant}: {label(d.name)}", 100 * d.difference, 100 * d.low, 100 * d.high))
        elif (d.name in RELATIVE or d.name.startswith("figure:")) and d.baseline_mean:
            scale = 100 / abs(d.baseline_mean)
            relative.append((f"{d.variant}: {label(d.name)}", scale * d.difference, scale * d.low, scale * d.high))
    panels = [(rows, unit) for rows, unit in ((points, "percentage points"), (relative, "% of the baseline")) if rows]
    if not panels:
        return None
    heights = [1 + len(rows) for rows, _ in panels]
    fig, axes = _figure(9.0, 0.9 * len(panels) + 0.26 * sum(heights), len(panels), heights)
    for ax, (rows, unit) in zip(axes if len(panels) > 1 else [axes], panels, strict=True):
        ys = list(range(len(rows)))[::-1]
        ax.errorbar([r[1] for r in rows], ys, xerr=([r[1] - r[2] for r in rows], [r[3] - r[1] for r in rows]),
                    fmt="o", capsize=3)
        ax.axvline(0, color="grey", linewidth=0.8)
        ax.set_yticks(ys, [r[0] for r in rows], fontsize="small")
        ax.set_xlabel(f"difference from {report.baseline}, {unit} (95% paired interval)")
        ax.set_title("Shares of games and balance" if unit.startswith("percentage") else "Means per game")
    return fig


#: every plot of the report, with its title
PLOTS = (
    ("Win rate per seat", win_rates),
    ("Game length", lengths),
    ("Survival", survival),
    ("Lead changes", lead_changes),
    ("Variants against the baseline", forest),
)


def missing(report: Report, title: str) -> str:
    """Why a plot is not drawn for this run."""
    if title == "Lead changes":
        return "the game defines no standings, so nobody leads"
    if title == "Variants against the baseline" and len(report.variants) < 2:
        return "the run has one variant, so there is nothing to compare it with"
    return "no difference has an interval"
