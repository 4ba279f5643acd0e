"""Is a parsed position one the rules can continue from? Each check names the field at fault.

The notation reader fills a state field by field; these checks then look at the
fields together: every tile in exactly one place and no more of a kind than the
game has, no Doodler on the top level before the game is over, setup positions
as setup leaves them, and a phase that fits the dice, the roll and the seat, so
that whatever comes next has a legal action or a chance outcome. Each check
refuses only positions that no game can reach.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.errors import NotationError
from tabletop.games.doodle_jump.choices import TARGETS
from tabletop.games.doodle_jump.phases import (
    CONTINUE_OR_STOP,
    DRAW_REPLACEMENT,
    END_OF_TURN,
    OVER,
    ROLL,
    SETUP_PHASES,
    SETUP_TILES,
    SHIELD_CHOICE,
    SPRING_JUMP,
    STACK_LEVELS,
    TO_ROLL,
    TURN_START,
    USE_ROLL,
)

if TYPE_CHECKING:
    from tabletop.games.doodle_jump.state import DoodleJumpState

def check_position(state: DoodleJumpState) -> None:
    """Raise :class:`NotationError` unless ``state`` is a position the rules can continue from."""
    _check_tile_totals(state)
    _check_top_level(state)
    if state.phase in SETUP_PHASES:
        _check_setup(state)
    else:
        _check_play(state)


def _name(state: DoodleJumpState) -> str:
    return state.phase.word


def _check_tile_totals(state: DoodleJumpState) -> None:
    r = state.rules
    kinds = len(r.tile_kinds)
    for k, kind in enumerate(r.tile_kinds):
        held = state.box[k] + state.board.count(k) + sum(state.cards[s * kinds + k] for s in range(r.players))
        if held > r.tile_counts[k]:
            raise NotationError(f"tiles: {held} {kind} tiles in the position, but the game has {r.tile_counts[k]}")


def _out_of_game(state: DoodleJumpState, effects: tuple[str, ...]) -> int:
    """Tiles with one of ``effects`` that are neither in the box nor on the board (on cards, or used)."""
    r = state.rules
    return sum(
        r.tile_counts[k] - state.box[k] - state.board.count(k) for k, e in enumerate(r.tile_effects) if e in effects
    )


def _check_top_level(state: DoodleJumpState) -> None:
    """D-WIN-1: the first Doodler on the top level wins at once, so only a winner stands there."""
    r = state.rules
    top = r.levels - 1
    for seat, pad in enumerate(state.pos):
        on_top = pad >= 0 and state.rows[r.pad_level[pad]] == top
        if on_top and not (state.phase == OVER and seat == state.winner):
            raise NotationError(f"doodlers: seat {seat} stands on the top level, so the game is over (D-WIN-1)")
    if state.phase == OVER and state.winner < 0:
        if state.turns < state.config.turn_limit:
            raise NotationError(
                f"seat: a game over with nobody on the top level ends only at the turn limit, "
                f"{state.config.turn_limit} turns, not after {state.turns} (R-D24)"
            )
    elif state.phase == OVER:
        pad = state.pos[state.winner]
        if pad < 0 or state.rows[r.pad_level[pad]] != top:
            raise NotationError(f"seat: the winner, seat {state.winner}, must stand on the top level (D-WIN-1)")


def _check_setup(state: DoodleJumpState) -> None:
    """Before the first turn: levels stacked unshifted, tiles only from the setup draws, nobody moved."""
    r = state.rules
    name = _name(state)
    unplaced = state.order.count(-1)
    if state.phase == STACK_LEVELS and unplaced < 2:
        raise NotationError(
            "levels: phase 'levels' stacks the levels still to place, two or more '?' rows "
            "(the last goes on top by itself)"
        )
    if state.phase != STACK_LEVELS and unplaced:
        raise NotationError(f"levels: every row holds a level once the levels are stacked (phase {name})")
    if any(state.offset):
        raise NotationError(f"levels: no level is shifted before the first turn (phase {name})")
    if any(p >= 0 for p in state.pos) or any(state.cards):
        raise NotationError(f"doodlers: every Doodler is off the board with no tiles before the first turn ({name})")
    if state.numbered != r.numbered_dice or not state.symbol:
        raise NotationError(f"dice: before the first turn every die is unused, {r.numbered_dice}s")
    if state.turns or state.rolls or state.falls:
        raise NotationError(f"counters: nothing is counted before the first turn, t0,r0,f0 (phase {name})")
    for k, kind in enumerate(r.tile_kinds):
        if state.box[k] + state.board.count(k) != r.tile_counts[k]:
            raise NotationError(f"box: before the first turn every {kind} tile is in the box or on the board")
    if state.phase == STACK_LEVELS:
        if any(k >= 0 for k in state.board):
            raise NotationError("tiles: no tile is placed while the levels are stacked")
        return
    _check_setup_tiles(state)
    # Setup draws never run out: every tile is in the box or on the board, and the data file has at
    # least as many Power Tiles as setup rows, each Power Tile on the board filling one of them.
    waiting = len(state.setup_rows_without_tile())
    if state.phase == SETUP_TILES:
        if not waiting:
            raise NotationError("phase: every setup row holds a tile, so setup is over (D-SETUP_TILES-2)")
        return
    if waiting:
        raise NotationError(f"phase: {waiting} setup rows still wait for a tile, phase 'tiles' (D-SETUP_TILES-2)")
    _check_opening(state)


def _check_setup_tiles(state: DoodleJumpState) -> None:
    """R-D15: a Power Tile fills the lowest setup row still without a tile, an Expert Tile the highest
    empty level, each on its level's highest number; levels only fill up during setup."""
    r = state.rules
    held = [any(state.board[p] >= 0 for p in r.level_pads[level]) for level in state.order]
    for pad, kind in enumerate(state.board):
        if kind < 0:
            continue
        level = r.pad_level[pad]
        row = state.rows[level]
        where = r.pad_names[pad]
        if pad != r.level_top_pad[level]:
            raise NotationError(f"tiles: a setup tile lies on its level's highest number, not on {where}")
        if r.tile_expert[kind]:
            if not all(held[row + 1 :]):
                raise NotationError(f"tiles: at setup an Expert Tile fills the highest empty level, not {where}")
        elif row not in r.setup_rows or not all(held[s] for s in r.setup_rows if s < row):
            raise NotationError(
                f"tiles: at setup a Power Tile fills the lowest setup row still without a tile, not {where} (R-D15)"
            )


