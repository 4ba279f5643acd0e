"""Streaming accumulators: constant memory whatever the number of games.

>>> m = Moments()
>>> for v in (1.0, 2.0, 4.0): m.add(v)
>>> m.count, round(m.mean, 6), round(m.variance, 6)
(3, 2.333333, 2.333333)
>>> c = Counts()
>>> for v in (3, 1, 2, 2): c.add(v)
>>> c.quantile(0.5), c.survival(2)
(2.0, 0.25)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

from tabletop.analysis.stats import Z95


class Moments:
    """Count, mean and variance of a stream of numbers (Welford's algorithm)."""

    __slots__ = ("_m2", "count", "mean")

    def __init__(self) -> None:
        self.count = 0
        self.mean = 0.0
        self._m2 = 0.0

    def add(self, value: float) -> None:
        self.count += 1
        delta = value - self.mean
        self.mean += delta / self.count
        self._m2 += delta * (value - self.mean)

    def add_many(self, values: Sequence[float]) -> None:
        """Add a batch at once (Chan, Golub & LeVeque's pairwise update; same result as adding one by one)."""
        n = len(values)
        if n == 0:
            return
        mean = math.fsum(values) / n
        m2 = math.fsum([(v - mean) * (v - mean) for v in values])
        total = self.count + n
        delta = mean - self.mean
        self._m2 += m2 + delta * delta * self.count * n / total
        self.mean += delta * n / total
        self.count = total

    @property
    def variance(self) -> float:
        """The sample variance (n - 1 in the denominator); NaN below two values."""
        return self._m2 / (self.count - 1) if self.count > 1 else math.nan

    def interval(self, z: float = Z95) -> tuple[float, float]:
        """A normal-approximation interval for the mean."""
        if self.count < 2:
            return (math.nan, math.nan)
        half = z * math.sqrt(self.variance / self.count)
        return (self.mean - half, self.mean + half)


class Paired:
    """A paired comparison of one metric between a variant (a) and the baseline (b), game by game.

    Keeps the moments of a, b and their difference, so it reports the paired
    interval of the mean difference and how much pairing reduced its variance
    compared with two independent samples of the same size.
    """

    __slots__ = ("a", "b", "difference")

    def __init__(self) -> None:
        self.a, self.b, self.difference = Moments(), Moments(), Moments()

    def add(self, a: float, b: float) -> None:
        self.a.add(a)
        self.b.add(b)
        self.difference.add(a - b)

    def add_many(self, a: Sequence[float], b: Sequence[float]) -> None:
        self.a.add_many(a)
        self.b.add_many(b)
        self.difference.add_many([x - y for x, y in zip(a, b, strict=True)])

    @property
    def variance_ratio(self) -> float:
        """``(Var a + Var b) / Var(a - b)``: how many times fewer games pairing needs (NaN if undefined)."""
        independent = self.a.variance + self.b.variance
        paired = self.difference.variance
        if math.isnan(independent) or math.isnan(paired):
            return math.nan
        if paired == 0:
            return math.inf if independent > 0 else math.nan
        return independent / paired

    @property
    def variance_reduction(self) -> float:
        """``1 - Var(a - b) / (Var a + Var b)``: the share of the variance that pairing removed."""
        ratio = self.variance_ratio
        return math.nan if math.isnan(ratio) else 1 - 1 / ratio


class Counts:
    """How often each value occurred (for integer-valued quantities such as turns or lead changes).

    Memory grows with the number of distinct values, not of games; values are
    rounded to 6 significant digits so that a real-valued figure stays bounded.
    """

    __slots__ = ("counts", "total")

    def __init__(self) -> None:
        self.counts: dict[float, int] = {}
        self.total = 0

    def add(self, value: float) -> None:
        key = float(value) if float(value).is_integer() else float(f"{value:.6g}")
        self.counts[key] = self.counts.get(key, 0) + 1
        self.total += 1

    def add_counter(self, counter: Counter[Any]) -> None:
        """Add many values at once, given as ``Counter(values)``."""
        for value, count in counter.items():
            key = float(value) if float(value).is_integer() else float(f"{value:.6g}")
            self.counts[key] = self.counts.get(key, 0) + count
            self.total += count

    def quantile(self, q: float) -> float:
        """The q-quantile (0..1) with linear interpolation between order statistics, like NumPy's default."""
        if self.total == 0:
            return math.nan
        position = (self.total - 1) * q
        low_rank, fraction = math.floor(position), position - math.floor(position)
        low = high = math.nan
        seen = 0
        for value in sorted(self.counts):
            seen += self.counts[value]
            if math.isnan(low) and seen > low_rank:
                low = value
            if seen > low_rank + 1 or (seen > low_rank and fraction == 0):
                high = value
                break
        if math.isnan(high):
            high = low
        return low + (high - low) * fraction

    def survival(self, n: float) -> float:
        """The share of values greater than ``n`` (for turns: games still running after turn n)."""
        if self.total == 0:
            return math.nan
        return sum(c for v, c in self.counts.items() if v > n) / self.total

    def items(self) -> list[tuple[float, int]]:
        return sorted(self.counts.items())
