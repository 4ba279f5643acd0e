"""K-OBS-1 .. K-OBS-10 and the rulings on obstacles (R-K4, R-K5, R-K6 and ours)."""

from __future__ import annotations

from dk_scenarios import apply, field, position, route_to, spaces, state_of

from tabletop.games.donkey_kong import DonkeyKongState


def turn(red: str, pawns: str = "L11.1,L11.1", to: str = "L11.2", **fields: str) -> DonkeyKongState:
    """Seat 0 rolls white 1 and ``red`` and steps its pawn ``to`` a space; the obstacles then move.

    The pawns wait on the ladder to the Fair Maiden, out of the obstacles' way, unless told otherwise.
    """
    state = state_of(position(dice=f"1,{red}", pawns=pawns, **fields))
    apply(state, route_to(state, to))
    return state


def test_k_obs_1_every_obstacle_moves_the_full_count() -> None:
    """K-OBS-1: each barrel and fireball moves the full red-die count."""
    state = turn("4", barrels="C8", fireballs="D8")
    assert spaces(state, "barrels") == {"C4", "F1"}
    assert spaces(state, "fireballs") == {"D4"}


def test_k_obs_1_donkey_kong_rests_moves_nothing() -> None:
    """K-OBS-1: on "Donkey Kong Rests" no obstacle moves."""
    state = turn("rests", barrels="C8", fireballs="C5")
    assert spaces(state, "barrels") == {"C8", "F1"} and spaces(state, "fireballs") == {"C5"}


def test_k_obs_2_fireballs_go_up_barrels_go_down() -> None:
    """K-OBS-2: barrels roll down the zig-zag toward the Oil Can, fireballs climb it toward Donkey Kong."""
    state = turn("3", barrels="C8", fireballs="D4")
    assert spaces(state, "barrels") == {"C5", "F1"}
    assert spaces(state, "fireballs") == {"D1"}  # on girder D barrels roll right, so fireballs climb left


def test_k_obs_3_off_the_edge_down_for_barrels_up_for_fireballs() -> None:
    """K-OBS-3: a barrel drops off C1 onto B1 and rolls on; a fireball rises off B1 onto C1 and climbs on."""
    state = turn("4", barrels="C3")
    assert spaces(state, "barrels") == {"B2", "F1"}
    state = turn("4", fireballs="B3")
    assert spaces(state, "fireballs") == {"C2"}


def test_k_obs_4_fireball_slides_up_a_ladder_only_by_exact_count() -> None:
    """K-OBS-4: landing by exact count on A4 (below ladder L2) it slides up to B4; passing A4 it does not."""
    assert spaces(turn("3", fireballs="A1"), "fireballs") == {"B4"}
    assert spaces(turn("4", fireballs="A1"), "fireballs") == {"A5"}


def test_k_obs_4_pawns_on_the_ladder_are_not_safe_from_a_sliding_fireball() -> None:
    """K-OBS-4: a fireball sliding up L2 touches the pawn on the ladder: its player must play a card."""
    state = state_of(position(dice="1,3", pawns="L11.1,L2.2", fireballs="A1", up="-/J100"))
    apply(state, route_to(state, "L11.2"))
    assert state.current_player() == 1 and field(state, "hits") == "1"
    assert field(state, "mover") == "F:L2.2:0:slid"
    apply(state, "play J100")
    assert spaces(state, "fireballs") == {"B4"}


def test_k_obs_5_barrel_slides_down_a_ladder_by_exact_count() -> None:
    """K-OBS-5: a barrel landing by exact count on B4 (above ladder L2) slides down to A4; passing B4 it does not."""
    assert spaces(turn("3", barrels="B1"), "barrels") == {"A4", "F1"}
    assert spaces(turn("4", barrels="B1"), "barrels") == {"B5", "F1"}


def test_k_obs_5_a_pawn_on_the_ladder_blocks_the_barrel() -> None:
    """K-OBS-5: with a pawn on ladder L2 the barrel stays where it landed, on B4."""
    assert spaces(turn("3", pawns="L11.1,L2.1", barrels="B1"), "barrels") == {"B4", "F1"}


def test_r_k4_ladders_cost_no_movement_and_obstacles_never_rest_on_them() -> None:
    """R-K4: the slide up L2 (two ladder spaces) costs nothing: A1 +3 lands on A4 and ends on B4, not on a rung."""
    state = turn("3", fireballs="A1")
    assert spaces(state, "fireballs") == {"B4"}
    assert not any("." in s for s in spaces(state, "fireballs") | spaces(state, "barrels"))


def test_k_obs_6_a_barrel_landing_on_a_barrel_goes_on_to_the_next_open_space() -> None:
    """K-OBS-6: the A7 barrel moves first to A4; the B1 barrel slides down L2 onto it and goes on to A3."""
    state = turn("3", barrels="A7,B1")
    assert spaces(state, "barrels") == {"A3", "A4", "F1"}


def test_k_obs_6_a_fireball_landing_on_a_fireball_goes_on_to_the_next_open_space() -> None:
    """K-OBS-6: B7 climbs to B4 first; A1 slides up L2 onto B4 and goes on to B3."""
    state = turn("3", fireballs="A1,B7")
    assert spaces(state, "fireballs") == {"B3", "B4"}


