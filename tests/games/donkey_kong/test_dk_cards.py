"""K-CARD-1 .. K-CARD-7 and rulings R-K7, R-K8, R-K11, R-K12, R-K19, R-K22."""

from __future__ import annotations

from fractions import Fraction

from dk_scenarios import apply, field, position, route_to, spaces, state_of

from tabletop.core.errors import IllegalActionError
from tabletop.core.state import CHANCE


def test_k_card_1_exact_landing_on_a_red_dot_draws_a_card_face_up() -> None:
    """K-CARD-1: A3 + 3 lands on the red dot A6: draw a card, uniformly from the deck by counts."""
    state = state_of(position(dice="3,rests", up="J100/-"))
    apply(state, route_to(state, "A6"))
    assert state.current_player() == CHANCE and field(state, "dot") == "dot"
    probs = dict((str(a), p) for a, p in state.chance_outcomes())
    assert probs["draw J100"] == Fraction(7, 47) and probs["draw H400"] == Fraction(8, 47)
    apply(state, "draw H400")
    assert field(state, "up") == "J100.H400/-"


def test_k_card_1_passing_a_red_dot_draws_nothing() -> None:
    """K-CARD-1: A3 + 4 passes A6 and stops on A7: no card."""
    state = state_of(position(dice="4,rests", up="J100/-"))
    apply(state, route_to(state, "A7"))
    assert field(state, "up") == "J100/-" and state.stage_name() == "white"


def test_k_card_2_moving_through_an_obstacle_is_a_contact() -> None:
    """K-CARD-2: the pawn passing the barrel on A5 must play a card for it, once its move is made (R-K22)."""
    state = state_of(position(dice="4,rests", barrels="A5", up="J100.H300/-"))
    apply(state, route_to(state, "A7"))
    assert state.current_player() == 0 and field(state, "hits") == "0"
    assert field(state, "met") == "A5" and field(state, "pawns") == "A7,A3"
    assert [str(a) for a in state.legal_actions()] == ["play J100", "play H300"]


def test_k_card_2_an_obstacle_moving_through_a_pawn_is_a_contact() -> None:
    """K-CARD-2: the barrel rolling from A8 through A6 (not landing there) touches seat 1's pawn."""
    state = state_of(position(pawns="L11.1,A6", dice="1,4", barrels="A8", up="-/J200"))
    apply(state, route_to(state, "L11.2"))
    assert state.current_player() == 1 and field(state, "hits") == "1" and field(state, "mover") == "B:A6:2"


def test_k_card_3_jump_the_obstacle_stays() -> None:
    """K-CARD-3: jumped while the pawn moves through it, the barrel stays on A5."""
    state = state_of(position(dice="4,rests", barrels="A5", up="J100/-"))
    apply(state, route_to(state, "A7"), "play J100")
    assert spaces(state, "barrels") == {"A5", "F1"} and field(state, "down") == "J100/-"


def test_k_card_3_jump_after_a_passing_contact_the_obstacle_finishes_its_count() -> None:
    """K-CARD-3: jumped in passing, the barrel from A8 still ends its 4 spaces on A4."""
    state = state_of(position(pawns="L11.1,A6", dice="1,4", barrels="A8", up="-/J200"))
    apply(state, route_to(state, "L11.2"), "play J200")
    assert spaces(state, "barrels") == {"A4", "F1"}


def test_k_card_3_r_k12_jump_after_an_exact_landing_moves_it_one_space_further() -> None:
    """K-CARD-3 (R-K12): the barrel landing exactly on seat 1's pawn on A5 goes on to A4 once jumped."""
    state = state_of(position(pawns="L11.1,A5", dice="1,3", barrels="A8", up="-/J200"))
    apply(state, route_to(state, "L11.2"))
    assert field(state, "hits") == "1:landed"
    apply(state, "play J200")
    assert spaces(state, "barrels") == {"A4", "F1"}


def test_r_k12_the_extra_space_is_a_landing_too() -> None:
    """R-K12: the fireball waiting on the Oil Can's space lands exactly on seat 1's pawn on A3; jumped, it
    moves one space to A4, lands there by exact count and so slides up ladder L2 to B4."""
    state = state_of(position(pawns="L11.1,A3", dice="1,3", fireballs="OIL", up="-/J200"))
    apply(state, route_to(state, "L11.2"))
    assert field(state, "hits") == "1:landed" and field(state, "mover") == "F:A3:0"
    apply(state, "play J200")
    assert spaces(state, "fireballs") == {"B4"}


