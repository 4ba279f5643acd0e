"""Blank, Jungle and Wait spaces, rescues and the Doomsday Grid
(J-BLANK-*, J-RESCUE-*, J-WAIT-*, J-JUNGLE-*, J-GRID-1, R-J2, R-J5, R-J6, R-J9, R-J10)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from tabletop.core.errors import InvalidOptionError
from tabletop.games.jumanji.game import rescue_chance


def test_blank_space_draws_a_card_and_only_the_others_roll(short, pos, play):
    """J-BLANK-1: land on Blank, draw; seats 1, 2, 3 roll (from the left); seat 0 never does."""
    state = play(short(4), pos("0,0,0,0"), "roll 1")
    assert state.to_text() == pos("1,0,0,0", phase="draw:blank")
    state.apply_action("card 1")
    assert state.to_text() == pos("1,0,0,0", card="1", phase="rescue:blank:1:ok", tally="1,0,0,0")
    state.apply_action("saved")
    assert "phase=rescue:blank:2:ok" in state.to_text()
    state.apply_action("saved")
    assert "phase=rescue:blank:3:ok" in state.to_text()
    state.apply_action("saved")
    assert "phase=roll" in state.to_text() and "seat=1" in state.to_text()
    # two players: exactly one rescuer
    state = play(short(2), pos("1,0", phase="draw:blank"), "card 1", "saved")
    assert "seat=1" in state.to_text() and "phase=roll" in state.to_text()


def test_blank_rescued_others_move_ahead_card_discarded(short, pos, play):
    """J-BLANK-2: your pawn stays, the others move ahead 2, the card is discarded, the turn ends."""
    state = play(short(4), pos("5,0,2,6", phase="draw:blank"), "card 2", "saved", "saved", "saved")
    assert state.to_text() == pos("5,2,4,8", discard="2", seat=1, turn=2, tally="1,0,3,0")


def test_every_rescuer_rolls_even_after_one_has_failed(short, pos, play):
    """R-J14: seat 1 fails first; seats 2 and 3 still roll (each a chance node, all counted)."""
    state = play(short(4), pos("5,0,0,0", phase="draw:blank"), "card 1", "failed")
    assert state.to_text() == pos("5,0,0,0", card="1", phase="rescue:blank:2:fail", tally="1,0,1,1")
    state.apply_action("saved")
    assert "phase=rescue:blank:3:fail" in state.to_text()
    state.apply_action("saved")
    assert state.to_text() == pos("2,0,0,0", grid="1", seat=1, turn=2, tally="1,1,3,1")


def test_hourglass_wild_with_three_or_four_whoever_starts(short):
    """R-J17 (J-RESCUE-1/2): wild for 3 and 4 players, not for 2, whatever the first player."""
    for first in range(2):
        assert not short(2, first_player=first).wild
    for players in (3, 4):
        for first in range(players):
            assert short(players, first_player=first).wild


def test_blank_failed_you_move_back_card_on_grid(short, pos, play):
    """J-BLANK-3: one rescuer fails: you go back 3, the others stay, the card goes on the grid."""
    state = play(short(4), pos("5,0,2,6", phase="draw:blank"), "card 4", "saved", "failed", "saved")
    assert state.to_text() == pos("2,0,2,6", grid="4", seat=1, turn=2, tally="1,1,3,1")
    # back past START stops on START
    state = play(short(4), pos("1,0,0,0", phase="draw:blank"), "card 18", "failed", "failed", "failed")
    assert state.to_text().startswith("pawns=0,0,0,0 ")


def test_failed_card_goes_on_the_next_empty_grid_place(short, pos, play):
    """R-J2 and J-GRID-1: the grid fills in order; a new card goes after the last one."""
    state = play(short(4), pos("5,0,0,0", grid="4,17", phase="draw:blank"), "card 1", "failed", "saved", "saved")
    assert "grid=4,17,1 " in state.to_text()


@pytest.mark.parametrize("rolls", [1, 2, 4, 8, 12])
def test_rescue_chance_with_the_wild_hourglass(short, pos, rolls):
    """J-RESCUE-1 and R-J6: saved with probability 1 - (6/8)^rolls (symbol or hourglass)."""
    game = short(3, rescue_rolls=rolls)
    state = game.state_from_text(pos("1,0,0", card="1", phase="rescue:blank:1:ok"))
    pairs = dict((str(a), p) for a, p in state.chance_outcomes())
    assert pairs == {"saved": 1 - Fraction(3, 4) ** rolls, "failed": Fraction(3, 4) ** rolls}


@pytest.mark.parametrize("rolls", [1, 4, 8])
def test_two_players_hourglass_is_not_wild(short, pos, rolls):
    """J-RESCUE-2: with two players only the card's symbol saves: 1 - (7/8)^rolls."""
    game = short(2, rescue_rolls=rolls)
    assert not game.wild
    state = game.state_from_text(pos("1,0", card="1", phase="rescue:blank:1:ok"))
    assert state.chance_distribution().probability(state.parse_action("saved")) == 1 - Fraction(7, 8) ** rolls


