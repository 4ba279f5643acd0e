"""Doodle Jump's position notation: one line of nine space-separated fields.

``levels tiles box doodlers seat phase dice roll counters``, for example::

    A0/C+/E0/B-/D0/H0/F0/G0 C8:tramp,F10:hat - B9+shield/off/off/off 1 decide 3s 1,4,4/shift t12,r30,f5

See docs/notation-doodle-jump.md for every field. ``write`` prints a state,
``read`` parses one back and rejects malformed text with a NotationError
naming the problem.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tabletop.core.errors import NotationError
from tabletop.games.doodle_jump.board import OFF_BOARD
from tabletop.games.doodle_jump.state import (
    CONT,
    DECIDE,
    DRAW,
    END,
    LEVELS,
    OPENING,
    OUT_OF_OPENING,
    OVER,
    PHASE_NAMES,
    ROLL,
    SETUP,
    SHIELD,
    SPRING,
    START,
    TO_ROLL,
    DoodleJumpState,
)

if TYPE_CHECKING:
    from tabletop.games.doodle_jump.game import DoodleJumpGame

OFFSET_MARKS = {-2: "=", -1: "-", 0: "0", 1: "+", 2: "#"}
RESUMABLE = {"start": START, "decide": DECIDE, "cont": CONT, "end": END}
_COUNTERS = re.compile(r"^t(\d+),r(\d+),f(\d+)$")
_DICE = re.compile(r"^(\d)(s?)$")


def write(state: DoodleJumpState) -> str:
    """The notation of ``state``."""
    r = state.rules
    levels = "/".join("?" if lv < 0 else r.level_names[lv] + OFFSET_MARKS[state.offset[lv]] for lv in state.order)
    tiles = ",".join(f"{r.pad_names[p]}:{r.tile_kinds[k]}" for p, k in enumerate(state.board) if k >= 0) or "-"
    box = ",".join(f"{kind}:{n}" for kind, n in zip(r.tile_kinds, state.box, strict=True) if n) or "-"
    doodlers = "/".join(
        ("off" if p < 0 else r.pad_names[p]) + "".join(f"+{k}" for k, n in state.kept(s).items() for _ in range(n))
        for s, p in enumerate(state.pos)
    )
    seat = "-" if state.seat < 0 else str(state.winner if state.phase == OVER else state.seat)
    phase = PHASE_NAMES[state.phase]
    if state.phase == OPENING:
        marks = {OUT_OF_OPENING: "x", TO_ROLL: "?"}
        phase += ":" + ",".join(marks.get(v, str(v)) for v in state.opening)
    elif state.phase == DRAW:
        phase += ("+spring" if state.spring_pending else "") + ">" + PHASE_NAMES[state.resume]
    elif state.phase == SPRING:
        phase += ">" + PHASE_NAMES[state.resume]
    dice = f"{state.numbered}{'s' if state.symbol else ''}"
    roll = "-"
    if state.roll is not None:
        roll = ",".join(str(n) for n in state.roll.numbers) + "/" + state.roll.symbol
    counters = f"t{state.turns},r{state.rolls},f{state.falls}"
    return " ".join((levels, tiles, box, doodlers, seat, phase, dice, roll, counters))


def read(game: DoodleJumpGame, text: str) -> DoodleJumpState:
    """Parse a position written by :func:`write`."""
    fields = text.split()
    if len(fields) != 9:
        raise NotationError(
            f"a Doodle Jump position has 9 fields (levels tiles box doodlers seat phase dice roll counters), "
            f"got {len(fields)}: {text!r}"
        )
    state = DoodleJumpState(game)
    levels, tiles, box, doodlers, seat, phase, dice, roll, counters = fields
    _read_levels(state, levels)
    _read_tiles(state, tiles, box)
    _read_doodlers(state, doodlers)
    _read_turn(state, seat, phase, dice, roll, counters)
    _check_tile_totals(state)
    return state


def _read_levels(state: DoodleJumpState, field: str) -> None:
    r = state.rules
    parts = field.split("/")
    if len(parts) != r.levels:
        raise NotationError(f"levels: expected {r.levels} levels separated by '/', got {len(parts)} in {field!r}")
    marks = {m: o for o, m in OFFSET_MARKS.items() if abs(o) <= r.max_offset}
    unplaced = False
    for row, part in enumerate(parts):
        if part == "?":
            unplaced = True
            continue
        if unplaced:
            raise NotationError(f"levels: level {part!r} on row {row + 1} sits above an unplaced row")
        if len(part) != 2 or part[0] not in r.level_names or part[1] not in marks:
            raise NotationError(
                f"levels: {part!r} is not a level letter ({''.join(r.level_names)}) with an offset "
                f"mark ({' '.join(marks)})"
            )
        level = r.level_names.index(part[0])
        if state.rows[level] >= 0:
            raise NotationError(f"levels: level {part[0]} appears twice")
        state.order[row] = level
        state.rows[level] = row
        state.offset[level] = marks[part[1]]


def _pad(state: DoodleJumpState, name: str, what: str) -> int:
    names = state.rules.pad_names
    if name not in names:
        raise NotationError(f"{what}: {name!r} is not a pad (a level letter and one of its numbers, like {names[1]})")
    pad = names.index(name)
    if state.rows[state.rules.pad_level[pad]] < 0:
        raise NotationError(f"{what}: pad {name} is on a level not yet placed on the ramp")
    return pad


def _kind(state: DoodleJumpState, name: str, what: str) -> int:
    kinds = state.rules.tile_kinds
    if name not in kinds:
        raise NotationError(f"{what}: unknown tile kind {name!r} (kinds: {', '.join(kinds)})")
    return kinds.index(name)


def _read_tiles(state: DoodleJumpState, tiles: str, box: str) -> None:
    if tiles != "-":
        for item in tiles.split(","):
            pad_name, _, kind_name = item.partition(":")
            pad = _pad(state, pad_name, "tiles")
            if state.board[pad] >= 0:
                raise NotationError(f"tiles: pad {pad_name} holds two tiles")
            state.board[pad] = _kind(state, kind_name, "tiles")
    state.box = [0] * len(state.box)
    if box != "-":
        for item in box.split(","):
            kind_name, _, count = item.partition(":")
            kind = _kind(state, kind_name, "box")
            if not count.isdigit() or int(count) == 0:
                raise NotationError(f"box: {item!r} needs a positive count, like {kind_name}:2")
            state.box[kind] = int(count)


def _read_doodlers(state: DoodleJumpState, field: str) -> None:
    r = state.rules
    parts = field.split("/")
    if len(parts) != r.players:
        raise NotationError(f"doodlers: expected {r.players} Doodlers separated by '/', got {len(parts)}")
    kinds = len(r.tile_kinds)
    for seat, part in enumerate(parts):
        where, *kept = part.split("+")
        pad = OFF_BOARD if where == "off" else _pad(state, where, "doodlers")
        if pad >= 0 and pad in state.pos:
            raise NotationError(f"doodlers: two Doodlers on pad {where} (R-D9)")
        if pad >= 0 and state.board[pad] >= 0:
            raise NotationError(f"doodlers: seat {seat}'s Doodler stands on a tile at {where}")
        state.pos[seat] = pad
        for name in kept:
            kind = _kind(state, name, "doodlers")
            if r.tile_effects[kind] not in ("shield", "shoes", "flight", "ufo", "monster"):
                raise NotationError(f"doodlers: a {name} tile is never kept on a Doodler Card")
            state.cards[seat * kinds + kind] += 1


def _read_turn(state: DoodleJumpState, seat: str, phase: str, dice: str, roll: str, counters: str) -> None:
    r = state.rules
    name, _, detail = phase.partition(":")
    name, _, resume = name.partition(">")
    name, _, flag = name.partition("+")
    if name not in PHASE_NAMES or name == "end":
        raise NotationError(f"phase: unknown phase {phase!r}")
    state.phase = PHASE_NAMES.index(name)
    setup_phases = (LEVELS, SETUP, OPENING)
    unplaced = state.order.count(-1)
    if (state.phase == LEVELS) != (unplaced > 0) or unplaced == 1:
        raise NotationError("phase: 'levels' goes with two or more unplaced rows ('?'), and only with it")
    if state.phase in (DRAW, SPRING):
        if resume not in RESUMABLE:
            raise NotationError(f"phase: {name} needs '>' and what follows (start, decide, cont or end), got {phase!r}")
        state.resume = RESUMABLE[resume]
        state.spring_pending = flag == "spring" and state.phase == DRAW
        if flag not in ("", "spring") or (flag and state.phase != DRAW):
            raise NotationError(f"phase: unexpected '+{flag}' in {phase!r}")
    elif resume or flag:
        raise NotationError(f"phase: {name} takes no '>' or '+' part, got {phase!r}")
    if (detail != "") != (state.phase == OPENING):
        raise NotationError(f"phase: only 'open' has a ':' part (the opening rolls), got {phase!r}")
    if state.phase == OPENING:
        _read_opening(state, detail)
    if state.phase == SETUP:
        state.setup_count = sum(1 for k in state.board if k >= 0)
        if state.setup_count >= len(r.setup_rows) or any(p >= 0 for p in state.pos):
            raise NotationError("phase: setup tiles are placed before any Doodler moves, one per setup row")
    else:
        state.setup_count = len(r.setup_rows)
    if seat == "-":
        if state.phase not in setup_phases:
            raise NotationError(f"seat: phase {name} needs a seat to move, not '-'")
    elif state.phase in setup_phases:
        raise NotationError(f"seat: during setup ({name}) the seat is '-', not {seat!r}")
    elif not seat.isdigit() or int(seat) >= r.players:
        raise NotationError(f"seat: {seat!r} is not a seat from 0 to {r.players - 1}")
    else:
        state.seat = int(seat)
        if state.phase == OVER:
            state.winner = state.seat
    match = _DICE.match(dice)
    if match is None or int(match.group(1)) > r.numbered_dice:
        raise NotationError(
            f"dice: {dice!r} is not a count of unused numbered dice (0-{r.numbered_dice}), then 's' if the symbol "
            "die is unused"
        )
    state.numbered = int(match.group(1))
    state.symbol = match.group(2) == "s"
    if state.phase in (ROLL, CONT) and not (state.numbered or state.symbol):
        raise NotationError(f"dice: phase {name} needs at least one unused die (R-D4), got {dice!r}")
    _read_roll(state, roll)
    match = _COUNTERS.match(counters)
    if match is None:
        raise NotationError(f"counters: {counters!r} is not t<turns>,r<rolls>,f<falls>")
    state.turns, state.rolls, state.falls = (int(g) for g in match.groups())
    if state.phase == SHIELD and state._shield_kind() < 0:
        raise NotationError("phase: 'shield' needs a Shield on the player's card")


def _read_opening(state: DoodleJumpState, detail: str) -> None:
    marks = detail.split(",")
    if len(marks) != state.rules.players:
        raise NotationError(f"phase: the opening needs one mark per seat (x, ? or a roll), got {detail!r}")
    faces = state.rules.die_faces
    for seat, mark in enumerate(marks):
        if mark == "x":
            state.opening[seat] = OUT_OF_OPENING
        elif mark == "?":
            state.opening[seat] = TO_ROLL
        elif mark.isdigit() and int(mark) in faces:
            state.opening[seat] = int(mark)
        else:
            raise NotationError(f"phase: opening mark {mark!r} is not x, ? or a die face")
    if TO_ROLL not in state.opening:
        raise NotationError("phase: an opening with nobody left to roll is over")


def _read_roll(state: DoodleJumpState, field: str) -> None:
    needs_roll = state.phase == DECIDE or (state.phase in (DRAW, SPRING) and state.resume == DECIDE)
    if field == "-":
        if needs_roll:
            raise NotationError("roll: this phase needs the current roll, like 1,4,4/shift")
        return
    if not needs_roll:
        raise NotationError(f"roll: phase {PHASE_NAMES[state.phase]} has no current roll, write '-'")
    numbers_text, slash, symbol = field.partition("/")
    numbers = numbers_text.split(",") if numbers_text else []
    if not slash or not all(n.isdigit() for n in numbers):
        raise NotationError(f"roll: {field!r} is not numbers then '/' then the symbol face, like 1,4,4/shift")
    if len(numbers) != state.numbered or bool(symbol) != state.symbol:
        unused = f"{state.numbered}{'s' if state.symbol else ''}"
        raise NotationError(f"roll: {field!r} does not match the unused dice ({unused})")
    state.table.roll_distribution(state.numbered, state.symbol)
    text = "roll " + " ".join(numbers) + (f" / {symbol}" if symbol else "")
    found = state.table.roll_by_text(" ".join(text.split()))
    if found is None:
        raise NotationError(f"roll: {field!r} is not a possible roll (numbers sorted, faces from the data file)")
    state.roll = found


def _check_tile_totals(state: DoodleJumpState) -> None:
    r = state.rules
    kinds = len(r.tile_kinds)
    for k, kind in enumerate(r.tile_kinds):
        held = state.box[k] + state.board.count(k) + sum(state.cards[s * kinds + k] for s in range(r.players))
        if held > r.tile_counts[k]:
            raise NotationError(f"tiles: {held} {kind} tiles in the position, but the game has {r.tile_counts[k]}")


def describe_position(state: DoodleJumpState) -> str:
    """A plain-text picture of the ramp, top level first."""
    r = state.rules
    lines = []
    for row in range(r.levels - 1, -1, -1):
        level = state.order[row]
        if level < 0:
            lines.append(f"row {row + 1}: (not placed)")
            continue
        cells = []
        for pad in r.level_pads[level]:
            tag = r.pad_names[pad]
            if state.board[pad] >= 0:
                tag += f"[{r.tile_kinds[state.board[pad]]}]"
            for seat, p in enumerate(state.pos):
                if p == pad:
                    tag += f"<{seat}>"
            cells.append(tag)
        lines.append(f"row {row + 1}: level {r.level_names[level]} offset {state.offset[level]:+d}: " + " ".join(cells))
    for seat, p in enumerate(state.pos):
        kept = ", ".join(f"{n} {k}" for k, n in state.kept(seat).items()) or "no tiles"
        lines.append(f"seat {seat}: {'off the board' if p < 0 else r.pad_names[p]}; {kept}")
    lines.append(f"phase {PHASE_NAMES[state.phase]}, seat {state.seat}, roll {state.roll.text if state.roll else '-'}")
    return "\n".join(lines)
