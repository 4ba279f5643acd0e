"""Our rulings R-K13, R-K14, R-K18, R-K20 (the others are tested next to their clauses)."""

from __future__ import annotations

from pathlib import Path

from dk_scenarios import apply, field, make_game, position, route_to, spaces, state_of

STACKED_LADDERS = """
title = "three girders whose ladders meet on B2"
[setup]
hand_size = 3
barrels = 12
barrels_on_board = 1
fireballs = 4
finish_bonus = 500
[dice.white]
faces = [1, 2, 3, 4, 5, 6]
[dice.red]
faces = [3, 4, 5, 6, "rests", "rests"]
[[cards]]
kind = "jump"
points = 100
count = 24
[[cards]]
kind = "hammer"
points = 200
count = 24
[board]
start = { joins = ["A3"] }
finish = "T1"
oil_can_beside = "A4"
barrel_drop = "C1"
donkey_kong_front = "C1"
[[board.girders]]
name = "A"
spaces = 4
barrels_roll = "right"
[[board.girders]]
name = "B"
spaces = 4
barrels_roll = "left"
[[board.girders]]
name = "C"
spaces = 4
barrels_roll = "right"
black_dots = [4]
[[board.girders]]
name = "T"
spaces = 1
barrels_roll = "none"
[[board.edges]]
upper = "C4"
lower = "B4"
[[board.edges]]
upper = "B1"
lower = "A1"
[[board.ladders]]
name = "L1"
bottom = "A2"
top = "B2"
rungs = 1
[[board.ladders]]
name = "L2"
bottom = "B2"
top = "C2"
rungs = 1
[[board.ladders]]
name = "L3"
bottom = "C3"
top = "T1"
rungs = 1
"""


def test_r_k13_an_obstacle_that_has_just_slid_does_not_slide_again(tmp_path: Path) -> None:
    """R-K13: a fireball landing exactly on A2 slides up L1 to B2, the foot of L2, and stops there."""
    path = tmp_path / "stacked.toml"
    path.write_text(STACKED_LADDERS, encoding="utf-8")
    game = make_game(2, data=str(path))
    state = state_of(position(pawns="L3.1,L3.1", dice="1,3", fireballs="OIL"), game)
    apply(state, route_to(state, "C3"))
    assert spaces(state, "fireballs") == {"B2"}


def test_r_k14_no_obstacle_slides_up_to_the_fair_maiden() -> None:
    """R-K14: a fireball landing exactly on F7, the foot of the ladder to the Finish, stays on F7."""
    state = state_of(position(pawns="L11.1,L11.1", dice="1,3", fireballs="F10"))
    apply(state, route_to(state, "L11.2"))
    assert spaces(state, "fireballs") == {"F7"}


def test_r_k14_a_sliding_fireball_touches_each_pawn_on_the_ladder_not_by_exact_count() -> None:
    """R-K14: the pawn on ladder L2 is touched by the fireball sliding past, not as an exact landing."""
    state = state_of(position(pawns="L11.1,L2.1", dice="1,3", fireballs="A1", up="J100/J200"))
    apply(state, route_to(state, "L11.2"))
    assert field(state, "hits") == "1" and field(state, "mover") == "F:L2.1:0:slid"
    apply(state, "play J200")
    assert spaces(state, "fireballs") == {"B4"}


def test_r_k18_a_fireball_at_donkey_kong_touches_the_pawn_there_then_returns() -> None:
    """R-K18: the fireball reaching F1 hits seat 1's pawn there first, then goes back to the Oil Can."""
    state = state_of(position(pawns="L11.1,F1", dice="1,4", fireballs="F3", up="-/J300"))
    apply(state, route_to(state, "L11.2"))
    assert field(state, "hits") == "1" and field(state, "mover") == "F:F1:2"
    apply(state, "play J300")
    assert field(state, "fireballs") == "-" and field(state, "oil") == "4"


def test_r_k20_cards_are_dealt_seat_by_seat_before_the_opening_roll() -> None:
    """R-K20: seat 0 gets its three cards first, then seat 1; only then the opening roll."""
    state = make_game(2, first_player=None).new_initial_state()
    apply(state, "deal J100", "deal J200", "deal J300")
    assert state.hand_of(0) == (1, 1, 1, 0, 0, 0) and sum(state.hand_of(1)) == 0
    apply(state, "deal H200", "deal H300", "deal H400")
    assert state.stage_name() == "open" and state.hand_of(1) == (0, 0, 0, 1, 1, 1)
