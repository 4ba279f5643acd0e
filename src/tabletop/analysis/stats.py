"""Small, exact statistics helpers used by reports.

>>> lo, hi = wilson_interval(50, 100)
>>> round(lo, 4), round(hi, 4)
(0.4038, 0.5962)
>>> percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)
9.1
"""

from __future__ import annotations

import math
from collections.abc import Sequence

#: the two-sided 95% normal quantile
Z95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default); exactly 0 (1) at its lower (upper)
    end when no trial (every trial) succeeded, not a rounding error away.

    >>> wilson_interval(0, 200)[0], wilson_interval(200, 200)[1]
    (0.0, 1.0)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile with linear interpolation (NumPy's default method)."""
    if not values:
        return math.nan
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else math.nan


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """A normal-approximation 95% interval for a mean."""
    n = len(values)
    if n < 2:
        return (math.nan, math.nan)
    m = mean(values)
    variance = sum((v - m) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return (m - half, m + half)
