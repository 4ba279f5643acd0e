"""Doodle Jump's position notation: one line of nine space-separated fields.

``levels tiles box doodlers seat phase dice roll counters``, for example::

    A0/C+/E0/B-/D0/H0/F0/G0 C8:tramp,F10:hat - B9+shield/off/off/off 1 decide 3s 1,4,4/shift t12,r30,f5

See docs/notation-doodle-jump.md for every field. ``write`` prints a state;
``read`` parses one back, field by field, then checks that the position is one
the rules can continue from (:mod:`.position_checks`). Anything else is a
NotationError naming the field. Every accepted text is written back exactly
as it was given (fields separated by single spaces).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.errors import NotationError
from tabletop.core.notation import parse_int
from tabletop.games.doodle_jump.board import OFF_BOARD
from tabletop.games.doodle_jump.data import KEPT_EFFECTS
from tabletop.games.doodle_jump.phases import (
    CONTINUE_OR_STOP,
    DRAW_REPLACEMENT,
    END_OF_TURN,
    OPENING_ROLL,
    OUT_OF_OPENING,
    OVER,
    SETUP_PHASES,
    SHIELD_CHOICE,
    SPRING_JUMP,
    TO_ROLL,
    TURN_START,
    USE_ROLL,
    Phase,
)
from tabletop.games.doodle_jump.position import DoodleJumpPosition
from tabletop.games.doodle_jump.position_checks import check_position
from tabletop.games.doodle_jump.state import DoodleJumpState

if TYPE_CHECKING:
    from tabletop.games.doodle_jump.game import DoodleJumpGame

FIELDS = ("levels", "tiles", "box", "doodlers", "seat", "phase", "dice", "roll", "counters")
OFFSET_MARKS = {-2: "=", -1: "-", 0: "0", 1: "+", 2: "#"}
#: What may follow ``draw>`` and ``spring>``: where the turn goes on once the draw or the spring is done.
RESUMABLE = {p.word: p for p in (TURN_START, USE_ROLL, CONTINUE_OR_STOP, END_OF_TURN)}
#: The ``+`` flags of a draw: a Trampoline or Springs jump comes next, or a Monster's or UFO's
#: replacement goes on the highest empty level (D-EXPERT-8).
DRAW_FLAGS = ("spring", "high")


def write(state: DoodleJumpPosition) -> str:
    """The notation of ``state``."""
    r = state.rules
    levels = "/".join("?" if lv < 0 else r.level_names[lv] + OFFSET_MARKS[state.offset[lv]] for lv in state.order)
    tiles = ",".join(f"{r.pad_names[p]}:{r.tile_kinds[k]}" for p, k in enumerate(state.board) if k >= 0) or "-"
    box = ",".join(f"{kind}:{n}" for kind, n in zip(r.tile_kinds, state.box, strict=True) if n) or "-"
    doodlers = "/".join(
        ("off" if p < 0 else r.pad_names[p]) + "".join(f"+{k}" for k, n in state.kept(s).items() for _ in range(n))
        for s, p in enumerate(state.pos)
    )
    seat = "-" if state.seat < 0 else str(state.winner if state.winner >= 0 else state.seat)
    dice = f"{state.numbered}{'s' if state.symbol else ''}"
    roll = "-"
    if state.roll is not None:
        roll = ",".join(str(n) for n in state.roll.numbers) + "/" + state.roll.symbol
    counters = f"t{state.turns},r{state.rolls},f{state.falls}"
    return " ".join((levels, tiles, box, doodlers, seat, _phase_text(state), dice, roll, counters))


def _phase_text(state: DoodleJumpPosition) -> str:
    phase = state.phase
    text = phase.word
    if phase == OPENING_ROLL:
        marks = {OUT_OF_OPENING: "x", TO_ROLL: "?"}
        return text + ":" + ",".join(marks.get(v, str(v)) for v in state.opening)
    if phase == DRAW_REPLACEMENT:
        flag = "+spring" if state.spring_pending else "+high" if state.high_replacement else ""
        return text + flag + ">" + state.resume.word
    if phase == SPRING_JUMP:
        return text + ">" + state.resume.word
    if phase == SHIELD_CHOICE and state.resume == DRAW_REPLACEMENT:
        return text + ">draw"
    return text


def read(game: DoodleJumpGame, text: str) -> DoodleJumpState:
    """Parse a position written by :func:`write`; only a position the rules can continue from is accepted."""
    fields = text.split()
    if len(fields) != len(FIELDS):
        raise NotationError(
            f"a Doodle Jump position has {len(FIELDS)} fields ({' '.join(FIELDS)}), got {len(fields)}"
        )
    state = DoodleJumpState(game)
    levels, tiles, box, doodlers, seat, phase, dice, roll, counters = fields
    _read_levels(state, levels)
    _read_tiles(state, tiles)
    _read_box(state, box)
    _read_doodlers(state, doodlers)
    _read_phase(state, phase)
    _read_seat(state, seat)
    _read_dice(state, dice)
    _read_roll(state, roll)
    _read_counters(state, counters)
    check_position(state)
    written = write(state).split(" ")
    for name, given, standard in zip(FIELDS, fields, written, strict=True):
        if given != standard:
            raise NotationError(f"{name}: {_shown(given)} is not in the standard form; write it as {standard!r}")
    return state


def _shown(text: str) -> str:
    return repr(text if len(text) <= 60 else text[:56] + "...")


def _read_levels(state: DoodleJumpState, field: str) -> None:
    r = state.rules
    parts = field.split("/")
    if len(parts) != r.levels:
        raise NotationError(f"levels: expected {r.levels} levels separated by '/', got {len(parts)}")
    marks = {m: o for o, m in OFFSET_MARKS.items() if abs(o) <= r.max_offset}
    unplaced = False
    for row, part in enumerate(parts):
        if part == "?":
            unplaced = True
            continue
        if unplaced:
            raise NotationError(f"levels: level {_shown(part)} on row {row + 1} sits above an unplaced row")
        if len(part) != 2 or part[0] not in r.level_names or part[1] not in marks:
            raise NotationError(
                f"levels: {_shown(part)} is not a level letter ({''.join(r.level_names)}) with an offset "
                f"mark ({' '.join(marks)})"
            )
        level = r.level_names.index(part[0])
        if state.rows[level] >= 0:
            raise NotationError(f"levels: level {part[0]} appears twice")
        state.order[row] = level
        state.rows[level] = row
        state.offset[level] = marks[part[1]]


def _pad(state: DoodleJumpState, name: str, field: str) -> int:
    names = state.rules.pad_names
    if name not in names:
        raise NotationError(
            f"{field}: {_shown(name)} is not a pad (a level letter and one of its numbers, like {names[1]})"
        )
    pad = names.index(name)
    if state.rows[state.rules.pad_level[pad]] < 0:
        raise NotationError(f"{field}: pad {name} is on a level not yet placed on the ramp")
    return pad


def _kind(state: DoodleJumpState, name: str, field: str) -> int:
    r = state.rules
    if name not in r.tile_kinds:
        raise NotationError(f"{field}: unknown tile kind {_shown(name)} (kinds: {', '.join(r.tile_kinds)})")
    kind = r.tile_kinds.index(name)
    if not r.tile_counts[kind]:
        raise NotationError(f"{field}: this game has no {r.tile_names[kind]} tiles (see the option 'tiles')")
    return kind


def _read_tiles(state: DoodleJumpState, field: str) -> None:
    if field == "-":
        return
    for item in field.split(","):
        pad_name, _, kind_name = item.partition(":")
        pad = _pad(state, pad_name, "tiles")
        if state.board[pad] >= 0:
            raise NotationError(f"tiles: pad {pad_name} holds two tiles")
        state.board[pad] = _kind(state, kind_name, "tiles")


def _read_box(state: DoodleJumpState, field: str) -> None:
    state.box = [0] * len(state.box)
    if field == "-":
        return
    for item in field.split(","):
        kind_name, _, count = item.partition(":")
        kind = _kind(state, kind_name, "box")
        if state.box[kind]:
            raise NotationError(f"box: {kind_name} is listed twice")
        state.box[kind] = parse_int(count, f"box: the count of {kind_name}", 1, state.rules.tile_counts[kind])


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
            if r.tile_effects[kind] not in KEPT_EFFECTS:
                raise NotationError(f"doodlers: a {name} tile is never kept on a Doodler Card")
            if state.cards[seat * kinds + kind] >= r.tile_counts[kind]:
                raise NotationError(f"doodlers: seat {seat} holds more {name} tiles than the game has")
            state.cards[seat * kinds + kind] += 1


def _read_phase(state: DoodleJumpState, field: str) -> None:
    head, colon, detail = field.partition(":")
    head, arrow, resume = head.partition(">")
    name, plus, flag = head.partition("+")
    phase = Phase.from_word(name)
    if phase is None:
        raise NotationError(f"phase: unknown phase {_shown(field)}")
    state.phase = phase
    if bool(colon) != (phase == OPENING_ROLL):
        raise NotationError(f"phase: only 'open' has a ':' part (the opening rolls), got {_shown(field)}")
    if plus and (phase != DRAW_REPLACEMENT or flag not in DRAW_FLAGS):
        raise NotationError(f"phase: a '+' part is '+spring' or '+high' after 'draw', got {_shown(field)}")
    if phase in (DRAW_REPLACEMENT, SPRING_JUMP):
        if resume not in RESUMABLE:
            raise NotationError(
                f"phase: {name} needs '>' and what follows (start, decide, cont or end), got {_shown(field)}"
            )
        state.resume = RESUMABLE[resume]
        state.spring_pending = flag == "spring"
        state.high_replacement = flag == "high"
    elif phase == SHIELD_CHOICE:
        if arrow and resume != "draw":
            raise NotationError(f"phase: 'shield' is followed by nothing or by '>draw', got {_shown(field)}")
        state.resume = DRAW_REPLACEMENT if arrow else END_OF_TURN
    elif arrow:
        raise NotationError(f"phase: {name} takes no '>' part, got {_shown(field)}")
    if phase == OPENING_ROLL:
        _read_opening(state, detail)


def _read_opening(state: DoodleJumpState, detail: str) -> None:
    marks = detail.split(",")
    if len(marks) != state.rules.players:
        raise NotationError(f"phase: the opening needs one mark per seat (x, ? or a roll), got {_shown(detail)}")
    faces = state.rules.die_faces
    for seat, mark in enumerate(marks):
        if mark == "x":
            state.opening[seat] = OUT_OF_OPENING
        elif mark == "?":
            state.opening[seat] = TO_ROLL
        else:
            value = parse_int(mark, f"phase: seat {seat}'s opening roll", min(faces), max(faces))
            if value not in faces:
                raise NotationError(f"phase: seat {seat}'s opening roll {value} is not a face of the numbered dice")
            state.opening[seat] = value


def _read_seat(state: DoodleJumpState, field: str) -> None:
    name = state.phase.word
    if state.phase in SETUP_PHASES:
        if field != "-":
            raise NotationError(f"seat: during setup ({name}) the seat is '-', not {_shown(field)}")
        return
    if field == "-":
        raise NotationError(f"seat: phase {name} needs a seat to move, not '-'")
    state.seat = parse_int(field, "seat", 0, state.rules.players - 1)
    if state.phase == OVER:
        # R-D24: a game over with nobody on the top level ended at the turn limit, with no winner;
        # the seat is then the one that played the last turn
        r = state.rules
        on_top = [s for s, p in enumerate(state.pos) if p >= 0 and state.rows[r.pad_level[p]] == r.levels - 1]
        state.winner = state.seat if on_top else -1


def _read_dice(state: DoodleJumpState, field: str) -> None:
    full = state.rules.numbered_dice
    symbol = field.endswith("s")
    state.numbered = parse_int(field[:-1] if symbol else field, "dice: the unused numbered dice", 0, full)
    state.symbol = symbol


def _read_roll(state: DoodleJumpState, field: str) -> None:
    interrupted = state.phase in (DRAW_REPLACEMENT, SPRING_JUMP)
    needs_roll = USE_ROLL in (state.phase, state.resume if interrupted else None)
    if field == "-":
        if needs_roll:
            raise NotationError("roll: this phase needs the current roll, like 1,4,4/shift")
        return
    if not needs_roll:
        raise NotationError(f"roll: phase {state.phase.word} has no current roll, write '-'")
    numbers_text, slash, symbol = field.partition("/")
    numbers = numbers_text.split(",") if numbers_text else []
    if not slash:
        raise NotationError(f"roll: {_shown(field)} is not numbers then '/' then the symbol face, like 1,4,4/shift")
    if len(numbers) != state.numbered or bool(symbol) != state.symbol:
        unused = f"{state.numbered}{'s' if state.symbol else ''}"
        raise NotationError(f"roll: {_shown(field)} does not match the unused dice ({unused})")
    if not state.numbered and not state.symbol:
        raise NotationError("roll: a roll needs at least one die")
    state.table.roll_distribution(state.numbered, state.symbol)
    found = state.table.roll_by_text(" ".join(("roll", *numbers, *(("/", symbol) if symbol else ()))))
    if found is None:
        raise NotationError(f"roll: {_shown(field)} is not a possible roll (numbers sorted, faces from the data file)")
    state.roll = found


def _read_counters(state: DoodleJumpState, field: str) -> None:
    parts = field.split(",")
    if len(parts) != 3 or [p[:1] for p in parts] != ["t", "r", "f"]:
        raise NotationError(f"counters: {_shown(field)} is not t<turns>,r<rolls>,f<falls>")
    most = state.config.max_game_length()
    state.turns = parse_int(parts[0][1:], "counters: turns", 0, most)
    state.rolls = parse_int(parts[1][1:], "counters: rolls", 0, most)
    state.falls = parse_int(parts[2][1:], "counters: falls", 0, state.turns)


def describe_position(state: DoodleJumpPosition) -> str:
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
    lines.append(f"phase {state.phase.word}, seat {state.seat}, roll {state.roll.text if state.roll else '-'}")
    return "\n".join(lines)
