"""The running summary of a run: every metric of every variant, and each variant against the first.

Chunks arrive in game order; each updates streaming accumulators (memory does not
grow with the number of games). Per-game values are named as in docs/metrics.md:
``win[s]``, ``completion``, ``first_mover_win``, ``turns``, ``actions``, ``minutes``,
``branching``, ``decision_share``, ``lead_changes``, ``drama``, ``trailed``,
``decisive_at`` and ``figure:NAME`` for a game's own figures.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from tabletop.analysis.accumulate import Counts, Moments, Paired
from tabletop.analysis.runner import Chunk, Variant
from tabletop.analysis.stats import wilson_interval

if TYPE_CHECKING:
    from tabletop.analysis.sequential import ConfidenceSequence

#: per-game values that are 0/1 (reported as rates, watched by --precision)
RATE_NAMES = ("completion", "first_mover_win", "trailed")


def is_rate(name: str) -> bool:
    return name.startswith(("win[", "figure:rate:")) or name in RATE_NAMES


def metric_columns(columns: dict[str, list[Any]], figures: Sequence[dict[str, float]], players: int) -> dict[
    str, list[float | None]
]:
    """The named per-game values of one chunk of one variant (``None`` where a value is unavailable)."""
    winners: list[list[int]] = columns["winners"]
    values: dict[str, list[float | None]] = {}
    for seat in range(players):
        values[f"win[{seat}]"] = [1.0 if seat in w else 0.0 for w in winners]
    values["completion"] = [1.0 if w else 0.0 for w in winners]
    values["first_mover_win"] = [
        None if f < 0 else (1.0 if f in w else 0.0) for f, w in zip(columns["first"], winners, strict=True)
    ]
    for name in ("turns", "actions", "decisions"):
        values[name] = [float(v) for v in columns[name]]
    values["minutes"] = columns["minutes"]
    values["branching"] = [
        s / d if d else None for s, d in zip(columns["legal_sum"], columns["decisions"], strict=True)
    ]
    values["decision_share"] = [
        c / t if t else None for c, t in zip(columns["choice_turns"], columns["turns"], strict=True)
    ]
    values["lead_changes"] = [None if v is None else float(v) for v in columns["lead_changes"]]
    values["drama"] = columns["drama"]
    values["trailed"] = [None if v is None else float(v) for v in columns["trailed"]]
    values["decisive_at"] = columns["decisive_at"]
    names = sorted({k for f in figures for k in f})
    for name in names:
        values[f"figure:{name}"] = [f.get(name) for f in figures]
    return values


class VariantSummary:
    """Everything kept about one variant while the games stream by."""

    def __init__(self, variant: Variant) -> None:
        self.name = variant.name
        self.game = variant.game.name
        self.options = variant.game.options
        self.agents = [a.name for a in variant.agents]
        self.players = variant.game.num_players
        self.games = 0
        self.moments: dict[str, Moments] = {}
        self.turns = Counts()
        self.lead_changes = Counts()
        self.figure_counts: dict[str, Counts] = {}

    def add(self, columns: dict[str, list[Any]], values: dict[str, list[float | None]]) -> None:
        self.games += len(columns["turns"])
        for name, column in values.items():
            present = _present(column)
            if present:
                self.moments.setdefault(name, Moments()).add_many(present)
        self.turns.add_counter(Counter(columns["turns"]))
        self.lead_changes.add_counter(Counter(v for v in columns["lead_changes"] if v is not None))
        for name, column in values.items():
            if name.startswith("figure:"):
                self.figure_counts.setdefault(name, Counts()).add_counter(Counter(v for v in column if v is not None))

    def mean(self, name: str) -> float | None:
        m = self.moments.get(name)
        return m.mean if m is not None and m.count else None

    def wins(self, seat: int) -> int:
        m = self.moments.get(f"win[{seat}]")
        return round(m.mean * m.count) if m is not None else 0

    @property
    def balance(self) -> float:
        """1 - the largest gap between two seats' win rates (Ludii's Balance)."""
        rates = [self.mean(f"win[{s}]") or 0.0 for s in range(self.players)]
        return 1 - max(abs(a - b) for a in rates for b in rates)

    @property
    def advantage(self) -> float | None:
        """The first mover's win rate minus the average seat's (Browne's Advantage, centred at 0)."""
        first = self.mean("first_mover_win")
        if first is None:
            return None
        fair = sum(self.mean(f"win[{s}]") or 0.0 for s in range(self.players)) / self.players
        return first - fair

    def interval(self, name: str) -> tuple[float, float]:
        """Wilson for a rate, normal for a mean (fixed-sample 95% intervals)."""
        m = self.moments[name]
        if is_rate(name):
            return wilson_interval(round(m.mean * m.count), m.count)
        return m.interval()

    def to_json_dict(self) -> dict[str, Any]:
        metrics = {}
        for name, m in sorted(self.moments.items()):
            low, high = self.interval(name)
            metrics[name] = {"n": m.count, "mean": m.mean, "ci95": [_clean(low), _clean(high)]}
        return {
            "name": self.name,
            "game": self.game,
            "options": self.options,
            "agents": self.agents,
            "games": self.games,
            "balance": self.balance,
            "advantage": self.advantage,
            "turns": {"median": self.turns.quantile(0.5), "p90": self.turns.quantile(0.9)},
            "metrics": metrics,
        }


class RunSummary:
    """The summary of every variant of a run and of each variant paired with the first (the baseline)."""

    def __init__(self, variants: Sequence[Variant], precision: float | None = None, alpha: float = 0.05) -> None:
        self.variants = [VariantSummary(v) for v in variants]
        self.pairs: list[dict[str, Paired]] = [{} for _ in variants]
        self.games = 0
        self.precision = precision
        self.alpha = alpha
        self.sequences: dict[tuple[int, str], ConfidenceSequence] = {}

    def add(self, chunk: Chunk) -> None:
        values = [
            metric_columns(cols, figs, v.players)
            for cols, figs, v in zip(chunk.columns, chunk.figures, self.variants, strict=True)
        ]
        for summary, cols, vals in zip(self.variants, chunk.columns, values, strict=True):
            summary.add(cols, vals)
        base = values[0]
        for v in range(1, len(values)):
            for name, column in values[v].items():
                other = base.get(name)
                if other is None:
                    continue
                pairs = [(a, b) for a, b in zip(column, other, strict=True) if a is not None and b is not None]
                if pairs:
                    paired = self.pairs[v].setdefault(name, Paired())
                    paired.add_many([a for a, _ in pairs], [b for _, b in pairs])
        self.games = chunk.stop
        if self.precision is not None:
            self._watch(values)

    def _watch(self, values: list[dict[str, list[float | None]]]) -> None:
        from tabletop.analysis.sequential import ConfidenceSequence

        for v, vals in enumerate(values):
            for name, column in vals.items():
                if not is_rate(name):
                    continue
                present = _present(column)
                key = (v, name)
                if key not in self.sequences:
                    self.sequences[key] = ConfidenceSequence(self.alpha, target=self.precision)
                self.sequences[key].update(present)
                if v == 0 or name not in values[0]:
                    continue
                base = values[0][name]
                diffs = [a - b for a, b in zip(column, base, strict=True) if a is not None and b is not None]
                key = (v, "diff:" + name)
                if key not in self.sequences:
                    self.sequences[key] = ConfidenceSequence(self.alpha, -1.0, 1.0, target=self.precision)
                self.sequences[key].update(diffs)

    def widest(self) -> float:
        """The largest half-width among the watched confidence sequences (inf before any)."""
        if not self.sequences:
            return math.inf
        return max(cs.half_width for cs in self.sequences.values())

    def precise_enough(self) -> bool:
        return self.precision is not None and self.widest() <= self.precision

    def to_json_dict(self) -> dict[str, Any]:
        differences = []
        base = self.variants[0]
        for v in range(1, len(self.variants)):
            for name, paired in sorted(self.pairs[v].items()):
                low, high = paired.difference.interval()
                entry = {
                    "variant": self.variants[v].name,
                    "baseline": base.name,
                    "metric": name,
                    "n": paired.difference.count,
                    "difference": paired.difference.mean,
                    "ci95": [_clean(low), _clean(high)],
                    "variance_reduction": _clean(paired.variance_reduction),
                    "variance_ratio": _clean(paired.variance_ratio),
                }
                sequence = self.sequences.get((v, "diff:" + name))
                if sequence is not None:
                    entry["cs95"] = [sequence.low, sequence.high]
                differences.append(entry)
        variants = []
        for v, summary in enumerate(self.variants):
            data = summary.to_json_dict()
            for name, metric in data["metrics"].items():
                sequence = self.sequences.get((v, name))
                if sequence is not None:
                    metric["cs95"] = [sequence.low, sequence.high]
            variants.append(data)
        return {"games": self.games, "precision": self.precision, "variants": variants, "differences": differences}


def _present(column: list[float | None]) -> list[float]:
    """The values that are there (most columns have no gap, and are returned as they are)."""
    if None in column:
        return [v for v in column if v is not None]
    return cast(list[float], column)


def _clean(value: float) -> float | None:
    """JSON has no NaN or infinity: ``None`` stands for an undefined value."""
    return None if math.isnan(value) or math.isinf(value) else value
