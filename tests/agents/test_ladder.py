"""The difficulty ladder: five levels per game, each an agent spec within its level's budget."""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.agents import from_spec
from tabletop.agents.ladder import BUDGETS, LEVELS, LevelAgent, UnknownLevelError, ladder, level_spec
from tabletop.agents.registry import UnknownAgentError


@pytest.mark.parametrize("game", tabletop.list_games())
def test_every_game_has_every_level_within_its_budget(game: str) -> None:
    levels = ladder(game)
    assert tuple(levels) == LEVELS
    for level, spec in levels.items():
        agent = from_spec(spec)
        if not hasattr(agent, "iterations"):
            continue  # not a search (random, heuristic): one quick look at the position, no budget to spend
        iterations, seconds = BUDGETS[level]
        timed = getattr(agent, "seconds", None)
        if seconds is not None:
            assert timed is not None and timed <= seconds, (game, level, spec)
        if iterations is not None:
            assert timed is None and getattr(agent, "iterations", 0) <= iterations, (game, level, spec)


def test_a_level_is_an_agent_that_plays_its_games_spec() -> None:
    game = tabletop.make("race", players=2, goal=8)
    agent = from_spec("easy")
    assert isinstance(agent, LevelAgent) and agent.name == "easy"
    assert level_spec("race", "easy") == ladder("race")["easy"]
    final = tabletop.play(game, [agent, from_spec("beginner")], seed=3)
    assert final.winners
    inner = agent.agent_for("race")
    assert inner.name == from_spec(level_spec("race", "easy")).name


def test_a_levels_budget_bounds_the_agent_it_plays() -> None:
    agent = LevelAgent("expert")
    agent.seconds = 0.01  # as a server does for a spec stored under older limits
    inner = agent.agent_for("race")
    assert getattr(inner, "seconds", None) == 0.01
    state = tabletop.make("race", players=2).new_initial_state()
    state.apply_action("roll 1")
    assert agent.step(state, random.Random(1)) in state.legal_actions()


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(UnknownLevelError, match="unknown level 'grandmaster'; levels: beginner, easy"):
        level_spec("race", "grandmaster")
    with pytest.raises(UnknownAgentError, match="unknown option 'x' for agent 'expert'"):
        from_spec("expert:x=1")


def test_a_games_ladder_must_name_every_level_in_order() -> None:
    from types import ModuleType

    from tabletop.core import registry
    from tabletop.core.parts import GameParts

    evaluation = ModuleType("short_ladder")
    evaluation.__dict__.update(evaluate=lambda state: [0.5, 0.5], LADDER={"beginner": "random", "expert": "mcts"})
    short = type("ShortLadder", (registry.game_class("race"),), {"parts": GameParts(evaluation=evaluation)})
    registry.register("race", short)
    try:
        with pytest.raises(registry.GamePackageError, match=r"the LADDER of 'race' maps \['beginner', 'expert'\] "
                                                            "to specs; it must map the levels beginner, easy, medium"):
            ladder("race")
    finally:
        registry.register("race", short.__mro__[1])
