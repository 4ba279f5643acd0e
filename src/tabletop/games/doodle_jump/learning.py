"""Doodle Jump for a learner, compiled: the game's part of :mod:`tabletop.core.learner` (``tabletop.rl.vector``).

The loop that steps N games at once (deal, play the other seats and chance, observe, start again) is
every game's, in :mod:`tabletop.core.learner`; here is what is Doodle Jump's, :data:`LEARNER`: the
kernel step by step (:data:`.playout.RULES`), the observation on a row (:func:`encode`: the game's
encoding, :func:`.encoding.encode`, for the learner's seat, the same float32 numbers; tests compare
them vector by vector) and :func:`returns`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tabletop.core.compiled import kernel
from tabletop.core.learner import Learner
from tabletop.games.doodle_jump import kernel_tables as kt
from tabletop.games.doodle_jump.encoding import KEPT_SCALE, PHASES
from tabletop.games.doodle_jump.kernel import P_DRAW, P_OVER, P_ROLL, P_SHIELD, P_SPRING, is_chance
from tabletop.games.doodle_jump.playout import RULES

T = Any
Row = Any
_F32_ONE = np.float32(1.0)
_KEPT = np.float32(KEPT_SCALE)


@kernel
def encode(t: T, s: Row, viewer: int, out: Any) -> None:
    """``encoding.encode(state, viewer, out)`` on a row: every field in the layout's order and precision."""
    n, pads, kinds, levels = t.players, t.pads, t.kinds, t.levels
    out[:] = 0.0
    phase = s[kt.PHASE]
    mover = -1 if is_chance(s) or phase == P_OVER else s[kt.SEAT]
    if mover < 0 and phase == P_ROLL:
        mover = s[kt.SEAT]  # the roller
    if 0 <= mover < n:  # to_move: relative_seat
        out[(mover - viewer) % n] = 1.0
    i = n
    out[i + phase] = 1.0
    if phase in (P_DRAW, P_SPRING, P_SHIELD):
        out[i + PHASES + s[kt.RESUME]] = 1.0
    i += 2 * PHASES
    for p in range(pads):  # pad_row, pad_column, pad_number, pad_top (the tables' numbers: kernel_tables.py)
        level = t.pad_level[p]
        row = s[t.o_rows + level]
        if row >= 0:
            out[i + p] = t.row_share[row]
        out[i + pads + p] = t.column_share[t.pad_slot[p] + s[t.o_offset + level] + t.max_offset]
        out[i + 2 * pads + p] = t.number_share[p]
        if row == levels - 1:
            out[i + 3 * pads + p] = 1.0
    i += 4 * pads
    for p in range(pads):  # pad_tile
        kind = s[t.o_board + p]
        if kind >= 0:
            out[i + p * kinds + kind] = 1.0
    i += pads * kinds
    for k in range(n):  # pad_doodler, height: seats from the viewer's on
        pad = s[t.o_pos + (viewer + k) % n]
        if pad >= 0:
            out[i + pad * n + k] = 1.0
            out[i + pads * n + k] = t.height_share[s[t.o_rows + t.pad_level[pad]] + 1]
    i += pads * n + n
    for k in range(n):  # kept
        seat = (viewer + k) % n
        for kind in range(kinds):
            out[i + k * kinds + kind] = min(_F32_ONE, np.float32(s[t.o_cards + seat * kinds + kind]) / _KEPT)
    i += n * kinds
    for kind in range(kinds):  # box
        if t.tile_counts[kind] > 0:
            out[i + kind] = np.float32(s[t.o_box + kind]) / np.float32(t.tile_counts[kind])
    i += kinds
    out[i] = np.float32(s[kt.NUMBERED] / t.numbered_dice)  # dice
    out[i + 1] = np.float32(s[kt.SYMBOL])
    i += 2
    faces = t.face_values.shape[0]
    roll = s[kt.ROLL]
    if roll >= 0:  # roll_faces, roll_symbol
        share = np.float32(1.0 / t.numbered_dice)
        for f in range(faces):
            for _ in range(t.roll_faces[roll, f]):
                out[i + f] += share
        if t.roll_symbol_face[roll] >= 0:
            out[i + faces + t.roll_symbol_face[roll]] = 1.0
    i += faces + t.symbol_faces
    if phase == P_DRAW:  # flags
        out[i] = np.float32(s[kt.SPRING_PENDING])
        out[i + 1] = np.float32(s[kt.HIGH])
    out[i + 2] = np.float32(min(1.0, s[kt.TURNS] / t.turn_limit))


@kernel
def returns(t: T, s: Row, seat: int) -> float:
    """DoodleJumpState.returns() for ``seat``: +1 to the winner, -1 to the others; 0 to all at the turn limit."""
    winner = s[kt.WINNER]
    if s[kt.PHASE] != P_OVER or winner < 0:
        return 0.0
    return 1.0 if winner == seat else -1.0


#: Doodle Jump for a learner (``DoodleJumpGame.compiled_learner``)
LEARNER = Learner(RULES, encode, returns)
