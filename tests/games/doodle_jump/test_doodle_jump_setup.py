"""Setup and the start of play: D-SETUP-*, D-TURN-1, D-TURN-2."""

from __future__ import annotations

from fractions import Fraction


def test_d_setup_1_levels_stacked_in_random_order_doodlers_off_board(dj) -> None:
    """D-SETUP-1: one chance node per row, uniform over the levels left; Doodlers start off the board."""
    state = dj.make(players=3, tiles="none").new_initial_state()
    assert state.is_chance_node()
    pairs = state.chance_outcomes()
    assert len(pairs) == 8 and all(p == Fraction(1, 8) for _, p in pairs)
    dj.play(state, "level C")
    assert {p for _, p in state.chance_outcomes()} == {Fraction(1, 7)}
    assert "level C" not in dj.legal(state)
    dj.play(state, "level A", "level H", "level B", "level G", "level D")
    assert sorted(dj.legal(state)) == ["level E", "level F"]
    dj.play(state, "level F")  # the last level goes on top by itself
    assert dj.fields(state)["ramp"] == "C0/A0/H0/B0/G0/D0/F0/E0"
    assert dj.fields(state)["doodlers"] == "off/off/off"


def test_d_setup_2_power_tiles_on_every_second_level_highest_pad(dj) -> None:
    """D-SETUP-2: a random tile face up on rows 2, 4, 6, 8, on that level's highest number."""
    state = dj.stack(dj.make(players=2, tiles="power").new_initial_state())
    assert dj.fields(state)["phase"] == "tiles"
    dist = dict((str(a), p) for a, p in state.chance_outcomes())
    assert dist == {
        "draw tramp": Fraction(4, 20), "draw spring": Fraction(4, 20), "draw shield": Fraction(4, 20),
        "draw shoes": Fraction(3, 20), "draw hat": Fraction(3, 20), "draw jet": Fraction(2, 20),
    }  # fmt: skip
    dj.play(state, "draw jet", "draw jet", "draw shield", "draw tramp")
    assert dj.fields(state)["tiles"] == "B9:jet,D10:jet,F10:shield,H10:tramp"
    assert dj.fields(state)["box"] == "tramp:3,spring:4,shield:3,shoes:3,hat:3"


def test_d_setup_2_draws_weighted_by_tiles_left_in_the_box(dj) -> None:
    """D-SETUP-2 / D-TILE-6: after two Jetpacks leave the box, no Jetpack can be drawn."""
    state = dj.stack(dj.make(players=2, tiles="power").new_initial_state())
    dj.play(state, "draw jet", "draw jet")
    assert "draw jet" not in dj.legal(state)
    assert dict((str(a), p) for a, p in state.chance_outcomes())["draw tramp"] == Fraction(4, 18)


def test_d_setup_3_first_game_without_tiles(dj) -> None:
    """D-SETUP-3: tiles=none places no tiles and leaves the box empty."""
    state = dj.stack(dj.make(players=2, tiles="none").new_initial_state())
    assert dj.fields(state)["phase"] == "open:?,?"
    assert dj.fields(state)["tiles"] == "-" and dj.fields(state)["box"] == "-"


def test_d_turn_1_highest_opening_roll_begins(dj) -> None:
    """D-TURN-1 / R-D22: each contender rolls one numbered die (1/6 each), in seat order; the highest starts."""
    state = dj.stack(dj.make(players=3, tiles="none").new_initial_state())
    assert {p for _, p in state.chance_outcomes()} == {Fraction(1, 6)}
    dj.play(state, "open 2", "open 5", "open 4")
    assert dj.fields(state)["seat"] == "1" and dj.fields(state)["phase"] == "roll"


def test_d_turn_1_ties_reroll_among_the_tied(dj) -> None:
    """D-TURN-1: a tie for highest is rolled again by the tied players only."""
    state = dj.stack(dj.make(players=4, tiles="none").new_initial_state())
    dj.play(state, "open 6", "open 3", "open 6", "open 1")
    assert dj.fields(state)["phase"] == "open:?,x,?,x"
    dj.play(state, "open 2", "open 4")
    assert dj.fields(state)["seat"] == "2"


def test_d_turn_1_first_player_option_skips_the_opening_roll(dj) -> None:
    """D-TURN-1: option first_player names who begins; play then passes clockwise."""
    state = dj.stack(dj.make(players=3, tiles="none", first_player=2).new_initial_state())
    assert dj.fields(state)["seat"] == "2"
    dj.play(state, "roll 6 6 6 6 6 / 2")  # fails from the start: nothing sums to 3, 5 or 7
    assert dj.fields(state)["seat"] == "0"


def test_d_turn_2_roll_all_dice_exact_probabilities(dj) -> None:
    """D-TURN-2: five numbered dice and the symbol die; sorted multisets with exact probabilities."""
    state = dj.position("off/off/off/off")
    pairs = {str(a): p for a, p in state.chance_outcomes()}
    assert len(pairs) == 252 * 5  # multisets of five d6 times the five kinds of symbol face
    assert sum(pairs.values()) == 1
    assert pairs["roll 1 1 1 1 1 / shift"] == Fraction(1, 6**5) * Fraction(2, 6)
    assert pairs["roll 1 2 3 4 5 / again"] == Fraction(120, 6**5) * Fraction(1, 6)
    assert pairs["roll 2 2 5 5 6 / 1"] == Fraction(30, 6**5) * Fraction(1, 6)


def test_d_turn_2_two_players_leave_one_numbered_die_out(dj) -> None:
    """D-TURN-2: with two players one numbered die is put away."""
    state = dj.position("off/off", dice="4s")
    assert len(state.chance_outcomes()) == 126 * 5
    assert str(state.legal_actions()[0]) == "roll 1 1 1 1 / 1"
    state = dj.make(players=2, tiles="none", first_player=0).new_initial_state()
    dj.play(state, *(f"level {c}" for c in "ABCDEFG"))
    assert dj.fields(state)["dice"] == "4s"
