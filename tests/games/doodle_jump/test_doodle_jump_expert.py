"""Expert Tiles: D-EXPERT-1 .. D-EXPERT-8 and rulings R-D1, R-D3, R-D7, R-D15, R-D16, R-D17, R-D20, R-D21.

The standard ramp (levels A..H bottom to top, unshifted) is drawn in conftest.py.
"""

from __future__ import annotations


def shots(dj, state) -> list[str]:  # type: ignore[no-untyped-def]
    return [a for a in dj.legal(state) if a.startswith("shoot")]


def test_d_expert_1_expert_replacements_go_on_the_highest_empty_level(dj) -> None:
    """D-EXPERT-1: a drawn Expert Tile goes on the highest empty level, on its highest number."""
    state = dj.play(dj.expert("A7/off/off/off", board="B9:shield"), "roll 1 1 1 3 6 / 2", "jump B9 = 3+6", "draw ufo")
    assert dj.fields(state)["tiles"] == "H10:ufo"


def test_d_expert_1_r_d15_at_setup_an_expert_tile_goes_on_the_highest_empty_level(dj) -> None:
    """D-EXPERT-1 / R-D15: at setup too an Expert Tile goes on the highest empty level; Power Tiles fill the
    lowest setup row still without a tile, and tiles are drawn until every setup row (2, 4, 6, 8) holds one."""
    state = dj.make(players=2, tiles="expert").new_initial_state()
    dj.play(state, *(f"level {c}" for c in "ABCDEFG"), "draw hole")
    assert dj.fields(state)["tiles"] == "H10:hole" and dj.fields(state)["phase"] == "tiles"
    dj.play(state, "draw jet")  # row 2 still waits for its tile
    assert dj.fields(state)["tiles"] == "B9:jet,H10:hole"
    dj.play(state, "draw ufo")  # row 8 holds the Black Hole: the highest empty level is G, row 7
    assert dj.fields(state)["tiles"] == "B9:jet,G9:ufo,H10:hole"
    dj.play(state, "draw tramp")
    assert dj.fields(state)["phase"] == "tiles"
    dj.play(state, "draw shield")  # rows 2, 4, 6 and 8 hold tiles now: setup is over
    f = dj.fields(state)
    assert f["tiles"] == "B9:jet,D10:tramp,F10:shield,G9:ufo,H10:hole" and f["phase"] == "open:?,?"


def test_r_d15_power_tiles_alone_fill_the_four_setup_rows(dj) -> None:
    """R-D15 / D-SETUP-2: with Power Tiles only, setup is four draws, one per setup row, bottom up."""
    state = dj.make(players=2, tiles="expert").new_initial_state()
    dj.play(state, *(f"level {c}" for c in "ABCDEFG"), "draw jet", "draw hat", "draw spring")
    assert dj.fields(state)["phase"] == "tiles"
    dj.play(state, "draw monster")  # the last setup row is the highest empty level: the Monster fills it
    f = dj.fields(state)
    assert f["tiles"] == "B9:jet,D10:hat,F10:spring,H10:monster" and f["phase"] == "open:?,?"


def test_d_expert_2_a_won_ufo_gives_try_again_shift_or_remove(dj) -> None:
    """D-EXPERT-2: a kept UFO is used as try again (during a roll), a shift or a remove; then it is gone."""
    state = dj.expert("B9+ufo/off/off/off", phase="cont", dice="3s")
    moves = dj.legal(state)
    assert "use ufo shift A left" in moves and "use ufo remove C" in moves and "use ufo again" not in moves
    dj.play(state, "use ufo remove C")
    f = dj.fields(state)
    assert f["ramp"] == "A0/B0/D0/E0/F0/G0/H0/C0" and f["doodlers"] == "B9/off/off/off" and f["phase"] == "cont"
    state = dj.play(dj.expert("B9+monster/off/off/off"), "roll 5 5 5 5 5 / 1")
    assert dj.legal(state)[0] == "jump B6 = 5+s1" and dj.legal(state)[-1] == "use monster again"
    dj.play(state, "use monster again")
    assert dj.fields(state)["phase"] == "roll" and dj.fields(state)["dice"] == "5s"


