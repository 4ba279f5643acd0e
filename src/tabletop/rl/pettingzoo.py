"""A PettingZoo AEC environment for every game with an encoding part: ``env(name, players=2)``.

The games are :func:`games` (the same as Gymnasium's and OpenSpiel's registrations); any other
name raises :class:`~tabletop.core.encoding.NoEncodingError` naming them.

- agents ``player_0`` … ``player_{n-1}``, one per seat; ``agent_selection`` is the seat to move;
- observations: ``{"observation": the seat's vector, "action_mask": 1 for each legal action}``
  (the vector from the game's observer, :mod:`tabletop.core.encoding`; the mask is all zeros
  for a seat not to move), a :class:`~tabletop.rl.observation.LazyObservation`: the vector is
  made when it is first read, so a player that reads only the mask does not pay for it;
- actions: ``Discrete(game.num_distinct_actions())``; an illegal one raises
  :class:`~tabletop.core.errors.IllegalActionError` and changes nothing;
- chance nodes are resolved inside the environment from its own streams
  (:class:`tabletop.core.play.Streams`), seeded by ``reset(seed=...)``; a game that ends with no
  decision at all is no episode: ``reset`` deals another;
- rewards: 0 until the game ends, then every seat's ``returns()``; a game ends by its rules
  (``terminations``), never by truncation (the turn limits, R-J21, R-D24, R-K24, are rules);
- ``render_mode="ansi"``: the game's terminal view, for the seat to move.

>>> from tabletop.rl.pettingzoo import env
>>> e = env("race", players=2)
>>> e.reset(seed=1)
>>> e.agent_selection, e.observe("player_0")["action_mask"].tolist()
('player_0', [1, 1])
>>> e.step(0)
>>> e.agent_selection
'player_1'
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from tabletop.core.play import Streams, derive_seed
from tabletop.core.state import State
from tabletop.rl.common import advance_chance, ansi, learning_games, make_game
from tabletop.rl.observation import LazyObservation

__all__ = ["TabletopAEC", "env", "games", "raw_env"]

#: games dealt at most at a reset until one has a decision
_DEALS = 1000


class TabletopAEC(AECEnv[str, dict[str, NDArray[Any]], int]):  # type: ignore[misc]
    """Every seat of a tabletop game as a PettingZoo agent (the AEC API)."""

    metadata = {"render_modes": ["ansi"], "name": "tabletop_v0", "is_parallelizable": False}  # noqa: RUF012

    def __init__(self, game: str, players: int | None = None, render_mode: str | None = None, **options: Any):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.game = make_game(game, players, options)
        self.metadata = {**self.metadata, "name": f"tabletop_{self.game.name.replace('-', '_')}_v0"}
        self.render_mode = render_mode
        encoding = self.encoding = self.game.encoding
        n = self.game.num_players
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        self.agent_name_mapping = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        observation = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (encoding.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (encoding.num_distinct_actions,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {a: spaces.Discrete(encoding.num_distinct_actions) for a in self.possible_agents}
        self.state: State = self.game.new_initial_state()
        self.streams = Streams(0)
        self._sample = self.streams.sampler(self.state)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0] >> np.uint64(1))
        # A game can end with no decision at all (Jumanji's only decisions are the rhino's): it is no
        # episode, so another is dealt, from streams derived from the seed (seeded resets still replay).
        for deal in range(_DEALS):
            self.streams = Streams(seed if deal == 0 else derive_seed(seed, deal))
            self.state = self.game.new_initial_state()
            self._sample = self.streams.sampler(self.state)
            advance_chance(self.state, self._sample)
            if not self.state.is_terminal():
                break
        else:
            raise RuntimeError(f"{_DEALS} games of {self.game.name} in a row ended with no decision")
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        state.apply_action(state.int_to_action(int(action)))
        advance_chance(state, self._sample)
        self._cumulative_rewards[agent] = 0.0
        if state.is_terminal():
            for a, value in zip(self.agents, state.returns(), strict=True):
                self.rewards[a] = float(value)
                self.terminations[a] = True
            self._accumulate_rewards()  # before the end every reward is 0: adding them changes nothing
        self._select()

    def observe(self, agent: str) -> dict[str, NDArray[Any]]:
        seat = self.agent_name_mapping[agent]
        state = self.state
        mask = self.encoding.mask(state) if state.current_player() == seat else self._no_actions()
        return LazyObservation(state, seat, mask)

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return ansi(self.state, self.agent_name_mapping[self.agent_selection])

    def close(self) -> None:
        pass

    def _select(self) -> None:
        """The seat to move; once the game is over the last mover stays selected (PettingZoo then walks
        every agent through its last step)."""
        seat = self.state.current_player()
        if seat >= 0:
            self.agent_selection = self.possible_agents[seat]

    def _no_actions(self) -> NDArray[np.int8]:
        return np.zeros(self.encoding.num_distinct_actions, dtype=np.int8)


def games() -> list[str]:
    """The games :func:`env` makes: every game with an encoding part."""
    return learning_games()


def raw_env(game: str, players: int | None = None, render_mode: str | None = None, **options: Any) -> TabletopAEC:
    """The environment with no wrapper."""
    return TabletopAEC(game, players, render_mode, **options)


def env(game: str, players: int | None = None, render_mode: str | None = None, **options: Any) -> AECEnv[Any, Any, Any]:
    """The environment in PettingZoo's usual wrappers: an out-of-bounds action and use before reset raise."""
    wrapped: AECEnv[Any, Any, Any] = raw_env(game, players, render_mode, **options)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
