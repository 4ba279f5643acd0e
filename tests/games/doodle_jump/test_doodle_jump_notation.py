"""Position notation: exact round trips (setup, mid-turn, chance nodes) and clear errors."""

from __future__ import annotations

import random

import pytest

from tabletop.core.errors import NotationError

RAMP = "A0/B0/C0/D0/E0/F0/G0/H0"  # levels A..H bottom to top, unshifted
#: The board and the box right after a setup that drew a Jetpack, a Propeller Hat, a Shield and a Trampoline.
SET_UP = "B9:jet,D10:hat,F10:shield,H10:tramp tramp:3,spring:4,shield:3,shoes:3,hat:2,jet:1"

GOOD = [
    "?/?/?/?/?/?/?/? - tramp:4,spring:4,shield:4,shoes:3,hat:3,jet:2 off/off/off/off - levels 5s - t0,r0,f0",
    "C0/A0/?/?/?/?/?/? - tramp:4,spring:4,shield:4,shoes:3,hat:3,jet:2 off/off/off/off - levels 5s - t0,r0,f0",
    f"{RAMP} B9:jet tramp:4,spring:4,shield:4,shoes:3,hat:3,jet:1 off/off/off/off - tiles 5s - t0,r0,f0",
    f"{RAMP} {SET_UP} off/off/off/off - open:x,4,?,x 5s - t0,r0,f0",
    f"{RAMP} - - A7/off/C5+shield/off 2 decide 3s 1,4,4/shift t12,r30,f5",
    f"{RAMP} - hat:1 B9/off/off/off 0 draw+spring>cont 3s - t1,r1,f0",
    f"{RAMP} - - B9+hat/off/off/off 0 spring>decide 5s 5,5,5,5,5/1 t1,r1,f0",
    f"{RAMP} - - B9+shield/off/off/off 0 shield 3 - t4,r9,f2",
    "A-/B+/C0/D0/E0/F0/G0/H0 - - H4/off/off/off 0 over 2s - t30,r70,f9",
    f"{RAMP} - - off/off/off/off 1 roll 0s - t3,r8,f1",
]


@pytest.mark.parametrize("text", GOOD)
def test_round_trip_exactly(dj, text: str) -> None:
    game = dj.make(players=4, tiles="power", choose_shield=True)
    state = game.state_from_text(text)
    assert state.to_text() == text
    assert game.state_from_dict(state.to_dict()) == state


EXPERT_GOOD = [
    f"{RAMP} - ufo:1 B9+shield/off/off/off 0 shield>draw 4s - t1,r1,f0",
    f"{RAMP} - hat:1 A7+monster/off/off/off 0 draw+high>cont 4s - t1,r1,f0",
    f"{RAMP} C8:ufo - A3/off/off/off 0 decide 5s 1,1,2,5,5/2 t1,r1,f0",
]


@pytest.mark.parametrize("text", EXPERT_GOOD)
def test_round_trip_exactly_in_the_expert_game(dj, text: str) -> None:
    state = dj.make(players=4, tiles="expert", choose_shield=True).state_from_text(text)
    assert state.to_text() == text


def test_round_trip_along_random_games(dj) -> None:
    """Every position of random games reads back to the same text and the same legal actions."""
    for tiles in ("none", "power", "expert"):
        game = dj.make(players=3, tiles=tiles)
        rng = random.Random(11)
        state = game.new_initial_state()
        while not state.is_terminal():
            fresh = game.state_from_text(state.to_text())
            assert fresh.to_text() == state.to_text()
            # a parsed state computes its legal actions afresh; a played one may have them cached
            assert [str(a) for a in fresh.legal_actions()] == [str(a) for a in state.legal_actions()]
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])


