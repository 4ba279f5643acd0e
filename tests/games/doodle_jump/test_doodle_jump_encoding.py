"""Doodle Jump's encoding (integer actions, vectors) and its turn limit (R-D24)."""

from __future__ import annotations

import random

import pytest

from encoding_checks import check_length_bounds, play_out
from tabletop.core.registry import make
from tabletop.testing.encoding import check_encoding


@pytest.mark.parametrize(("players", "tiles"), [(2, "power"), (3, "none"), (4, "expert")])
def test_the_encoding_checks_pass(players: int, tiles: str) -> None:
    assert check_encoding(make("doodle-jump", players=players, tiles=tiles), playouts=2, seed=players).steps > 0


def test_a_jump_keeps_its_integer_wherever_it_is_offered() -> None:
    game = make("doodle-jump", players=2)
    texts = game.encoding.action_texts
    assert texts[:6] == ("roll", "continue", "stop", "stay", "shield", "fall")
    assert texts == make("doodle-jump", players=2).encoding.action_texts
    jump = next(t for t in texts if t.startswith("jump B9 = "))
    assert game.encoding.action_text(texts.index(jump)) == jump


def test_r_d24_the_game_ends_with_no_winner_after_the_last_turn_allowed() -> None:
    game = make("doodle-jump", players=2, turn_limit=3)
    state = game.new_initial_state()
    rng = random.Random(0)
    play_out(state, rng, first=True)
    assert state.turn_number() == 3 and state.winners() == () and state.returns() == [0.0, 0.0]
    assert game.state_from_text(state.to_text()) == state


@pytest.mark.parametrize("players", [2, 4])
def test_the_length_bounds_hold_on_games_played_to_the_turn_limit(players: int) -> None:
    assert check_length_bounds(make("doodle-jump", players=players, tiles="expert", turn_limit=5), games=30) > 0
    check_length_bounds(make("doodle-jump", players=players), games=15, seed=1)

