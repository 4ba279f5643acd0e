"""Jumanji at the web table: how a game ended, and the odds a learner may ask for.

Both speak of seats as the engine's log does ("seat 0"); the page puts the players' names in.
The odds are exact, from the game's own chance model (R-J6: a rescuer rolls ``rescue_rolls``
times before the timer runs out, each roll showing the symbol, or the wild hourglass, with
chance 1/8 or 2/8).
"""

from __future__ import annotations

from typing import Any

from tabletop.core.chance import percent
from tabletop.core.i18n import N_, _
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
        reason = _("The Doomsday Grid filled up (all {places} places): the jungle wins and everyone loses.").format(
            places=places)
    elif not winners:
        reason = _("The game reached its turn limit before anyone reached the centre.")
    elif any(str(a).startswith("first ") for a in state.history()):
        reason = _("Several pawns reached the centre together; {who} called JUMANJI first.").format(
            who=f"seat {winners[0]}")
    else:
        reason = _("{who} reached the centre by exact count, with {filled} of the Doomsday Grid's {places} places "
                   "filled.").format(who=f"seat {winners[0]}", filled=len(state.grid), places=places)
    short = [board.centre[s] - state.pos[s] for s in range(state.n)]
    order = sorted(range(state.n), key=lambda s: (s not in winners, short[s], s))
    rows = [[f"seat {s}", _("won") if s in winners else _("lost"), _where(state, s),
             _("at the centre") if short[s] == 0 else plural(short[s], "space", "spaces")] for s in order]
    return {
        "reason": reason,
        "table": {
            "caption": _("Where each pawn ended"),
            "columns": [_("Player"), _("Result"), _("Pawn ended on"), _("Short of the centre")],
            "rows": rows,
            "notes": [_("The Doomsday Grid held {filled} of its {places} danger cards.").format(
                filled=len(state.grid), places=places)],
        },
    }


def _where(state: JumanjiState, seat: int) -> str:
    board = state.game.board
    at, centre = state.pos[seat], board.centre[seat]
    colour = _colour(board.colours[seat])
    if at == 0:
        return _("START ({colour} path)").format(colour=colour)
    if at >= centre:
        return _("the centre")
    return _("space {at} of {last} ({colour} path)").format(at=at, last=centre - 1, colour=colour)


def _colour(name: str) -> str:
    """A pawn colour's name in the viewer's language (the board's data names them in English)."""
    names = {"red": N_("red"), "yellow": N_("yellow"), "green": N_("green"), "blue": N_("blue")}
    return _(names[name]) if name in names else name


def hint(state: State, seat: int) -> str | None:
    """The chance that a rescue succeeds: for each rescuer, and for all of them together."""
    if not isinstance(state, JumanjiState) or state.is_terminal():
        return None
    game = state.game
    each = game.rescue_probability
    seconds = round(game.data.timer.seconds)
    wild = (_("the symbol or the hourglass") if game.wild
            else _("the symbol (the hourglass is not wild with two players)"))
    rolls = _("{rolls} in the {seconds}").format(rolls=plural(game.rescue_rolls, "roll", "rolls"),
                                                 seconds=plural(seconds, "second", "seconds"))
    if state.phase == RESCUE:
        rescuers = rescuers_in_order(state)
        everyone = each ** len(rescuers)
        if rescuers == [seat]:
            return _("In this rescue you roll {wild} in time with chance {chance} ({rolls}).").format(
                wild=wild, chance=percent(each), rolls=rolls)
        yours = _("you roll {wild} in time with chance {chance}; ").format(
            wild=wild, chance=percent(each)) if seat in rescuers else ""
        who = _("the rescuer makes it") if len(rescuers) == 1 else _("all {n} rescuers make it").format(n=len(rescuers))
        return _("In this rescue {yours}{who} with chance {chance} ({rolls} each).").format(
            yours=yours, who=who, chance=percent(everyone), rolls=rolls)
    others = game.num_players - 1
    blank = {1: _("the other player makes it"), 2: _("both other players make it")}.get(
        others, _("all {n} other players make it").format(n=others))
    jungle = _("both of you") if game.num_players == 2 else _("all {n} of you").format(n=game.num_players)
    return _("At a danger card each rescuer rolls {wild} in time with chance {chance} ({rolls}); on a Blank space "
             "{blank} with chance {blank_chance}, on a Jungle space {jungle} with chance {jungle_chance}.").format(
        wild=wild, chance=percent(each), rolls=rolls, blank=blank, blank_chance=percent(each ** others),
        jungle=jungle, jungle_chance=percent(each ** game.num_players))
