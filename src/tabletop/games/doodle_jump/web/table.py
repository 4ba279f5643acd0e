"""Doodle Jump at the web table: how a game ended, and the odds a learner may ask for.

The hint is exact: before a roll (the turn's first, or "continue") it goes through every outcome
of the roll's chance node (D-TURN-2: sorted multisets of the numbered dice with the symbol die,
with their exact probabilities) and adds up those that leave the Doodler no jump, no use of the
symbol die and no shot, so that it falls (D-TURN-3). Seats are named as in the engine's log
("seat 0"); the page puts the players' names in.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tabletop.core.chance import percent
from tabletop.core.state import State
from tabletop.games.doodle_jump.actions import CONTINUE, SPEND_SHIELD, TAKE_FALL
from tabletop.games.doodle_jump.phases import CONTINUE_OR_STOP, ROLL
from tabletop.games.doodle_jump.state import DoodleJumpState


def summary(state: State) -> dict[str, Any] | None:
    """Who reached the top."""
    if not isinstance(state, DoodleJumpState) or not state.is_terminal():
        return None
    winners = state.winners()
    if not winners:
        return {"reason": "The game ended without a Doodler at the top."}
    return {"reason": f"seat {winners[0]} reached the top of the ramp first."}


def fall_chance(state: DoodleJumpState) -> Fraction:
    """The chance that the roll at this chance node leaves the Doodler nothing to do, so it falls."""
    seat = state.seat
    falls = Fraction(0)
    for outcome, probability in state.chance_distribution().pairs():
        after = state.clone()
        after.apply_action(outcome)
        if after.current_player() != seat:
            falls += probability  # no decision: the Doodler fell (or a Shield caught it) and the turn passed
        elif set(after.legal_actions()) <= {SPEND_SHIELD, TAKE_FALL}:
            falls += probability  # about to fall: only the Shield can save it
    return falls


def hint(state: State, seat: int) -> str | None:
    """The chance of falling on the next roll, when the seat is about to roll (or to choose to)."""
    if not isinstance(state, DoodleJumpState) or state.is_terminal() or state.seat != seat:
        return None
    if state.phase == ROLL:
        dice = _dice(state)
        return f"Rolling {dice} now, the chance that you fall: {percent(fall_chance(state))}."
    if state.phase == CONTINUE_OR_STOP and CONTINUE in state.legal_actions():
        after = state.clone()
        after.apply_action(CONTINUE)
        if after.phase != ROLL or not after.is_chance_node():
            return None
        return (f"If you continue and roll {_dice(after)}, the chance that you fall: {percent(fall_chance(after))}; "
                f"if you stop, you stay where you are.")
    return None


def _dice(state: DoodleJumpState) -> str:
    count = state.numbered
    words = f"{count} {'die' if count == 1 else 'dice'}"
    return f"{words} and the symbol die" if state.symbol else words
