"""The batched learning environment: N games in one compiled call, each the single environment's game (issue 27)."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest

import tabletop.rl.gymnasium  # noqa: F401 (registers the environments)
from tabletop.agents import RandomAgent
from tabletop.core.compiled import COMPILED
from tabletop.core.game import Game
from tabletop.core.play import Streams, mix64
from tabletop.core.state import State
from tabletop.rl.vector import TabletopVectorEnv

pytestmark = pytest.mark.skipif(not COMPILED, reason="the batched environment needs Numba (the fast extra)")


class Shadow:
    """Game ``e`` of a vector environment replayed through the rules, as the single environment plays it:
    chance from the episode's streams, the other seats RandomAgents on their own streams."""

    def __init__(self, env: TabletopVectorEnv, e: int, episode: int) -> None:
        self.game: Game = env.game
        n = self.game.num_players
        self.e = e
        while True:  # a game over before the learner decides is no episode (Jumanji): the next seed is dealt
            seed = env.episode_seed(e, episode)
            fixed = int(env.games.fixed_seat)
            self.seat = fixed if fixed >= 0 else mix64(seed) % n
            self.streams = Streams(seed)
            self.state: State = self.game.new_initial_state()
            self.agents = {s: RandomAgent() for s in range(n) if s != self.seat}
            self.advance()
            if not self.state.is_terminal():
                break
            episode += 1
        self.episode = episode

    def advance(self) -> None:
        state = self.state
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(self.streams.chance(state))
                continue
            player = state.current_player()
            if player == self.seat:
                return
            state.apply_action(self.agents[player].step(state, self.streams.seat(player)))

    def vector(self) -> Any:
        return self.game.observer.vector(self.state, self.seat)


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("doodle-jump", {"players": 2}),
        ("doodle-jump", {"players": 4, "tiles": "expert"}),
        ("jumanji", {"players": 2}),
        ("jumanji", {"players": 4, "challenge_cards": 2, "turn_limit": 40}),
        ("donkey-kong", {"players": 2, "first_player": 0}),
        ("donkey-kong", {"players": 4, "turn_limit": 30}),
    ],
    ids=["doodle-jump-2-power", "doodle-jump-4-expert", "jumanji-2", "jumanji-4-challenge-limit", "donkey-kong-2",
         "donkey-kong-4-opening-limit"],
)
def test_every_game_is_the_single_environments_game(name: str, options: dict[str, Any]) -> None:
    """Observation (bit for bit), mask, reward, end and last observation of every game at every step equal those
    of the rules driven as TabletopEnv drives them, across episodes (autoreset in the same step)."""
    env = TabletopVectorEnv(name, num_envs=6, **options)
    observations, info = env.reset(seed=3)
    shadows = [Shadow(env, e, 0) for e in range(6)]
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(250):
        for e, shadow in enumerate(shadows):
            assert np.array_equal(observations[e], shadow.vector())
            assert np.array_equal(env.action_masks()[e], env.game.encoding.mask(shadow.state).astype(bool))
            assert info["seat"][e] == shadow.seat
        actions = np.array([rng.choice(np.flatnonzero(mask)) for mask in env.action_masks()])
        observations, rewards, terminated, truncated, info = env.step(actions)
        assert not truncated.any()
        for e, shadow in enumerate(shadows):
            shadow.state.apply_action(shadow.state.int_to_action(int(actions[e])))
            shadow.advance()
            assert terminated[e] == shadow.state.is_terminal()
            if terminated[e]:
                ended += 1
                assert rewards[e] == shadow.state.returns()[shadow.seat]
                assert np.array_equal(info["final_obs"][e], shadow.vector())
                shadows[e] = Shadow(env, e, shadow.episode + 1)
            else:
                assert rewards[e] == 0.0
    assert ended >= 6


def test_an_illegal_action_ends_the_episode_with_the_lowest_return() -> None:
    env = TabletopVectorEnv("doodle-jump", num_envs=3, players=2)
    env.reset(seed=1)
    legal = [int(np.flatnonzero(mask)[0]) for mask in env.action_masks()]
    illegal = int(np.flatnonzero(~env.action_masks()[1])[0])
    _, rewards, terminated, _, info = env.step(np.array([legal[0], illegal, legal[2]]))
    assert terminated.tolist() == [False, True, False] or terminated[1]
    assert rewards[1] == env.game.info.min_return
    assert info["illegal_action"][1] and not info["illegal_action"][0]