def test_d_expert_3_r_d16_the_black_hole_swallows_and_stays(dj) -> None:
    """D-EXPERT-3 / R-D16: landing on the Black Hole sends the Doodler back to the start; the turn ends;
    a Shield does not help (the Black Hole swallows, it is not a fall: R-D7)."""
    state = dj.play(dj.expert("A7+shield/off/off/off", board="B9:hole"), "roll 1 1 1 3 6 / 2", "jump B9 = 3+6")
    f = dj.fields(state)
    assert f["doodlers"] == "off+shield/off/off/off" and f["tiles"] == "B9:hole" and f["seat"] == "1"
    assert f["counters"] == "t2,r1,f1"


def test_d_expert_4_d_expert_7_shoot_a_monster_straight_above(dj) -> None:
    """D-EXPERT-4 / D-EXPERT-7: a die showing the distance wins the Monster above; then continue or stop."""
    state = dj.play(dj.expert("A7/off/off/off", board="E9:monster"), "roll 1 1 1 4 6 / 2")
    assert shots(dj, state) == ["shoot E9 = 4"]
    dj.play(state, "shoot E9 = 4")
    f = dj.fields(state)
    assert f["doodlers"] == "A7+monster/off/off/off" and f["dice"] == "4s" and f["phase"] == "draw+high>cont"
    dj.play(state, "draw ufo")
    assert dj.fields(state)["tiles"] == "H10:ufo" and dj.legal(state)[:2] == ["continue", "stop"]
    assert dj.fields(state)["phase"] == "cont"


def test_d_expert_4_no_shot_off_the_line_or_without_the_distance(dj) -> None:
    """D-EXPERT-4: not straight above, or no die showing the distance: no shot."""
    state = dj.play(dj.expert("A7/off/off/off", board="E6:monster"), "roll 1 1 1 4 6 / 2")
    assert not shots(dj, state)
    state = dj.play(dj.expert("A7/off/off/off", board="E9:monster"), "roll 1 1 1 3 6 / 2")
    assert not shots(dj, state)


def test_r_d3_d_expert_4_the_symbol_dots_shoot_like_a_die(dj) -> None:
    """R-D3 / D-EXPERT-4: one or two dots are "used like regular dice", so they shoot a target one or two
    levels up; the symbol die is then set aside, the numbered dice stay."""
    state = dj.play(dj.expert("B9/off/off/off", board="C3:ufo"), "roll 2 2 2 2 2 / 1")
    assert shots(dj, state) == ["shoot C3 = s1"]
    dj.play(state, "shoot C3 = s1")
    f = dj.fields(state)
    assert f["doodlers"] == "B9+ufo/off/off/off" and f["dice"] == "5" and f["phase"] == "draw+high>cont"
    state = dj.play(dj.expert("A3/off/off/off", board="C8:monster"), "roll 1 1 2 5 5 / 2")
    assert shots(dj, state) == ["shoot C8 = 2", "shoot C8 = s2"]  # the numbered 2, or the two dots
    dj.play(state, "shoot C8 = 2")
    assert dj.fields(state)["dice"] == "4s"


def test_r_d3_a_roll_whose_only_use_is_a_dots_shot_is_successful(dj) -> None:
    """R-D3 / D-TURN-3: from A3 sixes and two dots make no 4 for B4, but the dots shoot the Monster on C8."""
    state = dj.play(dj.expert("A3/off/off/off", board="C8:monster"), "roll 6 6 6 6 6 / 2")
    assert dj.fields(state)["phase"] == "decide" and dj.legal(state) == ["shoot C8 = s2"]


def test_r_d20_nobody_shoots_from_the_start(dj) -> None:
    """R-D20: a Doodler off the board is in no column, so it shoots nothing, not even with dots."""
    state = dj.play(dj.expert("off/off/off/off", board="A7:ufo"), "roll 1 1 1 1 1 / 1")
    assert not shots(dj, state)


def test_d_expert_5_jumping_onto_a_monster_from_the_side_wins_it(dj) -> None:
    """D-EXPERT-5: a jump onto a UFO or Monster not from directly beneath wins the tile."""
    state = dj.play(dj.expert("B6/off/off/off", board="B9:ufo"), "roll 1 1 1 3 6 / 2", "jump B9 = 3+6")
    assert dj.fields(state)["doodlers"] == "B9+ufo/off/off/off"
    state = dj.play(dj.expert("A7/off/off/off", board="B9:monster"), "roll 1 1 1 3 6 / 2", "jump B9 = 3+6")
    assert dj.fields(state)["doodlers"] == "B9+monster/off/off/off"


