"""The game registry: ``make(name, **options)`` and ``list_games()``.

Games are registered by import path so that ``import tabletop`` stays light;
a game's module is imported the first time it is made.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from tabletop.core.errors import UnknownGameError
from tabletop.core.game import Game

_GAMES: dict[str, str] = {
    "jumanji": "tabletop.games.jumanji:JumanjiGame",
    "doodle-jump": "tabletop.games.doodle_jump:DoodleJumpGame",
    "donkey-kong": "tabletop.games.donkey_kong:DonkeyKongGame",
}


def register(name: str, path: str) -> None:
    """Register a game class by ``"module:Class"`` path under ``name``."""
    _GAMES[name] = path


def _available() -> dict[str, str]:
    found = {}
    for name, path in _GAMES.items():
        module = path.split(":")[0]
        if importlib.util.find_spec(module) is not None:
            found[name] = path
    return found


def list_games() -> list[str]:
    """The names of every game that can be made, sorted."""
    return sorted(_available())


def game_class(name: str) -> type[Game]:
    """The class registered under ``name``."""
    path = _available().get(name)
    if path is None:
        raise UnknownGameError(f"unknown game {name!r}; available games: {', '.join(list_games())}")
    module, _, cls = path.partition(":")
    found: type[Game] = getattr(importlib.import_module(module), cls)
    return found


def make(name: str, **options: Any) -> Game:
    """Make a game: ``make("jumanji", players=4)``.

    Raises a ``ValueError`` subclass naming the problem for an unknown game,
    an unknown option, or a value out of range.
    """
    return game_class(name)(**options)
