"""The report's figures, drawn by matplotlib (Agg, no screen) and returned as PNG bytes."""

from __future__ import annotations

import io
import math
from typing import Any

from tabletop.analysis.report import Report

RATE_METRICS = ("completion", "first_mover_win", "trailed")
MEAN_METRICS = ("turns", "actions", "minutes", "branching", "decision_share", "lead_changes", "drama", "decisive_at")


def _figure(width: float = 7.0, height: float = 3.6) -> tuple[Any, Any]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(width, height), dpi=100)
    return fig, ax


def _png(fig: Any) -> bytes:
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buffer, format="png")
    plt.close(fig)
    return buffer.getvalue()


def win_rates(report: Report) -> bytes:
    """Each seat's win rate with its 95% interval, side by side for every variant."""
    fig, ax = _figure()
    count = len(report.variants)
    width = 0.8 / count
    players = max(v.players for v in report.variants)
    for i, variant in enumerate(report.variants):
        xs: list[float] = []
        ys: list[float] = []
        errors: tuple[list[float], list[float]] = ([], [])
        for seat in range(variant.players):
            m = variant.metric(f"win[{seat}]")
            if m is None:
                continue
            xs.append(seat + (i - (count - 1) / 2) * width)
            ys.append(m.mean)
            errors[0].append(m.mean - m.low)
            errors[1].append(m.high - m.mean)
        ax.bar(xs, ys, width=width * 0.9, yerr=errors, capsize=3, label=variant.name)
    ax.set_xticks(range(players), [f"seat {s}" for s in range(players)])
    ax.set_ylabel("win rate (95% interval)")
    ax.set_title("Win rate per seat")
    ax.legend(fontsize="small")
    return _png(fig)


def lengths(report: Report) -> bytes:
    """How many turns games last: the share of games of each length."""
    fig, ax = _figure()
    for variant in report.variants:
        if variant.turns:
            ax.step([t for t, _ in variant.turns], [c / variant.games for t, c in variant.turns], where="mid",
                    label=variant.name)
    ax.set_xlabel("turns")
    ax.set_ylabel("share of games")
    ax.set_title("Game length")
    ax.legend(fontsize="small")
    return _png(fig)


def survival(report: Report) -> bytes:
    """The probability that a game is still running after n turns."""
    fig, ax = _figure()
    for variant in report.variants:
        curve = variant.survival()
        if curve:
            ax.step([n for n, _ in curve], [s for _, s in curve], where="post", label=variant.name)
    ax.set_xlabel("turn n")
    ax.set_ylabel("P(still running after n turns)")
    ax.set_ylim(0, 1.02)
    ax.set_title("Survival")
    ax.legend(fontsize="small")
    return _png(fig)


def lead_changes(report: Report) -> bytes | None:
    """How many times the lead changed per game (``None`` when the game has no standings)."""
    if not any(v.lead_changes for v in report.variants):
        return None
    fig, ax = _figure()
    count = len(report.variants)
    width = 0.8 / count
    for i, variant in enumerate(report.variants):
        total = sum(c for _, c in variant.lead_changes) or 1
        ax.bar([k + (i - (count - 1) / 2) * width for k, _ in variant.lead_changes],
               [c / total for _, c in variant.lead_changes], width=width * 0.9, label=variant.name)
    ax.set_xlabel("lead changes in a game")
    ax.set_ylabel("share of games")
    ax.set_title("Lead changes")
    ax.legend(fontsize="small")
    return _png(fig)


def forest(report: Report) -> bytes | None:
    """Each variant against the baseline: rates in percentage points, other metrics in % of the baseline."""
    rows = []
    for d in report.differences:
        rate = d.metric.startswith(("win[", "figure:rate:")) or d.metric in RATE_METRICS
        if rate:
            scale, unit = 100.0, "pp"
        elif d.metric in MEAN_METRICS and d.baseline_mean:
            scale, unit = 100.0 / abs(d.baseline_mean), "%"
        else:
            continue
        if any(math.isnan(v) for v in (d.difference, d.low, d.high)):
            continue
        rows.append((f"{d.variant}: {d.metric} ({unit})", d.difference * scale, d.low * scale, d.high * scale))
    if not rows:
        return None
    fig, ax = _figure(7.0, 0.6 + 0.28 * len(rows))
    ys = list(range(len(rows)))[::-1]
    ax.errorbar([r[1] for r in rows], ys, xerr=([r[1] - r[2] for r in rows], [r[3] - r[1] for r in rows]),
                fmt="o", capsize=3)
    ax.axvline(0, color="grey", linewidth=0.8)
    ax.set_yticks(ys, [r[0] for r in rows], fontsize="small")
    ax.set_xlabel(f"difference from {report.baseline} (95% paired interval)")
    ax.set_title("Variants against the baseline")
    return _png(fig)
