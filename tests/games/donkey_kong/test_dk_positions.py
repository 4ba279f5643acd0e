"""Positions read from text: only what the rules can go on from, refused naming the field otherwise.

The invariants themselves are checked on every state of random games in test_dk_properties.py;
here: one refused text per invariant, and mutated real positions (dk_mutations.py) either refused by
the reader or accepted, written back identically and played to the end.
"""

from __future__ import annotations

import random

import pytest
from dk_mutations import FAILURES, corpus, games, mutate, outcome
from dk_scenarios import make_game, position, state_of
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.core.errors import NotationError

HANDS = "J100.J200.J300/J100.J200.J300"
SETUP = "donkey-kong players=2 turn=0 seat=0 stage=deal dice=- pawns=START,START barrels=A8,B5,C3,D8,E6,F8" \
        " fireballs=- arm=6 oil=4 up={up} down=-/- finisher=-"
ALL_DEALT = ".".join(["J100", "J200", "J300", "H200", "H300", "H400"] * 4)
CONTACT = {"stage": "barrel", "dice": "1,4", "pawns": "L11.2,A6", "mover": "B:A6:2", "hits": "1", "up": "-/J100"}


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        # the example: the deal stage with all 48 cards held
        (SETUP.format(up=f"{ALL_DEALT}/{ALL_DEALT}"), "stage: every hand is dealt, so the deal is over"),
        (SETUP.format(up="J100/J200"), "up: cards are dealt seat by seat, 3 each, seat 0 first (R-K20)"),
        (SETUP.format(up="J100/-").replace("A8,", "A7,"), "barrels: until the first turn the barrels stand on"),
        (SETUP.format(up="J100/-").replace("turn=0", "turn=4"), "turn: turn is 0 until the first turn starts"),
        (SETUP.format(up="J100/-").replace("seat=0", "seat=1"), "seat: seat is 0 until the first turn starts"),
        # numbers: ASCII digits, bounded by what a game reaches, no leading zeros
        (position(turn="1" + "0" * 5000), "turn must be a whole number from 0 to 2000, not '10000000000000000000"),
        (position(turn=10**9), "turn must be a whole number from 0 to 2000"),
        (position(arm="99999999999999999999"), "arm must be a whole number from 0 to 12"),
        (position(turn="05"), "turn: write '5', the notation's own form"),
        (position(dice="4,"), "red die must be a whole number"),
        (position(dice="4,5,6"), "dice: the white die and the red die, not 3 dice"),
        # one text per position
        (position().replace("turn=5 seat=0", "seat=0 turn=5"), "fields must come in the order players turn seat"),
        (position(barrels="C3,A5"), "barrels: write 'A5,C3'"),
        (position(up="H300.J100/-"), "up: write 'J100.H300/-'"),
        # the stage and the seats
        (position(seat=1, turn=5), "seat: turn 5 of a game seat 0 starts is seat 0's"),
        (position(turn=1, pawns="START,A3", up=HANDS), "pawns: seat 1 has not moved yet, so its pawn is on START"),
        (position(turn=1, pawns="START,START", up="J100.J200.J300/J100"), "up: seat 1 has not moved yet"),
        (position(pawns="START,A3"), "pawns: seat 0 has moved, and no pawn comes back to START (R-K21)"),
        (position(finisher=1, pawns="A3,T1"), "finisher: the game ends with the turn of the pawn reaching the"),
        (position(pawns="T1,A3"), "pawns: a pawn reaching the Finish ends the game"),
        (position(stage="over"), "finisher: the game is over only once a pawn has reached the Finish"),
        (position(stage="fire", dice="1,rests"), "stage: on Donkey Kong Rests no obstacle moves (K-OBS-1)"),
        (position(stage="release"), "stage=release: this position does not wait"),
        # components
        (position(fireballs="F1"), "fireballs: a fireball never rests on F1"),
        (position(barrels="OIL"), "barrels: OIL is not on the obstacles' way"),
        (position(barrels="L2.1"), "barrels: L2.1 is not on the obstacles' way"),
        (position(pawns="A3,OIL"), "pawns: no pawn can stand on OIL"),
        (position(up="H400.H400.H400.H400.H400/H400.H400.H400.H400"), "more H400 cards than the 8 in the game"),
        # the pawn's move (R-K22)
        (position(stage="walk", pawns="A7,A3", dot=True), "dot: seat 0's pawn on A7 is not on a red dot"),
        (position(stage="walk", pawns="A6,A3", barrels="A6", met="A6", hits="0", up="J100/-", dot=True),
         "dot: the red-dot card is drawn before the contacts are answered (R-K22)"),
        (position(stage="walk", pawns="A7,A3", met="A5", hits="0", up="J100/-"), "met: the pawn met no obstacle on A5"),
        (position(stage="walk", pawns="A7,A3", barrels="A5,A7", met="A7,A5", hits="0", up="J100/-"),
         "met: the obstacle on the pawn's own space is the last it met"),
        # the obstacles' movement
        (position(**CONTACT, barrels="A5,C3", queue="C3,A5"), "queue: fireballs move highest first, barrels lowest"),
        (position(**{**CONTACT, "hits": "1:landed"}), "hits: ':landed' is written exactly when"),
        (position(**{**CONTACT, "mover": "B:OIL:2"}), "mover: OIL is not on the obstacles' way"),
        (position(**{**CONTACT, "mover": "F:L11.1:0:slid", "pawns": "L11.2,L11.1"}),
         "mover: an obstacle is on ladder space L11.1 only while it slides (R-K14)"),
        (position(**{**CONTACT, "stage": "fire", "mover": "B:A6:2"}), "mover: only fireballs move on the fire stage"),
        (position(players=3, seat=2, pawns="A6,A6,L11.2", dice="1,4", stage="barrel", mover="B:A6:2", hits="1,0",
                  up="J100/J200/-"), "hits: the pawns on A6 answer from seat 2 leftwards, so hits are the last of"),
    ],
)
def test_a_position_the_rules_cannot_reach_is_refused_naming_the_field(text: str, problem: str) -> None:
    players = int(text.split("players=")[1].split()[0])
    with pytest.raises(NotationError) as info:
        make_game(players).state_from_text(text)
    assert problem in str(info.value)
    assert not str(info.value).startswith("not a playable")  # the reader named it, not the core's safety net