def _check_opening(state: DoodleJumpState) -> None:
    """D-TURN-1: contenders roll in seat order; a round has two or more contenders."""
    if state.config.options["first_player"] is not None:
        raise NotationError("phase: with the option 'first_player' set there is no opening roll")
    marks = [m for m in state.opening if m != -2]
    if TO_ROLL not in marks:
        raise NotationError("phase: an opening with nobody left to roll is over")
    if len(marks) < 2:
        raise NotationError("phase: an opening round has two or more contenders")
    first_waiting = marks.index(TO_ROLL)
    if any(m != TO_ROLL for m in marks[first_waiting:]):
        raise NotationError("phase: contenders roll in seat order, so no roll follows a '?'")


def _check_play(state: DoodleJumpState) -> None:
    """A turn in progress: the phase fits the dice, the roll, the seat's tiles and the box."""
    r = state.rules
    name = _name(state)
    phase = state.phase
    if state.order.count(-1):
        raise NotationError(f"levels: every row holds a level once play has begun (phase {name})")
    _check_counters(state)
    full = state.numbered == r.numbered_dice and state.symbol
    dice_left = state.numbered or state.symbol
    resume = state.resume if phase in (DRAW_REPLACEMENT, SPRING_JUMP) else phase
    if resume == TURN_START and not full:
        raise NotationError(f"dice: a turn starts with every die unused, {r.numbered_dice}s (phase {name})")
    if resume == CONTINUE_OR_STOP and full:
        raise NotationError(f"dice: continue or stop follows a jump, a symbol use or a shot, so a die is used ({name})")
    if phase in (ROLL, CONTINUE_OR_STOP) and not dice_left:
        raise NotationError(f"dice: phase {name} needs at least one unused die (R-D4)")
    if phase in (USE_ROLL, CONTINUE_OR_STOP) and not state.rolls:
        raise NotationError(f"counters: phase {name} follows a roll, so rolls is at least 1")
    if phase == TURN_START and not state.tile_uses():
        raise NotationError("phase: 'start' is offered only when a kept tile can be used first (R-D8); write 'roll'")
    elif phase == USE_ROLL and not state.roll_options():
        raise NotationError(
            "roll: this roll allows no jump, symbol use or shot from here: it is a fall (D-TURN-3), not a decision"
        )
    elif phase == DRAW_REPLACEMENT:
        _check_draw(state)
    elif phase == SPRING_JUMP:
        _check_spring(state)
    elif phase == SHIELD_CHOICE:
        _check_shield(state)


