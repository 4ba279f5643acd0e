"""Invariants over random action sequences (hypothesis), on the shipped and the crossing board.

J-MOVE-1 (no two pawns share a space), J-GRID-1 (the grid never holds more than its
places), the 30 cards are always all somewhere, and illegal actions change nothing.
"""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core.errors import IllegalActionError
from tabletop.games.jumanji import JumanjiState

ALL_ACTIONS = [
    "roll 1",
    "roll 8",
    "card 1",
    "card 30",
    "saved",
    "failed",
    "first 0",
    "first 3",
    "rhino 0",
    "rhino 3",
    "no rhino",
]


def _check_invariants(state: JumanjiState) -> None:
    game = state.game
    board = game.board
    info = state.to_dict()
    # J-MOVE-1: no two pawns on one space (each START is its own space; the centre ends the game)
    on_path = [state.space_of(s) for s in range(game.num_players) if state.pos[s] != board.centre[s]]
    assert len(on_path) == len(set(on_path)), state.to_text()
    # J-GRID-1: never more cards than places; full only when the jungle has won
    assert len(info["grid"]) <= board.grid_places
    assert (len(info["grid"]) == board.grid_places) == state.jungle_won()
    # the 30 cards: each in exactly one place
    placed = info["grid"] + info["discard"] + ([info["card"]] if info["card"] else [])
    assert len(placed) == len(set(placed))
    assert len(placed) + info["draw_pile"] == len(board.card_numbers) == 30
    # the rhino is never on the centre (R-J4) and always just ahead of its pawn (J-RHINO-4)
    if state.rhino_space() is not None:
        assert state.rhino_space() < board.centre[info["rhino"]]
    assert game.state_from_text(state.to_text()) == state


def _run(game: tabletop.Game, choices: list[int], probe: int, seed: int) -> None:
    """Follow ``choices`` (indices into the legal actions), then a random stream from ``seed``,
    to the end of the game."""
    state = game.new_initial_state()
    assert isinstance(state, JumanjiState)
    rng = random.Random(seed)
    for step in range(game.max_game_length()):
        choice = choices[step] if step < len(choices) else rng.randrange(10**6)
        _check_invariants(state)
        if state.is_terminal():
            assert state.legal_actions() == ()
            returns = state.returns()
            assert returns in ([-1.0] * game.num_players,) or sorted(returns)[-1] == 1.0
            return
        legal = state.legal_actions()
        if step % 7 == probe % 7:
            # illegal actions change nothing
            before = state.to_text()
            legal_text = {str(a) for a in legal}
            for text in ALL_ACTIONS:
                if text not in legal_text:
                    try:
                        state.apply_action(text)
                    except IllegalActionError:
                        pass
                    else:
                        raise AssertionError(f"{text!r} was accepted at {before}")
                    assert state.to_text() == before
        state.apply_action(legal[choice % len(legal)])
    raise AssertionError("no end within the declared maximum length")


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@SETTINGS
@given(
    players=st.integers(2, 4),
    challenge=st.integers(0, 6),
    rolls=st.integers(1, 20),
    choices=st.lists(st.integers(0, 10**6), max_size=60),
    probe=st.integers(0, 6),
    seed=st.integers(0, 2**32),
)
def test_invariants_on_the_shipped_board(players, challenge, rolls, choices, probe, seed):
    """J-MOVE-1, J-GRID-1, J-SETUP-1 (all 30 cards somewhere), illegal actions change nothing."""
    game = tabletop.make("jumanji", players=players, challenge_cards=challenge, rescue_rolls=rolls)
    _run(game, choices, probe, seed)


@SETTINGS
@given(
    players=st.integers(2, 4),
    challenge=st.integers(0, 6),
    rolls=st.integers(1, 6),
    choices=st.lists(st.integers(0, 10**6), max_size=60),
    probe=st.integers(0, 6),
    seed=st.integers(0, 2**32),
)
def test_invariants_on_a_board_whose_paths_cross(crossing_board: Path, players, challenge, rolls, choices, probe, seed):
    """J-MOVE-1 where it bites: pawns meet on shared spaces and never share one."""
    game = tabletop.make(
        "jumanji", players=players, challenge_cards=challenge, rescue_rolls=rolls, data=str(crossing_board)
    )
    _run(game, choices, probe, seed)
