"""Power Tiles: D-TILE-1 .. D-TILE-6 and rulings R-D5 .. R-D8, R-D13, R-D19, R-D20."""

from __future__ import annotations

from fractions import Fraction


def test_d_tile_1_a_doodler_tile_is_kept_on_the_card(dj) -> None:
    """D-TILE-1: landing on a Shield puts it on the Doodler Card; a replacement is drawn."""
    state = dj.position("A7/off/off/off", tiles="B9:shield", box="hat:1,jet:1")
    dj.play(state, "roll 1 1 1 3 6 / 2", "jump B9 = 3+6")
    f = dj.fields(state)
    assert f["doodlers"] == "B9+shield/off/off/off" and f["tiles"] == "-" and f["phase"] == "draw>cont"
    assert {str(a): p for a, p in state.chance_outcomes()} == {"draw hat": Fraction(1, 2), "draw jet": Fraction(1, 2)}


def test_d_tile_1_a_lightning_tile_is_used_at_once_and_leaves_the_game(dj) -> None:
    """D-TILE-1: a Trampoline is not kept: it is used at once (D-TILE-2) and is out of the game."""
    state = dj.position("A7/off/off/off", tiles="B9:tramp", box="hat:1")
    before = state.tile_places()
    dj.play(state, "roll 1 1 1 3 6 / 2", "jump B9 = 3+6")
    f = dj.fields(state)
    assert f["doodlers"] == "B9/off/off/off" and f["phase"] == "draw+spring>cont"
    dj.play(state, "draw hat")
    assert state.tile_places()["out"] == before["out"] + 1
    assert dj.fields(state)["phase"] == "spring>cont"


def test_d_tile_1_several_identical_tiles_on_one_card(dj) -> None:
    """D-TILE-1: a player may hold several tiles, identical ones too."""
    state = dj.play(dj.position("A7+shield/off/off/off", tiles="B9:shield"), "roll 1 1 1 3 6 / 2", "jump B9 = 3+6")
    assert dj.fields(state)["doodlers"] == "B9+shield+shield/off/off/off"


def test_d_tile_2_trampoline_may_jump_to_the_next_level_up(dj) -> None:
    """D-TILE-2: after a Trampoline, jump with no dice to a reachable pad one level up, or stay."""
    state = dj.play(dj.position("A7/off/off/off", tiles="B9:tramp"), "roll 1 1 1 3 6 / 2", "jump B9 = 3+6")
    assert dj.legal(state) == ["spring C3", "stay"]
    dj.play(state, "spring C3")
    f = dj.fields(state)
    assert f["doodlers"] == "C3/off/off/off" and f["phase"] == "cont" and f["dice"] == "3s"
    stay = dj.play(dj.position("A7/off/off/off", tiles="B9:spring"), "roll 1 1 1 3 6 / 2", "jump B9 = 3+6", "stay")
    assert dj.fields(stay)["doodlers"] == "B9/off/off/off" and dj.fields(stay)["phase"] == "cont"


def test_d_tile_3_shield_stops_a_fall_and_ends_the_turn(dj) -> None:
    """D-TILE-3 / R-D7: a failed roll spends the Shield automatically; no fall; the next player rolls."""
    state = dj.play(dj.position("B9+shield/off/off/off"), "roll 5 5 5 5 5 / 2")
    f = dj.fields(state)
    assert f["doodlers"] == "B9/off/off/off" and f["seat"] == "1" and f["counters"] == "t2,r1,f0"


def test_d_tile_3_shield_does_not_help_against_pushing(dj) -> None:
    """D-TILE-3 / R-D7: a pushed Doodler falls even with a Shield, and keeps the Shield."""
    state = dj.play(dj.position("B9+shield/A7/off/off", seat=1), "roll 1 1 1 3 6 / 2", "jump B9 = 3+6")
    assert dj.fields(state)["doodlers"] == "off+shield/B9/off/off"


def test_r_d7_option_choose_shield_lets_the_player_keep_it(dj) -> None:
    """R-D7: with choose_shield the player decides: spend the Shield, or fall and keep it."""
    state = dj.play(dj.position("B9+shield/off/off/off", choose_shield=True), "roll 5 5 5 5 5 / 2")
    assert dj.fields(state)["phase"] == "shield" and dj.legal(state) == ["shield", "fall"]
    fell = dj.play(state.clone(), "fall")
    assert dj.fields(fell)["doodlers"] == "off+shield/off/off/off" and dj.fields(fell)["counters"] == "t2,r1,f1"
    kept = dj.play(state.clone(), "shield")
    assert dj.fields(kept)["doodlers"] == "B9/off/off/off" and dj.fields(kept)["seat"] == "1"


def test_r_d13_off_the_board_a_shield_is_not_spent(dj) -> None:
    """R-D13: a Doodler at the start has nothing to fall from, so its Shield stays on the card."""
    state = dj.play(dj.position("off+shield/off/off/off"), "roll 6 6 6 6 6 / 2")
    assert dj.fields(state)["doodlers"] == "off+shield/off/off/off" and dj.fields(state)["seat"] == "1"