def test_a_reset_replays_exactly_and_a_fixed_seat_is_kept() -> None:
    def run(seed: int) -> list[Any]:
        env = TabletopVectorEnv("doodle-jump", num_envs=4, players=3, seat=2)
        observations, info = env.reset(seed=seed)
        assert (info["seat"] == 2).all()
        seen = [observations]
        for _ in range(30):
            observations, *_ = env.step(env.action_masks().argmax(axis=1))
            seen.append(observations)
        return seen

    assert all(np.array_equal(a, b) for a, b in zip(run(5), run(5), strict=True))
    assert not all(np.array_equal(a, b) for a, b in zip(run(5), run(6), strict=True))


def test_without_copies_the_same_games_come_in_the_environments_own_arrays() -> None:
    """``copy=False`` (Gymnasium's vector environments' word): the same numbers, in arrays the next step overwrites."""
    copied = TabletopVectorEnv("doodle-jump", num_envs=8, players=2)
    own = gymnasium.make_vec("tabletop/DoodleJump-v0", num_envs=8, players=2, copy=False)
    assert isinstance(own, TabletopVectorEnv) and not own.copy and copied.copy
    first, _ = copied.reset(seed=3)
    mine, info = own.reset(seed=3)
    assert np.array_equal(first, mine) and mine is own.games.observations and info["seat"] is own.games.seats
    kept, ended = first, 0
    for _ in range(150):
        actions = copied.action_masks().argmax(axis=1)
        a = copied.step(actions)
        b = own.step(actions)
        for x, y in zip(a[:4], b[:4], strict=True):
            assert np.array_equal(x, y)
        assert b[0] is own.games.observations and b[1] is own.games.rewards and b[2] is own.games.terminated
        assert a[0] is not copied.games.observations and a[0] is not kept  # a copy each time
        kept = a[0]
        for e in np.flatnonzero(a[2]):  # the last observation of an episode: a copy, or a view of the environment's
            ended += 1
            assert np.array_equal(a[4]["final_obs"][e], b[4]["final_obs"][e])
            assert not np.shares_memory(a[4]["final_obs"][e], copied.games.finals)
            assert np.shares_memory(b[4]["final_obs"][e], own.games.finals)
    assert ended


@pytest.mark.parametrize("ident", ["tabletop/DoodleJump-v0", "tabletop/Jumanji-v0", "tabletop/DonkeyKong-v0"])
def test_make_vec_gives_the_compiled_vector_environment(ident: str) -> None:
    env = gymnasium.make_vec(ident, num_envs=16, players=2)
    assert isinstance(env, TabletopVectorEnv)
    observations, _ = env.reset(seed=0)
    assert observations.shape == (16, env.game.encoding.size)
    assert env.observation_space.shape == (16, env.game.encoding.size)


def test_other_opponents_are_refused_with_a_pointer() -> None:
    with pytest.raises(ValueError, match="TabletopEnv"):
        TabletopVectorEnv("doodle-jump", num_envs=2, opponents="heuristic")


def test_stable_baselines3_steps_it_as_a_vecenv() -> None:
    pytest.importorskip("stable_baselines3")
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported

    from tabletop.rl.sb3 import SB3VecEnv

    with pytest.raises(ValueError, match="always copies"):  # SB3 keeps the last observation across a step
        SB3VecEnv("doodle-jump", num_envs=2, copy=False)
    venv = SB3VecEnv("doodle-jump", num_envs=8, players=2, seed=0)
    observations = venv.reset()
    assert observations.shape == (8, venv.observation_space.shape[0])
    assert is_masking_supported(venv)
    done_seen = False
    for _ in range(200):
        masks = get_action_masks(venv)
        observations, _, dones, infos = venv.step(masks.argmax(axis=1))
        for info, done in zip(infos, dones, strict=True):
            if done:
                done_seen = True
                assert "terminal_observation" in info and info["episode"]["l"] > 0
    assert done_seen
