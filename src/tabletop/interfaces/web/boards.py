"""The fixed parts of each game's board, for the pages to draw: paths, levels, girders and ladders.

A state's ``to_dict()`` says where things are; these say what the board looks
like, read once per game from the game's own data (public facts: a deck's
composition is public, its order does not exist). A game without an entry here
is drawn by the page from its state alone.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from tabletop.core.game import Game

log = logging.getLogger("tabletop.web")


def _jumanji(game: Any) -> dict[str, Any]:
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


def _doodle_jump(game: Any) -> dict[str, Any]:
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


def _donkey_kong(game: Any) -> dict[str, Any]:
    rules = game.rules
    model = rules.board.model
    return {
        "girders": [
            {"name": g.name, "spaces": g.spaces, "roll": g.barrels_roll, "red_dots": list(g.red_dots),
             "black_dots": list(g.black_dots)}
            for g in model.girders
        ],
        "ladders": [{"name": lad.name, "bottom": lad.bottom, "top": lad.top, "rungs": lad.rungs}
                    for lad in model.ladders],
        "edges": [{"upper": e.upper, "lower": e.lower} for e in model.edges],
        "start": rules.board.names[rules.board.start],
        "start_joins": list(model.start.joins),
        "finish": model.finish,
        "oil_can_beside": model.oil_can_beside,
        "barrel_drop": model.barrel_drop,
        "cards": list(rules.card_codes),
        "barrels": rules.barrels,
        "fireballs": rules.fireballs,
    }


STATIC: dict[str, Callable[[Any], dict[str, Any]]] = {
    "jumanji": _jumanji,
    "doodle-jump": _doodle_jump,
    "donkey-kong": _donkey_kong,
}


def static_board(game: Game) -> dict[str, Any]:
    """The board's fixed layout for ``game`` (empty if the game has none, or its data changed shape)."""
    extract = STATIC.get(game.name)
    if extract is None:
        return {}
    try:
        return extract(game)
    except (AttributeError, TypeError, ValueError, IndexError, KeyError):
        log.exception("cannot read the board layout of %s; the page falls back to the state alone", game.name)
        return {}
