"""PettingZoo's own checkers on every game it offers and every player count (tabletop.rl.pettingzoo)."""

from __future__ import annotations

import warnings
from functools import partial

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from tabletop.core.errors import IllegalActionError
from tabletop.core.registry import game_class
from tabletop.rl.pettingzoo import env, games

CASES = [(game, players) for game in games()
         for players in range(game_class(game).info.min_players, min(game_class(game).info.max_players, 4) + 1)]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_api_test_and_seed_test_pass(game: str, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # its advice on Dict observations, as for its own classic games
        api_test(env(game, players=players), num_cycles=200)
        seed_test(partial(env, game, players=players), num_cycles=200)


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    e = env("donkey-kong", players=2)
    e.reset(seed=3)
    before = e.unwrapped.state.to_text()
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError):
        e.step(illegal)
    assert e.unwrapped.state.to_text() == before


def test_a_game_ends_with_every_seats_returns_as_rewards() -> None:
    e = env("jumanji", players=3, render_mode="ansi")
    e.reset(seed=5)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        assert not truncated
        e.step(None if terminated else int(np.flatnonzero(observation["action_mask"])[0]))
    assert sorted(totals.values()) in ([-1.0, -1.0, 1.0], [-1.0, -1.0, -1.0], [0.0, 0.0, 0.0])
    assert "Jumanji" in e.unwrapped.render()


def test_a_reset_never_hands_over_a_finished_game() -> None:
    """Four-player Jumanji games can end with no rhino decision at all: reset deals again."""
    e = env("jumanji", players=4)
    for seed in range(200):
        e.reset(seed=seed)
        assert not e.unwrapped.state.is_terminal()
        assert e.observe(e.agent_selection)["action_mask"].any()
