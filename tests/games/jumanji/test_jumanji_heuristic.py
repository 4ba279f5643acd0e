"""The Jumanji heuristic policy (the game's part behind the ``heuristic`` agent)."""

from __future__ import annotations

import random

import tabletop
from tabletop.games.jumanji.heuristic import choose


def test_heuristic_blocks_the_leading_opponent(short, pos):
    """J-RHINO-1: the heuristic puts the rhino ahead of the opponent nearest the centre."""
    state = short(4).state_from_text(pos("4,3,8,6", rhino="0", phase="rhino"))
    assert str(choose(state, random.Random(0))) == "rhino 2"
    state = short(4).state_from_text(pos("4,3,8,6", rhino="2", phase="rhino"))
    assert str(choose(state, random.Random(0))) == "no rhino"
    state = short(4).state_from_text(pos("4,3,10,6", phase="rhino"))  # the leader cannot be blocked
    assert str(choose(state, random.Random(0))) == "no rhino"


def test_heuristic_plays_whole_games_legally():
    game = tabletop.make("jumanji", players=3)
    rng = random.Random(2)
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.chance_distribution().sample(rng))
            else:
                action = choose(state, rng)
                assert action in state.legal_actions()
                state.apply_action(action)
