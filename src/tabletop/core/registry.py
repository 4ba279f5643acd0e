"""The game registry: games are found by entry points, the Python packaging way.

A game is installed like any package: its distribution declares an entry point in
the group ``tabletop.games`` naming its ``Game`` class, under the game's name::

    [project.entry-points."tabletop.games"]
    my-game = "my_game:MyGame"

``list_games()`` reads only the installed packages' metadata, and a game's module is
imported the first time the game is made, so ``import tabletop`` stays light. Its
parts for each front end and agent (``Game.parts``) are loaded with it and checked
against the part contract (:mod:`tabletop.core.hooks`): a game whose part lacks a
required hook, defines one of the wrong shape, or names something that is no hook (a
misspelling) does not load, and the error names the part, the name and the close match.
Front ends and agents then read a part with :func:`part` and each hook with
:func:`hook`, typed. A game can also be added while a program runs, with
:func:`register` (the tests do this for their small games).
"""

from __future__ import annotations

import importlib
from dataclasses import fields
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

from tabletop.core.errors import TabletopError, UnknownGameError
from tabletop.core.game import Game
from tabletop.core.hooks import KINDS, Hook, check_part

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

    from tabletop.core.parts import DataPart, Evaluation, LiveRules, Policy, TerminalView, WebBoard

#: The entry-point group games are registered in.
GROUP = "tabletop.games"

_REGISTERED: dict[str, str | type[Game]] = {}
_LOADED: dict[str, type[Game]] = {}
_PARTS: dict[tuple[str, str], Any] = {}
_HOOKS: dict[tuple[str, str], dict[str, Any]] = {}

T = TypeVar("T")


class GamePackageError(TabletopError):
    """An installed game does not load, or one of its parts is missing or malformed."""


@cache
def _entry_points() -> dict[str, EntryPoint]:
    from importlib.metadata import entry_points

    return {ep.name: ep for ep in entry_points(group=GROUP)}


def refresh() -> None:
    """Read the installed games again (after a package was installed while this program runs)."""
    importlib.invalidate_caches()
    _entry_points.cache_clear()
    _LOADED.clear()
    _PARTS.clear()
    _HOOKS.clear()


def register(name: str, game: str | type[Game]) -> None:
    """Add a game class (or its ``"module:Class"`` path) under ``name`` while the program runs."""
    _REGISTERED[name] = game
    _LOADED.pop(name, None)
    for key in [k for k in _PARTS if k[0] == name]:
        del _PARTS[key]
        _HOOKS.pop(key, None)


def installed_games() -> list[str]:
    """The names of the games installed as packages (entry points), sorted."""
    return sorted(_entry_points())


def list_games() -> list[str]:
    """The names of every game that can be made, sorted."""
    return sorted({*_entry_points(), *_REGISTERED})


def game_class(name: str) -> type[Game]:
    """The class registered under ``name``."""
    found = _LOADED.get(name)
    if found is not None:
        return found
    source = _REGISTERED.get(name)
    if source is None:
        entry = _entry_points().get(name)
        if entry is None:
            raise UnknownGameError(f"unknown game {name!r}; available games: {', '.join(list_games())}")
        source = entry.value
    loaded = source if not isinstance(source, str) else _load_game(name, source)
    if loaded.info.name != name:
        raise GamePackageError(f"game {name!r} is registered as {source!r}, whose info.name is {loaded.info.name!r}")
    _load_parts(name, loaded)
    _LOADED[name] = loaded
    return loaded


def _load_game(name: str, path: str) -> type[Game]:
    try:
        found = _import(path)
    except (ImportError, AttributeError) as exc:
        raise GamePackageError(f"game {name!r} ({path}) cannot be loaded: {exc}") from exc
    if not (isinstance(found, type) and issubclass(found, Game)):
        raise GamePackageError(f"game {name!r} is registered as {path!r}, which is not a Game class")
    return found


