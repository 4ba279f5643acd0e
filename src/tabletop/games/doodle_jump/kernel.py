"""Doodle Jump's rules on one row of integers, compiled: the fast twin of :mod:`.choices` (and, with
:mod:`.kernel_turn`, of :mod:`.turn` and :mod:`.state`).

The same game, clause by clause (the comments name them), on a position packed into one
``int32`` row (:mod:`.kernel_tables`): ``legal_actions`` lists the decisions' integers in the
order of ``state.legal_action_ints()``, ``apply_decision`` and ``apply_outcome`` do what
``state.apply_action`` does, and ``sample_outcome`` turns one uniform number into the chance
outcome :meth:`Distribution.sample <tabletop.core.chance.Distribution.sample>` gives for it.
Nothing is logged and nothing is checked: the caller offers only legal integers. The phases
are :class:`~.phases.Phase`'s numbers.

Proven equal to the rules by ``tests/games/doodle_jump/test_doodle_jump_kernel.py`` and
``benchmarks/equivalence/equivalence.py --game doodle-jump --kernel`` (every action's integer, and the position
after it, for each seed).
"""

from __future__ import annotations

from typing import Any

from tabletop.core.compiled import kernel
from tabletop.games.doodle_jump.kernel_tables import (
    AGAIN_FACE,
    CONTINUE,
    FLIGHT,
    MONSTER,
    NUMBERED,
    PHASE,
    REMOVE_FACE,
    RESUME,
    ROLL,
    SEAT,
    SHIELD,
    SHIFT_FACE,
    SHOES,
    SPEND_SHIELD,
    START_ROLL,
    STAY,
    STOP,
    SYMBOL,
    TAKE_FALL,
    UFO,
    WINNER,
)
from tabletop.games.doodle_jump.phases import (
    CONTINUE_OR_STOP,
    DRAW_REPLACEMENT,
    END_OF_TURN,
    OPENING_ROLL,
    OVER,
    SETUP_TILES,
    SHIELD_CHOICE,
    SPRING_JUMP,
    STACK_LEVELS,
    TO_ROLL,
    TURN_START,
    USE_ROLL,
)
from tabletop.games.doodle_jump.phases import ROLL as ROLL_PHASE

T = Any  # Tables
Row = Any  # one position: an int32 array

# phases as plain ints (a kernel compares numbers)
P_STACK, P_TILES, P_OPENING, P_START = int(STACK_LEVELS), int(SETUP_TILES), int(OPENING_ROLL), int(TURN_START)
P_ROLL, P_USE, P_CONT, P_DRAW = int(ROLL_PHASE), int(USE_ROLL), int(CONTINUE_OR_STOP), int(DRAW_REPLACEMENT)
P_SPRING, P_SHIELD, P_OVER, P_END = int(SPRING_JUMP), int(SHIELD_CHOICE), int(OVER), int(END_OF_TURN)
OFF_BOARD = -1


# -- reading the position ------------------------------------------------------------------------
@kernel
def new_position(t: T, s: Row) -> None:
    """DoodleJumpPosition.__init__: an empty ramp, every tile in the box, nobody on the board."""
    s[:] = 0
    s[t.o_order : t.o_order + t.levels] = -1
    s[t.o_rows : t.o_rows + t.levels] = -1
    s[t.o_board : t.o_board + t.pads] = -1
    s[t.o_box : t.o_box + t.kinds] = t.tile_counts
    s[t.o_pos : t.o_pos + t.players] = OFF_BOARD
    s[t.o_opening : t.o_opening + t.players] = TO_ROLL
    s[SEAT] = -1
    s[PHASE] = P_STACK
    s[RESUME] = P_END
    s[NUMBERED] = t.numbered_dice
    s[SYMBOL] = 1
    s[ROLL] = -1
    s[WINNER] = -1


@kernel
def is_chance(s: Row) -> bool:
    phase = s[PHASE]
    return phase in (P_STACK, P_TILES, P_OPENING, P_ROLL, P_DRAW)


@kernel
def pad_at(t: T, s: Row, level: int, column: int) -> int:
    """The pad of ``level`` at absolute ``column`` after its shift, or -1."""
    slot = column - s[t.o_offset + level]
    if 0 <= slot < t.columns:
        return int(t.slot_pad[level, slot])
    return -1


@kernel
def holds_doodler(t: T, s: Row, pad: int) -> bool:
    for seat in range(t.players):
        if s[t.o_pos + seat] == pad:
            return True
    return False


@kernel
def level_is_empty(t: T, s: Row, level: int) -> bool:
    """D-TILE-6: no Doodler and no tile on any pad of ``level``."""
    for k in range(t.level_pads.shape[1]):
        pad = t.level_pads[level, k]
        if pad >= 0 and (s[t.o_board + pad] >= 0 or holds_doodler(t, s, pad)):
            return False
    return True


