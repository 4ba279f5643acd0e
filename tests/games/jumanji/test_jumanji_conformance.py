"""The core conformance suite on every option combination, plus metrics and exact distributions."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

import tabletop
from tabletop.testing import check_game


@pytest.mark.parametrize("rolls", [None, 2])
@pytest.mark.parametrize("challenge", range(7))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_every_option_combination(players, challenge, rolls):
    game = tabletop.make("jumanji", players=players, challenge_cards=challenge, rescue_rolls=rolls)
    report = check_game(game, playouts=2, seed=players * 100 + challenge * 10 + (rolls or 0))
    assert report.playouts == 2


def test_conformance_with_first_player_and_a_crossing_board(crossing_board):
    for first in range(3):
        game = tabletop.make("jumanji", players=3, first_player=first, data=str(crossing_board))
        check_game(game, playouts=3, seed=first)


def test_metrics_report_outcome_grid_and_rescues():
    """R-J10: the lost outcome is counted; metrics give the grid and rescue figures."""
    game = tabletop.make("jumanji", players=2, challenge_cards=6)
    rng = random.Random(3)
    seen_lost = seen_won = False
    for _ in range(40):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(
                state.chance_distribution().sample(rng) if state.is_chance_node() else state.legal_actions()[0]
            )
        m = state.metrics()
        assert set(m) >= {"rate:all_lose", "grid_cards", "rescues_attempted", "rescues_failed", "turns"}
        assert m["rescues_failed"] <= m["rescues_attempted"]
        assert m["rescue_rolls_failed"] <= m["rescue_rolls"]
        if m["rate:all_lose"]:
            seen_lost = True
            assert m["grid_cards"] == 10 and state.winners() == () and state.returns() == [-1.0, -1.0]
        else:
            seen_won = True
            assert len(state.winners()) == 1 and sorted(state.returns()) == [-1.0, 1.0]
    assert seen_lost and seen_won


def test_chance_nodes_are_exact_and_rhino_is_the_only_decision():
    """Every chance node sums to exactly 1; decisions happen only on Rhino spaces (J-RHINO-1)."""
    game = tabletop.make("jumanji", players=4)
    rng = random.Random(11)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            assert sum((p for _, p in state.chance_outcomes()), Fraction(0)) == 1
            state.apply_action(state.chance_distribution().sample(rng))
        else:
            assert "phase=rhino" in state.to_text()
            legal = state.legal_actions()
            assert str(legal[0]) == "no rhino"
            state.apply_action(legal[rng.randrange(len(legal))])