def test_d_tile_4_jump_shoes_reach_another_pad_on_the_same_level(dj) -> None:
    """D-TILE-4: Jump Shoes jump with no dice to a reachable pad on the same level."""
    state = dj.position("B9+shoes/off/off/off", phase="cont", dice="3s", counters="t1,r1,f0")
    assert dj.legal(state) == ["continue", "stop", "use shoes B6"]
    dj.play(state, "use shoes B6")
    f = dj.fields(state)
    assert f["doodlers"] == "B6/off/off/off" and f["phase"] == "cont" and f["dice"] == "3s"


def test_d_tile_5_propeller_hat_and_jetpack_reach_the_next_level_up(dj) -> None:
    """D-TILE-5: a Propeller Hat (or Jetpack) jumps to a reachable pad one level up."""
    state = dj.position("B9+hat/off/off/off", phase="cont", dice="3s", counters="t1,r1,f0")
    assert dj.legal(state) == ["continue", "stop", "use hat C3"]
    dj.play(state, "use hat C3")
    assert dj.fields(state)["doodlers"] == "C3/off/off/off"


def test_r_d20_r_d8_a_jetpack_at_the_start_of_a_turn_reaches_the_bottom_level(dj) -> None:
    """R-D8 / R-D20: a turn starts with a decision when a kept tile can be used; off the board a
    Jetpack reaches the bottom level."""
    state = dj.position("off+jet/off/off/off", phase="start")
    assert dj.legal(state) == ["roll", "use jet A3", "use jet A7", "use jet A5"]
    dj.play(state, "use jet A7")
    assert dj.fields(state)["phase"] == "roll" and dj.fields(state)["doodlers"] == "A7/off/off/off"


def test_r_d8_kept_tiles_usable_after_a_roll_and_at_turn_start(dj) -> None:
    """R-D8: a kept tile can be used at any decision of its holder's turn, also in the middle of a roll."""
    state = dj.play(dj.position("B9+hat/off/off/off"), "roll 5 5 5 5 5 / 1")
    assert dj.legal(state) == ["jump B6 = 5+s1", "use hat C3"]
    state = dj.play(dj.position("C5/B9+shoes/off/off", phase="cont", dice="3s", counters="t1,r1,f0"), "stop")
    assert dj.fields(state)["phase"] == "start" and dj.legal(state) == ["roll", "use shoes B6"]


def test_r_d19_a_tile_used_mid_roll_can_leave_the_roll_useless(dj) -> None:
    """R-D19: after the Propeller Hat to C3, 5s and one dot make neither 4 nor 7: the roll fails."""
    state = dj.play(dj.position("B9+hat/off/off/off"), "roll 5 5 5 5 5 / 1", "use hat C3")
    f = dj.fields(state)
    assert f["doodlers"] == "B9/off/off/off" and f["seat"] == "1" and f["counters"] == "t2,r1,f1"


def test_r_d5_a_tile_jump_takes_tiles_and_pushes_doodlers(dj) -> None:
    """R-D5: Jump Shoes onto a tile take it; onto a Doodler, knock it off."""
    state = dj.position("B9+shoes/off/off/off", tiles="B6:hat", phase="cont", dice="3s", box="jet:1")
    dj.play(state, "use shoes B6")
    assert dj.fields(state)["doodlers"] == "B6+hat/off/off/off" and dj.fields(state)["phase"] == "draw>cont"
    state = dj.position("B9+shoes/B6/off/off", phase="cont", dice="3s")
    dj.play(state, "use shoes B6")
    assert dj.fields(state)["doodlers"] == "B6/A5/off/off"


def test_d_tile_6_replacement_on_the_lowest_empty_level_highest_pad(dj) -> None:
    """D-TILE-6: the replacement goes on the lowest level with no Doodler and no tile, on its highest number."""
    state = dj.play(
        dj.position("A7/off/off/off", tiles="B9:shield", box="hat:1"), "roll 1 1 1 3 6 / 2", "jump B9 = 3+6"
    )
    dj.play(state, "draw hat")
    assert dj.fields(state)["tiles"] == "A7:hat"  # A is empty again once the Doodler left it
    state = dj.play(dj.position("A7/A3/off/off", tiles="B9:shield", box="hat:1"), "roll 1 1 1 3 6 / 2", "jump B9 = 3+6")
    dj.play(state, "draw hat")
    assert dj.fields(state)["tiles"] == "C8:hat"


def test_r_d6_empty_box_or_no_empty_level_means_no_replacement(dj) -> None:
    """R-D6: with the box empty nothing is drawn; with no empty level the tile stays in the box."""
    state = dj.play(dj.position("A7/off/off/off", tiles="B9:shield"), "roll 1 1 1 3 6 / 2", "jump B9 = 3+6")
    assert dj.fields(state)["phase"] == "cont"
    tiles = "A3:spring,B9:shield,D10:hat,F10:jet,H10:tramp"
    state = dj.position("A7/C5/E6/G5", tiles=tiles, box="spring:1")
    dj.play(state, "roll 1 1 1 3 6 / 2", "jump B9 = 3+6")
    assert dj.fields(state)["phase"] == "cont" and dj.fields(state)["box"] == "spring:1"
