"""Checks shared by the games' encoding tests: the declared length bounds hold on games played to the turn limit."""

from __future__ import annotations

import random
from collections import Counter

from tabletop.core.game import Game
from tabletop.core.state import State


def check_length_bounds(game: Game, games: int, seed: int = 0) -> int:
    """Play ``games`` random games; every turn stays within ``max_turn_length()`` and every game within
    ``max_game_length()``; returns how many ended at the turn limit (no winner, every return 0,
    the only way a game ends with no winner and no loser)."""
    per_turn_bound = game.max_turn_length()  # type: ignore[attr-defined]
    limit = game.max_game_length()
    at_limit = 0
    for k in range(games):
        rng = random.Random(seed * 10_007 + k)
        state = game.new_initial_state()
        per_turn: Counter[int] = Counter()
        steps = 0
        while not state.is_terminal():
            turn = state.turn_number()
            if state.is_chance_node():
                action = state.chance_distribution().sample(rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
            per_turn[turn] += 1
            steps += 1
        assert steps <= limit
        started = [count for turn, count in per_turn.items() if turn > 0]
        assert max(started, default=0) <= per_turn_bound
        if not state.winners() and state.returns() == [0.0] * game.num_players:  # (Jumanji's full grid: all -1)
            assert state.turn_number() == game.turn_limit  # type: ignore[attr-defined]
            at_limit += 1
    return at_limit


def play_out(state: State, rng: random.Random, steps: int = 10**9, first: bool = False) -> State:
    """Play ``state`` on (at most ``steps`` actions): chance sampled, decisions drawn (or the first legal one)."""
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.chance_distribution().sample(rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[0] if first else legal[rng.randrange(len(legal))])
    return state
