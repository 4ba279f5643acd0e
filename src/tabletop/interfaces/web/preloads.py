"""The modules a page needs at once, named in its ``<head>`` as ``<link rel="modulepreload">``: its entry module's
static imports, direct or through other modules, read once from the files the server serves.

A browser finds a module's imports only once it has that module, so each level of imports costs another round trip
before the page can draw (on a phone's network, 150 ms or more each). Named in the head, all of them are asked for
with the page. A game's page also names its board's modules (``/boards/<game>/board.js`` and what it imports) and
its board's stylesheet: the board is drawn as soon as the game's view arrives, not one round trip or two later.

>>> modules("/static/table/help.js")
('/static/table/help.js', '/static/i18n.js')
>>> "/static/i18n.js" in game_page_modules("no such game") and "/static/game.js" not in game_page_modules("x")
True
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from urllib.parse import urljoin

from tabletop.interfaces.web.boards import asset, board_module
from tabletop.interfaces.web.language import STATIC

#: ``import ... from "x"``, ``export ... from "x"`` and ``import "x"`` at the start of a line (a dynamic
#: ``import(x)`` is the page's own business: it is not followed)
IMPORT = re.compile(r"""^[ \t]*(?:import|export)\b[^"'();]*?\bfrom[ \t]*["']([^"']+)["']"""
                    r"""|^[ \t]*import[ \t]*["']([^"']+)["']""", re.MULTILINE)
#: the game page's own module (the page names it in a script tag)
GAME_PAGE = "/static/game.js"


def _file(url: str) -> Path | None:
    """The served file at ``url`` (a page's script or a board's), if there is one."""
    if url.startswith("/static/"):
        path = (STATIC / url.removeprefix("/static/")).resolve()
        return path if path.is_relative_to(STATIC) and path.is_file() else None
    if url.startswith("/boards/"):
        game, _, rest = url.removeprefix("/boards/").partition("/")
        return asset(game, rest)
    return None


@functools.cache
def modules(entry: str) -> tuple[str, ...]:
    """``entry`` and every module it imports, directly or not, in the order they are found (each once)."""
    found = [entry]
    for url in found:  # grows as imports are found
        file = _file(url)
        if file is None:
            continue
        for match in IMPORT.finditer(file.read_text(encoding="utf-8")):
            imported = urljoin(url, match.group(1) or match.group(2))
            if imported not in found and _file(imported) is not None:
                found.append(imported)
    return tuple(found)


@functools.cache
def game_page_modules(game: str) -> tuple[str, ...]:
    """What a page of ``game`` preloads: the table's modules (not game.js itself, which the page loads) and its
    board's, if it has one."""
    board = board_module(game) if _file(f"/boards/{game}/board.js") is not None else None
    listed = [url for url in modules(GAME_PAGE) if url != GAME_PAGE]
    listed += [url for url in modules(board) if url not in listed] if board else []
    return tuple(listed)
