"""Every agent on every game and variant: legal choices only, and no peeking at hidden facts."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tabletop
from tabletop.agents import make
from tabletop.core.state import State

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("jumanji", {"players": 2}),
    ("jumanji", {"players": 4, "challenge_cards": 3}),
    ("doodle-jump", {"players": 2, "tiles": "none"}),
    ("doodle-jump", {"players": 3, "tiles": "power"}),
    ("doodle-jump", {"players": 4, "tiles": "expert"}),
    ("donkey-kong", {"players": 2}),
    ("donkey-kong", {"players": 4, "first_player": None}),
]


def decisions(game: tabletop.Game, seed: int, limit: int) -> list[State]:
    """Decision states of a random playout."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    found: list[State] = []
    while not state.is_terminal() and len(found) < limit:
        if state.is_chance_node():
            state.apply_action(state.chance_distribution().sample(rng))
            continue
        found.append(state.clone())
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    return found


@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_random_and_heuristic_agents_choose_only_legal_actions(name: str, options: dict[str, Any]) -> None:
    game = tabletop.make(name, **options)
    for agent_name in ("random", "heuristic"):
        agent = make(agent_name)
        checked = 0
        for seed in range(200):
            rng = random.Random(seed)
            for state in decisions(game, seed, 150):
                agent.reset(state.current_player())
                before = state.to_text()
                action = agent.step(state, rng)
                assert action in state.legal_actions(), (agent_name, state.to_text(), action)
                assert state.to_text() == before
                checked += 1
            if checked >= 500:
                break
        assert checked >= 500


@pytest.mark.parametrize(("name", "options"), VARIANTS[::2])
def test_mcts_chooses_only_legal_actions(name: str, options: dict[str, Any]) -> None:
    game = tabletop.make(name, **options)
    agent = make("mcts", iterations=6, rollout_limit=300)
    for state in decisions(game, 7, 12):
        agent.reset(state.current_player())
        assert agent.step(state, random.Random(1)) in state.legal_actions()


@pytest.mark.parametrize("name", ["donkey-kong", "jumanji", "doodle-jump"])
def test_search_sees_only_the_public_position(name: str) -> None:
    """No state stores a face-down deck's order (a draw is a chance node over the cards left), so a
    position rebuilt from its public notation, with no history at all, gets the same decision from a
    seeded search as the state that lived through the game: there is nothing hidden to read."""
    game = tabletop.make(name, players=2)
    for state in decisions(game, 3, 40)[10::10]:
        rebuilt = game.state_from_text(state.to_text())
        assert rebuilt == state and not rebuilt.history()
        first = make("mcts", iterations=30, rollout_limit=400).step(state, random.Random(5))
        second = make("mcts", iterations=30, rollout_limit=400).step(rebuilt, random.Random(5))
        assert first == second


def test_a_draw_is_a_chance_node_over_the_cards_left() -> None:
    """K-SETUP-1's face-down deck: every remaining card is an outcome, weighted by its count."""
    game = tabletop.make("donkey-kong", players=2, first_player=0)
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == 1
    assert sorted(str(a) for a, _ in outcomes) == sorted(
        f"deal {kind}{points}" for kind, values in (("J", (100, 200, 300)), ("H", (200, 300, 400))) for points in values
    )
