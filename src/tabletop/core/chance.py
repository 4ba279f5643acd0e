"""Chance distributions: every outcome of a chance node with its exact probability.

The rules never sample. A state at a chance node returns a :class:`Distribution`;
whoever drives the game samples it with their own random stream.

>>> from tabletop.core.actions import Action
>>> class Face(Action):
...     def __init__(self, n: int) -> None: self.n = n
...     def __str__(self) -> str: return str(self.n)
>>> d8 = Distribution.uniform([Face(n) for n in range(1, 9)])
>>> d8.probability(d8.outcomes[0])
Fraction(1, 8)
>>> sum(p for _, p in d8.pairs()) == 1
True
"""

from __future__ import annotations

import bisect
import functools
import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import compress

from tabletop.core.actions import Action


def uniform_index(u: float, n: int) -> int:
    """Which of ``n`` equally likely outcomes the uniform number ``u`` (in [0, 1)) draws: ``int(u * n)``.

    The one rule for a uniform choice: :meth:`Distribution.pick` for a uniform distribution, a
    uniformly random player's decision (:func:`tabletop.core.play.random_decision`), and every fast
    twin's draws. ``int(u * n) < n`` always holds: ``u <= 1 - 2**-53``, and ``(1 - 2**-53) * n``
    rounds below ``n`` for every ``n < 2**53``.

    >>> uniform_index(0.0, 6), uniform_index(0.5, 6), uniform_index(1 - 2**-53, 6)
    (0, 3, 5)
    """
    return int(u * n)


@lru_cache(maxsize=256)
def _unit(n: int) -> Fraction:
    return Fraction(1, n)


