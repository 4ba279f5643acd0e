"""Driving a game: ``play(game, agents, seed=...)`` returns its :class:`Record`.

The driver owns every random stream: one for chance and one per seat, each
derived from the seed, so the same seed and agents give the same game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from tabletop.core.agent import Agent
from tabletop.core.game import Game
from tabletop.core.record import Record
from tabletop.core.state import CHANCE, State


def streams(seed: int | None, players: int) -> tuple[random.Random, list[random.Random]]:
    """The chance stream and one stream per seat for a seed (``None``: fresh entropy)."""
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    chance = random.Random(f"tabletop:{seed}:chance")
    seats = [random.Random(f"tabletop:{seed}:seat:{seat}") for seat in range(players)]
    return chance, seats


def run(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    state: State | None = None,
    on_step: Callable[[State], None] | None = None,
) -> State:
    """Play a whole game and return its final state (``play`` without the record)."""
    if len(agents) != game.num_players:
        raise ValueError(
            f"{game.name} with {game.num_players} players needs {game.num_players} agents, got {len(agents)}"
        )
    chance_rng, seat_rngs = streams(seed, game.num_players)
    for seat, agent in enumerate(agents):
        agent.reset(seat)
    current = state.clone() if state is not None else game.new_initial_state()
    limit = game.max_game_length()
    steps = 0
    while not current.is_terminal():
        player = current.current_player()
        if player == CHANCE:
            action = current.chance_distribution().sample(chance_rng)
        else:
            action = agents[player].step(current, seat_rngs[player])
        current.apply_action(action)
        steps += 1
        if on_step is not None:
            on_step(current)
        if steps > limit:
            raise RuntimeError(f"{game.name} did not end within its declared maximum of {limit} actions")
    return current


def play(
    game: Game,
    agents: Sequence[Agent],
    seed: int | None = None,
    state: State | None = None,
    on_step: Callable[[State], None] | None = None,
) -> Record:
    """Play a whole game with one agent per seat and return its record.

    ``state`` starts from a given position instead of the initial one;
    ``on_step`` is called after every action with the new state.
    """
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    initial_text = state.to_text() if state is not None else None
    since = len(state.history()) if state is not None else 0  # the record starts at ``state``
    current = run(game, agents, seed, state=state, on_step=on_step)
    return Record.of_state(current, seed, [a.name for a in agents], initial=initial_text, since=since)