def test_d_expert_6_r_d17_jumping_at_a_monster_from_beneath_is_a_fall(dj) -> None:
    """D-EXPERT-6 / R-D17: from directly beneath, the Doodler falls from where it started; the Monster
    leaves the game and is replaced (D-EXPERT-8: on the highest empty level); the turn ends."""
    state = dj.expert("B9/off/off/off", board="C3:monster", box="hat:1")
    dj.play(state, "roll 3 5 5 5 5 / 2", "jump C3 = 3")
    f = dj.fields(state)
    assert f["doodlers"] == "off/off/off/off" and f["tiles"] == "-" and f["phase"] == "draw+high>end"
    assert f["counters"] == "t1,r1,f1"
    assert state.tile_places()["out"] == 26  # the Monster joins the 25 tiles this position never had
    dj.play(state, "draw hat")
    assert dj.fields(state)["seat"] == "1" and dj.fields(state)["tiles"] == "H10:hat"


def test_r_d7_a_shield_stops_a_zonk_and_the_doodler_stays_where_it_jumped_from(dj) -> None:
    """R-D7 / D-EXPERT-6: a Shield stops any fall of its holder, a zonk too: the Doodler stays on the pad
    it jumped from, the Shield is spent, the Monster still leaves and is replaced; the turn ends."""
    state = dj.expert("B9+shield/off/off/off", board="C3:monster", box="hat:1")
    dj.play(state, "roll 3 5 5 5 5 / 2", "jump C3 = 3")
    f = dj.fields(state)
    assert f["doodlers"] == "B9/off/off/off" and f["tiles"] == "-" and f["phase"] == "draw+high>end"
    assert f["counters"] == "t1,r1,f0"
    dj.play(state, "draw hat")
    f = dj.fields(state)
    assert f["seat"] == "1" and f["tiles"] == "H10:hat" and f["doodlers"] == "B9/off/off/off"


def test_r_d7_choose_shield_after_a_zonk(dj) -> None:
    """R-D7 with option choose_shield: after a zonk the holder decides; either way the Monster's
    replacement follows (``shield>draw``)."""
    start = dj.expert("B9+shield/off/off/off", board="C3:monster", choose_shield=True)
    state = dj.play(start, "roll 3 5 5 5 5 / 2", "jump C3 = 3")
    f = dj.fields(state)
    assert f["phase"] == "shield>draw" and f["doodlers"] == "B9+shield/off/off/off" and f["tiles"] == "-"
    assert dj.legal(state) == ["shield", "fall"]
    kept = dj.play(state.clone(), "shield")
    assert dj.fields(kept)["doodlers"] == "B9/off/off/off" and dj.fields(kept)["phase"] == "draw+high>end"
    fell = dj.play(state.clone(), "fall")
    assert dj.fields(fell)["doodlers"] == "off+shield/off/off/off" and dj.fields(fell)["phase"] == "draw+high>end"
    assert dj.fields(fell)["counters"] == "t1,r1,f1"
    dj.play(fell, "draw ufo")
    assert dj.fields(fell)["seat"] == "1" and dj.fields(fell)["tiles"] == "H10:ufo"


def test_r_d21_a_ufo_from_beneath_and_a_monster_from_the_start_are_won(dj) -> None:
    """R-D21: only a Monster punishes a jump from beneath; the start is never beneath."""
    state = dj.play(dj.expert("B9/off/off/off", board="C3:ufo"), "roll 3 5 5 5 5 / 2", "jump C3 = 3")
    assert dj.fields(state)["doodlers"] == "C3+ufo/off/off/off"
    state = dj.play(dj.expert("off/off/off/off", board="A3:monster"), "roll 3 5 5 5 5 / 2", "jump A3 = 3")
    assert dj.fields(state)["doodlers"] == "A3+monster/off/off/off"


def test_d_expert_8_a_shot_monster_is_replaced_on_the_highest_empty_level_whatever_is_drawn(dj) -> None:
    """D-EXPERT-8: the replacement for a shot Monster goes on the highest empty level, a Power Tile too."""
    state = dj.expert("A7/off/off/off", board="E9:monster", box="hat:1")
    dj.play(state, "roll 1 1 1 4 6 / 2", "shoot E9 = 4", "draw hat")
    assert dj.fields(state)["tiles"] == "H10:hat"


