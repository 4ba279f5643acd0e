"""A Gymnasium environment for every game: one learner against tabletop agents in the other seats.

Importing this module registers ``tabletop/<Name>-v0`` for every game with an encoding part
(:func:`tabletop.rl.common.learning_games`; the name in CamelCase: :func:`tabletop.rl.common.env_id`),
so that::

    import gymnasium, tabletop.rl.gymnasium
    env = gymnasium.make("tabletop/<Name>-v0", players=2, opponents="heuristic")

(or, with no import, ``gymnasium.make("tabletop.rl.gymnasium:tabletop/<Name>-v0")``).

- observations: the learner's vector from the game's observer (``Box(0, 1)``, float32);
- actions: ``Discrete(game.num_distinct_actions())``; the legal ones are in
  ``info["action_mask"]`` and ``env.action_masks()`` (for maskable learners). An illegal
  action ends the episode at once with the game's lowest return and
  ``info["illegal_action"] = True``;
- rewards: 0 until the game ends, then the learner's ``returns()``; a game that ends before the
  learner's first decision is not an episode: ``reset`` deals another;
- the learner's seat: ``seat=`` a seat, or ``None`` (default) to draw one at each reset;
- opponents: an agent spec (``"random"``, ``"heuristic"``, ``"mcts:iterations=50"``) for every
  other seat, or a list of specs, one per other seat in seat order;
- chance and the opponents' coin flips come from :class:`tabletop.core.play.Streams` seeded from
  the environment's generator, so ``reset(seed=s)`` replays exactly;
- ``render_mode="ansi"``: the game's terminal view as text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from tabletop.agents import from_spec
from tabletop.core.agent import Agent
from tabletop.core.play import Streams
from tabletop.core.state import State
from tabletop.rl.common import advance_chance, ansi, env_id, learning_games, make_game

__all__ = ["TabletopEnv", "env_id", "register_envs"]

#: games dealt at most at a reset until one gives the learner a decision
_DEALS = 1000


class TabletopEnv(gymnasium.Env[NDArray[np.float32], np.int64]):
    """One seat of a tabletop game, the others played by tabletop agents."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 (Gymnasium's convention)

    def __init__(
        self,
        game: str,
        players: int | None = None,
        seat: int | None = None,
        opponents: str | Sequence[str] = "random",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.game = make_game(game, players, options)
        n = self.game.num_players
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"seat is a seat from 0 to {n - 1}, or None (drawn at each reset), not {seat!r}")
        specs = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != n - 1:
            raise ValueError(f"{game} with {n} players needs {n - 1} opponents, got {len(specs)}")
        self.opponent_specs = specs
        #: the other seats' agents, made once (a bad spec fails here) and reset before each game, as
        #: ``tabletop.core.play.run`` resets the agents it is given
        self.opponents = [from_spec(spec) for spec in specs]
        self.fixed_seat = seat
        self.render_mode = render_mode
        self.encoding = self.game.encoding
        self.observation_space = spaces.Box(0.0, 1.0, (self.encoding.size,), np.float32)
        self.action_space = spaces.Discrete(self.encoding.num_distinct_actions)
        self.seat = seat if seat is not None else 0
        self.state: State = self.game.new_initial_state()
        self.streams = Streams(0)
        self._sample = self.streams.sampler(self.state)
        self.agents: dict[int, Agent] = {}

    # -- the Gymnasium API --------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        rng = self.np_random
        n = self.game.num_players
        self.seat = self.fixed_seat if self.fixed_seat is not None else int(rng.integers(n))
        others = [s for s in range(n) if s != self.seat]
        self.agents = dict(zip(others, self.opponents, strict=True))
        # A game can end before the learner has a single decision (Jumanji's only decisions are the
        # rhino's): such a game teaches nothing, and an episode cannot start over, so a new one is dealt.
        for _ in range(_DEALS):
            self.streams = Streams(int(rng.integers(2**63)))
            for s, agent in self.agents.items():
                agent.reset(s)
            self.state = self.game.new_initial_state()
            self._sample = self.streams.sampler(self.state)
            self._advance()
            if not self.state.is_terminal():
                break
        else:
            raise RuntimeError(f"{_DEALS} games of {self.game.name} in a row ended before seat {self.seat} decided")
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        state = self.state
        if state.is_terminal():
            raise RuntimeError("the episode is over: call reset()")
        index = int(action)
        legal = state.legal_actions()
        ints = state.legal_action_ints()
        if index not in ints:
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), float(self.game.info.min_return), True, False, info
        state.apply_action(legal[ints.index(index)])
        self._advance()
        terminated = state.is_terminal()
        reward = float(state.returns()[self.seat]) if terminated else 0.0
        return self._observation(), reward, terminated, False, self._info()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return ansi(self.state, self.seat)

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal actions of the learner now (all False once the game is over)."""
        return self.encoding.mask(self.state).astype(bool)

    # -- driving the other seats ------------------------------------------------------------
    def _advance(self) -> None:
        state = self.state
        while True:
            advance_chance(state, self._sample)
            player = state.current_player()
            if player == self.seat or state.is_terminal():
                return
            state.apply_action(self.agents[player].step(state, self.streams.seat(player)))

    def _observation(self) -> NDArray[np.float32]:
        return self.game.observer.vector(self.state, self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.encoding.mask(self.state), "seat": self.seat}


def register_envs() -> list[str]:
    """Register ``tabletop/<Name>-v0`` for every game with an encoding now; returns the ids.

    A game with compiled games for a learner (and Numba installed) also registers its vector
    environment, so ``gymnasium.make_vec(id, num_envs=N)`` steps N games in one compiled call
    (:mod:`tabletop.rl.vector`); the others get Gymnasium's ``SyncVectorEnv`` of single ones.
    """
    from tabletop.rl.vector import has_vector_env

    ids = []
    for name in learning_games():
        ident = env_id(name)
        if ident not in gymnasium.registry:
            vector = "tabletop.rl.vector:TabletopVectorEnv" if has_vector_env(name) else None
            gymnasium.register(
                id=ident, entry_point="tabletop.rl.gymnasium:TabletopEnv", vector_entry_point=vector,
                kwargs={"game": name},
            )
        ids.append(ident)
    return ids


register_envs()
