"""The conformance suite on every option, and whole games through tabletop.play and tabletop.replay."""

from __future__ import annotations

import pytest
from dk_scenarios import make_game

import tabletop
from tabletop.agents import RandomAgent
from tabletop.games.donkey_kong import DonkeyKongState
from tabletop.testing import check_game


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("first_player", [None, 0, 1])
def test_conformance_on_every_option(players: int, first_player: int | None) -> None:
    game = make_game(players, first_player=first_player)
    report = check_game(game, playouts=1, seed=players * 10 + (first_player if first_player is not None else 9))
    assert report.playouts == 1 and report.max_length <= game.max_game_length()


def test_conformance_with_the_last_seat_first() -> None:
    check_game(make_game(4, first_player=3), playouts=1, seed=5)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_agents_finish_and_replay_exactly(players: int) -> None:
    """Complete games end with a finisher and scores, and replay exactly."""
    game = make_game(players, first_player=None)
    for seed in range(3):
        record = tabletop.play(game, [RandomAgent() for _ in range(players)], seed=seed)
        state = tabletop.replay(record)
        assert isinstance(state, DonkeyKongState)
        assert state.is_terminal() and state.finisher >= 0
        assert state.score(state.finisher) >= state.rules.finish_bonus
        assert list(state.winners()) == record.winners and record.returns is not None
        assert max(record.returns) == 1.0 or set(record.returns) == {0.0}