@pytest.mark.parametrize("wild", [True, False])
@pytest.mark.parametrize("rolls", [1, 2, 3])
def test_rescue_chance_matches_enumerating_every_roll_sequence(rolls, wild):
    """J-RESCUE-1/J-RESCUE-2: the closed form agrees with counting all 8^rolls sequences."""
    faces = ["rope", "saber", "die", "axe", "racquet", "open door", "raft", "hourglass"]
    good = {"saber", "hourglass"} if wild else {"saber"}
    sequences = list(itertools.product(faces, repeat=rolls))
    hits = sum(1 for seq in sequences if any(f in good for f in seq))
    assert rescue_chance(rolls, 8, wild) == Fraction(hits, len(sequences))


def test_default_rescue_rolls_and_bad_values(short):
    """R-J6: the default comes from the data file (8 rolls in 8 seconds); 0 or 21 are refused."""
    assert short(4).rescue_rolls == 8
    assert short(4, rescue_rolls=3).rescue_rolls == 3
    for bad in (0, 21, "fast"):
        with pytest.raises(InvalidOptionError, match="rescue_rolls"):
            short(4, rescue_rolls=bad)


@pytest.mark.parametrize("roll", ["roll 5", "roll 8"])
def test_wait_five_or_eight_stops_at_once(short, pos, play, roll):
    """J-WAIT-1: the player to the left rolls once; 5 or 8 and nobody moves; the turn ends."""
    state = play(short(4), pos("0,0,0,0"), "roll 2")
    assert state.to_text() == pos("2,0,0,0", phase="wait:1")
    state.apply_action(roll)
    assert state.to_text() == pos("2,0,0,0", seat=1, turn=2)


def test_wait_other_numbers_slide_back_and_the_next_player_rolls(short, pos, play):
    """J-WAIT-2: each miss moves you back one (no directions); rollers go left, skipping you."""
    state = play(short(4), pos("0,0,0,0", seat=1), "roll 7")
    assert state.to_text() == pos("0,7,0,0", seat=1, phase="wait:2")
    state.apply_action("roll 3")
    assert state.to_text() == pos("0,6,0,0", seat=1, phase="wait:3")
    state.apply_action("roll 1")
    assert state.to_text() == pos("0,5,0,0", seat=1, phase="wait:0")
    state.apply_action("roll 6")
    assert state.to_text() == pos("0,4,0,0", seat=1, phase="wait:2")  # seat 1 never rolls
    state.apply_action("roll 8")
    assert state.to_text() == pos("0,4,0,0", seat=2)  # on a Rhino space, but no directions


def test_wait_back_to_start_ends_the_turn(short, pos, play):
    """J-WAIT-3: sucked back to START, the wait ends; the next turn starts from START."""
    state = play(short(4), pos("0,0,0,0"), "roll 2", "roll 1")
    assert state.to_text() == pos("1,0,0,0", phase="wait:2")
    state.apply_action("roll 2")
    assert state.to_text() == pos("0,0,0,0", seat=1, turn=2)


def test_two_player_wait_the_other_player_rolls_every_time(short, pos, play):
    """R-J9 (and J-WAIT-2): with two players seat 1 does every roll for seat 0."""
    state = play(short(2), pos("7,0", phase="wait:1"))
    for roll in ("roll 1", "roll 2", "roll 3"):
        state.apply_action(roll)
        assert "phase=wait:1" in state.to_text()
    assert state.to_text().startswith("pawns=4,0 ")


