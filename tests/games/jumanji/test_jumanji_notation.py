"""Position notation: exact round trips and clear refusals of malformed text."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.core.errors import IllegalActionError, NotationError

GOOD = [
    "pawns=0,0,0,0 rhino=- grid=- discard=- card=- seat=0 turn=1 phase=roll tally=0,0,0,0",
    "pawns=12,3,30,0 rhino=1 grid=4,17 discard=1,9 card=5 seat=2 turn=11 phase=rescue:blank:0:fail tally=5,2,13,3",
    "pawns=0,0,0 rhino=- grid=3 discard=- card=- seat=0 turn=1 phase=setup:2 tally=0,0,0,0",
    "pawns=9,0 rhino=- grid=- discard=- card=- seat=0 turn=5 phase=draw:jungle tally=2,0,3,0",
    "pawns=6,2,0 rhino=0 grid=- discard=- card=- seat=0 turn=4 phase=wait:2 tally=0,0,0,0",
    "pawns=4,2,0 rhino=- grid=- discard=- card=- seat=0 turn=4 phase=rhino tally=0,0,0,0",
    "pawns=65,65,3 rhino=- grid=4,5,6 discard=7 card=- seat=2 turn=30 phase=tie:0,1 tally=9,3,27,5",
    "pawns=65,2 rhino=- grid=- discard=- card=- seat=0 turn=31 phase=won:0 tally=0,0,0,0",
    "pawns=4,2 rhino=- grid=1,2,3,4,5,6,7,8,9,10 discard=- card=- seat=1 turn=30 phase=lost tally=10,10,10,10",
]


@pytest.mark.parametrize("text", GOOD)
def test_positions_round_trip_exactly(text):
    players = len(text.split()[0].split(","))
    challenge = 3 if "setup" in text else 0
    game = tabletop.make("jumanji", players=players, challenge_cards=challenge)
    state = game.state_from_text(text)
    assert state.to_text() == text
    assert game.state_from_dict(state.to_dict()) == state


BAD = [
    ("rhino=- pawns=0,0,0,0 grid=- discard=- card=- seat=0 turn=1 phase=roll tally=0,0,0,0", "fields"),
    ("pawns=0,0,0 rhino=- grid=- discard=- card=- seat=0 turn=1 phase=roll tally=0,0,0,0", "3 pawns for 4"),
    ("pawns=0,0,0,66 rhino=- grid=- discard=- card=- seat=0 turn=1 phase=roll tally=0,0,0,0", "from 0 to 65"),
    ("pawns=0,0,0,x rhino=- grid=- discard=- card=- seat=0 turn=1 phase=roll tally=0,0,0,0", "must be a whole number"),
    ("pawns=0,0,0,0 rhino=- grid=3 discard=3 card=- seat=0 turn=1 phase=roll tally=0,0,0,0", "two places"),
    ("pawns=0,0,0,0 rhino=- grid=- discard=9,3 card=- seat=0 turn=1 phase=roll tally=0,0,0,0", "increasing"),
    ("pawns=0,0,0,0 rhino=- grid=31 discard=- card=- seat=0 turn=1 phase=roll tally=0,0,0,0", "from 1 to 30"),
    ("pawns=0,0,0,0 rhino=- grid=- discard=- card=- seat=0 turn=1 phase=dance tally=0,0,0,0", "unknown phase"),
    ("pawns=1,0,0,0 rhino=- grid=- discard=- card=3 seat=0 turn=1 phase=roll tally=0,0,0,0", "only during a rescue"),
    (
        "pawns=1,0,0,0 rhino=- grid=- discard=- card=- seat=0 turn=1 phase=rescue:blank:1:ok tally=0,0,0,0",
        "card in play",
    ),
    ("pawns=1,0,0,0 rhino=- grid=- discard=- card=2 seat=0 turn=1 phase=rescue:blank:0:ok tally=0,0,0,0", "J-BLANK-1"),
    ("pawns=2,0,0,0 rhino=- grid=- discard=- card=- seat=0 turn=1 phase=wait:0 tally=0,0,0,0", "J-WAIT-2"),
    ("pawns=64,0,0,0 rhino=0 grid=- discard=- card=- seat=0 turn=1 phase=roll tally=0,0,0,0", "R-J4"),
    (
        "pawns=0,0,0,0 rhino=- grid=1,2,3,4,5,6,7,8,9,10 discard=- card=- seat=0 turn=1 phase=roll tally=0,0,0,0",
        "J-GRID-1",
    ),
    ("pawns=0,0,0,0 rhino=- grid=1,2 discard=- card=- seat=0 turn=1 phase=lost tally=0,0,0,0", "all 10"),
    ("pawns=65,0,0,0 rhino=- grid=- discard=- card=- seat=0 turn=1 phase=roll tally=0,0,0,0", "J-WIN-3"),
    ("pawns=65,65,0,0 rhino=- grid=- discard=- card=- seat=0 turn=1 phase=tie:0,2 tally=0,0,0,0", "exactly"),
    ("pawns=65,0,0,0 rhino=- grid=- discard=- card=- seat=0 turn=1 phase=won:1 tally=0,0,0,0", "winner"),
    ("pawns=1,0,0,0 rhino=- grid=- discard=- card=- seat=0 turn=1 phase=rhino tally=0,0,0,0", "Rhino space"),
    ("pawns=4,0,0,0 rhino=- grid=- discard=- card=- seat=0 turn=1 phase=draw:blank tally=0,0,0,0", "that kind"),
    ("pawns=0,0,0,0 rhino=- grid=- discard=- card=- seat=0 turn=0 phase=roll tally=0,0,0,0", "turn"),
    ("pawns=0,0,0,0 rhino=- grid=- discard=- card=- seat=0 turn=1 phase=roll tally=0,0,0", "tally"),
    ("pawns=0,0,0,0 rhino=- grid=- discard=- card=- seat=0 turn=1 phase=setup:7 tally=0,0,0,0", "Challenge"),
    ("", "fields"),
    ("pawns=0,0,0,² rhino=- grid=- discard=- card=- seat=0 turn=1 phase=roll tally=0,0,0,0", "'²' at character 13"),
    ("pawns=0,0,0,05 rhino=- grid=- discard=- card=- seat=0 turn=1 phase=roll tally=0,0,0,0", "leading zeros"),
]


@pytest.mark.parametrize(("text", "problem"), BAD)
def test_malformed_positions_are_refused_with_the_problem_named(text, problem):
    game = tabletop.make("jumanji", players=4)
    with pytest.raises(NotationError, match=problem):
        game.state_from_text(text)


def test_actions_parse_by_their_notation_and_illegal_ones_change_nothing(pos):
    """Illegal actions raise and leave the position as it was."""
    game = tabletop.make("jumanji", players=4)
    state = game.state_from_text(pos("4,0,0,0", phase="rhino"))
    before = state.to_text()
    for bad in ("roll 3", "rhino 9", "card 1", "saved", "first 0", "jumanji"):
        with pytest.raises(IllegalActionError):
            state.apply_action(bad)
        assert state.to_text() == before
    assert str(state.parse_action("  no   rhino ")) == "no rhino"
