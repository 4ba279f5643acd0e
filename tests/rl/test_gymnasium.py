"""Gymnasium's own checker on every registered environment, and the environments under AsyncVectorEnv
(tabletop.rl.gymnasium)."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from tabletop.core.registry import has_part
from tabletop.rl.common import learning_games
from tabletop.rl.gymnasium import TabletopEnv, env_id

#: every registered environment, against random opponents and, where the game has one, its heuristic
CASES = [(game, opponents) for game in learning_games() for opponents in ("random", "heuristic")
         if opponents == "random" or has_part(game, "heuristic")]


@pytest.mark.parametrize(("game", "opponents"), CASES)
def test_check_env_passes(game: str, opponents: str) -> None:
    env = gymnasium.make(env_id(game), players=2, opponents=opponents, render_mode="ansi")
    check_env(env.unwrapped, skip_render_check=False)


def test_the_entry_point_registers_every_game() -> None:
    env = gymnasium.make("tabletop/DonkeyKong-v0", players=3, opponents=["random", "heuristic"])
    assert isinstance(env.unwrapped, TabletopEnv) and env.unwrapped.game.num_players == 3


def test_a_seeded_reset_replays_exactly() -> None:
    runs = []
    for _ in range(2):
        env = gymnasium.make(env_id("doodle-jump"), players=2)
        observation, info = env.reset(seed=11)
        trace = [observation]
        done = False
        while not done:
            action = int(np.flatnonzero(info["action_mask"])[0])
            observation, _, done, _, info = env.step(action)
            trace.append(observation)
        runs.append(np.stack(trace))
    assert runs[0].shape == runs[1].shape and np.array_equal(runs[0], runs[1])


def test_an_illegal_action_ends_the_episode_with_the_lowest_return() -> None:
    env = gymnasium.make(env_id("donkey-kong"), players=2, seat=0)
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and reward == -1.0 and info["illegal_action"]


def test_the_environments_run_under_async_vector_env() -> None:
    envs = gymnasium.vector.AsyncVectorEnv(
        # a spawned worker imports nothing: the "module:id" form imports the registering module first
        [lambda: gymnasium.make("tabletop.rl.gymnasium:" + env_id("donkey-kong"), players=2) for _ in range(2)],
        context="spawn",
    )
    try:
        observations, infos = envs.reset(seed=[1, 2])
        assert observations.shape == (2, envs.single_observation_space.shape[0])
        for _ in range(30):
            masks = infos["action_mask"]
            actions = np.array([int(np.flatnonzero(m)[0]) for m in masks])
            observations, _, _, _, infos = envs.step(actions)
        assert observations.dtype == np.float32
    finally:
        envs.close()


def test_every_episode_gives_the_learner_a_decision() -> None:
    """In Jumanji the only decisions are the rhino's, and many games end without one for a seat."""
    env = TabletopEnv("jumanji", players=2)
    for seed in range(30):
        _, info = env.reset(seed=seed)
        assert not env.state.is_terminal() and info["action_mask"].any()
