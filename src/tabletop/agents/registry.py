"""Agents by name: ``make("mcts", iterations=400)`` or a spec ``"mcts:iterations=800"``.

>>> from tabletop.agents import make, from_spec
>>> make("random").name
'random'
>>> from_spec("mcts:iterations=50").name
'mcts:iterations=50'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.core.agent import Agent
from tabletop.core.errors import TabletopError


class UnknownAgentError(TabletopError):
    """An agent name or one of its settings is not known."""


def _random(**settings: Any) -> Agent:
    from tabletop.agents.random_agent import RandomAgent

    _no_settings("random", settings)
    return RandomAgent()


def _heuristic(**settings: Any) -> Agent:
    from tabletop.agents.heuristic import HeuristicAgent

    _no_settings("heuristic", settings)
    return HeuristicAgent()


def _mcts(**settings: Any) -> Agent:
    from tabletop.agents.mcts import MCTSAgent

    allowed = {
        "iterations": int,
        "seconds": float,
        "exploration": float,
        "rollout": str,
        "rollout_limit": int,
        "prior": float,
    }
    converted: dict[str, Any] = {}
    for key, value in settings.items():
        kind = allowed.get(key)
        if kind is None:
            raise UnknownAgentError(f"unknown setting {key!r} for mcts; allowed: {', '.join(allowed)}")
        try:
            converted[key] = kind(value)
        except (TypeError, ValueError):
            raise UnknownAgentError(f"mcts setting {key!r} must be {kind.__name__}, not {value!r}") from None
    rollout = converted.pop("rollout", "random")
    if rollout == "heuristic":
        rollout = _heuristic()
    elif rollout != "random":
        raise UnknownAgentError(f"mcts rollout must be 'random' or 'heuristic', not {rollout!r}")
    try:
        return MCTSAgent(rollout=rollout, **converted)
    except ValueError as exc:
        raise UnknownAgentError(str(exc)) from None


def _no_settings(name: str, settings: dict[str, Any]) -> None:
    if settings:
        raise UnknownAgentError(f"agent {name!r} takes no settings, got {', '.join(settings)}")


AGENTS: dict[str, Callable[..., Agent]] = {"random": _random, "heuristic": _heuristic, "mcts": _mcts}


def list_agents() -> list[str]:
    return sorted(AGENTS)


def make(name: str, **settings: Any) -> Agent:
    """A new agent by name, with its settings (``iterations=400`` ...)."""
    factory = AGENTS.get(name)
    if factory is None:
        raise UnknownAgentError(f"unknown agent {name!r}; available agents: {', '.join(list_agents())}")
    return factory(**settings)


def from_spec(spec: str) -> Agent:
    """An agent from ``"name"`` or ``"name:key=value:key=value"`` (as on the command line)."""
    name, *parts = spec.strip().split(":")
    settings: dict[str, str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise UnknownAgentError(f"agent spec {spec!r}: expected name:key=value, got {part!r}")
        settings[key.strip()] = value.strip()
    return make(name.strip(), **settings)
