"""Jumanji's encoding (integer actions, vectors) and its turn limit (R-J21)."""

from __future__ import annotations

import random

import pytest

from encoding_checks import check_length_bounds, play_out
from tabletop.core.errors import NotationError
from tabletop.core.registry import make
from tabletop.testing.encoding import check_encoding


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_encoding_checks_pass(players: int) -> None:
    assert check_encoding(make("jumanji", players=players, challenge_cards=2), playouts=3, seed=players).steps > 0


def test_the_rhino_choices_are_numbered_by_seat() -> None:
    game = make("jumanji", players=3)
    assert game.encoding.action_texts == ("no rhino", "rhino 0", "rhino 1", "rhino 2")


def test_r_j21_the_game_ends_with_no_winner_after_the_last_turn_allowed() -> None:
    game = make("jumanji", players=2, turn_limit=3)
    state = game.new_initial_state()
    rng = random.Random(0)
    play_out(state, rng, first=True)
    assert "turn=3 phase=limit" in state.to_text()
    assert state.returns() == [0.0, 0.0] and state.winners() == ()
    assert game.state_from_text(state.to_text()) == state
    with pytest.raises(NotationError, match="only after turn 3"):
        game.state_from_text(state.to_text().replace("turn=3", "turn=2"))
    with pytest.raises(NotationError, match="turn"):
        game.state_from_text(state.to_text().replace("turn=3", "turn=4"))


@pytest.mark.parametrize("players", [2, 4])
def test_the_length_bounds_hold_on_games_played_to_the_turn_limit(players: int) -> None:
    assert check_length_bounds(make("jumanji", players=players, turn_limit=6), games=40) > 0
    check_length_bounds(make("jumanji", players=players), games=20)
