"""Only positions a game can reach are read: pieces, cards, phase and counters must agree.

Each refusal names the field that is wrong; the texts here are real positions with one field
changed, as the fuzzer (benchmarks/fuzz/fuzz.py) changes them.
"""

from __future__ import annotations

import pytest

import tabletop
from tabletop.core.errors import NotationError
from tabletop.games.jumanji.invariants import actions_taken

GOOD = "pawns=12,3,30,0 rhino=1 grid=4,17 discard=1,9 card=5 seat=2 turn=11 phase=rescue:blank:0:fail tally=5,2,13,3"


def _with(**fields: str) -> str:
    parts = dict(f.split("=", 1) for f in GOOD.split())
    parts.update(fields)
    return " ".join(f"{k}={v}" for k, v in parts.items())


def test_the_base_position_is_accepted_and_reads_back():
    game = tabletop.make("jumanji", players=4)
    assert game.state_from_text(GOOD).to_text() == GOOD


def test_an_empty_draw_pile_is_refused_because_the_discard_pile_replaces_it_at_once():
    """R-J20 (with R-J5): the discard pile becomes the draw pile the moment the last card is drawn,
    so a position with no card to draw never arises; the issue's example is refused naming the field."""
    game = tabletop.make("jumanji", players=4)
    discard = ",".join(str(c) for c in range(3, 31))
    text = (
        f"pawns=1,0,0,0 rhino=- grid=1,2 discard={discard} card=- seat=0 turn=29 phase=draw:blank "
        "tally=30,2,90,2"
    )
    with pytest.raises(NotationError, match=r"discard: no card is left in the draw pile.*\(R-J20\)"):
        game.state_from_text(text)
    # one card fewer in the discard pile: that card is the draw pile, and the draw is its only outcome
    state = game.state_from_text(text.replace("discard=3,", "discard=").replace("tally=30,2,90,2", "tally=29,2,87,2"))
    assert [str(a) for a in state.legal_actions()] == ["card 3"]
    state.apply_action("card 3")  # R-J5: the discard pile is the new draw pile at once
    assert state.to_dict()["draw_pile"] == 27 and state.to_dict()["discard"] == []


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"seat": "1"}, "seat: turn 11 of a game that seat 0 began is seat 2's"),
        ({"turn": "12"}, "seat: turn 12 of a game that seat 0 began is seat 3's"),
        ({"turn": "1000000000"}, "turn must be a whole number from 1 to 2000"),
        ({"turn": "9" * 5000}, "turn must be a whole number from 1 to 2000"),
        ({"turn": "2001"}, "turn must be a whole number from 1 to 2000"),
        ({"tally": "5,2,13,1000000000"}, "a tally must be a whole number from 0 to 248000"),
        ({"tally": "5,3,13,3"}, "tally: 3 failed rescues, but 2 cards on the grid came from them"),
        ({"tally": "5,2,40,3"}, "tally: rescue rolls that do not fit the cards faced"),
        ({"tally": "5,2,13,2"}, "tally: fewer rolls out of time than failed rescues"),
        ({"tally": "5,2,13,12"}, "tally: rolls out of time that no failed rescue had"),
        ({"tally": "3,2,9,3"}, "tally: more cards in the discard pile than rescues that succeeded"),
        ({"tally": "40,2,121,3", "turn": "31"}, "tally: more rescued cards than turns that ended with one"),
        ({"tally": "14,2,40,3"}, "tally: more rescued cards than turns that ended with one"),
        ({"phase": "rescue:blank:3:fail"}, "phase: nobody has rolled for this card yet"),
        ({"card": "-", "phase": "roll"}, "tally: rescue rolls that do not fit"),
        ({"pawns": "12,65,30,0"}, "pawns: a pawn on the centre ends the game"),
        ({"rhino": "1", "pawns": "12,64,30,0"}, "rhino: the rhino can never stand on the centre"),
        ({"grid": "2,3,4,6,7,8,10,11,12,13"}, "grid: a full grid"),
        ({"pawns": "1,2,3,4,5"}, "pawns lists 5 pawns for 4 players"),
        ({"grid": ",".join(["4"] * 31)}, "grid lists 31 cards; the deck has 30"),
        ({"tally": "5,2,13,x"}, "a tally must be a whole number"),
        ({"card": "05"}, "card is written without leading zeros"),
    ],
)
def test_a_position_a_game_cannot_reach_is_refused_naming_the_field(fields: dict[str, str], problem: str):
    game = tabletop.make("jumanji", players=4)
    with pytest.raises(NotationError, match=problem.replace("(", r"\(").replace(")", r"\)")):
        game.state_from_text(_with(**fields))


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("pawns=0,0,0 rhino=- grid=- discard=- card=- seat=0 turn=1 phase=setup:1 tally=0,0,0,0", "deals 2 cards"),
        ("pawns=0,1,0 rhino=- grid=3 discard=- card=- seat=0 turn=1 phase=setup:1 tally=0,0,0,0", "J-SETUP-2"),
        ("pawns=0,0,0 rhino=- grid=3 discard=- card=- seat=1 turn=1 phase=setup:1 tally=0,0,0,0", "J-SETUP-2"),
        ("pawns=0,0,0 rhino=- grid=3 discard=- card=- seat=0 turn=1 phase=roll tally=0,0,0,0", "dealt 2 cards"),
        ("pawns=65,65,0 rhino=- grid=3,4 discard=- card=- seat=0 turn=4 phase=tie:0,1 tally=0,0,0,0", "discard:"),
    ],
)
def test_challenge_and_tie_positions_must_be_reachable(text: str, problem: str):
    """J-SETUP-2: Challenge cards are dealt before anything else; a tie follows a rescued card."""
    game = tabletop.make("jumanji", players=3, challenge_cards=2)
    with pytest.raises(NotationError, match=problem):
        game.state_from_text(text)


def test_counters_are_bounded_by_the_turn_limit_and_the_game_length():
    """The turn is at most the turn limit (R-J21), and a position at it takes no more actions than
    max_game_length()."""
    game = tabletop.make("jumanji", players=2)
    limit = game.max_game_length()
    with pytest.raises(NotationError, match="turn must be a whole number from 1 to 2000"):
        game.state_from_text("pawns=0,0 rhino=- grid=- discard=- card=- seat=0 turn=2001 phase=roll tally=0,0,0,0")
    text = "pawns=0,0 rhino=- grid=- discard=- card=- seat=1 turn=2000 phase=roll tally=0,0,0,0"
    at_limit = game.state_from_text(text)
    assert actions_taken(at_limit) <= limit

