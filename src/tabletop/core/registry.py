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

_GAMES: dict[str, str | type[Game]] = {
    "jumanji": "tabletop.games.jumanji:JumanjiGame",
    "doodle-jump": "tabletop.games.doodle_jump:DoodleJumpGame",
    "donkey-kong": "tabletop.games.donkey_kong:DonkeyKongGame",
}


def register(name: str, game: str | type[Game]) -> None:
    """Register a game class (or its ``"module:Class"`` path) under ``name``."""
    _GAMES[name] = game


def _available() -> dict[str, str | type[Game]]:
    found: dict[str, str | type[Game]] = {}
    for name, game in _GAMES.items():
        if not isinstance(game, str) or importlib.util.find_spec(game.split(":")[0]) is not None:
            found[name] = game
    return found


def list_games() -> list[str]:
    """The names of every game that can be made, sorted."""
    return sorted(_available())


def game_class(name: str) -> type[Game]:
    """The class registered under ``name``."""
    path = _available().get(name)
    if path is None:
        raise UnknownGameError(f"unknown game {name!r}; available games: {', '.join(list_games())}")
    if not isinstance(path, str):
        return path
    module, _, cls = path.partition(":")
    found: type[Game] = getattr(importlib.import_module(module), cls)
    return found


def make(name: str, **options: Any) -> Game:
    """Make a game: ``make("jumanji", players=4)``.

    Raises a ``ValueError`` subclass naming the problem for an unknown game,
    an unknown option, or a value out of range.
    """
    return game_class(name)(**options)
