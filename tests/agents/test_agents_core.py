"""Agents through the core API, on the test race game (tests/conftest.py)."""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.agents import RandomAgent, UnknownAgentError, from_spec, list_agents, make
from tabletop.agents.mcts import MCTSAgent


def test_agents_by_name_and_spec() -> None:
    assert make("random").name == "random"
    agent = from_spec("mcts:iterations=25:exploration=0.5")
    assert isinstance(agent, MCTSAgent) and agent.iterations == 25 and agent.exploration == 0.5
    available = ", ".join(list_agents())
    assert {"beginner", "easy", "expert", "hard", "heuristic", "mcts", "medium", "policy", "random"} <= set(
        list_agents())
    with pytest.raises(UnknownAgentError, match=f"unknown agent 'alphazero'; available agents: {available}"):
        make("alphazero")
    with pytest.raises(UnknownAgentError, match="unknown option 'depth' for agent 'mcts'; allowed options: iterations"):
        from_spec("mcts:depth=3")
    with pytest.raises(UnknownAgentError, match="option 'iterations' of agent 'mcts' must be an integer of at least 1"):
        from_spec("mcts:iterations=many")
    with pytest.raises(UnknownAgentError, match="must be a number of at least 0, not '-1'"):
        from_spec("mcts:exploration=-1")
    with pytest.raises(UnknownAgentError, match="'rollout' of agent 'mcts' must be one of 'fast', 'heuristic'"):
        from_spec("mcts:rollout=greedy")
    with pytest.raises(UnknownAgentError, match="unknown option 'x' for agent 'random'; allowed options: none"):
        from_spec("random:x=1")
    agent = from_spec("mcts:seconds=0.5:rollout=heuristic:prior=0")
    assert isinstance(agent, MCTSAgent) and agent.seconds == 0.5 and agent.prior == 0.0
    assert agent.name == "mcts:seconds=0.5:rollout=heuristic:prior=0"  # the spec that makes it again
    assert MCTSAgent(iterations=25).name == "mcts:iterations=25"  # made directly, checked alike
    with pytest.raises(UnknownAgentError, match="option 'chance' of agent 'mcts' must be one of 'sample'"):
        MCTSAgent(chance="always")


def test_mcts_with_a_fixed_seed_is_deterministic() -> None:
    game = tabletop.make("race", players=2, goal=12)
    state = game.new_initial_state()
    state.apply_action("roll 2")
    first = [MCTSAgent(iterations=60).step(state, random.Random(9)) for _ in range(3)]
    assert len(set(first)) == 1
    a = tabletop.play(game, [MCTSAgent(iterations=20), RandomAgent()], seed=4)
    b = tabletop.play(game, [MCTSAgent(iterations=20), RandomAgent()], seed=4)
    assert a.actions == b.actions


def test_mcts_returns_the_only_legal_action_at_once() -> None:
    game = tabletop.make("race", players=2)
    state = game.new_initial_state()
    state.apply_action("roll 1")
    only = state.legal_actions()[0]

    class OneChoice:
        def legal_actions(self) -> tuple[object, ...]:
            return (only,)

        def clone(self) -> None:
            raise AssertionError("search must not start when only one action is legal")

    agent = MCTSAgent(iterations=10_000)
    assert agent.step(OneChoice(), random.Random(0)) is only  # type: ignore[arg-type]
    assert agent.last_iterations == 0


def test_mcts_prefers_the_winning_move() -> None:
    game = tabletop.make("race", players=2, goal=6)
    state = game.state_from_text("5,5 0 2 9")  # advancing wins now, waiting lets the other seat win
    assert str(MCTSAgent(iterations=200).step(state, random.Random(1))) == "advance"


def test_agents_never_choose_illegal_actions() -> None:
    game = tabletop.make("race", players=3, goal=15)
    rng = random.Random(3)
    for agent in (RandomAgent(), MCTSAgent(iterations=8)):
        for seed in range(40):
            agent_rng = random.Random(seed)
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(state.chance_distribution().sample(rng))
                    continue
                before = state.to_text()
                action = agent.step(state, agent_rng)
                assert action in state.legal_actions() and state.to_text() == before
                state.apply_action(action)
