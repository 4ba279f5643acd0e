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

#: the difficulty levels (tabletop.agents.ladder), weakest first: each is an agent by that name
LEVELS = ("beginner", "easy", "medium", "hard", "expert")


class UnknownAgentError(TabletopError):
    """An agent name or one of its options is not known, or an option's value is not allowed."""


def _random(options: dict[str, Any]) -> Agent:
    from tabletop.agents.random_agent import RandomAgent

    return RandomAgent()


def _heuristic(options: dict[str, Any]) -> Agent:
    from tabletop.agents.heuristic import HeuristicAgent

    return HeuristicAgent(**options)


def _mcts(options: dict[str, Any]) -> Agent:
    from tabletop.agents.mcts import MCTSAgent

    agent = MCTSAgent(**options)
    agent.name = mcts_name(options)
    return agent


def mcts_name(options: dict[str, Any]) -> str:
    """The shortest spec that makes this search again: its budget, and every other option not at its default.

    >>> mcts_name({"iterations": 400, "seconds": None, "cutoff": 2, "crn": False})
    'mcts:iterations=400:crn=false'
    """
    timed = options.get("seconds") is not None
    parts = ["mcts"]
    for option in MCTS_OPTIONS:
        value = options.get(option.name, option.default)
        if option.name == "iterations":
            shown = not timed
        elif option.name == "seconds":
            shown = timed
        else:
            shown = value != option.default
        if shown:
            parts.append(f"{option.name}={_text(value)}")
    return ":".join(parts)


def _text(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


MCTS_OPTIONS = (
    Option("iterations", int, 400, "search iterations per decision (unless seconds is given)", minimum=1),
    Option("seconds", float, None, "search time per decision", minimum=0.001, nullable=True,
           none_means="search by iterations"),
    Option("clock", str, "wall", "what seconds are measured by: wall-clock time, or this process's CPU time",
           choices=("wall", "process")),
    Option("exploration", float, 0.7, "UCT exploration constant (values are chances of winning, 0 to 1)",
           minimum=0.0),
    Option("rollout", str, "fast", "policy that plays playouts on: the game's fast one, the heuristic, or random",
           choices=("fast", "heuristic", "random")),
    Option("cutoff", int, 2, "turns a playout runs before the game's evaluation scores it", minimum=0,
           nullable=True, none_means="play every playout to the end"),
    Option("rollout_limit", int, 5000, "actions after which a playout is scored as it stands", minimum=1),
    Option("prior", float, 1.0, "weight of the playout policy's own choice in selection", minimum=0.0),
    Option("chance", str, "sample", "chance nodes: sampled, stratified, progressively widened, or mixed",
           choices=("sample", "stratify", "widen", "mixed")),
    Option("crn", bool, True, "common random numbers across the root's actions"),
    Option("reuse", bool, True, "keep the subtree of the position reached for the next decision"),
)


def _level(level: str) -> Callable[[dict[str, Any]], Agent]:
    def build(options: dict[str, Any]) -> Agent:
        from tabletop.agents.ladder import LevelAgent

        return LevelAgent(level)

    return build


def _policy(options: dict[str, Any]) -> Agent:
    model = options.get("model")
    if isinstance(model, str) and model.endswith(".npz"):  # an exported policy: NumPy plays it
        from tabletop.agents.learned import LearnedAgent

        return LearnedAgent(model)
    from tabletop.agents.policy import PolicyAgent

    return PolicyAgent(**options)


def _learned(options: dict[str, Any]) -> Agent:
    from tabletop.agents.learned import LearnedAgent

    return LearnedAgent()


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
        AgentKind(
            "heuristic",
            (Option("noise", float, 0.0, "chance of a random legal action instead, at each decision",
                    minimum=0.0, maximum=1.0),),
            _heuristic,
        ),
        AgentKind("mcts", MCTS_OPTIONS, _mcts),
        *(AgentKind(level, (), _level(level)) for level in LEVELS),
        AgentKind(
            "policy",
            (
                Option("model", "path", None, "a policy file trained with MaskablePPO (examples/train.py): its .zip "
                       "(needs PyTorch) or its exported .npz (NumPy alone)",
                       nullable=True, none_means="none: the agent refuses to start"),
                Option("deterministic", bool, True, "play the policy's most likely action (false: sample it)"),
            ),
            _policy,
        ),
        AgentKind("learned", (), _learned),
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
