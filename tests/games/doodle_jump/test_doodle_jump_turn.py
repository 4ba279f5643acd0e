"""The turn: rolls, jumps, the symbol die, continue or stop, falls and pushes (D-TURN-3 .. D-PUSH-2, D-WIN-1)."""

from __future__ import annotations

from fractions import Fraction


def test_d_turn_3_failed_roll_falls_and_passes_the_turn(dj) -> None:
    """D-TURN-3: no jump and no symbol use possible: the Doodler falls, the next player rolls."""
    state = dj.position("B9/off/off/off")
    dj.play(state, "roll 5 5 5 5 5 / 2")  # from B9 only B6 (6) and C3 (3) are reachable
    f = dj.fields(state)
    assert f["doodlers"] == "off/off/off/off"  # nothing straight below B9 on row 1
    assert f["seat"] == "1" and f["phase"] == "roll" and f["dice"] == "5s"
    assert f["counters"] == "t2,r1,f1"


def test_d_turn_3_a_roll_with_a_jump_is_successful(dj) -> None:
    """D-TURN-3: the same roll with one dot on the symbol die makes 6 = 5 + 1: a jump, no fall."""
    state = dj.position("B9/off/off/off")
    dj.play(state, "roll 5 5 5 5 5 / 1")
    assert dj.fields(state)["phase"] == "decide"
    assert dj.jumps(state) == ["jump B6 = 5+s1"]


def test_d_jump_1_from_the_start_every_bottom_pad_is_reachable(dj) -> None:
    """D-JUMP-1: off the board, every pad of the bottom level (and only those) can be reached."""
    state = dj.play(dj.position("off/off/off/off"), "roll 1 2 3 4 5 / remove")
    assert {a.split()[1] for a in dj.jumps(state)} == {"A3", "A7", "A5"}


def test_d_jump_1_only_neighbouring_pads_never_down_or_in_place(dj) -> None:
    """D-JUMP-1: from A7 only B4 and B9 (next level, columns 2-4) are reachable; nothing on A or below."""
    state = dj.play(dj.position("A7/off/off/off"), "roll 1 3 4 5 6 / again")
    assert {a.split()[1] for a in dj.jumps(state)} == {"B4", "B9"}
    state = dj.play(dj.position("B6/off/off/off"), "roll 1 2 3 4 6 / again")
    assert {a.split()[1] for a in dj.jumps(state)} == {"B9", "C3"}  # sideways on B, or up; never A


def test_d_jump_2_dice_sums_name_the_pad_and_equivalent_dice_appear_once(dj) -> None:
    """D-JUMP-2: the dice used must sum to the pad's number; the same multiset is listed once."""
    state = dj.play(dj.position("A7/off/off/off"), "roll 1 3 4 4 6 / remove")
    assert dj.jumps(state) == ["jump B4 = 4", "jump B4 = 1+3", "jump B9 = 3+6", "jump B9 = 1+4+4"]
    dj.play(state, "jump B9 = 1+4+4")
    f = dj.fields(state)
    assert f["doodlers"] == "B9/off/off/off" and f["dice"] == "2s" and f["phase"] == "cont"


def test_d_jump_3_one_jump_per_roll(dj) -> None:
    """D-JUMP-3: after a jump the roll is spent: only continue or stop remain."""
    state = dj.play(dj.position("A7/off/off/off"), "roll 1 3 4 4 6 / 2", "jump B4 = 4")
    assert dj.legal(state) == ["continue", "stop"]
    assert dj.fields(state)["roll"] == "-"


def test_d_symbol_1_dots_count_like_a_numbered_die(dj) -> None:
    """D-SYMBOL-1: two dots plus a numbered 2 make pad 4; the symbol die is then used."""
    state = dj.play(dj.position("A7/off/off/off"), "roll 2 6 6 6 6 / 2")
    assert dj.jumps(state) == ["jump B4 = 2+s2"]
    dj.play(state, "jump B4 = 2+s2")
    assert dj.fields(state)["dice"] == "4"


