"""Setup, turn order, moving and winning (J-SETUP-*, J-TURN-*, J-MOVE-2, J-WIN-*, R-J1, R-J8)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tabletop.core.errors import InvalidOptionError


def test_initial_position_every_pawn_on_start_rhino_home_full_pile(short):
    """J-SETUP-1: pawns on their STARTs, the rhino home, all 30 cards face down in the pile."""
    game = short(4)
    state = game.new_initial_state()
    assert state.to_text() == "pawns=0,0,0,0 rhino=- grid=- discard=- card=- seat=0 turn=1 phase=roll tally=0,0,0,0"
    assert state.rhino_space() is None
    assert state.to_dict()["draw_pile"] == 30
    state.apply_action("roll 1")  # onto a Blank space: the first draw is from all 30 cards
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 30
    assert all(p == Fraction(1, 30) for _, p in outcomes)


def test_challenge_game_deals_random_cards_onto_the_grid(short, pos):
    """J-SETUP-2 and R-J18: with challenge_cards=3, three uniform chance draws fill grid places first."""
    game = short(3, challenge_cards=3)
    state = game.new_initial_state()
    assert state.to_text() == pos("0,0,0", phase="setup:3")
    assert [p for _, p in state.chance_outcomes()] == [Fraction(1, 30)] * 30
    for card in ("card 5", "card 9", "card 2"):
        state.apply_action(card)
    assert state.to_text() == pos("0,0,0", grid="5,9,2", challenge=3)
    state.apply_action("roll 1")
    assert len(state.chance_outcomes()) == 27
    assert "card 9" not in {str(a) for a in state.legal_actions()}


@pytest.mark.parametrize("bad", [-1, 7, "many"])
def test_challenge_cards_out_of_range_is_refused(short, bad):
    """J-SETUP-2: the Challenge Game uses 1 to 6 cards (0 = the ordinary game)."""
    with pytest.raises(InvalidOptionError, match="challenge_cards"):
        short(3, challenge_cards=bad)


def test_first_player_goes_first_and_play_passes_clockwise(short, pos, play):
    """J-TURN-1: the suggester (option first_player) starts; then seats to the left in turn."""
    assert short(3).new_initial_state().current_player() == -1
    assert "seat=0" in short(3).new_initial_state().to_text()
    game = short(3, first_player=2)
    state = game.new_initial_state()
    assert "seat=2" in state.to_text()
    # each turn: roll 2 onto a Wait space, the next player rolls 5: safe, turn over
    state.apply_action("roll 2")
    assert state.to_text() == pos("0,0,2", seat=2, turn=1, phase="wait:0")
    state.apply_action("roll 5")
    assert "seat=0 turn=2" in state.to_text()
    state.apply_action("roll 2")
    state.apply_action("roll 5")
    assert "seat=1 turn=3" in state.to_text()
    with pytest.raises(InvalidOptionError, match="first_player"):
        short(3, first_player=3)


def test_roll_moves_the_pawn_along_its_own_path(short, pos, play):
    """J-TURN-2 and J-MOVE-2: the pawn moves the full count shown by the die."""
    state = play(short(4), pos("0,0,0,0"), "roll 4")
    assert state.to_text() == pos("4,0,0,0", phase="rhino")
    state = play(short(4), pos("1,0,0,0"), "roll 8")
    assert state.to_text().startswith("pawns=9,0,0,0")


def test_number_die_is_a_fair_d8(short, pos):
    """R-J1: faces 1 to 8, each 1/8, for moves and for Wait rolls."""
    game = short(4)
    for text in (pos("0,0,0,0"), pos("2,0,0,0", phase="wait:1")):
        pairs = game.state_from_text(text).chance_outcomes()
        assert [str(a) for a, _ in pairs] == [f"roll {n}" for n in range(1, 9)]
        assert all(p == Fraction(1, 8) for _, p in pairs)


def test_pawns_moved_by_a_card_follow_no_directions(short, pos, play):
    """J-TURN-3: the others land on Jungle spaces after a rescue but nothing happens there."""
    state = play(short(4), pos("5,1,1,1", phase="draw:blank"), "card 2", "saved", "saved", "saved")
    assert state.to_text() == pos("5,3,3,3", discard="2", seat=1, turn=2, tally="1,0,3,0")


def test_roll_too_big_for_the_centre_leaves_the_pawn_and_its_space_acts(short, pos, play):
    """J-TURN-4 and J-WIN-2: 10 + 3 passes the centre (11): stay on the Blank space and draw."""
    state = play(short(4), pos("10,0,0,0"), "roll 3")
    assert state.to_text() == pos("10,0,0,0", phase="draw:blank")


def test_smaller_count_moves_that_many(short, pos, play):
    """J-WIN-2: a roll short of the centre moves the pawn that many spaces."""
    state = play(short(4), pos("7,0,0,0"), "roll 3")
    assert state.to_text() == pos("10,0,0,0", phase="draw:blank")


def test_exact_die_count_reaches_the_centre_and_wins(short, pos, play):
    """J-WIN-1 and J-WIN-3: 7 + 4 = 11 is the centre: seat 0 wins at once."""
    state = play(short(4), pos("7,0,0,0"), "roll 4")
    assert state.to_text() == pos("11,0,0,0", phase="won:0")
    assert state.is_terminal()
    assert state.returns() == [1.0, -1.0, -1.0, -1.0]
    assert state.winners() == (0,)
    assert state.metrics()["rate:all_lose"] == 0.0


def test_exact_card_count_on_another_players_turn_wins(short, pos, play):
    """J-WIN-1: seat 2 at 8 moves ahead 3 on seat 0's rescued card 4 and wins."""
    state = play(short(4), pos("5,0,8,0", phase="draw:blank"), "card 4", "saved", "saved", "saved")
    assert state.to_text() == pos("5,3,11,3", discard="4", phase="won:2", tally="1,0,3,0")
    assert state.winners() == (2,)


def test_card_count_past_the_centre_leaves_the_pawn(short, pos, play):
    """J-WIN-2: seat 1 at 10 does not move on a 2 (it would pass the centre)."""
    state = play(short(4), pos("5,10,0,0", phase="draw:blank"), "card 2", "saved", "saved", "saved")
    assert state.to_text().startswith("pawns=5,10,2,2 ")


def test_several_pawns_at_the_centre_first_call_wins(short, pos, play):
    """J-WIN-3 and R-J8: two pawns reach the centre on one card; equal odds who calls first."""
    state = play(short(4), pos("3,6,6,0", phase="draw:jungle"), "card 18", "saved", "saved", "saved", "saved")
    assert state.to_text() == pos("8,11,11,5", discard="18", phase="tie:1,2", tally="1,0,4,0")
    half = Fraction(1, 2)
    assert [(str(a), p) for a, p in state.chance_outcomes()] == [("first 1", half), ("first 2", half)]
    state.apply_action("first 2")
    assert state.winners() == (2,)
    assert state.returns() == [-1.0, -1.0, 1.0, -1.0]
