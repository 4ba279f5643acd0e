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
from tabletop.core.words import plural
from tabletop.games.doodle_jump.actions import CONTINUE, SPEND_SHIELD, TAKE_FALL
from tabletop.games.doodle_jump.phases import CONTINUE_OR_STOP, ROLL
from tabletop.games.doodle_jump.state import DoodleJumpState


def summary(state: State) -> dict[str, Any] | None:
    """Who reached the top, and how high each Doodler got."""
    if not isinstance(state, DoodleJumpState) or not state.is_terminal():
        return None
    rules = state.rules
    winners = state.winners()
    top = len(state.order) - 1
    reason = (f"seat {winners[0]} reached the top level of the ramp first." if winners
              else "The game ended without a Doodler at the top.")
    below = [top - (state.rows[rules.pad_level[pad]] if pad >= 0 else -1) for pad in state.pos]  # the start: -1
    order = sorted(range(rules.players), key=lambda s: (s not in winners, below[s], s))
    rows = []
    for seat in order:
        pad = state.pos[seat]
        where = "the start (off the ramp)" if pad < 0 else (
            f"pad {rules.pad_names[pad]} (level {rules.level_names[rules.pad_level[pad]]})")
        kept = state.kept(seat)
        tiles = ", ".join(f"{rules.tile_names[rules.tile_kinds.index(kind)]}"
                          f"{f' ×{count}' if count > 1 else ''}" for kind, count in kept.items()) or "none"
        height = "at the top" if below[seat] == 0 else plural(below[seat], "level", "levels") + " below"
        rows.append([f"seat {seat}", "won" if seat in winners else "lost", where, height, tiles])
    return {
        "reason": reason,
        "table": {
            "caption": "How high each Doodler got",
            "columns": ["Player", "Result", "Doodler ended on", "Height", "Tiles kept"],
            "rows": rows,
            "notes": [f"The ramp has {plural(top + 1, 'level', 'levels')}; the start is below the bottom one."],
        },
    }


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
    words = plural(state.numbered, "die", "dice")
    return f"{words} and the symbol die" if state.symbol else words
