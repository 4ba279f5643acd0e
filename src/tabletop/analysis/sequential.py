"""Confidence sequences: intervals for a mean that stay valid however often you look.

A run that plays "until the interval is narrow enough" looks at its interval
again and again; a fixed-sample interval (Wilson, normal) checked that way covers
the truth less often than it claims. A *confidence sequence* (CS) covers the
true mean at every time at once with probability at least ``1 - alpha``, so it is
also valid at a stopping time chosen by looking at the data.

The one used here is the predictable plug-in empirical-Bernstein CS of
Waudby-Smith & Ramdas, "Estimating means of bounded random variables by betting",
JRSS B 86(1), 2024, Theorem 2, for observations in [0, 1]:

    mu_t     = (1/2 + sum_{i<=t} X_i) / (t + 1)
    sigma2_t = (1/4 + sum_{i<=t} (X_i - mu_i)^2) / (t + 1)
    lambda_t = min(sqrt(2 log(2/alpha) / (sigma2_{t-1} t log(1 + t))), 1/2)
    v_t      = 4 (X_t - mu_{t-1})^2,   psi(l) = (-log(1 - l) - l) / 4
    C_t      = sum lambda_i X_i / sum lambda_i  +-  (log(2/alpha) + sum v_i psi(lambda_i)) / sum lambda_i

intersected over the times it was looked at. It needs O(1) memory and adapts to
the variance (narrow for rates near 0 or 1).

The CS is valid for any predictable choice of bets ``lambda_t`` in (0, 1); the one
above is narrow at every time but loose at large t (about 3 times a fixed-sample
interval's width after 10^5 observations). When a run stops at a known half-width
``h`` (``--precision``), the bets are tuned to it instead:
``lambda_t = min(h / sigma2_{t-1}, 1/2)``, which reaches ``h`` after about
``2 sigma^2 log(2/alpha) / h^2`` observations, 1.9 times the fixed-sample count
(the paper's remark on tuning a CS for a target time, with the plug-in variance).

>>> cs = ConfidenceSequence()
>>> cs.update([1.0, 0.0, 1.0, 1.0])
>>> cs.count, round(cs.low, 4), round(cs.high, 4)
(4, 0.0, 1.0)
>>> cs.update([0.0, 1.0] * 5000)
>>> round(cs.centre, 2), cs.half_width < 0.03
(0.5, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

#: the bound on each bet (the paper's ``c``; 1/2 or 3/4 are its suggestions)
MAX_BET = 0.5


class ConfidenceSequence:
    """A running (1 - alpha) confidence sequence for the mean of observations in [lower, upper]."""

    __slots__ = (
        "_bet_mean",
        "_bet_sum",
        "_penalty",
        "_sum",
        "_sum_squares",
        "alpha",
        "count",
        "high",
        "low",
        "lower",
        "target",
        "upper",
    )

    def __init__(
        self, alpha: float = 0.05, lower: float = 0.0, upper: float = 1.0, target: float | None = None
    ) -> None:
        if not 0 < alpha < 1:
            raise ValueError(f"alpha must be between 0 and 1, not {alpha}")
        if not upper > lower:
            raise ValueError("a confidence sequence needs upper > lower")
        if target is not None and not target > 0:
            raise ValueError(f"the target half-width must be positive, not {target}")
        self.alpha, self.lower, self.upper = alpha, lower, upper
        self.target = None if target is None else target / (upper - lower)
        self.count = 0
        self._sum = 0.0  # sum of X (scaled to [0, 1])
        self._sum_squares = 0.0  # sum of (X_i - mu_i)^2
        self._bet_sum = 0.0  # sum of lambda_i
        self._bet_mean = 0.0  # sum of lambda_i X_i
        self._penalty = 0.0  # sum of v_i psi(lambda_i)
        self.low, self.high = lower, upper

    def update(self, values: Sequence[float] | np.ndarray) -> None:
        """Add observations in order (vectorized over the batch) and narrow the interval."""
        x = (np.asarray(values, dtype=float) - self.lower) / (self.upper - self.lower)
        m = len(x)
        if m == 0:
            return
        if np.any((x < 0) | (x > 1)):
            raise ValueError(f"observations must lie in [{self.lower}, {self.upper}]")
        t0 = self.count
        t = np.arange(t0 + 1, t0 + m + 1, dtype=float)
        means = (0.5 + self._sum + np.cumsum(x)) / (t + 1)
        previous_means = np.concatenate(([(0.5 + self._sum) / (t0 + 1)], means[:-1]))
        squares = self._sum_squares + np.cumsum((x - means) ** 2)
        variances = (0.25 + squares) / (t + 1)
        previous_variances = np.concatenate(([(0.25 + self._sum_squares) / (t0 + 1)], variances[:-1]))
        log_term = math.log(2 / self.alpha)
        if self.target is None:
            bets = np.minimum(np.sqrt(2 * log_term / (previous_variances * t * np.log1p(t))), MAX_BET)
        else:
            bets = np.minimum(self.target / previous_variances, MAX_BET)
        psi = (-np.log1p(-bets) - bets) / 4
        self._penalty += float(np.sum(4 * (x - previous_means) ** 2 * psi))
        self._bet_sum += float(np.sum(bets))
        self._bet_mean += float(np.sum(bets * x))
        self._sum += float(np.sum(x))
        self._sum_squares = float(squares[-1])
        self.count = t0 + m
        centre = self._bet_mean / self._bet_sum
        half = (log_term + self._penalty) / self._bet_sum
        span = self.upper - self.lower
        self.low = max(self.low, self.lower + span * max(0.0, centre - half))
        self.high = min(self.high, self.lower + span * min(1.0, centre + half))

    @property
    def centre(self) -> float:
        return (self.low + self.high) / 2

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2


def reference_interval(
    values: Sequence[float], alpha: float = 0.05, target: float | None = None
) -> tuple[float, float]:
    """The same CS at the last time, one observation at a time, written as the paper states it.

    Used by the tests to check the vectorized :class:`ConfidenceSequence` (without the
    running intersection, which only narrows it).
    """
    total = squares = bet_sum = bet_mean = penalty = 0.0
    mean, variance = 0.5, 0.25
    log_term = math.log(2 / alpha)
    for t, x in enumerate(values, start=1):
        if target is None:
            bet = min(math.sqrt(2 * log_term / (variance * t * math.log(1 + t))), MAX_BET)
        else:
            bet = min(target / variance, MAX_BET)
        penalty += 4 * (x - mean) ** 2 * (-math.log(1 - bet) - bet) / 4
        bet_sum += bet
        bet_mean += bet * x
        total += x
        mean = (0.5 + total) / (t + 1)
        squares += (x - mean) ** 2
        variance = (0.25 + squares) / (t + 1)
    centre = bet_mean / bet_sum
    half = (log_term + penalty) / bet_sum
    return (centre - half, centre + half)
