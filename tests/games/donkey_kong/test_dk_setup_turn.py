"""K-SETUP-1, K-TURN-1, K-TURN-2 and the dice's exact distributions."""

from __future__ import annotations

from fractions import Fraction

from dk_scenarios import apply, field, make_game, position, route_to, spaces, state_of

from tabletop.core.state import CHANCE


def test_k_setup_1_barrels_fireballs_pawns_and_three_face_up_cards() -> None:
    """K-SETUP-1: barrels on the six black dots, six in the arm, fireballs at the Oil Can, pawns on START."""
    game = make_game(3)
    state = game.new_initial_state()
    assert spaces(state, "barrels") == {"A8", "B5", "C3", "D8", "E6", "F8"}
    assert field(state, "arm") == "6"
    assert field(state, "fireballs") == "-" and field(state, "oil") == "4"
    assert field(state, "pawns") == "START,START,START"
    assert state.stage_name() == "deal" and state.is_chance_node()
    for _ in range(9):
        state.apply_action(state.legal_actions()[0])
    assert [sum(state.hand_of(seat)) for seat in range(3)] == [3, 3, 3]
    assert [sum(state.played_of(seat)) for seat in range(3)] == [0, 0, 0]
    assert sum(state.deck) == 48 - 9
    assert state.stage_name() == "white"  # first_player=0: no opening roll


def test_k_setup_1_deal_is_uniform_over_the_deck_by_counts() -> None:
    """K-SETUP-1: each dealt card is drawn uniformly from the 48 cards (8 of each type)."""
    state = make_game(2).new_initial_state()
    assert {str(a): p for a, p in state.chance_outcomes()} == {
        f"deal {c}": Fraction(1, 6) for c in ("J100", "J200", "J300", "H200", "H300", "H400")
    }
    for _ in range(3):
        state.apply_action("deal H400")
    probs = {str(a): p for a, p in state.chance_outcomes()}
    assert probs["deal H400"] == Fraction(5, 45) and probs["deal J100"] == Fraction(8, 45)


def test_k_turn_1_opening_roll_highest_starts() -> None:
    """K-TURN-1: each player rolls the white die; the highest roll plays first."""
    game = make_game(3, first_player=None)
    state = game.new_initial_state()
    while state.stage_name() == "deal":
        state.apply_action(state.legal_actions()[0])
    assert state.stage_name() == "open" and field(state, "open") == "?,?,?"
    apply(state, "white 2", "white 5", "white 3")
    assert state.stage_name() == "white" and state.turn_seat == 1 and state.turn_number() == 1


def test_k_turn_1_tied_highest_roll_again_and_play_passes_left() -> None:
    """K-TURN-1: a tie for highest is rolled again by the tied players only; then seat+1 plays next."""
    game = make_game(3, first_player=None)
    text = position(players=3, turn=0, stage="open", dice="-", pawns="START,START,START",
                    barrels="A8,B5,C3,D8,E6,F8", up="J100.J100.J100/J200.J200.J200/J300.J300.J300", open="?,?,?")
    state = state_of(text, game)
    apply(state, "white 6", "white 2", "white 6")
    assert field(state, "open") == "?,-,?@2"  # the second round (R-K23)
    apply(state, "white 4", "white 1")
    assert state.turn_seat == 0 and state.stage_name() == "white"
    # finish seat 0's turn quietly: it passes to seat 1 (the left)
    apply(state, "white 1", "red rests")
    apply(state, route_to(state, "A2"))
    assert state.turn_seat == 1 and state.turn_number() == 2


def test_k_turn_2_order_dice_then_pawn_then_obstacles_then_release() -> None:
    """K-TURN-2: roll both dice, move the pawn, move the obstacles, then Donkey Kong releases a barrel."""
    state = state_of(position(stage="white", dice="-", barrels="C8"))
    assert state.is_chance_node() and state.stage_name() == "white"
    state.apply_action("white 1")
    assert state.stage_name() == "red" and state.is_chance_node()
    state.apply_action("red 4")
    assert state.stage_name() == "route" and state.current_player() == 0
    state.apply_action(route_to(state, "A2"))
    assert field(state, "pawns") == "A2,A3"
    assert spaces(state, "barrels") == {"C4", "F1"}  # moved by the red die, then one released
    assert field(state, "arm") == "10" and state.turn_seat == 1 and state.stage_name() == "white"


def test_white_die_is_uniform_and_red_die_rests_one_third() -> None:
    """The white die is 1-6 each 1/6; the red die shows 3, 4, 5, 6 (1/6 each) or Donkey Kong Rests (2/6)."""
    state = state_of(position(stage="white", dice="-"))
    assert {str(a): p for a, p in state.chance_outcomes()} == {f"white {n}": Fraction(1, 6) for n in range(1, 7)}
    state.apply_action("white 3")
    assert state.current_player() == CHANCE
    assert {str(a): p for a, p in state.chance_outcomes()} == {
        "red 3": Fraction(1, 6), "red 4": Fraction(1, 6), "red 5": Fraction(1, 6), "red 6": Fraction(1, 6),
        "red rests": Fraction(1, 3),
    }