def _check_counters(state: DoodleJumpState) -> None:
    """Turns begun and falls that ended a turn; with the option first_player the turn count names the seat."""
    name = _name(state)
    if not state.turns:
        raise NotationError(f"counters: phase {name} is in a turn, so turns is at least 1")
    if state.turns > state.config.turn_limit:
        raise NotationError(f"counters: {state.turns} turns is past the turn limit, {state.config.turn_limit} (R-D24)")
    # a zonk ends the turn by a fall, and the Monster's replacement is still to come; at the turn limit
    # (R-D24) the last turn is over too, and may have ended by a fall
    ended_by_a_fall = state.phase == DRAW_REPLACEMENT and state.resume == END_OF_TURN
    at_limit = state.phase == OVER and state.winner < 0
    if state.falls > state.turns - (0 if ended_by_a_fall or at_limit else 1):
        raise NotationError(f"counters: {state.falls} falls, but only {state.turns - 1} turns have ended")
    first = state.config.options["first_player"]
    if first is not None and state.seat != (first + state.turns - 1) % state.rules.players:
        expected = (first + state.turns - 1) % state.rules.players
        raise NotationError(f"seat: seat {first} began, so turn {state.turns} is seat {expected}'s, not {state.seat}'s")


def _check_draw(state: DoodleJumpState) -> None:
    """D-TILE-6, R-D6: a replacement is drawn only from a box with tiles, onto an empty level."""
    if not any(state.box):
        raise NotationError("box: a replacement is drawn from the box, and the box is empty (R-D6)")
    if not state.empty_levels():
        raise NotationError("phase: no level is empty, so no replacement is drawn (R-D6)")
    zonked = state.high_replacement and state.resume == END_OF_TURN  # the Doodler may have fallen off
    if state.pos[state.seat] < 0 and not zonked:
        raise NotationError(
            "doodlers: a replacement follows a tile taken by landing on it or by a shot from a pad, "
            "so the player to move stands on a pad"
        )
    if state.spring_pending:
        if state.resume == END_OF_TURN:
            raise NotationError("phase: a Trampoline or Springs jump is never followed by the end of the turn")
        if not _out_of_game(state, ("spring",)):
            raise NotationError("phase: '+spring' follows a Trampoline or Springs taken, but none is out of play")
    if state.high_replacement and not _out_of_game(state, TARGETS):
        raise NotationError("phase: '+high' replaces a Monster or UFO that left the board, but none has left")


def _check_spring(state: DoodleJumpState) -> None:
    """D-TILE-2: after a Trampoline or Springs, a reachable pad on the next level up."""
    pad = state.pos[state.seat]
    if state.resume == END_OF_TURN:
        raise NotationError("phase: a Trampoline or Springs jump is never followed by the end of the turn")
    if pad < 0 or not state.geo.level_up(pad, state.order, state.rows, state.offset):
        raise NotationError("phase: 'spring' needs the player on a pad with a pad in reach one level up (D-TILE-2)")


def _check_shield(state: DoodleJumpState) -> None:
    """R-D7: with option choose_shield, a Shield holder about to fall from a pad decides."""
    if not state.rules.choose_shield:
        raise NotationError("phase: 'shield' is a decision only with the option 'choose_shield' (R-D7)")
    if state.shield_kind() < 0:
        raise NotationError("phase: 'shield' needs a Shield on the player's card")
    if state.pos[state.seat] < 0:
        raise NotationError("phase: a Doodler off the board has nothing to fall from (R-D13)")
    if state.resume == DRAW_REPLACEMENT and not _out_of_game(state, ("monster",)):
        raise NotationError("phase: 'shield>draw' follows a Monster zonk, but no Monster has left the board")
