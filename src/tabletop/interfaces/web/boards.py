"""Each game's board for the pages, found through the registry: its fixed layout and its static files.

A game's web board (``GameParts(web=...)``, a :class:`~tabletop.core.parts.WebBoard`) has
``layout(game)``: what the board looks like (paths, levels, girders and ladders), read
once per game from the game's own data (public facts: a deck's composition is public,
its order does not exist); a state's observation says where things are. Its ``ASSETS``
directory is served at ``/boards/<game>/``, where ``board.js`` draws the board. A game
without a web board is drawn by the page from its observer's text alone.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from tabletop.core.game import Game
from tabletop.core.registry import list_games, web_board

log = logging.getLogger("tabletop.web")

#: every board's entry module, in its ``ASSETS`` directory
ENTRY = "board.js"
#: the kinds of file a board may serve (its directory is a Python package too)
SERVED = frozenset({".js", ".css", ".svg", ".png", ".jpg", ".webp", ".json"})


def static_board(game: Game) -> dict[str, Any]:
    """The board's fixed layout for ``game`` (empty if the game has none, or its data changed shape)."""
    board = web_board(game.name)
    if board is None:
        return {}
    try:
        return board.layout(game)
    except (AttributeError, TypeError, ValueError, IndexError, KeyError):
        log.exception("cannot read the board layout of %s; the page falls back to the state alone", game.name)
        return {}


def board_module(game: str) -> str | None:
    """The address of the game's ``board.js`` for the pages (``None``: the page shows the text)."""
    return f"/boards/{game}/{ENTRY}" if web_board(game) is not None else None


def asset(game: str, path: str) -> Path | None:
    """The file ``path`` of the game's board, if it is one (never a file outside its directory)."""
    board = web_board(game) if game in list_games() else None
    if board is None:
        return None
    root = Path(board.ASSETS).resolve()
    wanted = (root / path).resolve()
    if not wanted.is_relative_to(root) or wanted.suffix not in SERVED or not wanted.is_file():
        return None
    return wanted