def test_the_neighbours_of_refused_positions_are_accepted() -> None:
    """The same positions with the field put right read back (so the refusals above are for that field)."""
    for text in (
        SETUP.format(up="J100.J200.J300/J100"),
        position(turn=1, pawns="START,START", up=HANDS),
        position(turn=2, seat=1, pawns="A2,START", up="-/J100.J200.J300"),
        position(finisher=0, pawns="T1,A3", stage="over"),
        position(stage="walk", pawns="A6,A3", barrels="A6", met="A6", up="J100/-", dot=True),
        position(stage="walk", pawns="A7,A3", barrels="A5,A7", met="A5,A7", hits="0", up="J100/-"),
        position(**CONTACT, barrels="A5,C3", queue="A5,C3"),
        position(players=3, seat=2, pawns="A6,A6,L11.2", dice="1,4", stage="barrel", mover="B:A6:2", hits="0,1",
                 up="J100/J200/-"),
    ):
        assert state_of(text).to_text() == text


def test_non_text_and_non_ascii_input_is_a_notation_error() -> None:
    game = make_game(2)
    for bad in (None, 12, b"donkey-kong", position(turn="\u0663"), position(arm="\uff16")):
        with pytest.raises(NotationError):
            game.state_from_text(bad)  # type: ignore[arg-type]


GAMES = games()
POOL = [(game, text) for i, game in enumerate(GAMES) for text in corpus(game, random.Random(i), 12)]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pick=st.integers(0, len(POOL) - 1), seed=st.integers(0, 2**32 - 1), changes=st.integers(1, 3))
def test_a_mutated_real_position_is_refused_by_the_reader_or_plays_to_the_end(pick: int, seed: int,
                                                                               changes: int) -> None:
    """Swapped, deleted or doubled fields, changed digits, huge or non-ASCII numbers, other spaces, cards and
    stages: the reader refuses the text naming the field, or the position round-trips and plays to the end."""
    game, text = POOL[pick]
    rng = random.Random(seed)
    for _ in range(changes):
        text = mutate(text, game, rng)
    kind, detail = outcome(game, text, rng)
    assert kind not in FAILURES, (text, detail)
