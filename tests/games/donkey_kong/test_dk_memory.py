"""The memory Donkey Kong's rules keep across games: its cache of card distributions stays at its bound.

A server plays thousands of games on one board's rules; each game meets some sixty pile
compositions never seen before, so an unbounded (or very large) cache is a creep in a
long-running server (issue 22, finding 7).
"""

from __future__ import annotations

import itertools

from tabletop.games.donkey_kong.rules import CARD_DISTRIBUTIONS_KEPT, load_rules


def test_the_card_distributions_kept_stay_at_their_bound() -> None:
    rules = load_rules()
    verb = next(iter(rules.card_outcomes))
    piles = itertools.product(range(1, 12), repeat=rules.types)  # more compositions than the bound
    for counts in itertools.islice(piles, CARD_DISTRIBUTIONS_KEPT + 500):
        dist = rules.card_distribution(verb, counts)
        assert rules.card_distribution(verb, counts) is dist  # kept: asked again, the same one
        assert len(rules._dists) <= CARD_DISTRIBUTIONS_KEPT
    assert CARD_DISTRIBUTIONS_KEPT <= 4_096  # 0.5 to 1 kB each: a few MB per board at most
