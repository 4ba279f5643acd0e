"""Jumanji at the web table: how a game ended, and the odds a learner may ask for.

Both speak of seats as the engine's log does ("seat 0"); the page puts the players' names in.
The odds are exact, from the game's own chance model (R-J6: a rescuer rolls ``rescue_rolls``
times before the timer runs out, each roll showing the symbol, or the wild hourglass, with
chance 1/8 or 2/8).
"""

from __future__ import annotations

from typing import Any

from tabletop.core.chance import percent
from tabletop.core.state import State
from tabletop.games.jumanji.live import rescuers_in_order
from tabletop.games.jumanji.state import RESCUE, JumanjiState


def summary(state: State) -> dict[str, Any] | None:
    """Why the game ended: the grid filled, or a pawn reached the centre (first to call JUMANJI)."""
    if not isinstance(state, JumanjiState) or not state.is_terminal():
        return None
    places = state.game.board.grid_places
    if state.jungle_won():
        return {"reason": f"The Doomsday Grid filled up (all {places} places): the jungle wins and everyone loses."}
    winner = state.winners()[0]
    called = [str(a) for a in state.history() if str(a).startswith("first ")]
    if called:
        return {"reason": f"Several pawns reached the centre together; seat {winner} called JUMANJI first."}
    grid = len(state.grid)
    return {"reason": f"seat {winner} reached the centre by exact count, with {grid} of the Doomsday Grid's "
                      f"{places} places filled."}


def hint(state: State, seat: int) -> str | None:
    """The chance that a rescue succeeds: for each rescuer, and for all of them together."""
    if not isinstance(state, JumanjiState) or state.is_terminal():
        return None
    game = state.game
    each = game.rescue_probability
    wild = "the symbol or the hourglass" if game.wild else "the symbol (the hourglass is not wild with two players)"
    if state.phase == RESCUE:
        rescuers = rescuers_in_order(state)
        everyone = each ** len(rescuers)
        yours = f"you roll {wild} in time with chance {percent(each)}; " if seat in rescuers else ""
        return (f"In this rescue {yours}all {len(rescuers)} rescuers make it with chance {percent(everyone)} "
                f"({game.rescue_rolls} rolls each in the 8 seconds).")
    others = game.num_players - 1
    return (f"At a danger card each rescuer rolls {wild} in time with chance {percent(each)} "
            f"({game.rescue_rolls} rolls in 8 seconds); on a Blank space all {others} others make it with chance "
            f"{percent(each ** others)}, on a Jungle space all {game.num_players} of you with chance "
            f"{percent(each ** game.num_players)}.")
