"""Donkey Kong's encoding (integer actions, vectors), its turn limit (R-K24) and the opening roll's cap (R-K23)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from encoding_checks import check_length_bounds, play_out
from tabletop.core.registry import make
from tabletop.games.donkey_kong.state import OPENING_ROUNDS
from tabletop.testing.encoding import check_encoding


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_encoding_checks_pass(players: int) -> None:
    assert check_encoding(make("donkey-kong", players=players), playouts=2, seed=players).steps > 0


def test_every_route_and_card_has_one_integer_for_every_game_with_the_same_options() -> None:
    a, b = make("donkey-kong", players=2), make("donkey-kong", players=4)
    assert a.encoding.action_texts == b.encoding.action_texts  # routes and cards do not depend on the players
    assert a.encoding.action_texts[:6] == ("play J100", "play J200", "play J300", "play H200", "play H300", "play H400")
    assert a.num_distinct_actions() == 1276 and a.max_chance_outcomes() == 35


def test_the_vector_layout_lists_each_pawn_from_the_viewers_seat() -> None:
    game = make("donkey-kong", players=2)
    state = game.new_initial_state()
    pawn = game.encoding.field("pawn")
    start = game.rules.board.start
    for viewer in (0, 1):
        vector = game.observer.vector(state, viewer)
        assert vector[pawn.start + start] == 1.0 and vector[pawn.start + pawn.size // 2 + start] == 1.0
    assert game.encoding.size == sum(f.size for f in game.encoding.fields)


def test_r_k24_the_game_ends_with_no_winner_after_the_last_turn_allowed() -> None:
    game = make("donkey-kong", players=2, turn_limit=4)
    assert check_length_bounds(game, games=30) > 0
    state = game.new_initial_state()
    rng = random.Random(3)
    play_out(state, rng, first=True)
    assert state.turn == 4 and state.finisher == -1 and state.winners() == () and state.returns() == [0.0, 0.0]
    assert game.state_from_text(state.to_text()) == state


def test_the_length_bounds_hold_on_full_random_games() -> None:
    check_length_bounds(make("donkey-kong", players=4), games=10, seed=1)


def test_r_k23_a_tie_in_the_last_round_of_the_opening_roll_goes_to_the_tied_seat_first_in_turn_order() -> None:
    game = make("donkey-kong", players=3)
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.stage.text == "deal":
        state.apply_action(state.chance_distribution().sample(rng))
    state.apply_action("white 2")
    state.apply_action("white 5")
    state.apply_action("white 5")  # seats 1 and 2 tie: round 2
    assert state.to_text().endswith("open=-,?,?@2")
    last = game.state_from_text(state.to_text().replace("@2", f"@{OPENING_ROUNDS}"))
    last.apply_action("white 6")
    last.apply_action("white 6")
    assert last.stage.text == "white" and last.turn_seat == 1 and last.turn == 1


def test_an_opening_round_past_the_cap_is_refused() -> None:
    game = make("donkey-kong", players=2)
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.stage.text == "deal":
        state.apply_action(state.chance_distribution().sample(rng))
    with pytest.raises(Exception, match="opening round"):
        game.state_from_text(state.to_text() + f"@{OPENING_ROUNDS + 1}")


def test_a_state_read_from_its_text_gives_the_same_vector_for_every_seat() -> None:
    game = make("donkey-kong", players=3)
    state = game.new_initial_state()
    rng = random.Random(5)
    play_out(state, rng, steps=200)
    again = game.state_from_text(state.to_text())
    for seat in range(3):
        assert np.array_equal(game.observer.vector(state, seat), game.observer.vector(again, seat))