def test_jungle_space_everyone_rolls_you_first(short, pos, play):
    """J-JUNGLE-1: draw a card; all players, you first, roll Rescue dice."""
    state = play(short(4), pos("0,0,0,0", seat=2), "roll 3")
    assert state.to_text() == pos("0,0,3,0", seat=2, phase="draw:jungle")
    state.apply_action("card 7")
    rollers = []
    for _ in range(4):
        rollers.append(state.to_text().split("phase=rescue:jungle:")[1][0])
        state.apply_action("saved")
    assert rollers == ["2", "3", "0", "1"]


def test_jungle_rescued_everyone_moves_ahead(short, pos, play):
    """J-JUNGLE-2: all succeed: every pawn, yours too, moves ahead 2; no directions; turn over."""
    state = play(short(4), pos("3,0,5,1", phase="draw:jungle"), "card 2", *["saved"] * 4)
    assert state.to_text() == pos("5,2,7,3", discard="2", seat=1, turn=2, tally="1,0,4,0")


def test_jungle_failed_card_on_grid_draw_again_until_saved(short, pos, play):
    """J-JUNGLE-3: a failure sends the card to the grid, pawns stay, a new card is drawn."""
    state = play(short(4), pos("3,0,5,1", phase="draw:jungle"), "card 2", "saved", "saved", "failed", "saved")
    assert state.to_text() == pos("3,0,5,1", grid="2", phase="draw:jungle", tally="1,1,4,1")
    state.apply_action("card 7")
    for _ in range(4):
        state.apply_action("saved")
    assert state.to_text() == pos("4,1,6,2", grid="2", discard="7", seat=1, turn=2, tally="2,1,8,1")


def test_full_grid_the_jungle_wins_and_everyone_loses(short, pos, play):
    """J-GRID-1 and R-J10: the tenth card fills the grid: all lose, an outcome of its own."""
    nine = ",".join(str(c) for c in range(1, 10))
    state = play(short(4), pos("3,0,5,1", grid=nine, phase="draw:jungle"), "card 20", "failed", *["saved"] * 3)
    # the tally counts the nine failed rescues before (27 rolls at least) and this one
    assert state.to_text() == pos("3,0,5,1", grid=nine + ",20", phase="lost", tally="10,10,31,10")
    assert state.is_terminal()
    assert state.returns() == [-1.0] * 4
    assert state.winners() == ()
    assert state.jungle_won()
    metrics = state.metrics()
    assert metrics["rate:all_lose"] == 1.0 and metrics["grid_cards"] == 10.0
    assert metrics["rescues_failed"] == 10.0 and metrics["rescue_rolls_failed"] == 10.0
    # a Blank-space failure can fill it too
    state = play(short(2), pos("5,0", grid=nine, phase="draw:blank"), "card 20", "failed")
    assert state.jungle_won() and state.returns() == [-1.0, -1.0]


def test_empty_draw_pile_takes_the_shuffled_discard_pile(short, pos, play):
    """R-J5: the last card drawn, the discard pile becomes the draw pile; the grid stays."""
    grid = ",".join(str(c) for c in range(1, 10))
    discard = ",".join(str(c) for c in range(10, 30))
    state = play(short(4), pos("1,0,0,0", grid=grid, discard=discard, phase="draw:blank"))
    assert [str(a) for a in state.legal_actions()] == ["card 30"]
    state.apply_action("card 30")
    assert state.to_dict()["draw_pile"] == 20 and state.to_dict()["discard"] == []
    for _ in range(3):
        state.apply_action("saved")
    assert state.to_dict()["discard"] == [30]
    state = play(short(4), state.to_text())
    state.apply_action("roll 4")  # seat 1 to a Rhino space; leave it; seat 2 onto a Blank
    state.apply_action("no rhino")
    state.apply_action("roll 1")
    outcomes = state.chance_outcomes()
    assert sorted(int(str(a).split()[1]) for a, _ in outcomes) == list(range(10, 30))
    assert all(p == Fraction(1, 20) for _, p in outcomes)
