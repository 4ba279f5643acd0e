"""Doodle Jump's chance nodes on one row of integers, compiled: the setup, the opening roll, rolls and draws.

The chance half of :mod:`.kernel_turn` (the setup of :class:`~.state.DoodleJumpState`, the
opening roll and :class:`~.turn.TurnFlow`'s rolls and tile draws), on a position row
(:mod:`.kernel_tables`): ``sample_outcome`` turns a uniform number into the outcome's integer as
``Distribution.pick`` does, ``apply_outcome`` applies it; the comments name the clauses.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.compiled import kernel
from tabletop.games.doodle_jump.kernel import (
    P_DRAW,
    P_OPENING,
    P_ROLL,
    P_TILES,
    empty_level,
    setup_row_without_tile,
)
from tabletop.games.doodle_jump.kernel_tables import (
    DRAW_OUTCOME,
    LEVEL_OUTCOME,
    NUMBERED,
    OPENING_OUTCOME,
    PHASE,
    SYMBOL,
)
from tabletop.games.doodle_jump.kernel_turn import begin_turn, replace, rolled
from tabletop.games.doodle_jump.phases import OUT_OF_OPENING, TO_ROLL

T = Any
Row = Any


# -- chance: setup (D-SETUP-1..3, R-D15), the opening roll (D-TURN-1, R-D22), rolls, draws ----------
@kernel
def sample_outcome(t: T, s: Row, u: float) -> int:
    """The chance outcome's integer that ``Distribution.sample`` gives for the uniform number ``u``."""
    phase = s[PHASE]
    if phase == P_ROLL:  # the cumulative floats of the roll distribution, inverted (bisect_right)
        key = 1 if s[SYMBOL] else 0
        start = t.roll_start[s[NUMBERED], key]
        count = t.roll_count[s[NUMBERED], key]
        low, high = 0, count
        while low < high:
            middle = (low + high) // 2
            if u < t.roll_cumulative[start + middle]:
                high = middle
            else:
                low = middle + 1
        return int(t.roll_outcomes[start + low])
    if phase in (P_DRAW, P_TILES):  # a tile out of the box, weighted by the kinds left
        total = 0
        for kind in range(t.kinds):
            total += s[t.o_box + kind]
        running = 0.0
        last = -1
        for kind in range(t.kinds):
            if s[t.o_box + kind]:
                running += s[t.o_box + kind] / total
                last = kind
                if u < running:
                    return int(t.draw_outcome[kind])
        return int(t.draw_outcome[last])  # the last cumulative float is 1.0
    if phase == P_OPENING:
        return int(t.opening_outcome[int(u * t.opening_outcome.shape[0])])
    left = 0  # STACK_LEVELS: uniform over the levels not yet stacked, in the levels' order
    for level in range(t.levels):
        if s[t.o_rows + level] < 0:
            left += 1
    chosen = int(u * left)
    for level in range(t.levels):
        if s[t.o_rows + level] < 0:
            if chosen == 0:
                return int(t.level_outcome[level])
            chosen -= 1
    return -1


@kernel
def apply_outcome(t: T, s: Row, outcome: int) -> None:
    """``state.apply_action`` for the chance outcome numbered ``outcome``."""
    kind = t.outcome_kind[outcome]
    value = t.outcome_value[outcome]
    if s[PHASE] == P_ROLL:
        rolled(t, s, outcome)
    elif s[PHASE] == P_DRAW:
        replace(t, s, value)
    elif kind == LEVEL_OUTCOME:
        place_level(t, s, value)
    elif kind == DRAW_OUTCOME:
        setup_tile(t, s, value)
    elif kind == OPENING_OUTCOME:
        opening_roll(t, s, value)


@kernel
def place_level(t: T, s: Row, level: int) -> None:
    """D-SETUP-1: the level goes on the lowest empty row; the last one left follows without a draw."""
    while True:
        row = 0
        while s[t.o_order + row] >= 0:
            row += 1
        s[t.o_order + row] = level
        s[t.o_rows + level] = row
        left = 0
        for lv in range(t.levels):
            if s[t.o_rows + lv] < 0:
                left += 1
                level = lv
        if left != 1:
            break
    if left == 0:
        if setup_row_without_tile(t, s) >= 0:
            s[PHASE] = P_TILES
        else:
            after_setup(t, s)


@kernel
def setup_tile(t: T, s: Row, kind: int) -> None:
    """R-D15: a Power Tile on the lowest setup row still without a tile, an Expert Tile on the highest
    empty level (D-EXPERT-1); tiles are drawn until every setup row holds one."""
    level = empty_level(t, s, True) if t.tile_expert[kind] else s[t.o_order + setup_row_without_tile(t, s)]
    s[t.o_box + kind] -= 1
    s[t.o_board + t.level_top_pad[level]] = kind
    if setup_row_without_tile(t, s) < 0:
        after_setup(t, s)


@kernel
def after_setup(t: T, s: Row) -> None:
    if t.first_player < 0:
        s[PHASE] = P_OPENING
    else:
        begin_turn(t, s, t.first_player)


@kernel
def opening_roll(t: T, s: Row, value: int) -> None:
    """D-TURN-1, R-D22: one die per contender in seat order; the highest begins, ties roll again."""
    o = t.o_opening
    seat = 0
    while s[o + seat] != TO_ROLL:
        seat += 1
    s[o + seat] = value
    best = -100
    for k in range(t.players):
        if s[o + k] == TO_ROLL:
            return
        best = max(best, s[o + k])
    tied = 0
    first = -1
    for k in range(t.players):
        if s[o + k] == best:
            tied += 1
            if first < 0:
                first = k
    if tied == 1:
        begin_turn(t, s, first)
        return
    for k in range(t.players):
        s[o + k] = TO_ROLL if s[o + k] == best else OUT_OF_OPENING