def test_k_card_4_hammer_destroys_barrel_into_the_arm_and_fireball_to_the_oil_can() -> None:
    """K-CARD-4: a hammered barrel goes back into the arm; a hammered fireball back to the Oil Can."""
    state = state_of(position(dice="4,rests", barrels="A5", up="H300/-"))
    apply(state, route_to(state, "A7"), "play H300")
    assert spaces(state, "barrels") == {"F1"} and field(state, "arm") == "11"
    state = state_of(position(dice="4,rests", fireballs="A5", up="H400/-"))
    apply(state, route_to(state, "A7"), "play H400")
    assert field(state, "fireballs") == "-" and field(state, "oil") == "4"


def test_k_card_5_no_face_up_card_on_your_turn_lose_a_random_played_card() -> None:
    """K-CARD-5: on your own turn without face-up cards, a random face-down card goes back to the deck."""
    state = state_of(position(dice="4,rests", barrels="A5", down="J100.H300.H300/-"))
    apply(state, route_to(state, "A7"))
    assert state.current_player() == CHANCE
    assert {str(a): p for a, p in state.chance_outcomes()} == {"lose J100": Fraction(1, 3), "lose H300": Fraction(2, 3)}
    before = state.deck[state.rules.card_index["H300"]]
    apply(state, "lose H300")
    assert field(state, "down") == "J100.H300/-" and state.deck[state.rules.card_index["H300"]] == before + 1
    assert state.score(0) == 400


def test_k_card_6_no_face_up_card_on_another_turn_the_mover_steals_one() -> None:
    """K-CARD-6: seat 1, hit on seat 0's turn without face-up cards, loses a random face-down card to seat 0."""
    state = state_of(position(pawns="L11.1,A6", dice="1,4", barrels="A8", down="-/J300.H200"))
    apply(state, route_to(state, "L11.2"))
    outcomes = {str(a): p for a, p in state.chance_outcomes()}
    assert outcomes == {"steal J300": Fraction(1, 2), "steal H200": Fraction(1, 2)}
    apply(state, "steal J300")
    assert field(state, "up") == "J300/-" and field(state, "down") == "-/H200"


def test_k_card_7_no_cards_at_all_on_your_turn_nothing_happens() -> None:
    """K-CARD-7: with no cards at all, walking through a barrel asks nothing; the pawn goes on."""
    state = state_of(position(dice="4,rests", barrels="A5"))
    apply(state, route_to(state, "A7"))
    assert field(state, "pawns") == "A7,A3" and state.stage_name() == "white" and state.turn_seat == 1


def test_k_card_7_no_cards_at_all_on_another_turn_the_mover_draws_a_card() -> None:
    """K-CARD-7: seat 1 has no cards; hit on seat 0's turn, seat 0 draws a card face up."""
    state = state_of(position(pawns="L11.1,A6", dice="1,4", barrels="A8"))
    apply(state, route_to(state, "L11.2"))
    assert state.current_player() == CHANCE
    assert sum(p for _, p in state.chance_outcomes()) == 1
    codes = ("J100", "J200", "J300", "H200", "H300", "H400")
    assert {str(a) for a in state.legal_actions()} == {f"draw {c}" for c in codes}
    apply(state, "draw J300")
    assert field(state, "up") == "J300/-"


def test_r_k7_the_player_in_contact_chooses_even_on_another_turn() -> None:
    """R-K7: on seat 0's turn, the barrel hitting seat 1 waits for seat 1's choice of card."""
    state = state_of(position(pawns="L11.1,A6", dice="1,4", barrels="A8", up="H400/J100.H300"))
    apply(state, route_to(state, "L11.2"))
    assert state.current_player() == 1
    assert [str(a) for a in state.legal_actions()] == ["play J100", "play H300"]
    apply(state, "play H300")
    assert spaces(state, "barrels") == {"F1"} and field(state, "down") == "-/H300"


def test_r_k19_a_single_kind_of_card_is_still_an_explicit_decision() -> None:
    """R-K19: with two Hammer 300s, the player still chooses (one legal action)."""
    state = state_of(position(dice="4,rests", barrels="A5", up="H300.H300/-"))
    apply(state, route_to(state, "A7"))
    assert state.current_player() == 0 and [str(a) for a in state.legal_actions()] == ["play H300"]


