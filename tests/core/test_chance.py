"""Distributions: the counted one against the exact weighted one, and its refusals."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from tabletop.core.actions import Action
from tabletop.core.chance import Distribution


class Card(Action):
    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __str__(self) -> str:
        return self.name


CARDS = tuple(Card(name) for name in "abcdef")


def test_a_counted_distribution_is_the_weighted_one_without_its_empty_piles() -> None:
    rng = random.Random(3)
    for _ in range(200):
        counts = [rng.randint(0, 9) for _ in CARDS]
        if not any(counts):
            continue
        counted = Distribution.counted(CARDS, counts)
        exact = Distribution.weighted([(card, n) for card, n in zip(CARDS, counts, strict=True) if n])
        assert counted.pairs() == exact.pairs()
        assert counted.outcomes == tuple(card for card, n in zip(CARDS, counts, strict=True) if n)
        assert sum(counted.probabilities) == 1 and all(type(p) is Fraction for p in counted.probabilities)
        missing = next((card for card, n in zip(CARDS, counts, strict=True) if not n), None)
        if missing is not None:
            assert counted.probability(missing) == 0
        for _ in range(10):  # one uniform, the same outcome: the cumulative floats agree
            seed = rng.random()
            assert counted.sample(random.Random(seed)) is exact.sample(random.Random(seed))


@pytest.mark.parametrize(
    ("counts", "problem"),
    [((0, 0, 0, 0, 0, 0), "not all 0"), ((1, 2, 3), "one per outcome"), ((1, -1, 0, 0, 0, 0), "at least 0")],
)
def test_a_counted_distribution_refuses_counts_that_are_no_pile(counts: tuple[int, ...], problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        Distribution.counted(CARDS, counts)


def test_sample_pick_picker_and_uniform_index_are_one_rule() -> None:
    """One uniform number draws the same outcome whichever way it is asked: ``sample`` (one ``rng.random()``),
    ``pick(u)``, ``picker()(u)`` (what a fast twin binds once) and, for equally likely outcomes, ``uniform_index``;
    a random player's decision (``random_decision``) is ``uniform_index`` over the legal actions."""
    from tabletop.core.chance import uniform_index

    faces = list(CARDS)
    uniform = Distribution.uniform(faces)
    counted = Distribution.counted(faces, [3, 0, 1, 2, 5, 1])
    weighted = Distribution.weighted([(faces[0], 1), (faces[1], 2)])
    rng = random.Random(9)
    for dist in (uniform, counted, weighted):
        picker = dist.picker()
        for _ in range(300):
            seed, u = rng.randrange(2**32), rng.random()
            assert dist.sample(random.Random(seed)) is dist.outcomes[dist.pick(random.Random(seed).random())]
            assert picker(u) == dist.pick(u) < len(dist.outcomes)
    assert all(uniform.pick(k / 997) == uniform_index(k / 997, 6) for k in range(997))
    assert counted.pick(0.0) == 0 and counted.pick(1 - 2**-53) == len(counted.outcomes) - 1