def test_d_symbol_2_shift_one_level_one_slot_within_the_edge(dj) -> None:
    """D-SYMBOL-2: shift moves one level one slot; the neighbours stay; at most one slot over the edge."""
    state = dj.play(dj.position("A7/off/off/off"), "roll 6 6 6 6 6 / shift")
    shifts = [a for a in dj.legal(state) if a.startswith("shift")]
    assert len(shifts) == 16 and "shift B right" in shifts
    dj.play(state, "shift B right")
    f = dj.fields(state)
    assert f["ramp"] == "A0/B+/C0/D0/E0/F0/G0/H0" and f["dice"] == "5" and f["phase"] == "cont"
    state = dj.play(dj.position("A7/off/off/off", ramp="A0/B+/C0/D0/E0/F0/G0/H0"), "roll 6 6 6 6 6 / shift")
    assert "shift B right" not in dj.legal(state) and "shift B left" in dj.legal(state)


def test_r_d2_reach_uses_absolute_columns_after_shifts(dj) -> None:
    """R-D2: with B shifted right, B9 sits in column 5 and is out of reach from A7 (column 3)."""
    state = dj.play(dj.position("A7/off/off/off", ramp="A0/B+/C0/D0/E0/F0/G0/H0"), "roll 1 3 4 5 6 / again")
    assert {a.split()[1] for a in dj.jumps(state)} == {"B4"}
    state = dj.play(dj.position("A7/off/off/off", ramp="A0/B-/C0/D0/E0/F0/G0/H0"), "roll 1 3 4 5 6 / again")
    assert {a.split()[1] for a in dj.jumps(state)} == {"B9", "B6"}  # B shifted left: B9 in column 3, B6 in 4


def test_d_symbol_3_remove_puts_a_level_without_doodler_on_top(dj) -> None:
    """D-SYMBOL-3: remove takes a level with no Doodler to the top; the levels above slide down."""
    state = dj.play(dj.position("B9/A3/off/off"), "roll 1 1 1 1 1 / remove")
    removes = [a for a in dj.legal(state) if a.startswith("remove")]
    assert removes == ["remove C", "remove D", "remove E", "remove F", "remove G"]  # R-D10: never the top (H)
    dj.play(state, "remove C")
    assert dj.fields(state)["ramp"] == "A0/B0/D0/E0/F0/G0/H0/C0"


def test_r_d11_a_removed_level_goes_on_top_unshifted(dj) -> None:
    """R-D11: a shifted level that is removed lands on top with offset 0; tiles travel with it."""
    ramp = "A0/B0/C+/D0/E0/F0/G0/H0"
    state = dj.play(dj.position("off/off", ramp=ramp, dice="4s", tiles="C8:hat", box="jet:2"), "roll 1 1 1 1 / remove")
    dj.play(state, "remove C")
    f = dj.fields(state)
    assert f["ramp"] == "A0/B0/D0/E0/F0/G0/H0/C0" and f["tiles"] == "C8:hat"


def test_r_d10_remove_never_offers_the_top_level(dj) -> None:
    """R-D10: putting the top level on top would change nothing, so it is not a choice."""
    state = dj.play(dj.position("off/off", dice="4s"), "roll 1 1 1 1 / remove")
    assert "remove H" not in dj.legal(state) and "remove A" in dj.legal(state)


def test_d_symbol_4_try_again_rerolls_unused_dice_r_d18_at_once(dj) -> None:
    """D-SYMBOL-4 / R-D18: try again re-rolls every unused numbered die straight away."""
    state = dj.play(dj.position("off/off/off/off"), "roll 6 6 6 6 6 / again")
    assert dj.legal(state) == ["again"]
    dj.play(state, "again")
    assert dj.fields(state)["phase"] == "roll" and dj.fields(state)["dice"] == "5"
    outcomes = dj.legal(state)
    assert len(outcomes) == 252 and all("/" not in a for a in outcomes)


def test_d_symbol_5_the_used_symbol_die_is_set_aside_for_the_turn(dj) -> None:
    """D-SYMBOL-5: after a symbol use, continuing rolls only the numbered dice."""
    state = dj.play(dj.position("A7/off/off/off"), "roll 6 6 6 6 6 / shift", "shift H left", "continue")
    assert dj.fields(state)["dice"] == "5"
    assert all("/" not in a for a in dj.legal(state))
    assert state.chance_distribution().probability(state.parse_action("roll 6 6 6 6 6")) == Fraction(1, 6**5)