def test_r_k8_an_empty_deck_gives_nothing_and_returned_cards_go_back_in() -> None:
    """R-K8: with every card held, the red dot gives nothing; a lost card returns to the deck."""
    all_up = ".".join(["J100"] * 8 + ["J200"] * 8 + ["J300"] * 8)
    all_down = ".".join(["H200"] * 8 + ["H300"] * 8 + ["H400"] * 8)
    state = state_of(position(dice="3,rests", up=f"-/{all_up}", down=f"{all_down}/-"))
    apply(state, route_to(state, "A6"))
    assert state.stage_name() == "white" and sum(state.deck) == 0
    state = state_of(position(dice="4,rests", barrels="A5", up=f"-/{all_up}", down=f"{all_down}/-"))
    apply(state, route_to(state, "A7"), "lose H400")
    assert sum(state.deck) == 1


def test_r_k11_several_pawns_are_hit_from_the_current_player_leftwards() -> None:
    """R-K11: on seat 2's turn the barrel passes two pawns on A6: seat 0 (next to the left) answers first."""
    state = state_of(position(players=3, seat=2, pawns="A6,A6,L11.1", dice="1,4", barrels="A8",
                              up="J100/J200/H300"))
    apply(state, route_to(state, "L11.2"))
    assert field(state, "hits") == "0,1"
    apply(state, "play J100")
    assert field(state, "hits") == "1"
    apply(state, "play J200")
    assert spaces(state, "barrels") == {"A4", "F1"}


def test_illegal_card_play_changes_nothing() -> None:
    """An illegal action raises and leaves the position as it was."""
    state = state_of(position(dice="4,rests", barrels="A5", up="J100/-"))
    apply(state, route_to(state, "A7"))
    before = state.to_text()
    for bad in ("play H400", "draw J100", "move A8", "white 3"):
        try:
            state.apply_action(bad)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(bad)
        assert state.to_text() == before


def test_r_k22_the_red_dot_card_comes_before_the_contact_on_the_same_space() -> None:
    """R-K22: landing by exact count on the red dot A6 where a barrel stands, the pawn first draws its card,
    then answers the barrel: with no face-up card before the draw, it plays the card drawn (no penalty)."""
    state = state_of(position(dice="3,rests", barrels="A6", down="H400/-"))
    apply(state, route_to(state, "A6"))
    assert state.current_player() == CHANCE and field(state, "dot") == "dot" and field(state, "hits") is None
    assert {str(a) for a in state.legal_actions()} == {f"draw {c}" for c in ("J100", "J200", "J300", "H200", "H300",
                                                                              "H400")}
    apply(state, "draw J200")
    assert state.current_player() == 0 and field(state, "hits") == "0" and field(state, "met") == "A6"
    assert [str(a) for a in state.legal_actions()] == ["play J200"]
    apply(state, "play J200")
    assert field(state, "down") == "J200.H400/-" and field(state, "up") == "-/-"
    assert spaces(state, "barrels") == {"A6", "F1"} and state.turn_seat == 1


def test_r_k22_the_card_drawn_serves_every_obstacle_met_on_the_move() -> None:
    """R-K22: the whole move comes first, so the card drawn on the red dot A6 also answers the barrel passed on A5;
    the contacts then come in the order met (R-K11)."""
    state = state_of(position(dice="3,rests", barrels="A5", fireballs="A6", up="H300/-"))
    apply(state, route_to(state, "A6"))
    assert field(state, "met") == "A5,A6" and state.current_player() == CHANCE
    apply(state, "draw H400", "play H400")
    assert field(state, "barrels") == "-" and field(state, "met") == "A6" and field(state, "arm") == "12"
    apply(state, "play H300")
    assert field(state, "fireballs") == "-" and field(state, "down") == "H300.H400/-"


def test_r_k22_without_the_draw_the_contact_costs_a_face_down_card() -> None:
    """R-K22: passing the red dot A6 (not by exact count) draws nothing; with an empty deck the exact landing
    draws nothing either (R-K8): the contact then costs a face-down card (K-CARD-5)."""
    state = state_of(position(dice="4,rests", barrels="A6", down="H400/-"))
    apply(state, route_to(state, "A7"))
    assert {str(a) for a in state.legal_actions()} == {"lose H400"}
    all_up = ".".join(["J100"] * 8 + ["J200"] * 8 + ["J300"] * 8 + ["H200"] * 8 + ["H300"] * 8)
    state = state_of(position(dice="3,rests", barrels="A6", up=f"-/{all_up}", down="H400.H400.H400.H400.H400.H400"
                              ".H400.H400/-"))
    apply(state, route_to(state, "A6"))
    assert field(state, "dot") is None and state.current_player() == CHANCE
    assert {str(a) for a in state.legal_actions()} == {"lose H400"}
