"""Position notation: exact round trips (mid-turn and mid-movement included) and clear rejections."""

from __future__ import annotations

import random

import pytest
from dk_scenarios import make_game, position, state_of

from tabletop.core.errors import NotationError


def test_round_trip_of_every_state_along_random_games() -> None:
    """Every state of a few random games, paused movements and pending contacts included, reads back exactly."""
    game = make_game(3, first_player=None)
    seen_keys: set[str] = set()
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            text = state.to_text()
            again = game.state_from_text(text)
            assert again.to_text() == text and again == state
            assert again.current_player() == state.current_player()
            assert [str(a) for a in again.legal_actions()] == [str(a) for a in state.legal_actions()]
            seen_keys.update(part.partition("=")[0] for part in text.split()[1:])
            if state.is_chance_node():
                action = state.chance_distribution().sample(rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
    assert {"open", "met", "queue", "mover", "hits", "dot"} <= seen_keys


def test_a_paused_movement_resumes_identically_from_its_text() -> None:
    """The movement paused at a contact, written and read back, goes on exactly as the original."""
    text = position(pawns="L11.1,A6", dice="1,4", barrels="A8,C8", up="-/J200")
    original = state_of(text)
    original.apply_action("move L11.2")
    copy = state_of(original.to_text())
    for state in (original, copy):
        state.apply_action("play J200")
    assert copy.to_text() == original.to_text()


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "must start with"),
        ("chess rnbqkbnr", "must start with"),
        (position().replace("players=2", "players=3"), "players"),
        (position().replace("stage=route", "stage=dance"), "unknown stage"),
        (position().replace(" finisher=-", ""), "missing field 'finisher'"),
        (position() + " colour=red", "unknown field"),
        (position(pawns="A3,Z9"), "not a space"),
        (position(pawns="A3,OIL"), "pawns"),
        (position(barrels="A5,A5", arm="10"), "A5 is named twice"),
        (position(barrels="A5", fireballs="A5"), "never share a space"),
        (position(barrels="A5", arm="3"), "add up to 12"),
        (position(fireballs="A5", oil="4"), "add up to 4"),
        (position(up="J100.J100.J100.J100.J100/J100.J100.J100.J100"), "more J100 cards"),
        (position(up="X100/-"), "unknown card"),
        (position(dice="1,2"), "no face 2"),
        (position(dice="9,3"), "white die"),
        (position(stage="white"), "dice rolled do not fit the stage white"),
        (position(hits="0"), "hits: seats in contact belongs to the stages walk, fire, barrel, drop, not route"),
        (position(stage="fire", mover="F:A5:1"), "does not wait"),
        (position(stage="walk", dice="2,3", barrels="A5", met="A5"), "does not wait"),
        (position(mover="Q:A5:1"), "mover must be"),
        (position(stage="barrel", barrels="A5", mover="B:A7:0", hits="1", up="-/J100"), "answer from seat 0 leftwards"),
        (position(stage="barrel", barrels="A5", queue="A6,A6", mover="B:A3:0", hits="1", up="-/J100"), "queue"),
        (position(stage="walk", dice="2,3", barrels="A5", met="A5", hits="1", up="J100/J100"),
         "the contact is the moving pawn's own"),
    ],
)
def test_malformed_positions_are_rejected_naming_the_problem(text: str, problem: str) -> None:
    with pytest.raises(NotationError) as info:
        make_game(2).state_from_text(text)
    assert problem in str(info.value)
