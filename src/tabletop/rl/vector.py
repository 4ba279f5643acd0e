"""Many games at once for one learner: a Gymnasium vector environment on a game's compiled kernel.

``gymnasium.make_vec("tabletop/<Name>-v0", num_envs=4096)`` gives a :class:`TabletopVectorEnv`
for every game with a compiled kernel for learners (``Game.compiled_learner``) when Numba is
installed (the ``fast`` extra); the N games are stepped in one compiled call, not as N single
environments. Everything else is as in :class:`tabletop.rl.gymnasium.TabletopEnv`, game by game:

- observations: the learner's vector (``game.observer.vector``), ``(N, size)`` float32, the same
  numbers the single environment gives for the same position;
- actions: one integer per game; the legal ones in ``info["action_mask"]`` and
  :meth:`TabletopVectorEnv.action_masks` (bool, ``(N, decisions)``). An illegal action ends that
  game's episode with the game's lowest return and ``info["illegal_action"]``;
- rewards: 0 until the game ends, then the learner's return;
- the learner's seat: ``seat=`` a seat, or ``None`` to draw one for each episode (from its seed);
- opponents: random players (the kernel plays them; ``opponents="random"`` is the only choice here:
  other agents need the single environment);
- episodes: game ``e``'s k-th episode after ``reset(seed=s)`` is the game of seed
  ``derive_seed(s, e, k)``, so a reset replays exactly;
- autoreset in the same step (``AutoresetMode.SAME_STEP``): the observation of a game whose
  episode ended is its next episode's first; the last one is in ``info["final_obs"]``;
- ``copy=False`` (as Gymnasium's own vector environments take it): ``reset`` and ``step`` hand over the
  environment's own arrays (observations, rewards, terminations, seats), which the next step overwrites,
  instead of copies: for a loop that reads them before it steps again (not Stable-Baselines3's, which
  keeps the last observation across a step; :class:`SB3VecEnv` copies); ``info["final_obs"]`` then holds views of
  the environment's last observations too.

:class:`SB3VecEnv` shows the same games to Stable-Baselines3 (and sb3-contrib's MaskablePPO) as
its ``VecEnv``.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space
from numpy.typing import NDArray

from tabletop.core.play import derive_seed
from tabletop.rl.common import make_game

__all__ = ["TabletopVectorEnv", "has_vector_env"]


def has_vector_env(name: str) -> bool:
    """Does ``name`` have compiled games for a learner, and can they run here (Numba installed)?"""
    from tabletop.core.game import _compiled_kernels
    from tabletop.core.registry import make

    return make(name).compiled_learner is not None and _compiled_kernels()


class TabletopVectorEnv(gymnasium.vector.VectorEnv[NDArray[np.float32], NDArray[np.int64], NDArray[Any]]):
    """``num_envs`` games of one tabletop game, one learner's seat in each (see the module's docstring)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        num_envs: int = 1,
        players: int | None = None,
        seat: int | None = None,
        opponents: str = "random",
        copy: bool = True,
        **options: Any,
    ) -> None:
        self.game = make_game(game, players, options)
        self.copy = copy
        n = self.game.num_players
        if opponents != "random":
            raise ValueError(
                f"the vector environment plays random opponents (its kernel plays them), not {opponents!r}; "
                "use tabletop.rl.gymnasium.TabletopEnv (or gymnasium.make_vec(..., vectorization_mode='sync')) "
                "for other agents"
            )
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"seat is a seat from 0 to {n - 1}, or None (drawn for each episode), not {seat!r}")
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, not {num_envs}")
        games = self.game.learner_games(num_envs, seat)
        if games is None:
            raise RuntimeError(
                f"{self.game.name} has no compiled games for a learner here (they need Numba: "
                "pip install 'tabletop[fast]'); gymnasium.make_vec(..., vectorization_mode='sync') steps single ones"
            )
        self.games = games
        self.num_envs = num_envs
        encoding = self.game.encoding
        self.single_observation_space = spaces.Box(0.0, 1.0, (encoding.size,), np.float32)
        self.single_action_space = spaces.Discrete(encoding.num_distinct_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._seed = 0
        self._np_random_seed: int | None = None
        self._not_truncated = np.zeros(num_envs, bool)  # a game ends by its rules, never by truncation

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        if isinstance(seed, list):
            raise ValueError("one seed for all the games, please: game e's episodes derive from it")
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0] >> np.uint64(1))
        self._seed = seed
        self._np_random_seed = seed
        self.games.reset(seed)
        return self._handed(self.games.observations), self._info()

    def step(
        self, actions: Any
    ) -> tuple[NDArray[np.float32], NDArray[Any], NDArray[Any], NDArray[Any], dict[str, Any]]:
        games = self.games
        games.step(actions)
        info = self._info()
        ended = self._handed(games.terminated)
        if ended.any():
            finals = np.empty(self.num_envs, object)  # one array per game that ended, None elsewhere
            which = np.flatnonzero(ended).tolist()
            if self.copy:
                for e, row in zip(which, games.finals[which], strict=True):  # the ended games' rows, one copy
                    finals[e] = row
            else:
                for e in which:
                    finals[e] = games.finals[e]  # a view: the next step overwrites it
            info["final_obs"] = finals
            info["_final_obs"] = ended
            info["illegal_action"] = self._handed(games.illegal)
            info["_illegal_action"] = games.illegal.copy()
        truncated = self._handed(self._not_truncated)
        return self._handed(games.observations), self._handed(games.rewards), ended, truncated, info

    def action_masks(self) -> NDArray[np.bool_]:
        """Each game's legal decisions now, ``(N, decisions)``."""
        mask: NDArray[np.bool_] = self.games.masks
        return mask

    def episode_seed(self, env: int, episode: int) -> int:
        """The seed of game ``env``'s ``episode``-th episode (0 first) since the last reset."""
        return derive_seed(self._seed, env, episode)

    def _handed(self, array: NDArray[Any]) -> NDArray[Any]:
        """One of the environment's arrays as ``reset`` and ``step`` hand it over: a copy, unless ``copy=False``."""
        return array.copy() if self.copy else array

    def _info(self) -> dict[str, Any]:
        games = self.games
        everyone = np.ones(self.num_envs, bool)
        return {
            "action_mask": games.masks.view(np.int8),
            "_action_mask": everyone,
            "seat": self._handed(games.seats),
            "_seat": everyone,
        }
