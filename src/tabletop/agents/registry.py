"""Agents by name, found by entry points as games are: ``make("mcts", iterations=400)`` or ``"mcts:iterations=800"``.

An agent is installed like a game: its distribution declares an entry point in the group
``tabletop.agents`` naming its *factory*, under the agent's name::

    [project.entry-points."tabletop.agents"]
    my-agent = "my_package:MyAgent"

A factory (:class:`AgentFactory`, usually the agent's class) declares every option it takes,
once, as :class:`~tabletop.core.options.Option` values in ``options`` (default, allowed values,
help), and is called with the validated options as keywords; the same code validates a game's
options. tabletop's own agents are registered the same way (its ``pyproject.toml``), and a package
outside tabletop adds one with no edit to tabletop (docs/agents.md). :func:`register` adds a
factory while a program runs (the tests do this).

>>> from tabletop.agents import make, from_spec
>>> make("random").name
'random'
>>> from_spec("mcts:iterations=50").name
'mcts:iterations=50'
>>> [o.name for o in AGENTS["heuristic"].options]
['noise']
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

from tabletop.core.agent import Agent
from tabletop.core.errors import InvalidOptionError, TabletopError
from tabletop.core.options import Option, validate_options

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

#: The entry-point group agents are registered in.
GROUP = "tabletop.agents"

#: the difficulty levels (tabletop.agents.ladder), weakest first: each is an agent by that name
LEVELS = ("beginner", "easy", "medium", "hard", "expert")


class UnknownAgentError(TabletopError):
    """An agent name or one of its options is not known, or an option's value is not allowed."""


class AgentPackageError(TabletopError):
    """An installed agent does not load, or its factory does not keep the contract."""


class AgentFactory(Protocol):
    """What an agent's entry point names: a callable (usually the agent's class) that declares its options.

    ``options`` lists every option, with its default; the factory is called with every declared
    option's value as a keyword (validated, defaults filled in) and returns an
    :class:`~tabletop.core.agent.Agent` whose ``name`` is the spec that makes it again
    (:func:`spec_name` writes one).
    """

    options: Sequence[Option]

    def __call__(self, **options: Any) -> Agent: ...


@dataclass(frozen=True)
class AgentKind:
    """One kind of agent: its name, its declared options, its factory and the distribution it comes from."""

    name: str
    options: tuple[Option, ...]
    factory: AgentFactory
    source: str


_REGISTERED: dict[str, AgentFactory] = {}
_KINDS: dict[str, AgentKind] = {}


@cache
def _entry_points() -> dict[str, EntryPoint]:
    from importlib.metadata import entry_points

    return {ep.name: ep for ep in entry_points(group=GROUP)}


def refresh() -> None:
    """Read the installed agents again (after a package was installed while this program runs)."""
    importlib.invalidate_caches()
    _entry_points.cache_clear()
    _KINDS.clear()


def register(name: str, factory: AgentFactory) -> None:
    """Add an agent factory under ``name`` while the program runs."""
    _REGISTERED[name] = factory
    _KINDS.pop(name, None)


def unregister(name: str) -> None:
    """Remove an agent added with :func:`register`."""
    _REGISTERED.pop(name, None)
    _KINDS.pop(name, None)


def installed_agents() -> list[str]:
    """The names of the agents installed as packages (entry points), sorted."""
    return sorted(_entry_points())


def list_agents() -> list[str]:
    """The names of every agent that can be made, sorted."""
    return sorted({*_entry_points(), *_REGISTERED})


def agent_kind(name: str) -> AgentKind:
    """The agent registered under ``name``: loaded once, its factory and options checked."""
    found = _KINDS.get(name)
    if found is not None:
        return found
    factory: Any = _REGISTERED.get(name)
    source = "registered while running"
    if factory is None:
        entry = _entry_points().get(name)
        if entry is None:
            raise UnknownAgentError(f"unknown agent {name!r}; available agents: {', '.join(list_agents())}")
        source = entry.dist.name if entry.dist is not None else entry.value
        try:
            factory = entry.load()
        except (ImportError, AttributeError) as exc:
            raise AgentPackageError(f"agent {name!r} ({entry.value}) cannot be loaded: {exc}") from exc
    declared = getattr(factory, "options", None)  # the contract's one attribute, read once here
    if not callable(factory) or not isinstance(declared, tuple | list) or not all(
            isinstance(o, Option) for o in declared):
        raise AgentPackageError(f"agent {name!r} is registered as {factory!r}, which is not an agent factory: "
                                "a callable with its options declared in `options`, a tuple of Option")
    names = [o.name for o in declared]
    if len(set(names)) != len(names):
        raise AgentPackageError(f"agent {name!r} declares an option twice: {names}")
    found = _KINDS[name] = AgentKind(name, tuple(declared), factory, source)
    return found


class _Kinds(Mapping[str, AgentKind]):
    """Every agent kind by name, read from the registry when asked (so a late ``register`` shows)."""

    def __getitem__(self, name: str) -> AgentKind:
        if name not in list_agents():
            raise KeyError(name)
        return agent_kind(name)

    def __iter__(self) -> Iterator[str]:
        return iter(list_agents())

    def __len__(self) -> int:
        return len(list_agents())


#: Every kind of agent, by name (a read-only view of the registry).
AGENTS: Mapping[str, AgentKind] = _Kinds()


def option_values(name: str, declared: Sequence[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Every declared option's value for agent ``name``: the given ones checked and converted, the rest
    defaulted (:class:`UnknownAgentError` naming what is wrong). An agent's constructor calls it, so
    each default is written once, in its :class:`~tabletop.core.options.Option`."""
    try:
        return validate_options(f"agent {name!r}", declared, given)
    except InvalidOptionError as exc:
        raise UnknownAgentError(str(exc)) from None


def spec_name(name: str, declared: Sequence[Option], values: Mapping[str, Any], always: Sequence[str] = (),
              never: Sequence[str] = ()) -> str:
    """The shortest spec that makes this agent again: its name, the options named in ``always``, and every
    other option not at its default but those named in ``never`` (which do not matter here).

    >>> noise = Option("noise", float, 0.0, "chance of a random action")
    >>> spec_name("heuristic", [noise], {"noise": 0.0}), spec_name("heuristic", [noise], {"noise": 0.25})
    ('heuristic', 'heuristic:noise=0.25')
    """
    parts = [name]
    for option in declared:
        value = values.get(option.name, option.default)
        if option.name in always or (value != option.default and option.name not in never):
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


def make(name: str, **options: Any) -> Agent:
    """A new agent by name, with its options (``iterations=400`` ...), checked against its declaration."""
    kind = agent_kind(name)
    agent = kind.factory(**option_values(name, kind.options, options))
    if not isinstance(agent, Agent):
        raise AgentPackageError(f"agent {name!r} made {agent!r}, which is not an Agent (name, reset and step)")
    return agent


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
