"""Who won: each seat's win rate, shared wins, balance and the first mover's advantage, with intervals.

All of them are functions of each game's *outcome*: the seat that moved first (-1: nobody)
and the set of winners. A run of k seats has at most (k + 1) * 2^k kinds of outcome, so
counting how often each occurred (:class:`Outcomes`) keeps everything these figures need, exactly
and in constant memory; paired with the baseline's outcome of the same game
(:class:`PairedOutcomes`) it gives every difference between two variants as well.

- **Win rate of seat s**: Wilson intervals *simultaneous over the k seats* (Bonferroni: each at
  level 1 - 0.05/k), so all k intervals hold together with 95% probability.
- **Shared wins**: the share of games with two winners or more. Each winner's seat counts
  such a game as a win, which is why the seats' win rates can add up to more than 1.
- **Balance**: 1 - the largest gap between two seats' win rates. Each pair's gap is the mean of
  the per-game ``win[a] - win[b]`` (in -1..1, so the covariance of the two seats is counted), with
  normal intervals simultaneous over the k(k - 1)/2 pairs; the largest gap then lies between the
  largest lower and the largest upper bound of the gaps' sizes.
- **First-mover advantage**: per game ``[the first mover won] - winners / k`` (the first mover's
  result against the average seat's): its mean, with a normal interval.

>>> o = Outcomes(2)
>>> o.add([0, 0, 0, 1], [[0], [0], [1], [0, 1]])
>>> round(o.mean(lambda f, w: 0 in w), 3), o.shared()[1]
(0.75, 0.25)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations
from statistics import NormalDist

from tabletop.analysis.stats import Z95, wilson_interval

#: one game's outcome: the seat that moved first (-1 if none) and the winners, in order
Outcome = tuple[int, tuple[int, ...]]
#: a figure computed from an outcome (``None``: the game does not count for it)
PerGame = Callable[[int, tuple[int, ...]], "float | bool | None"]

#: an estimate: (games counted, mean, low, high)
Estimate = tuple[int, float, float, float]


def z_simultaneous(count: int, alpha: float = 0.05) -> float:
    """The normal quantile that makes ``count`` two-sided intervals hold together (Bonferroni).

    >>> round(z_simultaneous(1), 4), round(z_simultaneous(3), 4)
    (1.96, 2.394)
    """
    return Z95 if count <= 1 and alpha == 0.05 else NormalDist().inv_cdf(1 - alpha / (2 * max(1, count)))


def moments(counts: Iterable[tuple[float | bool | None, int]]) -> tuple[int, float, float]:
    """Count, mean and sample variance of values given with their multiplicities (``None`` skipped)."""
    pairs = [(float(v), c) for v, c in counts if v is not None and c]
    n = sum(c for _, c in pairs)
    if n == 0:
        return 0, math.nan, math.nan
    mean = math.fsum(v * c for v, c in pairs) / n
    variance = math.fsum((v - mean) ** 2 * c for v, c in pairs) / (n - 1) if n > 1 else math.nan
    return n, mean, variance


def normal(n: int, mean: float, variance: float, z: float = Z95) -> Estimate:
    """A normal-approximation interval for a mean."""
    if n < 2 or math.isnan(variance):
        return n, mean, math.nan, math.nan
    half = z * math.sqrt(variance / n)
    return n, mean, mean - half, mean + half


def won(seat: int) -> PerGame:
    """Whether ``seat`` won a game."""
    return lambda first, winners: seat in winners


def gap(a: int, b: int, sign: float = 1.0) -> PerGame:
    """``sign * (win[a] - win[b])`` of a game."""
    return lambda first, winners: sign * ((a in winners) - (b in winners))


def fair_share(first: int, winners: tuple[int, ...], players: int) -> float | None:
    """The first-mover advantage of one game: whether the first mover won, minus the average seat's share."""
    if first < 0:
        return None
    return (1.0 if first in winners else 0.0) - len(winners) / players


