"""The core's integer actions and observation vectors (tabletop.core.encoding), on the test games."""

from __future__ import annotations

import numpy as np
import pytest

from hidden_card import HiddenCardGame, LeakyEncoding
from tabletop.core.encoding import Encoding, NoEncodingError
from tabletop.core.errors import IllegalActionError
from tabletop.core.game import Game
from tabletop.core.registry import make
from tabletop.testing.encoding import check_encoding
from tabletop.testing.errors import ConformanceError


def test_the_test_games_pass_the_encoding_checks() -> None:
    assert check_encoding(make("race", players=3), playouts=5).steps > 0
    assert check_encoding(HiddenCardGame(), playouts=20).steps > 0


def test_a_vector_that_reads_a_hidden_card_fails_the_checks() -> None:
    game = HiddenCardGame()
    game._encoding = Encoding(game, LeakyEncoding())
    with pytest.raises(ConformanceError, match="cannot tell apart"):
        check_encoding(game, playouts=20)


def test_states_differing_only_in_the_other_seats_card_give_the_same_vector() -> None:
    game = HiddenCardGame()
    mine = [game.state_from_text(f"1,{theirs} -") for theirs in (2, 3)]
    assert np.array_equal(game.observer.vector(mine[0], 0), game.observer.vector(mine[1], 0))
    assert not np.array_equal(game.observer.vector(mine[0], 1), game.observer.vector(mine[1], 1))


def test_integers_name_the_same_action_in_every_position() -> None:
    game = make("race", players=2)
    state = game.new_initial_state()
    assert state.legal_action_ints() == (0, 1, 2)  # the d3's faces, as chance outcomes
    state.apply_action("roll 3")
    assert [str(state.int_to_action(i)) for i in state.legal_action_ints()] == ["advance", "wait"]
    assert game.num_distinct_actions() == 2 and game.max_chance_outcomes() == 3
    assert list(game.encoding.mask(state)) == [1, 1]
    with pytest.raises(IllegalActionError, match="no action number 7"):
        state.int_to_action(7)
    assert state.to_text() == "0,0 0 3 1"  # nothing changed


def test_a_game_without_an_encoding_part_is_refused_by_name() -> None:
    class Plain(Game):
        info = HiddenCardGame.info
        parts = HiddenCardGame.parts.__class__()

        def new_initial_state(self):  # type: ignore[no-untyped-def]
            return HiddenCardGame().new_initial_state()

        def _read_position(self, text: str):  # type: ignore[no-untyped-def]
            raise NotImplementedError

    from tabletop.core.registry import register

    register("hidden-card", Plain)
    try:
        with pytest.raises(NoEncodingError, match="declares no encoding part"):
            Plain().encoding  # noqa: B018
    finally:
        register("hidden-card", HiddenCardGame)


def test_the_layout_is_named_fields_covering_the_vector() -> None:
    encoding = make("race", players=2).encoding
    fields = [(f.name, f.start, f.size) for f in encoding.fields]
    assert fields == [("to_move", 0, 2), ("position", 2, 2), ("die", 4, 3)]
    assert encoding.field("die").start == 4
    with pytest.raises(KeyError, match="no field 'dice'"):
        encoding.field("dice")
