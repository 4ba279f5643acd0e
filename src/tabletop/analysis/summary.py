"""The running summary of a run: every figure of every variant, and each variant against the first.

Chunks arrive in game order; each updates streaming accumulators (memory does not
grow with the number of games). Per-game values are named as in docs/metrics.md:
``win[s]``, ``completion``, ``first_mover_win``, ``turns``, ``actions``, ``minutes``,
``branching``, ``decision_share``, ``lead_changes``, ``drama``, ``trailed``,
``decisive_at`` and ``figure:NAME`` for a game's own figures. Who won each game is
also counted by outcome (:mod:`tabletop.analysis.outcomes`), which gives the seats'
win rates with simultaneous intervals, shared wins, balance and the first-mover
advantage. :meth:`RunSummary.findings` turns it all into :class:`~tabletop.analysis.findings.Findings`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from tabletop.analysis.accumulate import Counts, Moments, Paired
from tabletop.analysis.findings import ORDER, Difference, Figure, Findings, VariantInfo, _rank, is_rate
from tabletop.analysis.outcomes import Outcomes, PairedOutcomes
from tabletop.analysis.runner import Chunk, Variant
from tabletop.analysis.stats import wilson_interval

if TYPE_CHECKING:
    from tabletop.analysis.sequential import ConfidenceSequence

#: figures computed from the outcomes (who moved first, who won) rather than from per-game values
FROM_OUTCOMES = ("shared_win", "balance", "advantage")


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


def describe_variant(variant: Variant) -> VariantInfo:
    """What a summary and the results on disk keep of a variant: names and settings, no objects."""
    game = variant.game
    return VariantInfo(variant.name, game.name, game.options, [a.name for a in variant.agents], 0, game.data_hash())


class VariantSummary:
    """Everything kept about one variant while the games stream by."""

    def __init__(self, variant: VariantInfo) -> None:
        self.name = variant.name
        self.game = variant.game
        self.options = variant.options
        self.agents = variant.agents
        self.board_hash = variant.board_hash
        self.players = variant.players
        self.games = 0
        self.moments: dict[str, Moments] = {}
        self.outcomes = Outcomes(self.players)
        self.turns = Counts()
        self.lead_changes = Counts()
        self.figure_counts: dict[str, Counts] = {}
        #: pairs of figures equal in every game so far (``"1-x"``: equal to one minus x), and the figures
        #: that took two values or more (a constant equals any other constant, and says nothing)
        self.equal: set[tuple[str, str]] | None = None
        self.varying: set[str] = set()
        self._seen: dict[str, float] = {}

    def add(self, columns: dict[str, list[Any]], values: dict[str, list[float | None]]) -> None:
        self.games += len(columns["turns"])
        self.outcomes.add(columns["first"], columns["winners"])
        for name, column in values.items():
            present = _present(column)
            if present:
                self.moments.setdefault(name, Moments()).add_many(present)
        self.turns.add_counter(Counter(columns["turns"]))
        self.lead_changes.add_counter(Counter(v for v in columns["lead_changes"] if v is not None))
        for name, column in values.items():
            if name.startswith("figure:"):
                self.figure_counts.setdefault(name, Counts()).add_counter(Counter(v for v in column if v is not None))
        self._track_equal(values)

    def _track_equal(self, values: dict[str, list[float | None]]) -> None:
        """Keep the pairs of figures that were equal (or complementary rates) in every game: a game's own
        figure and another figure, or the first mover's wins and a seat's."""
        if self.equal is None:
            names = sorted(values, key=lambda n: _rank(n, ORDER))
            self.equal = {(a, b) for i, a in enumerate(names) for b in names[i + 1:] if _may_repeat(a, b)}
            self.equal |= {(a, "1-" + b) for a in names for b in names
                           if a != b and is_rate(a) and is_rate(b) and _may_repeat(a, b)}
        for name, column in values.items():
            if name in self.varying:
                continue
            present = [v for v in column if v is not None]
            if present:
                first = self._seen.setdefault(name, present[0])
                if any(v != first for v in present):
                    self.varying.add(name)
        count = len(next(iter(values.values())))
        missing: list[float | None] = [None] * count
        for a, b in list(self.equal):
            column = values.get(a, missing)
            if b.startswith("1-"):
                other = [None if v is None else 1.0 - v for v in values.get(b[2:], missing)]
            else:
                other = values.get(b, missing)
            if column != other:
                self.equal.discard((a, b))

    def mean(self, name: str) -> float | None:
        m = self.moments.get(name)
        return m.mean if m is not None and m.count else None

    def wins(self, seat: int) -> int:
        m = self.moments.get(f"win[{seat}]")
        return round(m.mean * m.count) if m is not None else 0

    @property
    def balance(self) -> float:
        """1 - the largest gap between two seats' win rates (Ludii's Balance)."""
        return self.outcomes.balance()[1]

    @property
    def advantage(self) -> float | None:
        """The first mover's win rate minus the average seat's (Browne's Advantage, centred at 0)."""
        n, mean, _, _ = self.outcomes.advantage()
        return mean if n else None

    def interval(self, name: str) -> tuple[float, float]:
        """Wilson for a rate, normal for a mean (fixed-sample 95% intervals)."""
        m = self.moments[name]
        if is_rate(name):
            return wilson_interval(round(m.mean * m.count), m.count)
        return m.interval()

    def merged(self) -> dict[str, tuple[str, ...]]:
        """Each shown figure's equals (``"1-x"``: its complement); figures merged into another are left out."""
        shown = sorted(self.moments, key=lambda n: _rank(n, ORDER))
        hidden: set[str] = set()
        same: dict[str, tuple[str, ...]] = {}
        for a in shown:
            if a in hidden:
                continue
            if a not in self.varying:
                same[a] = ()
                continue
            twins = [b for b in shown if b != a and b not in hidden and ((a, b) in (self.equal or ())
                                                                        or (a, "1-" + b) in (self.equal or ()))]
            hidden.update(twins)
            same[a] = tuple(b if (a, b) in (self.equal or ()) else "1-" + b for b in twins)
        return same

    def info(self) -> VariantInfo:
        return VariantInfo(self.name, self.game, self.options, self.agents, self.games, self.board_hash,
                           self.turns.quantile(0.5), self.turns.quantile(0.9))


class RunSummary:
    """The summary of every variant of a run and of each variant paired with the first (the baseline)."""

    def __init__(
        self, variants: Sequence[Variant | VariantInfo], precision: float | None = None, alpha: float = 0.05
    ) -> None:
        self.variants = [VariantSummary(v if isinstance(v, VariantInfo) else describe_variant(v)) for v in variants]
        self.pairs: list[dict[str, Paired]] = [{} for _ in variants]
        base = self.variants[0].players
        self.paired_outcomes = [PairedOutcomes(v.players, base) for v in self.variants]
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
        first = chunk.columns[0]
        for v in range(1, len(values)):
            cols = chunk.columns[v]
            self.paired_outcomes[v].add(cols["first"], cols["winners"], first["first"], first["winners"])
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

    def _alpha(self, name: str, v: int) -> float:
        """Seats' rates are watched simultaneously: each at alpha / seats."""
        return self.alpha / self.variants[v].players if name.startswith("win[") else self.alpha

    def _watch(self, values: list[dict[str, list[float | None]]]) -> None:
        from tabletop.analysis.sequential import ConfidenceSequence

        for v, vals in enumerate(values):
            for name, column in vals.items():
                if not is_rate(name):
                    continue
                present = _present(column)
                key = (v, name)
                if key not in self.sequences:
                    self.sequences[key] = ConfidenceSequence(self._alpha(name, v), target=self.precision)
                self.sequences[key].update(present)
                if v == 0 or name not in values[0]:
                    continue
                base = values[0][name]
                diffs = [a - b for a, b in zip(column, base, strict=True) if a is not None and b is not None]
                key = (v, "diff:" + name)
                if key not in self.sequences:
                    self.sequences[key] = ConfidenceSequence(self._alpha(name, v), -1.0, 1.0, target=self.precision)
                self.sequences[key].update(diffs)

    def widest(self) -> float:
        """The largest half-width among the watched confidence sequences (inf before any)."""
        if not self.sequences:
            return math.inf
        return max(cs.half_width for cs in self.sequences.values())

    def precise_enough(self) -> bool:
        return self.precision is not None and self.widest() <= self.precision

    def findings(self, seed: int, stopped: str) -> Findings:
        """Every figure and difference, with the interval each is reported with."""
        found = Findings(self.variants[0].game, seed, self.games, stopped, self.precision,
                         [v.info() for v in self.variants])
        merged: list[dict[str, tuple[str, ...]]] = []
        for v, summary in enumerate(self.variants):
            same = summary.merged()
            merged.append(same)
            found.figures.extend(self._variant_figures(v, summary, same))
        for v in range(1, len(self.variants)):
            found.differences.extend(self._differences(v, merged[v], found))
        return found

    def _sequence(self, key: tuple[int, str]) -> tuple[float, float] | None:
        cs = self.sequences.get(key)
        return None if cs is None else (cs.low, cs.high)

    def _variant_figures(self, v: int, summary: VariantSummary, same: dict[str, tuple[str, ...]]) -> list[Figure]:
        name = summary.name
        seats = summary.players
        outcomes = summary.outcomes
        figures: list[Figure] = []
        for seat, (n, mean, low, high) in enumerate(outcomes.win_rates(self.alpha)):
            key = f"win[{seat}]"
            kind = f"Wilson, simultaneous over {seats} seats"
            watched = self._sequence((v, key))
            if watched is not None:
                (low, high), kind = watched, f"confidence sequence, simultaneous over {seats} seats"
            figures.append(Figure(name, key, n, mean, low, high, kind, same.get(key, ())))
        pairs = seats * (seats - 1) // 2
        for key, estimate, kind in (
            ("shared_win", outcomes.shared(), "Wilson"),
            ("balance", outcomes.balance(self.alpha), f"normal, simultaneous over the {pairs} pairs of seats"),
            ("advantage", outcomes.advantage(), "normal"),
        ):
            if estimate[0]:
                figures.append(Figure(name, key, *estimate, kind))
        for key, m in summary.moments.items():
            if key.startswith("win[") or key not in same:
                continue
            low, high = summary.interval(key)
            kind = "Wilson" if is_rate(key) else "normal"
            watched = self._sequence((v, key))
            if watched is not None:
                (low, high), kind = watched, "confidence sequence"
            figures.append(Figure(name, key, m.count, m.mean, low, high, kind, same[key]))
        return figures

    def _differences(self, v: int, same: dict[str, tuple[str, ...]], found: Findings) -> list[Difference]:
        variant, base = self.variants[v], self.variants[0]
        paired = self.paired_outcomes[v]

        def mean_of(which: VariantSummary, key: str) -> float:
            figure = found.figure(which.name, key)
            shown = which.mean(key) if figure is None else figure.mean
            return math.nan if shown is None else shown

        differences: list[Difference] = []
        seats = min(variant.players, base.players)
        rows: list[tuple[str, tuple[int, float, float, float, float], str]] = []
        for seat, estimate in enumerate(paired.win_rates(self.alpha)):
            rows.append((f"win[{seat}]", estimate, f"paired normal, simultaneous over {seats} seats"))
        rows.append(("shared_win", paired.shared(), "paired normal"))
        rows.append(("balance", paired.balance(variant.outcomes, base.outcomes),
                     "paired normal, delta method at each variant's most unequal pair of seats"))
        rows.append(("advantage", paired.advantage(), "paired normal"))
        for key, p in self.pairs[v].items():
            if key.startswith("win[") or key not in same:
                continue
            low, high = p.difference.interval()
            rows.append((key, (p.difference.count, p.difference.mean, low, high, p.variance_reduction),
                         "paired normal"))
        for key, (n, mean, low, high, reduction), kind in rows:
            if not n:
                continue
            watched = self._sequence((v, "diff:" + key))
            if watched is not None:
                (low, high) = watched
                kind = "confidence sequence" + (kind.removeprefix("paired normal") if key.startswith("win[") else "")
            differences.append(Difference(variant.name, base.name, key, n, mean, low, high, kind, reduction,
                                          mean_of(base, key), mean_of(variant, key)))
        return differences


def _may_repeat(a: str, b: str) -> bool:
    """Figures that can be the same figure under two names: a game's own and any other, the first mover's
    wins and a seat's (where one seat always moves first)."""
    if a.startswith("figure:") or b.startswith("figure:"):
        return True
    return {a, b} & {"first_mover_win"} != set() and (a.startswith("win[") or b.startswith("win["))


def _present(column: list[float | None]) -> list[float]:
    """The values that are there (most columns have no gap, and are returned as they are)."""
    if None in column:
        return [v for v in column if v is not None]
    return cast(list[float], column)