@kernel
def empty_level(t: T, s: Row, highest: bool) -> int:
    """The lowest (or highest) empty level on the ramp, or -1 (``empty_levels()[0]`` / ``[-1]``)."""
    for k in range(t.levels):
        row = t.levels - 1 - k if highest else k
        level = s[t.o_order + row]
        if level_is_empty(t, s, level):
            return int(level)
    return -1


@kernel
def setup_row_without_tile(t: T, s: Row) -> int:
    """The lowest setup row (D-SETUP-2) whose level holds no tile yet, or -1."""
    for row in t.setup_rows:
        level = s[t.o_order + row]
        bare = True
        for k in range(t.level_pads.shape[1]):
            pad = t.level_pads[level, k]
            if pad >= 0 and s[t.o_board + pad] >= 0:
                bare = False
        if bare:
            return int(row)
    return -1


@kernel
def shield_kind(t: T, s: Row) -> int:
    """A Shield kind on the card of the player to move, or -1."""
    base = t.o_cards + s[SEAT] * t.kinds
    for kind in range(t.kinds):
        if t.tile_effect[kind] == SHIELD and s[base + kind]:
            return kind
    return -1


@kernel
def level_up(t: T, s: Row, pad: int, out: Any, n: int) -> int:
    """Pads reachable on the next level up from ``pad`` (D-JUMP-1; off the board: the bottom level), appended."""
    if pad < 0:
        bottom = s[t.o_order]
        for k in range(t.level_pads.shape[1]):
            if t.level_pads[bottom, k] >= 0:
                out[n] = t.level_pads[bottom, k]
                n += 1
        return n
    level = t.pad_level[pad]
    row = s[t.o_rows + level] + 1
    if row >= t.levels:
        return n
    above = s[t.o_order + row]
    column = t.pad_slot[pad] + s[t.o_offset + level]
    for d in t.up_reach:
        q = pad_at(t, s, above, column + d)
        if q >= 0:
            out[n] = q
            n += 1
    return n


@kernel
def same_level(t: T, pad: int, out: Any, n: int) -> int:
    """Pads reachable on ``pad``'s own level (D-JUMP-1, D-TILE-4), appended."""
    for k in range(t.on_level.shape[1]):
        if t.on_level[pad, k] >= 0:
            out[n] = t.on_level[pad, k]
            n += 1
    return n


# -- what the player to move may do (choices.py) ----------------------------------------------------
@kernel
def shifts(t: T, s: Row, tile: int, out: Any, n: int) -> int:
    """D-SYMBOL-2: any level one slot left or right, at most ``max_offset`` over the edge, bottom first."""
    for row in range(t.levels):
        level = s[t.o_order + row]
        off = s[t.o_offset + level]
        if off > -t.max_offset:
            out[n] = t.shift_action[tile + 1, level, 0]
            n += 1
        if off < t.max_offset:
            out[n] = t.shift_action[tile + 1, level, 1]
            n += 1
    return n


@kernel
def removes(t: T, s: Row, tile: int, out: Any, n: int) -> int:
    """D-SYMBOL-3, R-D10: a level with no Doodler to the top, never the top level itself."""
    for row in range(t.levels - 1):
        level = s[t.o_order + row]
        occupied = False
        for seat in range(t.players):
            pad = s[t.o_pos + seat]
            if pad >= 0 and t.pad_level[pad] == level:
                occupied = True
        if not occupied:
            out[n] = t.remove_action[tile + 1, level]
            n += 1
    return n


@kernel
def tile_uses(t: T, s: Row, phase: int, out: Any, n: int) -> int:
    """What the player to move can do with kept tiles now (R-D8), appended in kind order."""
    base = t.o_cards + s[SEAT] * t.kinds
    here = s[t.o_pos + s[SEAT]]
    for kind in range(t.kinds):
        if not s[base + kind]:
            continue
        effect = t.tile_effect[kind]
        if effect == SHOES and here >= 0:  # D-TILE-4
            first = n
            n = same_level(t, here, out, n)
            for k in range(first, n):
                out[k] = t.tile_jump_action[kind, out[k]]
        elif effect == FLIGHT:  # D-TILE-5, R-D20
            first = n
            n = level_up(t, s, here, out, n)
            for k in range(first, n):
                out[k] = t.tile_jump_action[kind, out[k]]
        elif effect in (UFO, MONSTER):  # D-EXPERT-2
            n = shifts(t, s, kind, out, n)
            n = removes(t, s, kind, out, n)
            if phase == P_USE and (s[NUMBERED] or s[SYMBOL]):
                out[n] = t.again_action[kind + 1]
                n += 1
    return n


