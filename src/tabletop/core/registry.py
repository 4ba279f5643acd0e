"""The game registry: games are found by entry points, the Python packaging way.

A game is installed like any package: its distribution declares an entry point in
the group ``tabletop.games`` naming its ``Game`` class, under the game's name::

    [project.entry-points."tabletop.games"]
    my-game = "my_game:MyGame"

``list_games()`` reads only the installed packages' metadata, and a game's module is
imported the first time the game is made, so ``import tabletop`` stays light. Its
parts for each front end and agent (``Game.parts``) are imported when first asked
for with :func:`part`. A game can also be added while a program runs, with
:func:`register` (the tests do this for their small games).
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import TYPE_CHECKING, Any

from tabletop.core.errors import TabletopError, UnknownGameError
from tabletop.core.game import Game
from tabletop.core.parts import REQUIRED

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

    from tabletop.core.parts import DataPart, Evaluation, LiveRules, Policy, TerminalView, WebBoard

#: The entry-point group games are registered in.
GROUP = "tabletop.games"

_REGISTERED: dict[str, str | type[Game]] = {}
_LOADED: dict[str, type[Game]] = {}
_PARTS: dict[tuple[str, str], Any] = {}


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


def register(name: str, game: str | type[Game]) -> None:
    """Add a game class (or its ``"module:Class"`` path) under ``name`` while the program runs."""
    _REGISTERED[name] = game
    _LOADED.pop(name, None)
    for key in [k for k in _PARTS if k[0] == name]:
        del _PARTS[key]


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
def part(name: str, kind: str) -> Any:
    """The game's part of ``kind`` (``"terminal"``, ``"web"``, ``"heuristic"``, ``"live"``,
    ``"evaluation"``, ``"encoding"`` or ``"data"``), or ``None``.

    A part given as an import path is imported here, once, and checked for the names
    its protocol needs (:data:`tabletop.core.parts.REQUIRED`).
    """
    if kind not in REQUIRED:
        raise ValueError(f"unknown kind of part {kind!r}; kinds: {', '.join(REQUIRED)}")
    key = (name, kind)
    if key in _PARTS:
        return _PARTS[key]
    spec = getattr(game_class(name).parts, kind)
    found = spec
    if isinstance(spec, str):
        try:
            found = _import(spec)
        except (ImportError, AttributeError) as exc:
            raise GamePackageError(f"the {kind} part of {name!r} ({spec}) cannot be loaded: {exc}") from exc
    if found is not None:
        missing = [attr for attr in REQUIRED[kind] if not hasattr(found, attr)]
        if missing:
            raise GamePackageError(f"the {kind} part of {name!r} ({spec!r}) lacks {', '.join(missing)}")
    _PARTS[key] = found
    return found


def has_part(name: str, kind: str) -> bool:
    """Whether the game declares a part of ``kind`` (without importing it)."""
    if kind not in REQUIRED:
        raise ValueError(f"unknown kind of part {kind!r}; kinds: {', '.join(REQUIRED)}")
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
