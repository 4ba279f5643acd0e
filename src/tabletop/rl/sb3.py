"""Stable-Baselines3's ``VecEnv`` over :class:`tabletop.rl.vector.TabletopVectorEnv`: many games, one call.

SB3 (and sb3-contrib's ``MaskablePPO``) step a ``VecEnv``: a batch of actions in, observations,
rewards, dones and one info dict per game out, a finished game reset in the same step with its
last observation in ``info["terminal_observation"]`` and its episode's return and length in
``info["episode"]`` (as SB3's ``Monitor`` reports them). The legal actions come from
``env_method("action_masks")``, as MaskablePPO asks for them. Needs the ``train`` extra.

>>> from tabletop.rl.sb3 import SB3VecEnv  # doctest: +SKIP
>>> venv = SB3VecEnv(GAME, num_envs=256, players=2, seed=0)  # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray
from stable_baselines3.common.vec_env.base_vec_env import VecEnv

from tabletop.rl.vector import TabletopVectorEnv

__all__ = ["SB3VecEnv"]


class SB3VecEnv(VecEnv):
    """The compiled games of one tabletop game as an SB3 ``VecEnv`` (see the module's docstring)."""

    def __init__(
        self, game: str, num_envs: int, players: int | None = None, seat: int | None = None, seed: int = 0,
        **options: Any,
    ) -> None:
        if "copy" in options:
            raise ValueError("SB3VecEnv always copies the observations (Stable-Baselines3 keeps them across a step)")
        self.env = TabletopVectorEnv(game, num_envs, players=players, seat=seat, **options)
        super().__init__(num_envs, self.env.single_observation_space, self.env.single_action_space)
        self._seed = seed
        self._actions: NDArray[np.int64] = np.zeros(num_envs, np.int64)
        self._returns = np.zeros(num_envs, np.float64)
        self._lengths = np.zeros(num_envs, np.int64)

    # -- the VecEnv API ---------------------------------------------------------------------
    def reset(self) -> NDArray[np.float32]:
        observations, _ = self.env.reset(seed=self._seed)
        self._seed += 1
        self._returns[:] = 0.0
        self._lengths[:] = 0
        return observations

    def step_async(self, actions: NDArray[Any]) -> None:
        self._actions = np.asarray(actions, np.int64).reshape(self.num_envs)

    def step_wait(self) -> tuple[NDArray[np.float32], NDArray[np.float32], NDArray[np.bool_], list[dict[str, Any]]]:
        observations, rewards, terminated, truncated, info = self.env.step(self._actions)
        self._returns += rewards
        self._lengths += 1
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for e in np.flatnonzero(terminated):
            infos[e] = {
                "terminal_observation": info["final_obs"][e],
                "TimeLimit.truncated": False,
                "episode": {"r": float(self._returns[e]), "l": int(self._lengths[e])},
                "illegal_action": bool(info["illegal_action"][e]),
            }
            self._returns[e] = 0.0
            self._lengths[e] = 0
        return observations, rewards.astype(np.float32), terminated | truncated, infos

    def close(self) -> None:
        self.env.close()

    def action_masks(self) -> NDArray[np.bool_]:
        """Every game's legal actions, ``(num_envs, decisions)``."""
        return self.env.action_masks()

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        if attr_name == "action_masks":
            return [self.action_masks] * len(self._indices(indices))
        if attr_name == "render_mode":
            return [None] * len(self._indices(indices))
        return [getattr(self.env, attr_name)] * len(self._indices(indices))

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        setattr(self.env, attr_name, value)

    def env_method(self, method_name: str, *args: Any, indices: Any = None, **kwargs: Any) -> list[Any]:
        if method_name == "action_masks":
            return list(self.env.action_masks()[self._indices(indices)])
        return [getattr(self.env, method_name)(*args, **kwargs) for _ in self._indices(indices)]

    def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
        return [False] * len(self._indices(indices))

    def seed(self, seed: int | None = None) -> Sequence[int | None]:
        if seed is not None:
            self._seed = seed
        return [None] * self.num_envs

    def get_images(self) -> Sequence[NDArray[Any] | None]:
        return [None] * self.num_envs

    def _indices(self, indices: int | Iterable[int] | None) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, int):
            return [indices]
        return list(indices)