@kernel
def shots(t: T, s: Row, here: int, roll: int, dots: int, out: Any, n: int) -> int:
    """D-EXPERT-4: a die (numbered, or the symbol's dots: R-D3) showing how many levels up a target is."""
    level = t.pad_level[here]
    column = t.pad_slot[here] + s[t.o_offset + level]
    own = s[t.o_rows + level]
    for row in range(own + 1, t.levels):
        distance = row - own
        by_die = False
        for f in range(t.face_values.shape[0]):
            if t.face_values[f] == distance and t.roll_faces[roll, f] > 0:
                by_die = True
        if not by_die and distance != dots:
            continue
        above = s[t.o_order + row]
        target = pad_at(t, s, above, column)
        if target >= 0 and s[t.o_board + target] >= 0:
            effect = t.tile_effect[s[t.o_board + target]]
            if effect in (UFO, MONSTER):
                if by_die:
                    out[n] = t.shot_action[target, distance, 0]
                    n += 1
                if distance == dots:
                    out[n] = t.shot_action[target, distance, 1]
                    n += 1
    return n


@kernel
def roll_options(t: T, s: Row, out: Any, n: int) -> int:
    """The jumps, symbol uses and shots the roll on the table allows (none: it fails, D-TURN-3)."""
    roll = s[ROLL]
    if roll < 0:
        return n
    here = s[t.o_pos + s[SEAT]]
    usable = 1 if s[SYMBOL] else 0
    face = t.roll_symbol[roll] if usable else -1
    dots = t.roll_dots[roll] if usable else 0
    reach = t.reach  # D-JUMP-1: the pads of the own level first, then of the level up
    pads = same_level(t, here, reach, 0) if here >= 0 else 0
    pads = level_up(t, s, here, reach, pads)
    for k in range(pads):  # D-JUMP-2: the dice picked add up to the pad's number (R-D3: the dots too)
        pad = reach[k]
        number = t.pad_number[pad]
        start = t.combo_start[roll, usable, number]
        for c in range(t.combo_count[roll, usable, number]):
            out[n] = t.jump_base[pad] + t.combo_index[start + c]
            n += 1
    if here >= 0 and t.has_targets:
        n = shots(t, s, here, roll, dots, out, n)
    if face == SHIFT_FACE:
        n = shifts(t, s, -1, out, n)
    elif face == REMOVE_FACE:
        n = removes(t, s, -1, out, n)
    elif face == AGAIN_FACE and s[NUMBERED]:
        out[n] = t.again_action[0]
        n += 1
    return n


@kernel
def roll_allows_something(t: T, s: Row) -> bool:
    """``roll_options()`` is not empty (D-TURN-3): the same tests, stopping at the first option."""
    roll = s[ROLL]
    if roll < 0:
        return False
    here = s[t.o_pos + s[SEAT]]
    usable = 1 if s[SYMBOL] else 0
    reach = t.reach
    pads = same_level(t, here, reach, 0) if here >= 0 else 0
    pads = level_up(t, s, here, reach, pads)
    for k in range(pads):
        if t.combo_count[roll, usable, t.pad_number[reach[k]]]:
            return True
    face = t.roll_symbol[roll] if usable else -1
    if here >= 0 and t.has_targets and shots(t, s, here, roll, t.roll_dots[roll] if usable else 0, t.spare, 0):
        return True
    if face == SHIFT_FACE:
        return shifts(t, s, -1, t.spare, 0) > 0
    if face == REMOVE_FACE:
        return removes(t, s, -1, t.spare, 0) > 0
    return face == AGAIN_FACE and s[NUMBERED] > 0


@kernel
def legal_actions(t: T, s: Row, out: Any) -> int:
    """The decisions of the player to move, as integers in the rules' order; returns how many."""
    phase = s[PHASE]
    if phase == P_USE:
        n = roll_options(t, s, out, 0)
        return tile_uses(t, s, phase, out, n)
    if phase == P_CONT:
        out[0], out[1] = CONTINUE, STOP
        return tile_uses(t, s, phase, out, 2)
    if phase == P_START:
        out[0] = START_ROLL
        return tile_uses(t, s, phase, out, 1)
    if phase == P_SPRING:
        n = level_up(t, s, s[t.o_pos + s[SEAT]], out, 0)
        for k in range(n):
            out[k] = t.spring_action[out[k]]
        out[n] = STAY
        return n + 1
    if phase == P_SHIELD:
        out[0], out[1] = SPEND_SHIELD, TAKE_FALL
        return 2
    return 0
