"""Jumanji in the browser: ``board.js`` beside this file draws the board; ``layout`` gives its fixed parts.

The page draws the four colour paths spiralling to the centre, the Doomsday Grid, the
danger cards read through the decoder, and the live rescue and JUMANJI races.
``summary`` says how a game ended and ``hint`` gives a learner the rescue odds (``table.py``);
``how-to-play.html`` teaches the game in a minute.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop.games.jumanji.game import JumanjiGame
from tabletop.games.jumanji.web.table import hint, summary

__all__ = ["ASSETS", "hint", "layout", "summary"]

#: the board's static files (``board.js``), served at ``/boards/jumanji/``
ASSETS = Path(__file__).resolve().parent


def layout(game: JumanjiGame) -> dict[str, Any]:
    """The paths, the grid, the deck's cards and the dice faces (all public facts)."""
    board = game.board
    die = game.data.rescue_die
    return {
        "colours": list(board.colours),
        "paths": list(board.path_letters),
        "grid_places": board.grid_places,
        "cards": [
            {"number": n, "symbol": s, "message": m}
            for n, s, m in zip(board.card_numbers, board.card_symbols, board.card_messages, strict=True)
        ],
        "rescue_faces": list(die.faces),
        "wild": die.wild if game.wild else None,
        "stop_faces": sorted(board.stop_faces),
    }