def test_r_d3_symbol_faces_count_only_when_they_can_be_applied(dj) -> None:
    """R-D3: with no numbered dice left, try again or dots cannot be used (fall); shift always can."""
    for face, phase in (("again", "roll"), ("1", "roll"), ("shift", "decide"), ("remove", "decide")):
        state = dj.play(dj.position("B9/off/off/off", dice="0s", counters="t1,r1,f0"), f"roll / {face}")
        assert dj.fields(state)["phase"] == phase, face
        assert (dj.fields(state)["seat"] == "1") == (phase == "roll"), face


def test_d_cont_1_continue_rolls_the_rest_stop_keeps_the_pad(dj) -> None:
    """D-CONT-1: continue rolls all remaining dice; stop ends the turn with the Doodler in place."""
    state = dj.play(dj.position("A7/off/off/off"), "roll 1 3 4 4 6 / 2", "jump B9 = 3+6")
    cont = dj.play(state.clone(), "continue")
    assert dj.fields(cont)["phase"] == "roll" and len(dj.legal(cont)) == 56 * 5  # three dice and the symbol die
    stop = dj.play(state.clone(), "stop")
    f = dj.fields(stop)
    assert f["doodlers"] == "B9/off/off/off" and f["seat"] == "1" and f["dice"] == "5s"


def test_r_d4_no_dice_left_ends_the_turn_as_a_stop(dj) -> None:
    """R-D4: a jump that uses the last die ends the turn; the Doodler stays."""
    state = dj.play(dj.position("A7/off/off/off", dice="1", counters="t1,r1,f0"), "roll 4", "jump B4 = 4")
    f = dj.fields(state)
    assert f["doodlers"] == "B4/off/off/off" and f["seat"] == "1" and f["counters"] == "t2,r2,f0"


def test_d_fall_1_fall_to_the_next_empty_pad_straight_below(dj) -> None:
    """D-FALL-1: from C3 (column 4) a fall lands on B9 (column 4), the first empty pad below."""
    state = dj.play(dj.position("C3/off/off/off"), "roll 5 5 5 5 5 / 1")
    assert dj.fields(state)["doodlers"] == "B9/off/off/off"


def test_d_fall_1_no_empty_pad_below_back_to_the_start(dj) -> None:
    """D-FALL-1: a pad holding a tile is not empty; with nothing below, the Doodler goes back to the start."""
    state = dj.play(dj.position("C3/off/off/off", tiles="B9:jet", box="hat:1"), "roll 5 5 5 5 5 / 1")
    assert dj.fields(state)["doodlers"] == "off/off/off/off"


def test_r_d12_falls_follow_the_absolute_column_after_shifts(dj) -> None:
    """R-D12: with B shifted left, B6 sits under C3 (column 4), so the fall ends on B6."""
    state = dj.play(dj.position("C3/off/off/off", ramp="A0/B-/C0/D0/E0/F0/G0/H0"), "roll 5 5 5 5 5 / 1")
    assert dj.fields(state)["doodlers"] == "B6/off/off/off"


def test_d_push_1_jumping_onto_a_doodler_knocks_it_off(dj) -> None:
    """D-PUSH-1: B9 jumps onto C3 and knocks its Doodler off; it falls to B9, now empty."""
    state = dj.play(dj.position("B9/C3/off/off"), "roll 3 5 5 5 5 / 1", "jump C3 = 3")
    assert dj.fields(state)["doodlers"] == "C3/B9/off/off"


def test_d_push_2_a_falling_doodler_passes_occupied_pads(dj) -> None:
    """D-PUSH-2 / R-D9: the knocked-off Doodler passes B9 (occupied) and leaves the board."""
    state = dj.play(dj.position("B6/C3/B9/off"), "roll 3 5 5 5 5 / 1", "jump C3 = 3")
    assert dj.fields(state)["doodlers"] == "C3/off/B9/off"


def test_d_win_1_r_d1_first_doodler_on_the_top_level_wins(dj) -> None:
    """D-WIN-1 / R-D1: landing on any pad of row 8 wins at once: +1 for the winner, -1 for the others."""
    state = dj.play(dj.position("G6/off/B4/off", seat=0), "roll 4 5 5 5 5 / 1", "jump H4 = 4")
    assert state.is_terminal() and dj.fields(state)["phase"] == "over" and dj.fields(state)["seat"] == "0"
    assert state.returns() == [1.0, -1.0, -1.0, -1.0] and state.winners() == (0,)
    assert state.legal_actions() == ()
