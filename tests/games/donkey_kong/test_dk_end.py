"""K-END-1, K-END-2, R-K9: the finish, the bonus, scores, winners, returns and metrics."""

from __future__ import annotations

from dk_scenarios import apply, field, position, route_to, spaces, state_of


def test_k_end_1_the_finisher_completes_the_turn_then_the_game_ends_with_the_bonus() -> None:
    """K-END-1: reaching the Finish, the obstacles still move, Donkey Kong releases, then the game is over."""
    state = state_of(position(pawns="L11.2,A3", dice="1,3", barrels="C8", down="J100/H400"))
    apply(state, route_to(state, "T1"))
    assert state.is_terminal() and field(state, "finisher") == "0"
    assert spaces(state, "barrels") == {"C5", "F1"}
    assert state.scores() == [600, 400] and state.winners() == (0,)


def test_k_end_1_bonus_only_once_the_turn_is_over() -> None:
    """K-END-1: while the finisher's turn is still running (a contact pending), the bonus is not yet counted."""
    state = state_of(position(pawns="L11.2,A6", dice="1,4", barrels="A8", up="-/J100", down="J100/-"))
    apply(state, route_to(state, "T1"))
    assert not state.is_terminal() and state.current_player() == 1
    assert state.score(0) == 100
    apply(state, "play J100")
    assert state.is_terminal() and state.score(0) == 600 and state.score(1) == 100


def test_k_end_2_face_down_cards_only_count_and_the_highest_wins() -> None:
    """K-END-2: face-up cards score nothing; played points plus the bonus decide."""
    state = state_of(position(pawns="L11.2,A3", dice="1,rests", up="-/H400.H400", down="J100/H300.H300"))
    apply(state, route_to(state, "T1"))
    assert state.scores() == [600, 600]
    assert state.winners() == (0, 1)


def test_r_k9_a_tie_is_a_shared_win_and_returns_rank_the_seats() -> None:
    """R-K9: tied top scores both win; returns give +1 to winners and -1 to the last."""
    state = state_of(position(players=3, pawns="L11.2,A3,A3", dice="1,rests", down="J100/J200.H400/J300"))
    apply(state, route_to(state, "T1"))
    assert state.scores() == [600, 600, 300]
    assert state.winners() == (0, 1)
    assert state.returns() == [1.0, 1.0, -1.0]
    metrics = state.metrics()
    assert metrics["score[0]"] == 600 and metrics["score[2]"] == 300
    assert metrics["rate:finisher_not_top"] == 0.0


def test_finisher_not_top_scorer_metric() -> None:
    """metrics(): 'rate:finisher_not_top' is 1 when the finisher does not have the top score."""
    state = state_of(position(pawns="L11.2,A3", dice="1,rests", down="-/H400.H400"))
    apply(state, route_to(state, "T1"))
    assert state.scores() == [500, 800] and state.winners() == (1,)
    assert state.metrics()["rate:finisher_not_top"] == 1.0
    assert state.returns() == [-1.0, 1.0]


def test_returns_are_zero_for_everyone_when_all_tie_and_while_playing() -> None:
    """returns(): all 0 during play, and all 0 when every seat ties."""
    state = state_of(position(pawns="L11.2,A3", dice="1,rests", down="-/H200.H300"))
    assert state.returns() == [0.0, 0.0]
    apply(state, route_to(state, "T1"))
    assert state.winners() == (0, 1) and state.returns() == [0.0, 0.0]
