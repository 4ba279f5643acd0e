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
from tabletop.core.words import plural
from tabletop.games.jumanji.live import rescuers_in_order
from tabletop.games.jumanji.state import RESCUE, JumanjiState


def summary(state: State) -> dict[str, Any] | None:
    """Why the game ended (the grid filled, or a pawn reached the centre), and where each pawn ended."""
    if not isinstance(state, JumanjiState) or not state.is_terminal():
        return None
    board = state.game.board
    places = board.grid_places
    winners = state.winners()
    if state.jungle_won():
        reason = f"The Doomsday Grid filled up (all {places} places): the jungle wins and everyone loses."
    elif not winners:
        reason = "The game reached its turn limit before anyone reached the centre."
    elif any(str(a).startswith("first ") for a in state.history()):
        reason = f"Several pawns reached the centre together; seat {winners[0]} called JUMANJI first."
    else:
        reason = (f"seat {winners[0]} reached the centre by exact count, with {len(state.grid)} of the Doomsday "
                  f"Grid's {places} places filled.")
    short = [board.centre[s] - state.pos[s] for s in range(state.n)]
    order = sorted(range(state.n), key=lambda s: (s not in winners, short[s], s))
    rows = [[f"seat {s}", "won" if s in winners else "lost", _where(state, s),
             "at the centre" if short[s] == 0 else plural(short[s], "space", "spaces")] for s in order]
    return {
        "reason": reason,
        "table": {
            "caption": "Where each pawn ended",
            "columns": ["Player", "Result", "Pawn ended on", "Short of the centre"],
            "rows": rows,
            "notes": [f"The Doomsday Grid held {len(state.grid)} of its {places} danger cards."],
        },
    }


def _where(state: JumanjiState, seat: int) -> str:
    board = state.game.board
    at, centre = state.pos[seat], board.centre[seat]
    if at == 0:
        return f"START ({board.colours[seat]} path)"
    if at >= centre:
        return "the centre"
    return f"space {at} of {centre - 1} ({board.colours[seat]} path)"


def hint(state: State, seat: int) -> str | None:
    """The chance that a rescue succeeds: for each rescuer, and for all of them together."""
    if not isinstance(state, JumanjiState) or state.is_terminal():
        return None
    game = state.game
    each = game.rescue_probability
    seconds = round(game.data.timer.seconds)
    wild = "the symbol or the hourglass" if game.wild else "the symbol (the hourglass is not wild with two players)"
    rolls = f"{plural(game.rescue_rolls, 'roll', 'rolls')} in the {plural(seconds, 'second', 'seconds')}"
    if state.phase == RESCUE:
        rescuers = rescuers_in_order(state)
        everyone = each ** len(rescuers)
        if rescuers == [seat]:
            return f"In this rescue you roll {wild} in time with chance {percent(each)} ({rolls})."
        yours = f"you roll {wild} in time with chance {percent(each)}; " if seat in rescuers else ""
        who = "the rescuer makes it" if len(rescuers) == 1 else f"all {len(rescuers)} rescuers make it"
        return f"In this rescue {yours}{who} with chance {percent(everyone)} ({rolls} each)."
    others = game.num_players - 1
    blank = {1: "the other player makes it", 2: "both other players make it"}.get(
        others, f"all {plural(others, 'other player', 'other players')} make it")
    jungle = "both of you" if game.num_players == 2 else f"all {game.num_players} of you"
    return (f"At a danger card each rescuer rolls {wild} in time with chance {percent(each)} "
            f"({rolls}); on a Blank space {blank} with chance {percent(each ** others)}, on a Jungle space "
            f"{jungle} with chance {percent(each ** game.num_players)}.")
