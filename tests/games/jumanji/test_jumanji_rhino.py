"""The rhino: the game's one real decision (J-RHINO-*, R-J3, R-J4, J-TURN-4)."""

from __future__ import annotations


def _choices(state):
    return [str(a) for a in state.legal_actions()]


def test_rhino_space_offers_every_pawn_or_declining(short, pos, play):
    """J-RHINO-1 and R-J4: ahead of any pawn (own included) or decline; placing blocks it."""
    state = play(short(4), pos("0,3,6,10"), "roll 4")
    assert state.current_player() == 0 and not state.is_chance_node()
    # seat 3 at 10: the space ahead is the centre, never allowed
    assert _choices(state) == ["no rhino", "rhino 0", "rhino 1", "rhino 2"]
    state.apply_action("rhino 2")
    assert state.to_text() == pos("4,3,6,10", rhino="2", seat=1, turn=2)
    assert state.rhino_space() == 7


def test_declining_leaves_the_rhino_where_it_is(short, pos, play):
    """R-J4: declining is always legal and changes nothing but the turn."""
    state = play(short(4), pos("4,3,6,0", rhino="1", phase="rhino"), "no rhino")
    assert state.to_text() == pos("4,3,6,0", rhino="1", seat=1, turn=2)


def test_moving_the_rhino_frees_the_pawn_it_blocked(short, pos, play):
    """R-J4 and J-RHINO-2: put ahead of seat 3, it no longer blocks seat 1; seat 1 is not offered again."""
    state = play(short(4), pos("4,3,6,0", rhino="1", phase="rhino"))
    assert "rhino 1" not in _choices(state)
    state.apply_action("rhino 3")
    assert "rhino=3 " in state.to_text()


def test_own_pawn_may_be_blocked(short, pos, play):
    """R-J4: the mover may even block their own pawn."""
    state = play(short(4), pos("4,0,0,0", phase="rhino"), "rhino 0")
    assert state.to_text() == pos("4,0,0,0", rhino="0", seat=1, turn=2)


def test_blocked_pawn_stays_blocked_through_other_turns(short, pos, play):
    """J-RHINO-2 and R-J3: a rescued card moves the others, but not the blocked pawn."""
    state = play(short(4), pos("5,2,2,2", rhino="1", phase="draw:blank"), "card 2", "saved", "saved", "saved")
    assert state.to_text() == pos("5,2,4,4", rhino="1", discard="2", seat=1, turn=2, tally="1,0,3,0")
    state = play(short(4), pos("3,2,2,2", rhino="1", phase="draw:jungle"), "card 2", *["saved"] * 4)
    assert state.to_text().startswith("pawns=5,2,4,4 rhino=1 ")


def test_blocked_player_rolls_even_rhino_goes_home_and_pawn_moves(short, pos, play):
    """J-RHINO-3: an even roll sends the rhino home; the pawn moves and obeys its new space."""
    state = play(short(4), pos("0,0,0,0", rhino="0"), "roll 4")
    assert state.to_text() == pos("4,0,0,0", phase="rhino")
    state = play(short(4), pos("5,0,0,0", rhino="0"), "roll 2")
    assert state.to_text() == pos("7,0,0,0", phase="wait:1")


def test_blocked_player_rolls_odd_stays_and_obeys_own_space(short, pos, play):
    """J-RHINO-3, J-TURN-4 and R-J19: odd: still blocked, follow the directions of the space you are on."""
    state = play(short(4), pos("5,0,0,0", rhino="0"), "roll 3")
    assert state.to_text() == pos("5,0,0,0", rhino="0", phase="draw:blank")
    state = play(short(4), pos("9,0,0,0", rhino="0"), "roll 1")
    assert state.to_text() == pos("9,0,0,0", rhino="0", phase="rhino")
    # R-J19: on its own Rhino space the blocked player may move the rhino away, freeing itself
    state.apply_action("rhino 2")
    assert "rhino=2 " in state.to_text()


def test_rhino_follows_a_blocked_pawn_backwards(short, pos, play):
    """J-RHINO-4: sent back 2 by a failed rescue, the pawn keeps the rhino just ahead of it."""
    state = play(short(4), pos("5,0,0,0", rhino="0", phase="draw:blank"))
    assert state.rhino_space() == 6
    for action in ("card 2", "failed", "saved", "saved"):
        state.apply_action(action)
    assert state.to_text().startswith("pawns=3,0,0,0 rhino=0 ")
    assert state.rhino_space() == 4
    # and on a Wait for 5 or 8: each slide drags the rhino along
    state = play(short(4), pos("7,0,0,0", rhino="0"), "roll 1", "roll 1")
    assert state.to_text() == pos("6,0,0,0", rhino="0", phase="wait:2")
    assert state.rhino_space() == 7


def test_even_roll_too_big_frees_but_does_not_move(short, pos, play):
    """R-J15 (J-RHINO-3 with J-WIN-2): 5 + 8 passes the centre: the rhino goes home, the pawn stays."""
    state = play(short(4), pos("5,0,0,0", rhino="0"), "roll 8")
    assert state.to_text() == pos("5,0,0,0", phase="draw:blank")


def test_rhino_decision_is_asked_even_when_only_declining_is_legal(short, pos, play):
    """R-J16: every other pawn is one space from the centre and the rhino already blocks seat 0."""
    state = play(short(4), pos("0,10,10,10", rhino="0"), "roll 3")  # odd: blocked; on START: turn over
    assert "seat=1" in state.to_text()
    state = play(short(4), pos("4,10,10,10", rhino="0", phase="rhino"))
    assert state.current_player() == 0
    assert _choices(state) == ["no rhino"]
    state.apply_action("no rhino")
    assert state.to_text() == pos("4,10,10,10", rhino="0", seat=1, turn=2)