BAD = [
    (f"{RAMP} - - off/off/off/off 0 roll 5s -", "9 fields"),
    (f"{RAMP} - - off/off/off/off 0 roll 5s - t1,r0,f0 extra", "9 fields"),
    (f"{RAMP} - - off/off/off/off 0 roll 5s - t1,r0", "counters"),
    ("A0/B0/C0/D0/E0/F0/G0 - - off/off/off/off 0 roll 5s - t1,r0,f0", "levels: expected 8"),
    ("A0/A0/C0/D0/E0/F0/G0/H0 - - off/off/off/off 0 roll 5s - t1,r0,f0", "appears twice"),
    ("A2/B0/C0/D0/E0/F0/G0/H0 - - off/off/off/off 0 roll 5s - t1,r0,f0", "offset"),
    ("?/B0/C0/D0/E0/F0/G0/H0 - - off/off/off/off - levels 5s - t1,r0,f0", "above an unplaced row"),
    (f"{RAMP} B2:jet - off/off/off/off 0 roll 5s - t1,r0,f0", "not a pad"),
    (f"{RAMP} B9:rocket - off/off/off/off 0 roll 5s - t1,r0,f0", "unknown tile kind"),
    (f"{RAMP} - jet:0 off/off/off/off 0 roll 5s - t1,r0,f0", "box: the count of jet .* from 1 to 2, not '0'"),
    (f"{RAMP} - jet:3 off/off/off/off 0 roll 5s - t1,r0,f0", "box: the count of jet .* from 1 to 2, not '3'"),
    (f"{RAMP} B9:jet,D10:jet jet:1 off/off/off/off 0 roll 5s - t1,r0,f0", "3 jet tiles .* the game has 2"),
    (f"{RAMP} - jet:1,jet:1 off/off/off/off 0 roll 5s - t1,r0,f0", "box: jet is listed twice"),
    (f"{RAMP} - jet:1,hat:1 off/off/off/off 0 roll 5s - t1,r0,f0", "box: .* standard form; write it as 'hat:1,jet:1'"),
    (f"{RAMP} - ufo:1 off/off/off/off 0 roll 5s - t1,r0,f0", "box: this game has no UFO tiles"),
    (f"{RAMP} - - B9/B9/off/off 0 roll 5s - t1,r0,f0", "two Doodlers"),
    (f"{RAMP} B9:jet - B9/off/off/off 0 roll 5s - t1,r0,f0", "stands on a tile"),
    (f"{RAMP} - - off/off/off 0 roll 5s - t1,r0,f0", "expected 4 Doodlers"),
    (f"{RAMP} - - off+tramp/off/off/off 0 roll 5s - t1,r0,f0", "never kept"),
    (f"{RAMP} - - off/off/off/off 7 roll 5s - t1,r0,f0", "seat must be a whole number from 0 to 3, not '7'"),
    (f"{RAMP} - - off/off/off/off 01 roll 5s - t1,r0,f0", "seat must be a whole number"),
    (f"{RAMP} - - off/off/off/off - roll 5s - t1,r0,f0", "needs a seat"),
    (f"{RAMP} - - off/off/off/off 0 jumping 5s - t1,r0,f0", "unknown phase"),
    (f"{RAMP} - - off/off/off/off 0 draw 5s - t1,r0,f0", "needs '>'"),
    (f"{RAMP} - - off/off/off/off 0 roll 6s - t1,r0,f0", "dice"),
    (f"{RAMP} - - off/off/off/off 0 roll 0 - t1,r0,f0", "at least one unused die"),
    (f"{RAMP} - - off/off/off/off 0 decide 5s - t1,r0,f0", "needs the current roll"),
    (f"{RAMP} - - off/off/off/off 0 decide 5s 1,2,3/shift t1,r0,f0", "does not match the unused dice"),
    (f"{RAMP} - - off/off/off/off 0 decide 3s 4,2,1/shift t1,r0,f0", "not a possible roll"),
    (f"{RAMP} - - off/off/off/off 0 decide 3s 1,2,4/jump t1,r0,f0", "not a possible roll"),
    (f"{RAMP} - - off/off/off/off 0 roll 5s 1,2,3,4,5/1 t1,r0,f0", "has no current roll"),
    (f"{RAMP} - - off/off/off/off 0 roll 5s - turns", "counters"),
    (f"{RAMP} - - off/off/off/off 0 roll 5s - t1,r0,f2", "counters: falls must be a whole number from 0 to 1"),
    (f"{RAMP} - - off/off/off/off 0 roll 5s - t01,r0,f0", "counters: .* standard form; write it as 't1,r0,f0'"),
    (f"{RAMP} - - off/off/off/off 0 roll 5s - t{10**9},r0,f0", "counters: turns must be a whole number"),
    (f"{RAMP} {SET_UP} off/off/off/off - open:x,x,x,x 5s - t0,r0,f0", "nobody left"),
    (f"{RAMP} {SET_UP} off/off/off/off - open:7,?,?,? 5s - t0,r0,f0", "seat 0.s opening roll must be .* 1 to 6"),
    (f"{RAMP} {SET_UP} off/off/off/off - open:?,4,x,x 5s - t0,r0,f0", "no roll follows a '?'"),
    (f"{RAMP} {SET_UP} off/off/off/off - open:x,?,x,x 5s - t0,r0,f0", "two or more contenders"),
    (f"{RAMP} - - B9/off/off/off 0 shield 5s - t1,r0,f0", "needs a Shield"),
    (f"{RAMP} B9:jet - off/off/off/off - tiles 5s - t0,r0,f0", "box: before the first turn every tramp"),
    (f"{RAMP} - - off/off/off/off 0 draw+spin>cont 5s - t1,r0,f0", "'\\+spring' or '\\+high'"),
    (f"{RAMP} - - B9+shield/off/off/off 0 shield>end 5s - t1,r1,f0", "'shield' is followed by nothing or by '>draw'"),
    (f"{RAMP} - - off/off/off/off 0 roll>cont 5s - t1,r0,f0", "roll takes no '>' part"),
    (f"{RAMP} - - off/off/off/off 0 roll 5s 1,2,3,4,5/ t1,r0,f0", "has no current roll"),
    (f"{RAMP} - - off/off/off/off 0 roll s - t1,r0,f0", "dice: the unused numbered dice must be a whole number"),
]


@pytest.mark.parametrize(("text", "problem"), BAD)
def test_malformed_positions_are_rejected_naming_the_problem(dj, text: str, problem: str) -> None:
    game = dj.make(players=4, tiles="power", choose_shield=True)
    with pytest.raises(NotationError, match=problem):
        game.state_from_text(text)
