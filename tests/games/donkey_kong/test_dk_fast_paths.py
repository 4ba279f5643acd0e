"""The fast paths are checked against the plain ones (style habit 11)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from dk_scenarios import make_game

from tabletop.core.chance import Distribution
from tabletop.games.donkey_kong.rules import CountedDistribution


def trajectory(seed: int) -> list[str]:
    game = make_game(3, first_player=None)
    rng = random.Random(seed)
    state = game.new_initial_state()
    texts = []
    while not state.is_terminal():
        texts.append(state.to_text())
        if state.is_chance_node():
            action = state.chance_distribution().sample(rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)
    return texts


def test_skipping_empty_spaces_equals_moving_one_space_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """K-OBS-1: with every space marked special, obstacles stop on each space in turn: the games are identical."""
    fast = [trajectory(seed) for seed in range(3)]
    board = make_game(3).rules.board
    monkeypatch.setattr(board, "special", [True] * board.size)
    slow = [trajectory(seed) for seed in range(3)]
    assert fast == slow


def test_counted_distribution_equals_the_exact_weighted_one() -> None:
    rng = random.Random(1)
    outcomes = make_game(2).rules.card_outcomes["draw"]
    for _ in range(50):
        counts = tuple(rng.randint(1, 8) for _ in outcomes)
        counted = CountedDistribution(outcomes, counts)
        exact = Distribution.weighted(list(zip(outcomes, counts, strict=True)))
        assert counted.pairs() == exact.pairs()
        assert sum(counted.probabilities) == 1 and all(isinstance(p, Fraction) for p in counted.probabilities)
        # sampling follows the same cumulative weights
        for _ in range(20):
            seed = rng.random()
            assert counted.sample(random.Random(seed)) is exact.sample(random.Random(seed))
