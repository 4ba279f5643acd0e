"""Pawns meeting on shared spaces: J-MOVE-1, R-J7, and our rulings R-J11..R-J13.

The shipped board's colour paths share no space (R-J11), so these tests use the
test board whose paths all cross at spaces 5 and 6.
"""

from __future__ import annotations

import pytest

from tabletop.core.errors import NotationError


def test_landing_on_an_occupied_space_moves_ahead_to_the_next_open_one(crossing, pos, play):
    """J-MOVE-1: seat 1 stands on shared space 5: seat 0's 4 from 1 ends on 6."""
    state = play(crossing(4), pos("1,5,0,0"), "roll 4")
    assert state.to_text().startswith("pawns=6,5,0,0 ")
    state = play(crossing(4), pos("1,5,6,0"), "roll 4")
    assert state.to_text() == pos("7,5,6,0", phase="wait:1")


def test_separate_paths_never_collide(short, pos, play):
    """R-J11 (J-MOVE-1 on the shipped kind of board): the same number on two paths is two spaces."""
    state = play(short(4), pos("1,5,0,0"), "roll 4")
    assert state.to_text().startswith("pawns=5,5,0,0 ")
    assert state.space_of(0) != state.space_of(1)


def test_rescued_pawns_move_one_by_one_from_the_left(crossing, pos, play):
    """R-J7: seats 1, 2, 3 each move 2 onto shared space 5, in that order, so 5, 6, 7."""
    state = play(crossing(4), pos("1,3,3,3", phase="draw:blank"), "card 2", "saved", "saved", "saved")
    assert state.to_text().startswith("pawns=1,5,6,7 ")
    # from seat 2's turn the order is 3, 0, 1
    state = play(crossing(4), pos("3,3,1,3", seat=2, phase="draw:blank"), "card 2", "saved", "saved", "saved")
    assert state.to_text().startswith("pawns=6,7,1,5 ")


def test_jungle_rescue_the_current_player_moves_first(crossing, pos, play):
    """R-J7: on a Jungle space the current player moves first, then the others clockwise."""
    state = play(crossing(4), pos("0,3,3,3", seat=1, phase="draw:jungle"), "card 2", *["saved"] * 4)
    assert state.to_text().startswith("pawns=2,5,6,7 ")


def test_moving_back_onto_an_occupied_space_keeps_going_back(crossing, pos, play):
    """R-J13: sent back 4 from 10 onto shared 6 (taken), then 5 (taken): the pawn stops on 4."""
    state = play(crossing(4), pos("10,6,5,0", phase="draw:blank"), "card 3", "failed", "saved", "saved")
    assert state.to_text().startswith("pawns=4,6,5,0 ")


def test_rhino_never_put_on_a_space_holding_a_pawn(crossing, pos, play):
    """R-J12: the space ahead of seats 0 and 1 (shared 5) holds seat 2: the rhino may not go there."""
    state = play(crossing(4), pos("4,4,5,0", phase="rhino"))
    assert [str(a) for a in state.legal_actions()] == ["no rhino", "rhino 2", "rhino 3"]


def test_notation_refuses_two_pawns_on_one_space(crossing, pos):
    """J-MOVE-1: a position with two pawns on shared space 5 is not a position."""
    with pytest.raises(NotationError, match="share a space"):
        crossing(4).state_from_text(pos("5,5,0,0"))
