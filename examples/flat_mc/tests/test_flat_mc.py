"""The flat Monte Carlo agent: legal, reproducible choices in every game; it finds a move that wins at once."""

from __future__ import annotations

import random

import pytest
from tabletop_flat_mc import FlatMonteCarlo

import tabletop
from tabletop.agents.registry import UnknownAgentError


def test_it_takes_the_move_that_wins_at_once() -> None:
    game = tabletop.make("pig", players=2, goal=20)
    # holding banks 20 and wins; a roll of 1 would hand the die to a seat one point from the goal
    state = game.state_from_text("18,19 0 2 decide 7")
    agent = FlatMonteCarlo(playouts=200)
    assert str(agent.step(state, random.Random(1))) == "hold"
    assert state.to_text() == "18,19 0 2 decide 7"  # the state is unchanged


def test_its_choices_are_legal_and_reproducible_in_every_game() -> None:
    for name in tabletop.list_games():
        game = tabletop.make(name)
        state = game.new_initial_state()
        rng = random.Random(3)
        seen = 0
        while not state.is_terminal() and seen < 3:
            if state.is_chance_node():
                state.apply_action(state.chance_distribution().sample(rng))
                continue
            agent = FlatMonteCarlo(playouts=2, limit=200)
            first = agent.step(state, random.Random(seen))
            assert first in state.legal_actions() and agent.step(state, random.Random(seen)) == first
            state.apply_action(first)
            seen += 1


def test_its_options_are_checked_and_named() -> None:
    assert FlatMonteCarlo().name == "flat-mc" and FlatMonteCarlo(playouts=32).name == "flat-mc:playouts=32"
    with pytest.raises(UnknownAgentError, match="option 'playouts' of agent 'flat-mc' must be an integer from 1 to "
                                                "10000, not 0"):
        FlatMonteCarlo(playouts=0)
    with pytest.raises(UnknownAgentError, match="unknown option 'depth' for agent 'flat-mc'; allowed options: "
                                                "playouts, limit"):
        FlatMonteCarlo(depth=2)
