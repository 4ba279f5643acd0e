"""Jumanji for a learner, compiled: the game's part of :mod:`tabletop.core.learner` (``tabletop.rl.vector``).

The loop that steps N games at once (deal, play the other seats and chance, observe, start again) is
every game's, in :mod:`tabletop.core.learner`; here is what is Jumanji's, :data:`LEARNER`: the kernel
step by step (:data:`.playout.RULES`; the learner's only decision is the rhino, J-RHINO-1), the
observation on a row (:func:`encode`: the game's encoding, :func:`.encoding.encode`, for the
learner's seat, the same float32 numbers; tests compare them vector by vector) and :func:`returns`.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.compiled import kernel
from tabletop.core.learner import Learner
from tabletop.games.jumanji import kernel as kt
from tabletop.games.jumanji.encoding import KINDS, PHASES
from tabletop.games.jumanji.playout import RULES
from tabletop.games.jumanji.state import DRAW, LOST, RESCUE, RHINO_CHOICE, ROLL, WAITING, WON

T = Any
Row = Any


@kernel
def encode(t: T, s: Row, viewer: int, out: Any) -> None:
    """``encoding.encode(state, viewer, out)`` on a row: every field in the layout's order and precision."""
    n = t.players
    out[:] = 0.0
    phase = s[kt.PHASE]
    roller = -1  # the seat acting: the mover, or the roller or rescuer at a chance node
    if phase in (RHINO_CHOICE, ROLL, DRAW):
        roller = s[kt.CUR]
    elif phase in (RESCUE, WAITING):
        roller = s[kt.ACTOR]
    if 0 <= roller < n:
        out[(roller - viewer) % n] = 1.0
    i = n
    out[i + phase] = 1.0
    i += PHASES
    for k in range(n):  # progress and space_kind, seats from the viewer's on
        seat = (viewer + k) % n
        place = s[t.o_pos + seat]
        out[i + k] = place / t.centre[seat]
        out[i + n + k * KINDS + t.kinds[seat, place]] = 1.0
    i += n + n * KINDS
    rhino = s[kt.RHINO_AT]
    if 0 <= rhino < n:
        out[i + (rhino - viewer) % n] = 1.0
    i += n
    out[i] = s[kt.GRID_SIZE] / t.grid_places
    if s[kt.CARD] >= 0:
        out[i + 1] = t.numbers[s[kt.CARD]] / t.numbers.max()
    if phase in (DRAW, RESCUE):  # the card's space and the rescue so far
        out[i + 2] = float(s[kt.KIND])
        out[i + 3] = 1.0 if s[kt.FAILED_NOW] != 0 and phase == RESCUE else 0.0
    i += 4
    if phase in (RESCUE, WAITING):  # someone other than the mover rolls
        actor = s[kt.ACTOR]
        if 0 <= actor < n:
            out[i + (actor - viewer) % n] = 1.0
    i += n
    out[i] = min(1.0, s[kt.TURN] / t.turn_limit)


@kernel
def returns(t: T, s: Row, seat: int) -> float:
    """JumanjiState.returns() for ``seat``: +1 to the winner, -1 to the others; -1 to all when the jungle
    won (J-GRID-1); 0 at the turn limit (R-J21)."""
    if s[kt.PHASE] == WON:
        return 1.0 if s[kt.WINNER] == seat else -1.0
    if s[kt.PHASE] == LOST:
        return -1.0
    return 0.0


#: Jumanji for a learner (``JumanjiGame.compiled_learner``)
LEARNER = Learner(RULES, encode, returns)
