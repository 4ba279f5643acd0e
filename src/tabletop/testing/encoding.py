"""Conformance of a game's encoding: its integer actions and its observation vectors.

:func:`check_encoding` plays seeded random playouts and checks, at every step:

- every legal action (or chance outcome) has an integer, distinct from the others', below
  ``num_distinct_actions()`` (or ``max_chance_outcomes()``); the integer's listed notation is
  the action's own, and ``int_to_action`` gives the same action back;
- the action mask marks exactly the legal decisions' integers;
- each seat's vector (and the spectator's) has the layout's size, is finite, lies in [0, 1],
  and equals the vector of a state the observer resamples for that viewer: a vector that
  reads a hidden fact fails here;
- the vector depends on the position alone: a state read back from the position's text gives
  the same vector (no history, log or future chance leaks in);
- the game ends within ``max_game_length()`` actions.

>>> import tabletop
>>> check_encoding(tabletop.make("race", players=2), playouts=2).steps > 0
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from tabletop.core.game import Game
from tabletop.core.state import State
from tabletop.testing.errors import ConformanceError


@dataclass
class EncodingReport:
    playouts: int
    steps: int
    longest: int


def _fail(game: Game, seed: int, step: int, state: State, problem: str) -> ConformanceError:
    return ConformanceError(f"{game!r}, playout seed {seed}, step {step}: {problem}\n  position: {state.to_text()}")


def check_encoding(game: Game, playouts: int = 5, seed: int = 0) -> EncodingReport:
    """Random playouts of ``game``, checking its encoding at every step (see the module's docstring)."""
    limit = game.max_game_length()
    steps = longest = 0
    for n in range(playouts):
        playout_seed = seed * 1_000_003 + n
        rng = random.Random(playout_seed)
        state = game.new_initial_state()
        step = 0
        while True:
            problem = _check_state(game, state, rng)
            if problem:
                raise _fail(game, playout_seed, step, state, problem)
            if state.is_terminal():
                break
            if state.is_chance_node():
                action = state.chance_distribution().sample(rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
            step += 1
            if step > limit:
                raise _fail(game, playout_seed, step, state, f"no end within max_game_length(), {limit} actions")
        steps += step
        longest = max(longest, step)
    return EncodingReport(playouts, steps, longest)


def _check_state(game: Game, state: State, rng: random.Random) -> str | None:
    encoding = game.encoding
    chance = state.is_chance_node()
    if not state.is_terminal():
        legal = state.legal_actions()
        ints = state.legal_action_ints()
        bound = encoding.max_chance_outcomes if chance else encoding.num_distinct_actions
        if len(set(ints)) != len(ints) or not all(0 <= i < bound for i in ints):
            return f"legal action integers {ints} repeat or fall outside 0..{bound - 1}"
        for k, (action, index) in enumerate(zip(legal, ints, strict=True)):
            if state.action_to_int(action) != index or encoding.action_text(index, chance) != str(action):
                return f"action {str(action)!r} has integer {index}, listed as {encoding.action_text(index, chance)!r}"
            # int_to_action scans the legal actions: a few of them (the first, the last, a drawn one) suffice
            if k in (0, len(legal) - 1) or rng.random() < 8 / len(legal):
                back = state.int_to_action(index)
                if back is not action and str(back) != str(action):
                    return f"int_to_action({index}) is not {str(action)!r}"
        mask = encoding.mask(state)
        wanted = set() if chance else set(ints)
        if set(np.flatnonzero(mask).tolist()) != wanted:
            return f"the action mask marks {np.flatnonzero(mask).tolist()}, not the legal integers {sorted(wanted)}"
    observer = game.observer
    reread = game.state_from_text(state.to_text())
    for viewer in [*range(game.num_players), None]:
        vector = observer.vector(state, viewer)
        if vector.shape != (encoding.size,) or vector.dtype != np.float32:
            shape = f"{vector.shape} {vector.dtype}"
            return f"viewer {viewer}'s vector is {shape}, not ({encoding.size},) float32"
        if not np.all(np.isfinite(vector)) or vector.min(initial=0.0) < 0.0 or vector.max(initial=0.0) > 1.0:
            return f"viewer {viewer}'s vector has a value outside [0, 1]"
        resampled = observer.resample(state, viewer, rng)
        if not np.array_equal(vector, observer.vector(resampled, viewer)):
            return f"viewer {viewer}'s vector differs on a state it cannot tell apart (it reads a hidden fact)"
        if not np.array_equal(vector, observer.vector(reread, viewer)):
            return f"viewer {viewer}'s vector differs on the same position read back from its text"
    return None