def test_k_obs_7_fireball_destroys_a_barrel_it_meets() -> None:
    """K-OBS-7: the fireball passing C7 destroys the barrel there; it goes back into the arm."""
    state = turn("3", barrels="C7", fireballs="C5")
    assert spaces(state, "fireballs") == {"C8"}
    assert spaces(state, "barrels") == {"F1"} and field(state, "arm") == "11"


def test_k_obs_7_a_barrel_rolling_into_a_fireball_is_destroyed() -> None:
    """K-OBS-7 (R-K16): the barrel rolling from C8 meets the fireball on C7 and is destroyed."""
    state = turn("3", barrels="C8", fireballs="C4")
    assert spaces(state, "fireballs") == {"C7"}
    assert spaces(state, "barrels") == {"F1"} and field(state, "arm") == "11"


def test_k_obs_8_barrels_lowest_girder_first() -> None:
    """K-OBS-8: the barrel on A moves before the one on B, so seat 1's contact on A4 comes before seat 0's on B4."""
    state = state_of(position(dice="1,3", pawns="B5,A4", barrels="A7,B1", up="J100/J200"))
    apply(state, route_to(state, "B4"))
    assert field(state, "mover") == "B:A4:0" and field(state, "hits") == "1:landed"
    apply(state, "play J200")  # jumped by exact count: one space further, to A3
    assert field(state, "mover") == "B:B4:0" and field(state, "hits") == "0:landed"


def test_k_obs_8_fireballs_highest_girder_first() -> None:
    """K-OBS-8: the fireball on C moves before the one on A, so seat 1's contact on C8 comes before seat 0's on B4."""
    state = state_of(position(dice="1,3", pawns="B5,C8", fireballs="A1,C5", up="J100/J200"))
    apply(state, route_to(state, "B4"))
    assert field(state, "mover") == "F:C8:0" and field(state, "hits") == "1:landed"
    assert field(state, "queue") == "A1"


def test_r_k5_within_a_girder_the_obstacle_furthest_along_moves_first() -> None:
    """R-K5: of the two barrels on C, C5 (nearer the Oil Can) moves before C9,
    so seat 1 on C2 is hit before seat 0 on C6."""
    state = state_of(position(dice="1,3", pawns="C7,C2", barrels="C5,C9", up="J100/J200"))
    apply(state, route_to(state, "C6"))
    assert field(state, "mover") == "B:C2:0" and field(state, "hits") == "1:landed"


def test_k_obs_9_fireball_in_front_of_donkey_kong_returns_to_the_oil_can() -> None:
    """K-OBS-9: a fireball reaching F1 goes back to the Oil Can, the rest of its count lost."""
    state = turn("4", fireballs="F3")
    assert spaces(state, "fireballs") == set() and field(state, "oil") == "4"


def test_k_obs_9_barrel_at_the_oil_can_releases_a_fireball_with_the_rest_of_the_count() -> None:
    """K-OBS-9 / rule 3.K: A2 +4: two steps into the Oil Can, then a fireball climbs the two left to A2."""
    state = turn("4", barrels="A2")
    assert spaces(state, "fireballs") == {"A2"} and field(state, "oil") == "3"
    assert spaces(state, "barrels") == {"F1"} and field(state, "arm") == "11"


def test_k_obs_9_fireball_released_with_no_count_left_rests_in_the_oil_can() -> None:
    """K-OBS-9 (R-K15): A3 +3 reaches the Oil Can on the last step; the new fireball waits on OIL, on the path."""
    state = turn("3", barrels="A3")
    assert spaces(state, "fireballs") == {"OIL"} and field(state, "oil") == "3"
    state = turn("3", fireballs="OIL")
    assert spaces(state, "fireballs") == {"A3"}


def test_r_k6_no_fireball_waiting_means_none_is_released() -> None:
    """R-K6: with every fireball on the path, a barrel reaching the Oil Can releases nothing."""
    state = turn("4", barrels="A2", fireballs="B10,C10,D10,E10")
    assert len(spaces(state, "fireballs")) == 4 and field(state, "oil") == "0"


def test_k_obs_10_donkey_kong_releases_a_barrel_at_the_end_of_the_turn() -> None:
    """K-OBS-10: after the obstacles move, a barrel leaves the arm for the drop space F1."""
    state = turn("3", barrels="C8")
    assert spaces(state, "barrels") == {"C5", "F1"} and field(state, "arm") == "10"


def test_r_k6_release_even_on_rests_and_none_from_an_empty_arm() -> None:
    """R-K6: Donkey Kong releases on a Rests roll; with an empty arm nothing is released."""
    state = turn("rests")
    assert spaces(state, "barrels") == {"F1"} and field(state, "arm") == "11"
    full = "A8,B5,B8,C3,C8,D3,D6,D8,E4,E6,F6,F8"
    state = turn("rests", barrels=full)
    assert spaces(state, "barrels") == set(full.split(",")) and field(state, "arm") == "0"


def test_r_k17_released_barrel_onto_a_barrel_goes_on() -> None:
    """R-K17: a barrel already resting on F1 sends the released one on to F2 (K-OBS-6)."""
    state = turn("rests", barrels="F1")
    assert spaces(state, "barrels") == {"F1", "F2"}
