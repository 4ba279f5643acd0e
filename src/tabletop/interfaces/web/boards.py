"""Each game's board for the pages, found through the registry: its fixed layout and its static files.

A game's web board (``GameParts(web=...)``, a :class:`~tabletop.core.parts.WebBoard`) has
``layout(game)``: what the board looks like (paths, levels, girders and ladders), read
once per game from the game's own data (public facts: a deck's composition is public,
its order does not exist); a state's observation says where things are. Its ``ASSETS``
directory is served at ``/boards/<game>/``, where ``board.js`` draws the board. A game
without a web board is drawn by the page from its observer's text alone.

A board may also give, each optional:

- ``board.css`` in ``ASSETS``: the board's own styles (its cards, its panels);
- ``how-to-play.html`` in ``ASSETS``: a short "how to play" in the game's own words, shown
  on a player's first game and on request;
- ``summary(state) -> dict``: how a finished game ended, for the end screen: ``reason`` (why it
  ended, in words) and, if the game keeps score, ``table`` (``columns`` and one row per seat);
- ``hint(state, seat) -> str | None``: the odds a learner may ask to see at this moment
  (exact, from the game's chance distributions), or ``None``.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from pathlib import Path
from typing import Any

from tabletop.core.game import Game
from tabletop.core.hooks import HINT, SUMMARY
from tabletop.core.i18n import language
from tabletop.core.registry import hook, list_games, web_board
from tabletop.core.state import State

log = logging.getLogger("tabletop.web")

#: every board's entry module, in its ``ASSETS`` directory
ENTRY = "board.js"
#: the kinds of file a board may serve (its directory is a Python package too)
SERVED = frozenset({".js", ".css", ".svg", ".png", ".jpg", ".webp", ".json", ".html"})
#: the board's "how to play" and its own stylesheet, if it has them
HELP = "how-to-play.html"
STYLE = "board.css"
#: hints and summaries computed lately (a hint may enumerate a roll's outcomes: once per position)
_CACHE: OrderedDict[tuple[str, int, str, int | None, str], Any] = OrderedDict()
_CACHE_SIZE = 512


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


def board_style(game: str) -> str | None:
    """The address of the board's own stylesheet (``board.css`` in ``ASSETS``), if it has one."""
    board = web_board(game)
    if board is None or not (Path(board.ASSETS) / STYLE).is_file():
        return None
    return f"/boards/{game}/{STYLE}"


def help_page(game: str) -> str | None:
    """The address of the game's "how to play" page, if its board has one."""
    board = web_board(game)
    if board is None or not (Path(board.ASSETS) / HELP).is_file():
        return None
    return f"/boards/{game}/{HELP}"


def _cached(kind: str, game: Game, state: State, seat: int | None, compute: Any) -> Any:
    key = (kind, id(game), state.to_text(), seat, language())  # in the words of the viewer's language
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return _CACHE[key]
    try:
        value = compute()
    except Exception:  # a board's bug must not break the page: it shows no hint or summary
        log.exception("the %s of %s failed", kind, game.name)
        value = None
    _CACHE[key] = value
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return value


def summary_of(game: Game, state: State) -> dict[str, Any] | None:
    """How a finished game ended, from the board's ``summary`` (``None``: the board says nothing)."""
    summary = hook(game.name, SUMMARY)
    if summary is None:
        return None
    value: dict[str, Any] | None = _cached("summary", game, state, None, lambda: summary(state))
    return value


def hint_for(game: Game, state: State, seat: int | None) -> str | None:
    """The learner's odds hint for ``seat`` now, from the board's ``hint`` (``None``: none)."""
    hint = hook(game.name, HINT)
    if hint is None or seat is None:
        return None
    value: str | None = _cached("hint", game, state, seat, lambda: hint(state, seat))
    return value