def _import(path: str) -> Any:
    module, _, attribute = path.partition(":")
    loaded = importlib.import_module(module)
    for step in attribute.split(".") if attribute else ():
        loaded = getattr(loaded, step)
    return loaded


def make(name: str, **options: Any) -> Game:
    """Make a game: ``make("race", players=2)`` for a game registered as ``race``.

    Raises a ``ValueError`` subclass naming the problem for an unknown game,
    an unknown option, or a value out of range.
    """
    return game_class(name)(**options)


# -- a game's parts -----------------------------------------------------------------------
def _load_parts(name: str, game: type[Game]) -> None:
    """Load every part ``game`` declares and check it against the part contract (all problems at once)."""
    declared = {f.name for f in fields(game.parts)}
    if declared != set(KINDS):  # a GameParts subclass with a field of its own, or without one
        raise GamePackageError(f"the parts of {name!r} are {sorted(declared)}, not the kinds {', '.join(KINDS)}")
    problems = []
    loaded: dict[str, tuple[Any, dict[str, Any]]] = {}
    for kind in KINDS:
        spec = getattr(game.parts, kind)
        found = spec
        if isinstance(spec, str):
            try:
                found = _import(spec)
            except (ImportError, AttributeError) as exc:
                problems.append(f"the {kind} part of {name!r} ({spec}) cannot be loaded: {exc}")
                continue
        hooks: dict[str, Any] = {}
        if found is not None:
            hooks, wrong = check_part(kind, found)
            where = spec if isinstance(spec, str) else getattr(spec, "__name__", type(spec).__name__)
            problems += [f"the {kind} part of {name!r} ({where}): {problem}" for problem in wrong]
        loaded[kind] = (found, hooks)
    if problems:
        raise GamePackageError("; ".join(problems))
    for kind, (found, hooks) in loaded.items():
        _PARTS[name, kind] = found
        _HOOKS[name, kind] = hooks


def _kind(kind: str) -> None:
    if kind not in KINDS:
        raise ValueError(f"unknown kind of part {kind!r}; kinds: {', '.join(KINDS)}")


def part(name: str, kind: str) -> Any:
    """The game's part of ``kind`` (``"terminal"``, ``"web"``, ``"heuristic"``, ``"live"``,
    ``"evaluation"`` or ``"encoding"``), or ``None``: loaded and checked with the game."""
    _kind(kind)
    game_class(name)
    return _PARTS[name, kind]


def hook(name: str, spec: Hook[T]) -> T | None:
    """The game's hook ``spec`` (one of :data:`tabletop.core.hooks.HOOKS`), or ``None`` where its part
    does not define it (or the game has no such part).

    >>> from tabletop.core.hooks import DESCRIBE, ROLLOUT
    >>> hook("race", ROLLOUT) is None
    True
    """
    game_class(name)
    found: T | None = _HOOKS[name, spec.part].get(spec.name)
    return found


def has_part(name: str, kind: str) -> bool:
    """Whether the game declares a part of ``kind``."""
    _kind(kind)
    return getattr(game_class(name).parts, kind) is not None


def terminal_view(name: str) -> TerminalView | None:
    """The game's terminal view, if it has one."""
    view: TerminalView | None = part(name, "terminal")
    return view


def web_board(name: str) -> WebBoard | None:
    """The game's web board (its static files and layout builder), if it has one."""
    board: WebBoard | None = part(name, "web")
    return board


def heuristic_policy(name: str) -> Policy | None:
    """The game's heuristic policy, if it has one."""
    policy: Policy | None = part(name, "heuristic")
    return policy


def live_rules(name: str) -> LiveRules | None:
    """The game's live events (races against time), if it has any."""
    rules: LiveRules | None = part(name, "live")
    return rules


def evaluation(name: str) -> Evaluation | None:
    """The game's evaluation of positions (for searches and analyses), if it has one."""
    found: Evaluation | None = part(name, "evaluation")
    return found


def data_part(name: str) -> DataPart | None:
    """The game's data file for designers (its model and packaged file), if it has one."""
    found: DataPart | None = part(name, "data")
    return found