class Distribution:
    """A finite probability distribution over actions, exact and immutable.

    ``uniform`` distributions keep no per-outcome data and ``counted`` ones only
    their counts, so building one for a draw from a deck is cheap; their exact
    probabilities are made only when asked for.
    """

    __slots__ = ("_counts", "_cumulative", "_index", "_probs", "outcomes")

    outcomes: tuple[Action, ...]

    def __init__(self, outcomes: Sequence[Action], probabilities: Sequence[Fraction]) -> None:
        if len(outcomes) != len(probabilities):
            raise ValueError("a distribution needs one probability per outcome")
        if not outcomes:
            raise ValueError("a distribution needs at least one outcome")
        probs = tuple(Fraction(p) for p in probabilities)
        if any(p <= 0 for p in probs):
            raise ValueError("every outcome of a distribution must have a positive probability")
        if sum(probs) != 1:
            raise ValueError(f"probabilities sum to {sum(probs)}, not 1")
        self.outcomes = tuple(outcomes)
        self._probs: tuple[Fraction, ...] | None = probs
        total = 0.0
        cumulative = []
        for p in probs:
            total += float(p)
            cumulative.append(total)
        cumulative[-1] = 1.0
        self._cumulative: list[float] | None = cumulative
        self._index: dict[Action, int] | None = None
        self._counts: tuple[int, ...] | None = None

    @classmethod
    def uniform(cls, outcomes: Sequence[Action]) -> Distribution:
        """Each outcome equally likely."""
        if not outcomes:
            raise ValueError("a distribution needs at least one outcome")
        self = cls.__new__(cls)
        self.outcomes = tuple(outcomes)
        self._probs = None
        self._cumulative = None
        self._index = None
        self._counts = None
        return self

    @classmethod
    def counted(cls, outcomes: Sequence[Action], counts: Sequence[int]) -> Distribution:
        """Outcomes weighted by integer counts (the cards of each type in a pile); a count of 0 leaves its
        outcome out.

        Sampling uses the cumulative ``running / total`` floats; the exact
        probabilities ``count / total`` are made only when asked for.

        >>> class Card(Action):
        ...     def __init__(self, name: str) -> None: self.name = name
        ...     def __str__(self) -> str: return self.name
        >>> pile = Distribution.counted([Card("ace"), Card("king"), Card("queen")], [2, 0, 1])
        >>> [(str(card), p) for card, p in pile.pairs()]
        [('ace', Fraction(2, 3)), ('queen', Fraction(1, 3))]
        """
        if len(outcomes) != len(counts) or min(counts, default=0) < 0 or not any(counts):
            raise ValueError(f"a counted distribution needs counts of at least 0, one per outcome, not all 0: {counts}")
        if 0 in counts:
            outcomes, counts = tuple(compress(outcomes, counts)), tuple(compress(counts, counts))
        self = cls.__new__(cls)
        self.outcomes = tuple(outcomes)
        self._counts = tuple(counts)
        self._probs = None
        self._index = None
        total = sum(counts)
        running = 0
        cumulative = []
        for count in counts:  # a plain loop is the quickest way here (decks change at every draw)
            running += count
            cumulative.append(running / total)  # the last is exactly 1.0
        self._cumulative = cumulative
        return self

    @classmethod
    def weighted(cls, weighted_outcomes: Sequence[tuple[Action, int]]) -> Distribution:
        """Outcomes with integer weights (for example card counts)."""
        total = sum(w for _, w in weighted_outcomes)
        return cls([a for a, _ in weighted_outcomes], [Fraction(w, total) for _, w in weighted_outcomes])

    @property
    def probabilities(self) -> tuple[Fraction, ...]:
        if self._probs is None:
            counts = self._counts
            if counts is None:
                return (_unit(len(self.outcomes)),) * len(self.outcomes)
            total = sum(counts)
            self._probs = tuple(Fraction(c, total) for c in counts)
        return self._probs

    def floats(self) -> list[float]:
        """Each outcome's probability as the float nearest to it (``float`` of the exact ``Fraction``), in the
        distribution's order; a uniform or counted distribution makes no ``Fraction`` for it (``count / total``
        is that same float: a correctly rounded division of the same ratio).

        >>> Distribution.counted([Action(), Action(), Action()], [1, 1, 4]).floats() == [1 / 6, 1 / 6, 2 / 3]
        True
        """
        counts = self._counts
        if counts is not None:
            total = sum(counts)
            return [count / total for count in counts]
        if self._probs is None:  # uniform
            return [1 / len(self.outcomes)] * len(self.outcomes)
        return [float(p) for p in self._probs]

    def pairs(self) -> list[tuple[Action, Fraction]]:
        """Every outcome with its probability, in the distribution's order."""
        return list(zip(self.outcomes, self.probabilities, strict=True))

    def probability(self, action: Action) -> Fraction:
        """The probability of ``action`` (zero if it is not an outcome)."""
        i = self._outcome_index().get(action)
        return Fraction(0) if i is None else self.probabilities[i]

    def __contains__(self, action: object) -> bool:
        """Is ``action`` an outcome? One dict look-up (the index is built on first use), where
        ``action in outcomes`` compares with every outcome before it: for a roll of five dice
        that is hundreds."""
        return isinstance(action, Action) and action in self._outcome_index()

    def _outcome_index(self) -> dict[Action, int]:
        index = self._index
        if index is None:
            index = self._index = {a: i for i, a in enumerate(self.outcomes)}
        return index

    def sample(self, rng: random.Random) -> Action:
        """Draw one outcome with exactly one ``rng.random()``, by inverting the cumulative distribution
        (:meth:`pick`).

        One uniform per chance node, mapped monotonically to outcomes, is what lets
        two variants share dice and draws (common random numbers).
        """
        return self.outcomes[self.pick(rng.random())]

    def pick(self, u: float) -> int:
        """The index of the outcome that the uniform number ``u`` (in [0, 1)) draws: the first whose
        cumulative probability exceeds ``u`` (:func:`uniform_index` when all are equally likely).

        A fast twin of the rules that samples its chance nodes without a ``Distribution`` uses
        this rule, or :func:`uniform_index`, rather than a copy of it.
        """
        cumulative = self._cumulative
        if cumulative is None:
            return int(u * len(self.outcomes))  # uniform_index, inline: this is every chance node's path
        return bisect.bisect_right(cumulative, u)

    def picker(self) -> Callable[[float], int]:
        """:meth:`pick` as a function of ``u`` alone, for a fast twin's inner loop: for a distribution that is not
        uniform, ``bisect_right`` on the cumulative probabilities bound in C (no Python call per draw)."""
        cumulative = self._cumulative
        if cumulative is None:
            return functools.partial(uniform_index, n=len(self.outcomes))
        return functools.partial(bisect.bisect_right, cumulative)

    def __len__(self) -> int:
        return len(self.outcomes)

    def __repr__(self) -> str:
        shown = ", ".join(f"{a}: {p}" for a, p in self.pairs()[:6])
        more = ", ..." if len(self.outcomes) > 6 else ""
        return f"Distribution({{{shown}{more}}})"


def percent(p: Fraction | float) -> str:
    """A chance for people: "23%", "0.4%"; "no chance" and "certain" only when exact.

    >>> percent(Fraction(1, 8)), percent(Fraction(1, 3000)), percent(0), percent(1)
    ('12%', 'under 0.1%', 'no chance', 'certain')
    >>> percent(Fraction(1, 200)), percent(Fraction(1999, 2000))
    ('0.5%', 'over 99.9%')
    """
    if p == 0:
        return "no chance"
    if p == 1:
        return "certain"
    value = float(p) * 100
    if value < 0.1:
        return "under 0.1%"
    if value > 99.9:
        return "over 99.9%"
    return f"{value:.0f}%" if 1 <= value <= 99 else f"{value:.1f}%"