class Outcomes:
    """How often each outcome occurred in one variant's games."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.counts: Counter[Outcome] = Counter()

    def add(self, firsts: Sequence[int], winners: Sequence[Sequence[int]]) -> None:
        self.counts.update(zip(firsts, map(tuple, winners), strict=True))

    @property
    def games(self) -> int:
        return self.counts.total()

    def mean(self, value: PerGame) -> float:
        return self._moments(value)[1]

    def _moments(self, value: PerGame) -> tuple[int, float, float]:
        return moments((value(f, w), c) for (f, w), c in self.counts.items())

    def win_rates(self, alpha: float = 0.05) -> list[Estimate]:
        """Each seat's win rate with Wilson intervals simultaneous over the seats."""
        n, z = self.games, z_simultaneous(self.players, alpha)
        found = []
        for seat in range(self.players):
            wins = sum(c for (_, w), c in self.counts.items() if seat in w)
            low, high = wilson_interval(wins, n, z)
            found.append((n, wins / n if n else math.nan, low, high))
        return found

    def shared(self) -> Estimate:
        """The share of games with two winners or more (Wilson)."""
        n = self.games
        shared = sum(c for (_, w), c in self.counts.items() if len(w) > 1)
        low, high = wilson_interval(shared, n)
        return n, shared / n if n else math.nan, low, high

    def gaps(self, alpha: float = 0.05) -> list[tuple[tuple[int, int], Estimate]]:
        """Each pair of seats' gap in win rate (``win[a] - win[b]``), intervals simultaneous over the pairs."""
        pairs = list(combinations(range(self.players), 2))
        z = z_simultaneous(len(pairs), alpha)
        return [((a, b), normal(*self._moments(gap(a, b)), z)) for a, b in pairs]

    def balance(self, alpha: float = 0.05) -> Estimate:
        """1 - the largest gap between two seats' win rates, with an interval from the gaps' simultaneous ones."""
        gaps = self.gaps(alpha)
        if not gaps:
            return self.games, math.nan, math.nan, math.nan
        largest = max(abs(g[1]) for _, g in gaps)
        low_gap = max(max(0.0, low, -high) for _, (_, _, low, high) in gaps)
        high_gap = max(max(abs(low), abs(high)) for _, (_, _, low, high) in gaps)
        if math.isnan(low_gap) or math.isnan(high_gap):
            return self.games, 1 - largest, math.nan, math.nan
        return self.games, 1 - largest, max(0.0, 1 - high_gap), min(1.0, 1 - low_gap)

    def advantage(self) -> Estimate:
        """The first mover's win rate minus the average seat's, per game, with a normal interval."""
        return normal(*self._moments(lambda f, w: fair_share(f, w, self.players)))

    def largest_gap(self) -> tuple[int, int, float]:
        """The pair of seats with the largest gap and its sign (+1: the first of them wins more)."""
        gaps = self.gaps()
        (a, b), (_, mean, _, _) = max(gaps, key=lambda g: abs(g[1][1]))
        return a, b, 1.0 if mean >= 0 else -1.0


#: a paired difference: (games, difference, low, high, share of variance removed by pairing)
Paired = tuple[int, float, float, float, float]


class PairedOutcomes:
    """How often each pair of outcomes (variant's, baseline's) occurred in games of the same seed."""

    def __init__(self, players: int, base_players: int) -> None:
        self.players = players
        self.base_players = base_players
        self.counts: Counter[tuple[Outcome, Outcome]] = Counter()

    def add(
        self, firsts: Sequence[int], winners: Sequence[Sequence[int]],
        base_firsts: Sequence[int], base_winners: Sequence[Sequence[int]],
    ) -> None:
        mine = zip(firsts, map(tuple, winners), strict=True)
        theirs = zip(base_firsts, map(tuple, base_winners), strict=True)
        self.counts.update(zip(mine, theirs, strict=True))

    def difference(self, value: PerGame, base_value: PerGame, z: float = Z95) -> Paired:
        """The mean of ``value(variant's outcome) - base_value(baseline's)`` over games where both count."""
        rows = []
        for ((f, w), (g, v)), c in self.counts.items():
            a, b = value(f, w), base_value(g, v)
            if a is not None and b is not None:
                rows.append((float(a), float(b), c))
        n, mean, var_d = moments((a - b, c) for a, b, c in rows)
        _, _, var_a = moments((a, c) for a, _, c in rows)
        _, _, var_b = moments((b, c) for _, b, c in rows)
        _, _, low, high = normal(n, mean, var_d, z)
        independent = var_a + var_b
        reduction = 1 - var_d / independent if independent > 0 else math.nan
        return n, mean, low, high, reduction

    def win_rates(self, alpha: float = 0.05) -> list[Paired]:
        """Each common seat's difference in win rate, intervals simultaneous over those seats."""
        seats = min(self.players, self.base_players)
        z = z_simultaneous(seats, alpha)
        return [self.difference(won(s), won(s), z) for s in range(seats)]

    def shared(self) -> Paired:
        return self.difference(lambda f, w: len(w) > 1, lambda f, w: len(w) > 1)

    def advantage(self) -> Paired:
        return self.difference(lambda f, w: fair_share(f, w, self.players),
                               lambda f, w: fair_share(f, w, self.base_players))

    def balance(self, mine: Outcomes, base: Outcomes) -> Paired:
        """The difference in balance, by the delta method: each variant's largest gap is taken at its
        most unequal pair of seats (as estimated), which makes it a per-game mean that can be paired.
        Approximate when two pairs of seats are about as unequal."""
        if mine.players < 2 or base.players < 2:
            return 0, math.nan, math.nan, math.nan, math.nan
        a, b, sign = mine.largest_gap()
        c, d, base_sign = base.largest_gap()
        # balance_v - balance_b = gap_b - gap_v: the baseline's gap minus the variant's, game by game
        return self.difference(gap(a, b, -sign), gap(c, d, -base_sign))
