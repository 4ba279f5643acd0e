"""Donkey Kong in the browser: ``board.js`` beside this file draws the board; ``layout`` gives its fixed parts.

``summary`` (``table.py``) gives the end screen's score table by cause and ``hint`` the chance an
obstacle reaches a learner this turn; ``how-to-play.html`` teaches the game in a minute.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop.games.donkey_kong.game import DonkeyKongGame
from tabletop.games.donkey_kong.web.table import hint, summary

__all__ = ["ASSETS", "hint", "layout", "summary"]

#: the board's static files (``board.js``), served at ``/boards/donkey-kong/``
ASSETS = Path(__file__).resolve().parent


def layout(game: DonkeyKongGame) -> dict[str, Any]:
    """The girders, ladders and their links, the deck's cards and the obstacles (all public facts)."""
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
