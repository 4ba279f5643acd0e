"""Agents by name: ``make("mcts", iterations=400)`` or a spec ``"mcts:iterations=800"``.

Each agent declares its options as :class:`~tabletop.core.options.Option` values,
validated by the same code as a game's options.

>>> from tabletop.agents import make, from_spec
>>> make("random").name
'random'
>>> from_spec("mcts:iterations=50").name
'mcts:iterations=50'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tabletop.core.agent import Agent
from tabletop.core.errors import InvalidOptionError, TabletopError
from tabletop.core.options import Option, validate_options


class UnknownAgentError(TabletopError):
    """An agent name or one of its options is not known, or an option's value is not allowed."""


def _random(options: dict[str, Any]) -> Agent:
    from tabletop.agents.random_agent import RandomAgent

    return RandomAgent()


def _heuristic(options: dict[str, Any]) -> Agent:
    from tabletop.agents.heuristic import HeuristicAgent

    return HeuristicAgent()


def _mcts(options: dict[str, Any]) -> Agent:
    from tabletop.agents.mcts import MCTSAgent

    rollout = options.pop("rollout")
    return MCTSAgent(rollout=_heuristic({}) if rollout == "heuristic" else "random", **options)


def _policy(options: dict[str, Any]) -> Agent:
    from tabletop.agents.policy import PolicyAgent

    return PolicyAgent(**options)


@dataclass(frozen=True)
class AgentKind:
    """One kind of agent: its name, its options and how to build it from validated options."""

    name: str
    options: tuple[Option, ...]
    build: Callable[[dict[str, Any]], Agent]


AGENTS: dict[str, AgentKind] = {
    kind.name: kind
    for kind in (
        AgentKind("random", (), _random),
        AgentKind("heuristic", (), _heuristic),
        AgentKind(
            "mcts",
            (
                Option("iterations", int, 400, "search iterations per decision", minimum=1),
                Option("seconds", float, None, "search time per decision (wall clock)", minimum=0.001,
                       nullable=True, none_means="search by iterations"),
                Option("exploration", float, 1.4, "UCT exploration constant", minimum=0.0),
                Option("rollout", str, "random", "policy that finishes playouts", choices=("random", "heuristic")),
                Option("rollout_limit", int, 5000, "actions after which a playout is scored as it stands",
                       minimum=1),
                Option("prior", float, 1.0, "weight of the rollout agent's own choice in selection", minimum=0.0),
            ),
            _mcts,
        ),
        AgentKind(
            "policy",
            (
                Option("model", "path", None, "a policy file trained with MaskablePPO (examples/train.py)",
                       nullable=True, none_means="none: the agent refuses to start"),
                Option("deterministic", bool, True, "play the policy's most likely action (false: sample it)"),
            ),
            _policy,
        ),
    )
}


def list_agents() -> list[str]:
    return sorted(AGENTS)


def make(name: str, **options: Any) -> Agent:
    """A new agent by name, with its options (``iterations=400`` ...)."""
    kind = AGENTS.get(name)
    if kind is None:
        raise UnknownAgentError(f"unknown agent {name!r}; available agents: {', '.join(list_agents())}")
    try:
        values = validate_options(f"agent {name!r}", kind.options, options)
    except InvalidOptionError as exc:
        raise UnknownAgentError(str(exc)) from None
    return kind.build(values)


def from_spec(spec: str) -> Agent:
    """An agent from ``"name"`` or ``"name:key=value:key=value"`` (as on the command line)."""
    name, *parts = spec.strip().split(":")
    options: dict[str, str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise UnknownAgentError(f"agent spec {spec!r}: expected name:key=value, got {part!r}")
        options[key.strip()] = value.strip()
    return make(name.strip(), **options)
