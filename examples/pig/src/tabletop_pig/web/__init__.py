"""Pig in the browser: ``board.js`` beside this file draws the scores; ``layout`` gives the goal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop.core import Game

__all__ = ["ASSETS", "layout"]

#: the board's static files (``board.js``), served at ``/boards/pig/``
ASSETS = Path(__file__).resolve().parent


def layout(game: Game) -> dict[str, Any]:
    """The board's fixed parts: the goal and the die's faces."""
    return {"goal": game.options["goal"], "faces": list(range(1, 7))}