def test_d_expert_8_a_booted_ufo_is_replaced_on_the_highest_empty_level(dj) -> None:
    """D-EXPERT-8: a UFO won from the side; the Power Tile drawn for it goes up top, not to the lowest level."""
    state = dj.expert("B6/off/off/off", board="B9:ufo", box="tramp:1")
    dj.play(state, "roll 1 1 1 3 6 / 2", "jump B9 = 3+6")
    assert dj.fields(state)["phase"] == "draw+high>cont"
    dj.play(state, "draw tramp")
    assert dj.fields(state)["tiles"] == "H10:tramp"


def test_d_tile_6_d_expert_8_a_taken_power_tile_is_replaced_by_the_kind_drawn(dj) -> None:
    """D-TILE-6 against D-EXPERT-8: for a taken Power Tile a Power Tile goes on the lowest empty level,
    an Expert Tile on the highest (D-EXPERT-1)."""
    state = dj.play(dj.expert("A7/off/off/off", board="B9:shield", box="hat:1,ufo:1"), "roll 1 1 1 3 6 / 2")
    dj.play(state, "jump B9 = 3+6")
    assert dj.fields(state)["phase"] == "draw>cont"
    assert dj.fields(dj.play(state.clone(), "draw hat"))["tiles"] == "A7:hat"
    assert dj.fields(dj.play(state.clone(), "draw ufo"))["tiles"] == "H10:ufo"


def test_r_d1_the_black_hole_on_the_top_level_swallows_instead_of_crowning(dj) -> None:
    """R-D1 / D-EXPERT-3: landing on a Black Hole on the top level is no win: the Doodler starts again."""
    state = dj.play(dj.expert("G9/off/off/off", board="H10:hole"), "roll 1 1 4 6 6 / 2", "jump H10 = 4+6")
    f = dj.fields(state)
    assert not state.is_terminal() and f["doodlers"] == "off/off/off/off" and f["seat"] == "1"


def test_r_d1_a_monster_on_the_top_level_zonks_from_beneath_and_crowns_from_the_side(dj) -> None:
    """R-D1 / D-EXPERT-6: a Monster on the top level, jumped at from directly beneath, zonks (no win);
    jumped onto from the side it is won, and landing on the top level wins the game."""
    state = dj.play(dj.expert("G9/off/off/off", board="H7:monster"), "roll 1 1 1 1 6 / 2", "jump H7 = 1+6")
    assert not state.is_terminal() and dj.fields(state)["doodlers"] == "F3/off/off/off"
    state = dj.play(dj.expert("G5/off/off/off", board="H7:monster"), "roll 1 1 1 1 6 / 2", "jump H7 = 1+6")
    assert state.is_terminal() and state.winners() == (0,)
    assert dj.fields(state)["doodlers"] == "H7+monster/off/off/off"


def test_r_d19_a_kept_tile_used_mid_roll_at_a_monster_from_beneath_ends_the_turn_and_the_roll(dj) -> None:
    """R-D19 / D-EXPERT-6 / R-D7: a Propeller Hat used mid-roll from B9 at the Monster on C3 zonks; the
    turn ends, so the roll it kept is gone too, with or without a Shield choice."""
    state = dj.expert("B9+hat/off/off/off", board="C3:monster", box="hat:1")
    dj.play(state, "roll 5 5 5 5 5 / 1", "use hat C3")
    f = dj.fields(state)
    assert f["phase"] == "draw+high>end" and f["roll"] == "-" and f["doodlers"] == "off/off/off/off"
    assert state.game.state_from_text(state.to_text()).to_text() == state.to_text()
    state = dj.expert("B9+shield+hat/off/off/off", board="C3:monster", box="hat:1", choose_shield=True)
    dj.play(state, "roll 5 5 5 5 5 / 1", "use hat C3")
    f = dj.fields(state)
    assert f["phase"] == "shield>draw" and f["roll"] == "-" and f["doodlers"] == "B9+shield/off/off/off"
    assert state.game.state_from_text(state.to_text()).to_text() == state.to_text()
