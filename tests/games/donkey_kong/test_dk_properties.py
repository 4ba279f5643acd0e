"""Property tests (hypothesis) over random action sequences: the invariants always hold."""

from __future__ import annotations

from dk_scenarios import make_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.core.errors import IllegalActionError
from tabletop.games.donkey_kong import DonkeyKongState
from tabletop.games.donkey_kong.invariants import check_position

GAMES = {(n, first): make_game(n, first_player=first) for n in (2, 3, 4) for first in (None, n - 1)}


def check_invariants(state: DonkeyKongState) -> None:
    check_position(state)  # every invariant the position reader demands holds in play
    assert state.game.state_from_text(state.to_text()).to_text() == state.to_text()
    rules = state.rules
    board = rules.board
    data = state.to_dict()
    # the 12 barrels: board (resting or moving), arm
    assert len(data["barrels"]) + (state.mover_kind == 1) + data["barrels_in_arm"] == rules.barrels == 12
    # the 4 fireballs: board (resting or moving), Oil Can
    assert len(data["fireballs"]) + (state.mover_kind == 2) + data["fireballs_at_oil_can"] == rules.fireballs == 4
    # the 48 cards: deck, hands, played piles
    held = [sum(state.hand_of(s)) + sum(state.played_of(s)) for s in range(state.players)]
    assert sum(state.deck) + sum(held) == rules.total_cards == 48
    assert all(c >= 0 for c in state.deck + state.hands + state.played)
    # no two obstacles of one kind (or of both kinds) share a space, and none rests on a ladder
    assert len(set(data["barrels"])) == len(data["barrels"]) and len(set(data["fireballs"])) == len(data["fireballs"])
    assert not set(data["barrels"]) & set(data["fireballs"])
    assert all(board.ladder_of[board.index[s]] < 0 for s in data["barrels"] + data["fireballs"])
    # scores are the played cards' points, plus the bonus once the game is over
    for seat in range(state.players):
        points = sum(c * p for c, p in zip(state.played_of(seat), rules.card_points, strict=True))
        bonus = rules.finish_bonus if state.is_terminal() and seat == state.finisher else 0
        assert state.score(seat) == points + bonus == data["scores"][seat]


def probe_illegal(state: DonkeyKongState) -> None:
    """An action from the wrong node is refused and changes nothing."""
    before = state.to_text()
    legal = {str(a) for a in state.legal_actions()}
    for text in ("play H400", "white 6", "red rests", "draw J100", "move A4", "steal J300"):
        if text in legal:
            continue
        try:
            state.apply_action(text)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"{text!r} was accepted")
        assert state.to_text() == before


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(sorted(GAMES, key=str)), choices=st.lists(st.integers(0, 10**6), min_size=50,
                                                                        max_size=600))
def test_invariants_hold_along_any_action_sequence(game: tuple[int, int | None], choices: list[int]) -> None:
    """Every position reached passes the position invariants and reads back; barrels, fireballs and cards are
    all accounted for; obstacles never double up; scores add up."""
    state = GAMES[game].new_initial_state()
    assert isinstance(state, DonkeyKongState)
    for i, choice in enumerate(choices):
        if state.is_terminal():
            break
        check_invariants(state)
        if i % 17 == 0:
            probe_illegal(state)
        legal = state.legal_actions()
        state.apply_action(legal[choice % len(legal)])
    check_invariants(state)
