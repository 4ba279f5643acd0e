"""Positions to measure at, and the random player every speed figure uses.

The random player is the same everywhere: a chance node's outcome drawn by
``Distribution.sample`` from the run's ``random.Random``, a decision uniform over the legal actions
(``legal[int(rng.random() * len(legal))]``), so every script plays the same games from the same seed.

>>> import random, tabletop
>>> game = tabletop.make("donkey-kong", players=2)
>>> state = game.new_initial_state()
>>> steps = random_playout(state, random.Random(1))
>>> state.is_terminal() and steps == len(state.history())
True
>>> first = first_decision(game, seed=1)
>>> first.is_chance_node(), len(first.legal_actions()) > 1
(False, True)
"""

from __future__ import annotations

import random

from tabletop.core.actions import Action
from tabletop.core.game import Game
from tabletop.core.play import Streams
from tabletop.core.state import State


def random_action(state: State, rng: random.Random) -> Action:
    """What chance or a random player does at ``state``."""
    if state.is_chance_node():
        return state.chance_distribution().sample(rng)
    legal = state.legal_actions()
    return legal[int(rng.random() * len(legal))]


def random_playout(state: State, rng: random.Random) -> int:
    """Play ``state`` to its end by random players; returns the number of actions applied."""
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.chance_distribution().sample(rng)
        else:
            legal = state.legal_actions()
            action = legal[int(rng.random() * len(legal))]
        state.apply_action(action)
        steps += 1
    return steps


def mid_game(game: Game, seed: int) -> State:
    """A typical position: a seeded random game replayed to a third of its length, then on past chance nodes."""
    rng = random.Random(seed)
    full = game.new_initial_state()
    while not full.is_terminal():
        if full.is_chance_node():
            full.apply_action(full.chance_distribution().sample(rng))
        else:
            legal = full.legal_actions()
            full.apply_action(legal[rng.randrange(len(legal))])
    history = full.history()
    index = len(history) // 3
    state = game.new_initial_state()
    for action in history[:index]:
        state.apply_action(action)
    while state.is_chance_node() and index < len(history):
        state.apply_action(history[index])
        index += 1
    return state


def first_decision(game: Game, seed: int) -> State:
    """A new game's first decision with a choice, its chance outcomes drawn from ``seed``'s streams."""
    state = game.new_initial_state()
    streams = Streams(seed)
    while True:
        if state.is_chance_node():
            state.apply_action(streams.chance(state))
        elif len(state.legal_actions()) > 1:
            return state
        else:
            state.apply_action(state.legal_actions()[0])


def sample_pairs(pairs: list[tuple[int, float]], r: float) -> int:
    """The outcome of OpenSpiel-style ``(action, probability)`` pairs that a uniform ``r`` in [0, 1) picks."""
    total = 0.0
    for outcome, p in pairs:
        total += p
        if r < total:
            return outcome
    return pairs[-1][0]
