"""Doodle Jump in the browser: ``board.js`` beside this file draws the ramp; ``layout`` gives its fixed parts.

Choices are made on the board (``choosing.js``: dice, then a pad or a level's edge); ``summary``
and ``hint`` (``table.py``) say how a game ended and the chance of falling on the next roll;
``how-to-play.html`` teaches the game in a minute.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop.games.doodle_jump.game import DoodleJumpGame
from tabletop.games.doodle_jump.web.table import hint, summary

__all__ = ["ASSETS", "hint", "layout", "summary"]

#: the board's static files (``board.js``), served at ``/boards/doodle-jump/``
ASSETS = Path(__file__).resolve().parent


def layout(game: DoodleJumpGame) -> dict[str, Any]:
    """The ramp's columns and levels with their pads, the tiles and the dice faces (all public facts)."""
    rules = game.rules
    levels = {}
    for index, name in enumerate(rules.level_names):
        levels[name] = [[rules.pad_slot[p], rules.pad_number[p]] for p in rules.level_pads[index]]
    return {
        "columns": rules.columns,
        "max_offset": rules.max_offset,
        "levels": levels,
        "tiles": dict(zip(rules.tile_kinds, rules.tile_names, strict=True)),
        "tile_effects": dict(zip(rules.tile_kinds, rules.tile_effects, strict=True)),
        "symbol_faces": list(rules.symbol_faces),
        "die_faces": list(rules.die_faces),
    }
