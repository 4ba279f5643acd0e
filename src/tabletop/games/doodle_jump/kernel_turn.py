"""Doodle Jump's turn on one row of integers, compiled: :mod:`.turn` and :mod:`.state`'s setup, as :mod:`.kernel` reads.

Each function is the method of :class:`~.turn.TurnFlow` or :class:`~.state.DoodleJumpState` of the
same name, on a position row (:mod:`.kernel_tables`); the comments name the clauses.
``apply_decision`` applies a decision's integer, ``sample_outcome`` and ``apply_outcome`` a chance
node's. The caller offers only legal integers.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.compiled import kernel
from tabletop.games.doodle_jump.kernel import (
    OFF_BOARD,
    P_CONT,
    P_DRAW,
    P_END,
    P_OVER,
    P_ROLL,
    P_SHIELD,
    P_SPRING,
    P_START,
    P_USE,
    empty_level,
    holds_doodler,
    level_up,
    pad_at,
    roll_allows_something,
    shield_kind,
    tile_uses,
)
from tabletop.games.doodle_jump.kernel_tables import (
    AGAIN,
    BLACK_HOLE,
    CONTINUE,
    FALLS,
    HIGH,
    JUMP,
    MONSTER,
    NUMBERED,
    PHASE,
    REMOVE,
    RESUME,
    ROLL,
    ROLLS,
    SEAT,
    SHIFT,
    SHOOT,
    SPEND_SHIELD,
    SPRING,
    SPRING_PENDING,
    START_ROLL,
    STAY,
    STOP,
    SYMBOL,
    TILE_JUMP,
    TURNS,
    UFO,
    WINNER,
)

T = Any
Row = Any


# -- the turn (D-TURN-2, D-TURN-3, D-CONT-1, D-FALL-1, R-D4, R-D7) ------------------------------
@kernel
def begin_turn(t: T, s: Row, seat: int) -> None:
    s[SEAT] = seat
    s[TURNS] += 1
    s[NUMBERED] = t.numbered_dice
    s[SYMBOL] = 1
    s[ROLL] = -1
    s[PHASE] = P_START  # R-D8: a kept tile may be used before rolling
    if tile_uses(t, s, P_START, t.spare, 0) == 0:
        s[PHASE] = P_ROLL


@kernel
def end_turn(t: T, s: Row) -> None:
    if s[TURNS] >= t.turn_limit:  # R-D24: the last turn allowed is over, and nobody won
        s[PHASE] = P_OVER
        s[ROLL] = -1
        return
    begin_turn(t, s, (s[SEAT] + 1) % t.players)


@kernel
def rolled(t: T, s: Row, roll: int) -> None:
    s[ROLL] = roll
    s[ROLLS] += 1
    if roll_allows_something(t, s):
        s[PHASE] = P_USE
    else:
        fall(t, s, False)  # D-TURN-3 C: nothing applies


@kernel
def fall(t: T, s: Row, monster_left: bool) -> None:
    """The player to move falls and the turn ends, unless a Shield stops it (R-D7); off the board a
    Shield is not spent (R-D13)."""
    s[ROLL] = -1
    if s[t.o_pos + s[SEAT]] >= 0 and shield_kind(t, s) >= 0:
        if t.choose_shield:
            s[PHASE] = P_SHIELD
            s[RESUME] = P_DRAW if monster_left else P_END
            return
        spend_shield(t, s)
    else:
        take_fall(t, s)
    after_fall(t, s, monster_left)


@kernel
def take_fall(t: T, s: Row) -> None:
    s[FALLS] += 1
    start = s[t.o_pos + s[SEAT]]
    if start >= 0:
        drop(t, s, s[SEAT], start)


@kernel
def after_fall(t: T, s: Row, monster_left: bool) -> None:
    if monster_left:  # D-EXPERT-8: the zonked Monster's replacement goes on the highest empty level
        draw_or_resume(t, s, P_END, True)
    else:
        end_turn(t, s)


@kernel
def spend_shield(t: T, s: Row) -> None:
    s[t.o_cards + s[SEAT] * t.kinds + shield_kind(t, s)] -= 1


@kernel
def resume(t: T, s: Row, target: int) -> None:
    """Go on after a jump, symbol use, shot or tile use (R-D4 for running out of dice)."""
    if target == P_CONT:
        if s[NUMBERED] or s[SYMBOL]:
            s[PHASE] = P_CONT
        else:
            end_turn(t, s)
    elif target == P_USE:
        if roll_allows_something(t, s):
            s[PHASE] = P_USE
        else:
            fall(t, s, False)
    elif target == P_START:
        s[PHASE] = P_START
        if tile_uses(t, s, P_START, t.spare, 0) == 0:
            s[PHASE] = P_ROLL
    else:
        end_turn(t, s)


# -- moves: jumps, symbol uses, shots, tile uses (D-JUMP-2, D-SYMBOL-*, D-TILE-*, D-EXPERT-*) ----
@kernel
def level_move(t: T, s: Row, action: int, phase: int) -> None:
    tile = t.action_tile[action]
    if tile >= 0:  # a kept UFO or Monster (D-EXPERT-2): the roll on the table stays (R-D19)
        s[t.o_cards + s[SEAT] * t.kinds + tile] -= 1
        after = phase
    else:
        s[SYMBOL] = 0
        s[ROLL] = -1
        after = P_CONT
    if t.action_kind[action] == AGAIN:  # D-SYMBOL-4, R-D18: roll the unused dice again at once
        s[ROLL] = -1
        s[PHASE] = P_ROLL
        return
    level = t.action_level[action]
    if t.action_kind[action] == SHIFT:  # D-SYMBOL-2
        s[t.o_offset + level] += t.action_direction[action]
    else:
        remove_level(t, s, level)
    resume(t, s, after)


@kernel
def remove_level(t: T, s: Row, level: int) -> None:
    """D-SYMBOL-3: the level goes on top, the levels above it slide down (its shift is undone, R-D11)."""
    row = s[t.o_rows + level]
    for r in range(row, t.levels - 1):
        s[t.o_order + r] = s[t.o_order + r + 1]
    s[t.o_order + t.levels - 1] = level
    for r in range(t.levels):
        s[t.o_rows + s[t.o_order + r]] = r
    s[t.o_offset + level] = 0


@kernel
def shoot(t: T, s: Row, action: int) -> None:
    if t.action_dots[action]:
        s[SYMBOL] = 0
    else:
        s[NUMBERED] -= 1
    s[ROLL] = -1
    pad = t.action_pad[action]
    kind = s[t.o_board + pad]
    s[t.o_board + pad] = -1
    s[t.o_cards + s[SEAT] * t.kinds + kind] += 1  # D-EXPERT-4: the shot wins the tile
    draw_or_resume(t, s, P_CONT, True)


@kernel
def directly_beneath(t: T, s: Row, start: int, target: int) -> bool:
    """D-EXPERT-6: ``start`` is straight below ``target`` on the next level down (R-D21)."""
    if start < 0:
        return False
    low, high = t.pad_level[start], t.pad_level[target]
    if s[t.o_rows + low] + 1 != s[t.o_rows + high]:
        return False
    return bool(t.pad_slot[start] + s[t.o_offset + low] == t.pad_slot[target] + s[t.o_offset + high])


@kernel
def land(t: T, s: Row, pad: int, start: int, after: int) -> None:
    """A jump (dice, tile or spring) lands on ``pad``: push, take a tile, win (D-PUSH-1, D-TILE-1, R-D5)."""
    seat = s[SEAT]
    s[t.o_pos + seat] = pad
    for other in range(t.players):  # D-PUSH-1: whoever stood there falls, in seat order
        if other != seat and s[t.o_pos + other] == pad:
            drop(t, s, other, pad)
    kind = s[t.o_board + pad]
    taken = won_target = False
    if kind >= 0:
        effect = t.tile_effect[kind]
        if effect == BLACK_HOLE:  # D-EXPERT-3, R-D16: swallowed, back to the start; the hole stays
            s[t.o_pos + seat] = OFF_BOARD
            s[FALLS] += 1
            end_turn(t, s)
            return
        s[t.o_board + pad] = -1
        taken = True
        if effect == MONSTER and directly_beneath(t, s, start, pad):  # D-EXPERT-6, R-D17: ZONK
            s[t.o_pos + seat] = start
            fall(t, s, True)
            return
        elif effect == SPRING:  # D-TILE-2: a spring jump follows
            s[SPRING_PENDING] = 1
        else:  # D-TILE-1: kept on the Doodler Card
            s[t.o_cards + seat * t.kinds + kind] += 1
            won_target = effect in (UFO, MONSTER)
    if s[t.o_pos + seat] == pad and s[t.o_rows + t.pad_level[pad]] == t.levels - 1:  # D-WIN-1
        s[WINNER] = seat
        s[PHASE] = P_OVER
        s[ROLL] = -1
        s[SPRING_PENDING] = 0
        return
    if taken:
        draw_or_resume(t, s, after, won_target)
    else:
        proceed(t, s, after)


@kernel
def drop(t: T, s: Row, seat: int, start: int) -> None:
    """Seat falls from ``start`` to the first empty pad straight below (D-FALL-1, D-PUSH-2, R-D9, R-D12)."""
    s[t.o_pos + seat] = OFF_BOARD
    level = t.pad_level[start]
    column = t.pad_slot[start] + s[t.o_offset + level]
    target = OFF_BOARD
    for row in range(s[t.o_rows + level] - 1, -1, -1):
        q = pad_at(t, s, s[t.o_order + row], column)
        if q >= 0 and s[t.o_board + q] < 0 and not holds_doodler(t, s, q):
            target = q
            break
    s[t.o_pos + seat] = target


@kernel
def draw_or_resume(t: T, s: Row, after: int, high: bool) -> None:
    """D-TILE-6, R-D6: a taken tile is replaced from the box when the box and an empty level allow."""
    stocked = False
    for kind in range(t.kinds):
        if s[t.o_box + kind]:
            stocked = True
    if stocked and empty_level(t, s, False) >= 0:
        s[RESUME] = after
        s[HIGH] = 1 if high else 0
        s[PHASE] = P_DRAW
    else:
        proceed(t, s, after)


@kernel
def replace(t: T, s: Row, kind: int) -> None:
    level = empty_level(t, s, s[HIGH] == 1 or t.tile_expert[kind] == 1)  # D-EXPERT-1, D-EXPERT-8
    s[HIGH] = 0
    s[t.o_box + kind] -= 1
    s[t.o_board + t.level_top_pad[level]] = kind
    proceed(t, s, s[RESUME])


@kernel
def proceed(t: T, s: Row, after: int) -> None:
    if s[SPRING_PENDING]:
        s[SPRING_PENDING] = 0
        if level_up(t, s, s[t.o_pos + s[SEAT]], t.reach, 0):
            s[RESUME] = after
            s[PHASE] = P_SPRING
            return
    resume(t, s, after)


# -- decisions ------------------------------------------------------------------------------------
@kernel
def apply_decision(t: T, s: Row, action: int) -> None:
    """``state.apply_action`` for the decision numbered ``action`` (a legal one)."""
    phase = s[PHASE]
    seat = s[SEAT]
    kind = t.action_kind[action]
    if phase == P_SPRING:  # D-TILE-2: jump up with no dice, or stay
        if action == STAY:
            resume(t, s, s[RESUME])
        else:
            land(t, s, t.action_pad[action], s[t.o_pos + seat], s[RESUME])
    elif phase == P_SHIELD:  # R-D7 with option choose_shield
        if action == SPEND_SHIELD:
            spend_shield(t, s)
        else:
            take_fall(t, s)
        after_fall(t, s, s[RESUME] == P_DRAW)
    elif action in (CONTINUE, START_ROLL):
        s[PHASE] = P_ROLL
    elif action == STOP:
        end_turn(t, s)
    elif kind == JUMP:
        s[NUMBERED] -= t.action_dice[action]
        if t.action_dots[action]:
            s[SYMBOL] = 0
        s[ROLL] = -1
        land(t, s, t.action_pad[action], s[t.o_pos + seat], P_CONT)
    elif kind in (SHIFT, REMOVE, AGAIN):
        level_move(t, s, action, phase)
    elif kind == TILE_JUMP:
        s[t.o_cards + seat * t.kinds + t.action_tile[action]] -= 1
        land(t, s, t.action_pad[action], s[t.o_pos + seat], phase)
    elif kind == SHOOT:
        shoot(t, s, action)
