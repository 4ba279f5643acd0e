"""Pig in the browser: ``board.js`` beside this file draws the lanes; ``layout`` gives the goal, ``summary`` the end.

``board.css`` styles the lanes and ``how-to-play.html`` teaches the game in a minute.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop.core import Game, State
from tabletop.core.words import ordinal, places
from tabletop_pig.state import PigState

__all__ = ["ASSETS", "layout"]

#: the board's static files (``board.js``), served at ``/boards/pig/``
ASSETS = Path(__file__).resolve().parent


def layout(game: Game) -> dict[str, Any]:
    """The board's fixed parts: the goal and the die's faces."""
    return {"goal": game.options["goal"], "faces": list(range(1, 7))}


def summary(state: State) -> dict[str, Any] | None:
    """Who banked the goal first, and every player's score and how far they were from the goal."""
    if not isinstance(state, PigState) or not state.is_terminal():
        return None
    goal = state.game.goal
    place = places(state.scores)
    order = sorted(range(len(state.scores)), key=lambda s: (place[s], s))
    rows = [[f"seat {s}", ordinal(place[s]), f"{state.scores[s]:,}",
             "reached it" if state.scores[s] >= goal else f"{goal - state.scores[s]:,} to go"] for s in order]
    return {
        "reason": f"seat {state.seat} banked {state.scores[state.seat]} points, reaching the goal of {goal}.",
        "table": {"caption": "Scores", "columns": ["Player", "Place", "Score", f"The goal ({goal})"], "rows": rows},
    }
