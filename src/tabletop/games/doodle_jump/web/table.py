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
from tabletop.core.i18n import N_, _, ngettext
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
    reason = (_("{who} reached the top level of the ramp first.").format(who=f"seat {winners[0]}") if winners
              else _("The game ended without a Doodler at the top."))
    below = [top - (state.rows[rules.pad_level[pad]] if pad >= 0 else -1) for pad in state.pos]  # the start: -1
    order = sorted(range(rules.players), key=lambda s: (s not in winners, below[s], s))
    rows = []
    for seat in order:
        pad = state.pos[seat]
        where = _("the start (off the ramp)") if pad < 0 else _("pad {pad} (level {level})").format(
            pad=rules.pad_names[pad], level=rules.level_names[rules.pad_level[pad]])
        kept = state.kept(seat)
        tiles = ", ".join(f"{_tile(rules.tile_names[rules.tile_kinds.index(kind)])}"
                          f"{f' ×{count}' if count > 1 else ''}" for kind, count in kept.items()) or _("none")
        height = (_("at the top") if below[seat] == 0
                  else ngettext("{n} level below", "{n} levels below", below[seat]).format(n=below[seat]))
        rows.append([f"seat {seat}", _("won") if seat in winners else _("lost"), where, height, tiles])
    return {
        "reason": reason,
        "table": {
            "caption": _("How high each Doodler got"),
            "columns": [_("Player"), _("Result"), _("Doodler ended on"), _("Height"), _("Tiles kept")],
            "rows": rows,
            "notes": [ngettext("The ramp has {n} level; the start is below the bottom one.",
                               "The ramp has {n} levels; the start is below the bottom one.",
                               top + 1).format(n=top + 1)],
        },
    }


def _tile(name: str) -> str:
    """A tile's name in the viewer's language (the data names them in English)."""
    names = {"Trampoline": N_("Trampoline"), "Springs": N_("Springs"), "Shield": N_("Shield"),
             "Jump Shoes": N_("Jump Shoes"), "Propeller Hat": N_("Propeller Hat"), "Jetpack": N_("Jetpack"),
             "UFO": N_("UFO"), "Monster": N_("Monster"), "Black Hole": N_("Black Hole")}
    return _(names[name]) if name in names else name


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
        return _("Rolling {dice} now, the chance that you fall: {chance}.").format(
            dice=dice, chance=percent(fall_chance(state)))
    if state.phase == CONTINUE_OR_STOP and CONTINUE in state.legal_actions():
        after = state.clone()
        after.apply_action(CONTINUE)
        if after.phase != ROLL or not after.is_chance_node():
            return None
        return _("If you continue and roll {dice}, the chance that you fall: {chance}; if you stop, you stay where "
                 "you are.").format(dice=_dice(after), chance=percent(fall_chance(after)))
    return None


def _dice(state: DoodleJumpState) -> str:
    if state.symbol:
        return ngettext("{n} die and the symbol die", "{n} dice and the symbol die", state.numbered).format(
            n=state.numbered)
    return plural(state.numbered, "die", "dice")
