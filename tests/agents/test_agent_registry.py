"""The agent registry: agents found by entry points, each option declared once beside its agent, clear errors."""

from __future__ import annotations

import inspect
import random
from importlib.metadata import entry_points
from typing import Any, ClassVar

import pytest

import tabletop
from tabletop.agents.registry import (
    AGENTS,
    GROUP,
    AgentPackageError,
    agent_kind,
    from_spec,
    installed_agents,
    list_agents,
    make,
    register,
    unregister,
)
from tabletop.core import Action, Option, State


def test_installed_agents_are_the_entry_points_of_their_group() -> None:
    declared = sorted(ep.name for ep in entry_points(group=GROUP))
    assert installed_agents() == declared
    assert {"random", "heuristic", "mcts", "policy", "beginner", "expert"} <= set(declared)
    assert all(AGENTS[name].source == "tabletop" for name in ("random", "heuristic", "mcts", "policy", "expert"))


def test_each_default_is_written_once_in_the_agents_declared_options() -> None:
    """No agent's constructor repeats a default: it takes ``**options`` and reads them from its declaration."""
    for name in installed_agents():
        factory = agent_kind(name).factory
        call = factory.__init__ if isinstance(factory, type) else factory.__call__  # type: ignore[misc]
        defaults = [p.name for p in inspect.signature(call).parameters.values()
                    if p.default is not inspect.Parameter.empty]
        assert defaults == [], (name, defaults)
        if name == "policy":  # it needs a file to start
            continue
        made = make(name)
        for option in agent_kind(name).options:  # each option is an attribute, at its declared default
            assert getattr(made, option.name) == option.default, (name, option.name)


class _Stubborn:
    """Plays the first legal action."""

    options: ClassVar[tuple[Option, ...]] = (Option("bias", int, 0, "which action, counted from the first",
                                                    minimum=0),)

    def __init__(self, **options: Any) -> None:
        self.bias = options["bias"]
        self.name = "stubborn" if not self.bias else f"stubborn:bias={self.bias}"

    def reset(self, seat: int) -> None:
        pass

    def step(self, state: State, rng: random.Random) -> Action:
        legal = state.legal_actions()
        return legal[min(self.bias, len(legal) - 1)]


def test_an_agent_registered_while_running_is_listed_made_and_played() -> None:
    register("stubborn", _Stubborn)
    try:
        assert "stubborn" in list_agents() and "stubborn" in AGENTS
        agent = from_spec("stubborn:bias=1")
        assert agent.name == "stubborn:bias=1"
        record = tabletop.play(tabletop.make("race"), [agent, from_spec("random")], seed=2)
        assert record.agents == ["stubborn:bias=1", "random"]
    finally:
        unregister("stubborn")
    assert "stubborn" not in list_agents() and "stubborn" not in AGENTS


def test_a_factory_that_breaks_the_contract_is_refused_by_name() -> None:
    class NoOptions:
        def __call__(self) -> _Stubborn:
            return _Stubborn(bias=0)

    class NotAnAgent:
        options: ClassVar[tuple[Option, ...]] = ()

    register("no-options", NoOptions())  # type: ignore[arg-type]
    register("not-an-agent", NotAnAgent)  # type: ignore[arg-type]
    register("twice", type("Twice", (_Stubborn,), {"options": (_Stubborn.options[0], _Stubborn.options[0])}))
    try:
        with pytest.raises(AgentPackageError, match="agent 'no-options' is registered as .*, which is not an agent "
                                                     "factory: a callable with its options declared in `options`"):
            make("no-options")
        with pytest.raises(AgentPackageError, match="agent 'not-an-agent' made .*, which is not an Agent"):
            make("not-an-agent")
        with pytest.raises(AgentPackageError, match="agent 'twice' declares an option twice: \\['bias', 'bias'\\]"):
            make("twice")
    finally:
        for name in ("no-options", "not-an-agent", "twice"):
            unregister(name)
