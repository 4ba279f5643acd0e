"""Expert Tiles: D-EXPERT-1 .. D-EXPERT-7 and rulings R-D15, R-D16, R-D17, R-D20, R-D21."""

from __future__ import annotations


def test_d_expert_1_expert_replacements_go_on_the_highest_empty_level(dj) -> None:
    """D-EXPERT-1: a drawn Expert Tile goes on the highest empty level, on its highest number."""
    state = dj.play(dj.expert("A7/off/off/off", board="B9:shield"), "roll 1 1 1 3 6 / 2", "jump B9 = 3+6", "draw ufo")
    assert dj.fields(state)["tiles"] == "H10:ufo"


def test_r_d15_at_setup_an_expert_tile_goes_on_its_setup_row(dj) -> None:
    """R-D15: the setup draws fill rows 2, 4, 6, 8 whatever their kind."""
    state = dj.make(players=2, tiles="expert").new_initial_state()
    dj.play(state, *(f"level {c}" for c in "ABCDEFG"), "draw hole")
    assert dj.fields(state)["tiles"] == "B9:hole"


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
    """D-EXPERT-3 / R-D16: landing on the Black Hole sends the Doodler back to the start; the turn ends."""
    state = dj.play(dj.expert("A7/off/off/off", board="B9:hole"), "roll 1 1 1 3 6 / 2", "jump B9 = 3+6")
    f = dj.fields(state)
    assert f["doodlers"] == "off/off/off/off" and f["tiles"] == "B9:hole" and f["seat"] == "1"


def test_d_expert_4_d_expert_7_shoot_a_monster_straight_above(dj) -> None:
    """D-EXPERT-4 / D-EXPERT-7: a die showing the distance wins the Monster above; then continue or stop."""
    state = dj.play(dj.expert("A7/off/off/off", board="E9:monster"), "roll 1 1 1 4 6 / 2")
    assert "shoot E9 = 4" in dj.legal(state)
    dj.play(state, "shoot E9 = 4")
    f = dj.fields(state)
    assert f["doodlers"] == "A7+monster/off/off/off" and f["dice"] == "4s" and f["phase"] == "draw>cont"
    dj.play(state, "draw ufo")
    assert dj.fields(state)["tiles"] == "H10:ufo" and dj.legal(state)[:2] == ["continue", "stop"]
    assert dj.fields(state)["phase"] == "cont"


def test_d_expert_4_no_shot_off_the_line_or_without_the_distance(dj) -> None:
    """D-EXPERT-4: not straight above, or no die showing the distance: no shot."""
    state = dj.play(dj.expert("A7/off/off/off", board="E6:monster"), "roll 1 1 1 4 6 / 2")
    assert not [a for a in dj.legal(state) if a.startswith("shoot")]
    state = dj.play(dj.expert("A7/off/off/off", board="E9:monster"), "roll 1 1 1 3 6 / 2")
    assert not [a for a in dj.legal(state) if a.startswith("shoot")]


def test_r_d20_dots_do_not_shoot_and_nobody_shoots_from_the_start(dj) -> None:
    """R-D20: a shot needs a numbered die; a Doodler off the board is in no column."""
    state = dj.play(dj.expert("B9/off/off/off", board="C3:ufo"), "roll 2 2 2 2 2 / 1")
    assert not [a for a in dj.legal(state) if a.startswith("shoot")]
    state = dj.play(dj.expert("off/off/off/off", board="A7:ufo"), "roll 1 1 1 1 1 / 1")
    assert not [a for a in dj.legal(state) if a.startswith("shoot")]


def test_d_expert_5_jumping_onto_a_monster_from_the_side_wins_it(dj) -> None:
    """D-EXPERT-5: a jump onto a UFO or Monster not from directly beneath wins the tile."""
    state = dj.play(dj.expert("B6/off/off/off", board="B9:ufo"), "roll 1 1 1 3 6 / 2", "jump B9 = 3+6")
    assert dj.fields(state)["doodlers"] == "B9+ufo/off/off/off"
    state = dj.play(dj.expert("A7/off/off/off", board="B9:monster"), "roll 1 1 1 3 6 / 2", "jump B9 = 3+6")
    assert dj.fields(state)["doodlers"] == "B9+monster/off/off/off"


def test_d_expert_6_r_d17_jumping_at_a_monster_from_beneath_is_a_fall(dj) -> None:
    """D-EXPERT-6 / R-D17: from directly beneath, the Doodler falls from where it started; the Monster
    leaves the game and is replaced; the turn ends."""
    state = dj.play(dj.expert("B9/off/off/off", board="C3:monster"), "roll 3 5 5 5 5 / 2", "jump C3 = 3")
    f = dj.fields(state)
    assert f["doodlers"] == "off/off/off/off" and f["tiles"] == "-" and f["phase"] == "draw>end"
    assert state.tile_places()["out"] == 26  # the Monster joins the 25 tiles this position never had
    dj.play(state, "draw ufo")
    assert dj.fields(state)["seat"] == "1" and dj.fields(state)["tiles"] == "H10:ufo"


def test_r_d21_a_ufo_from_beneath_and_a_monster_from_the_start_are_won(dj) -> None:
    """R-D21: only a Monster punishes a jump from beneath; the start is never beneath."""
    state = dj.play(dj.expert("B9/off/off/off", board="C3:ufo"), "roll 3 5 5 5 5 / 2", "jump C3 = 3")
    assert dj.fields(state)["doodlers"] == "C3+ufo/off/off/off"
    state = dj.play(dj.expert("off/off/off/off", board="A3:monster"), "roll 3 5 5 5 5 / 2", "jump A3 = 3")
    assert dj.fields(state)["doodlers"] == "A3+monster/off/off/off"
