"""Doodle Jump's facts as arrays, for the compiled kernel (:mod:`.kernel`): built once per game configuration.

Everything here comes from the game: the data file's ramp, dice and tiles (:class:`~.data.Rules`),
the reach tables (:class:`~.board.Geometry`), the dice combinations (:func:`~.actions.combos_by_sum`)
and the integers of every action and chance outcome (the game's encoding, :mod:`.encoding`). The
kernel names actions and chance outcomes by those integers, so a legal action it lists is the
integer ``state.legal_action_ints()`` gives, and a learner's action means the same in both.

A position is one row of ``int32`` (:data:`SCALARS` first, then the lists at the offsets in
:class:`Tables`); a batch of games is a 2-D array of such rows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, cast

import numpy as np

from tabletop.games.doodle_jump.actions import WORDS, Roll, combos_by_sum
from tabletop.games.doodle_jump.encoding import _combos

if TYPE_CHECKING:
    from tabletop.games.doodle_jump.game import DoodleJumpGame
    from tabletop.games.doodle_jump.state import DoodleJumpState

Array = np.ndarray[Any, Any]

# -- the scalars at the start of a position row (the fields of DoodleJumpPosition that are numbers)
SEAT, PHASE, RESUME, SPRING_PENDING, HIGH, NUMBERED, SYMBOL, ROLL, WINNER, TURNS, ROLLS, FALLS = range(12)
SCALARS = 12

#: tile effects, as the kernel names them
EFFECTS = ("spring", "shield", "shoes", "flight", "ufo", "monster", "black_hole")
SPRING, SHIELD, SHOES, FLIGHT, UFO, MONSTER, BLACK_HOLE = range(len(EFFECTS))
#: decisions by kind
WORD, JUMP, SHIFT, REMOVE, AGAIN, SPRING_TO, TILE_JUMP, SHOOT = range(8)
#: the one-word decisions' integers are their places in WORDS: roll, continue, stop, stay, shield, fall
START_ROLL, CONTINUE, STOP, STAY, SPEND_SHIELD, TAKE_FALL = range(6)
#: chance outcomes by kind
LEVEL_OUTCOME, DRAW_OUTCOME, OPENING_OUTCOME, ROLL_OUTCOME = range(4)
#: symbol-die faces by kind
DOTS, SHIFT_FACE, REMOVE_FACE, AGAIN_FACE = range(4)


class Tables(NamedTuple):
    """One game configuration's facts as arrays and numbers (see the module's docstring)."""

    # -- sizes and options
    players: int
    levels: int
    pads: int
    kinds: int
    columns: int
    max_offset: int
    numbered_dice: int
    turn_limit: int
    first_player: int  # -1: an opening roll decides (D-TURN-1)
    choose_shield: bool
    has_targets: bool
    # -- where each list starts in a position row
    o_order: int
    o_rows: int
    o_offset: int
    o_board: int
    o_box: int
    o_pos: int
    o_cards: int
    o_opening: int
    width: int
    # -- the ramp
    pad_level: Array
    pad_slot: Array
    pad_number: Array
    level_pads: Array  # [level, k]: the level's pads by slot, -1 after the last
    level_top_pad: Array
    slot_pad: Array  # [level, slot]: the pad there, or -1
    on_level: Array  # [pad, k]: the same-level reach (D-JUMP-1, D-TILE-4), -1 after the last
    up_reach: Array
    setup_rows: Array
    # -- the tiles
    tile_effect: Array
    tile_expert: Array
    tile_counts: Array
    # -- decisions: the integer of each, and what each integer does
    shift_action: Array  # [tile + 1, level, 0 left / 1 right]
    remove_action: Array  # [tile + 1, level]
    again_action: Array  # [tile + 1]
    spring_action: Array  # [pad]
    tile_jump_action: Array  # [kind, pad]
    shot_action: Array  # [pad, distance, by symbol]
    jump_base: Array  # [pad]: the integer of the pad's first dice jump; its k-th combination is base + k
    action_kind: Array
    action_pad: Array
    action_dice: Array  # numbered dice a jump spends
    action_dots: Array  # a jump or shot spends the symbol die
    action_tile: Array  # the kept tile a move spends (-1: the symbol die)
    action_level: Array
    action_direction: Array
    # -- chance: the integer of each outcome, and what each integer is
    level_outcome: Array
    draw_outcome: Array
    opening_outcome: Array
    opening_value: Array
    outcome_kind: Array
    outcome_value: Array
    roll_start: Array  # [numbered, symbol]: the distribution's first entry in roll_outcomes
    roll_count: Array
    roll_outcomes: Array
    roll_cumulative: Array  # Distribution.sample's cumulative floats
    roll_faces: Array  # [outcome, face]: how many numbered dice show each face value
    face_values: Array
    roll_symbol: Array  # [outcome]: the symbol face's kind (DOTS ...), -1 if not rolled
    roll_dots: Array  # [outcome]: its dots, 0 for none
    roll_symbol_face: Array  # [outcome]: the symbol face among the die's distinct faces (the vector's order), -1
    symbol_faces: int  # distinct faces of the symbol die
    # -- dice jumps a roll allows: [outcome, dots usable, number] -> a run of combination indices
    combo_start: Array
    combo_count: Array
    combo_index: Array
    # -- buffers: listings the kernel only counts, and the pads a jump reaches
    spare: Array
    reach: Array
    # -- a learner's observation (learning.encode): the float32 numbers of the ramp's fields, each made once here
    row_share: Array  # [row]: pad_row, row / (levels - 1)
    column_share: Array  # [slot + offset + max_offset]: pad_column, (slot + offset + 1) / (columns + 1)
    number_share: Array  # [pad]: pad_number, number / the largest
    height_share: Array  # [row + 1]: height, (row + 1) / levels


def _int32(values: Any) -> Array:
    return np.ascontiguousarray(np.array(values, dtype=np.int32))


def build_tables(game: DoodleJumpGame) -> Tables:
    """The arrays of ``game``; every integer is looked up in the game's own encoding."""
    r, table, encoding = game.rules, game.table, game.encoding
    n, levels, pads, kinds = r.players, r.levels, len(r.pad_level), len(r.tile_kinds)
    decision = {text: i for i, text in enumerate(encoding.action_texts)}
    outcome = {text: i for i, text in enumerate(encoding.chance_texts)}

    def act(action: object) -> int:
        return decision[str(action)]

    if [act(word) for word in WORDS] != list(range(len(WORDS))):
        raise ValueError("the kernel expects the one-word decisions first, in WORDS' order")
    slot_pad = np.full((levels, r.columns), -1, np.int32)
    level_pads = np.full((levels, max(map(len, r.level_pads))), -1, np.int32)
    for level, ids in enumerate(r.level_pads):
        level_pads[level, : len(ids)] = ids
        for pad in ids:
            slot_pad[level, r.pad_slot[pad]] = pad
    on_level = np.full((pads, max(1, len(r.same_reach))), -1, np.int32)
    for pad, reach in enumerate(game.geometry.on_level):
        on_level[pad, : len(reach)] = reach

    count = encoding.num_distinct_actions
    columns = (np.full(count, -1, np.int32) for _ in range(7))
    kind_of, pad_of, dice_of, dots_of, tile_of, level_of, direction_of = columns
    kind_of[: len(WORDS)] = WORD
    shift = np.full((kinds + 1, levels, 2), -1, np.int32)
    remove = np.full((kinds + 1, levels), -1, np.int32)
    again = np.full(kinds + 1, -1, np.int32)
    for (tile, level, d), move in table.shifts.items():
        i = shift[tile + 1, level, (d + 1) // 2] = act(move)
        kind_of[i], tile_of[i], level_of[i], direction_of[i] = SHIFT, tile, level, d
    for (tile, level), move in table.removes.items():
        i = remove[tile + 1, level] = act(move)
        kind_of[i], tile_of[i], level_of[i], direction_of[i] = REMOVE, tile, level, 0
    for tile, move in table.agains.items():
        i = again[tile + 1] = act(move)
        kind_of[i], tile_of[i] = AGAIN, tile
    spring = np.full(pads, -1, np.int32)
    for pad, jump in enumerate(table.springs):
        i = spring[pad] = act(jump)
        kind_of[i], pad_of[i] = SPRING_TO, pad
    tile_jump = np.full((kinds, pads), -1, np.int32)
    for (k, pad), jump in table.tile_jumps.items():
        i = tile_jump[k, pad] = act(jump)
        kind_of[i], pad_of[i], tile_of[i] = TILE_JUMP, pad, k
    shot = np.full((pads, levels + 1, 2), -1, np.int32)
    for (pad, die, by_symbol), shoot in table.shots.items():
        if die <= levels:
            i = shot[pad, die, int(by_symbol)] = act(shoot)
            kind_of[i], pad_of[i], dots_of[i] = SHOOT, pad, int(by_symbol)
    jump_base = np.zeros(pads, np.int32)
    for pad, number in enumerate(r.pad_number):
        for k, combo in enumerate(_combos(game, number)):
            i = act(table.jump(pad, combo))
            if k == 0:
                jump_base[pad] = i
            if i != jump_base[pad] + k:
                raise ValueError("the kernel expects each pad's dice jumps as one run of integers")
            kind_of[i], pad_of[i], dice_of[i], dots_of[i] = JUMP, pad, len(combo[0]), int(combo[1] > 0)
    if (kind_of < 0).any():
        raise ValueError(f"the kernel does not know decisions {np.flatnonzero(kind_of < 0)[:5].tolist()}")

    chances = encoding.max_chance_outcomes
    outcome_kind, outcome_value = np.full(chances, -1, np.int32), np.full(chances, -1, np.int32)
    level_outcome = _int32([outcome[a.text] for a in table.levels])
    draw_outcome = _int32([outcome[a.text] for a in table.draws])
    opening_outcome = _int32([outcome[a.text] for a in table.openings])
    outcome_kind[level_outcome], outcome_value[level_outcome] = LEVEL_OUTCOME, np.arange(levels)
    outcome_kind[draw_outcome], outcome_value[draw_outcome] = DRAW_OUTCOME, np.arange(kinds)
    outcome_kind[opening_outcome], outcome_value[opening_outcome] = OPENING_OUTCOME, r.die_faces

    faces = sorted(set(r.die_faces))
    symbol_kinds = {"shift": SHIFT_FACE, "remove": REMOVE_FACE, "again": AGAIN_FACE}
    numbers = sorted(set(r.pad_number))
    roll_faces = np.zeros((chances, len(faces)), np.int32)
    roll_symbol, roll_dots = np.full(chances, -1, np.int32), np.zeros(chances, np.int32)
    distinct_symbols = list(dict.fromkeys(r.symbol_faces))
    roll_symbol_face = np.full(chances, -1, np.int32)
    roll_start = np.zeros((r.numbered_dice + 1, 2), np.int32)
    roll_count = np.zeros((r.numbered_dice + 1, 2), np.int32)
    roll_outcomes: list[int] = []
    cumulative: list[float] = []
    combo_start = np.zeros((chances, 2, max(numbers) + 1), np.int32)
    combo_count = np.zeros((chances, 2, max(numbers) + 1), np.int32)
    combo_index: list[int] = []
    all_combos = {number: _combos(game, number) for number in numbers}
    for numbered in range(r.numbered_dice + 1):
        for symbol in (False, True):
            if not numbered and not symbol:
                continue
            dist = table.roll_distribution(numbered, symbol)
            roll_start[numbered, int(symbol)], roll_count[numbered, int(symbol)] = len(roll_outcomes), len(dist)
            total = 0.0
            for outcome_action, p in zip(dist.outcomes, dist.probabilities, strict=True):
                roll = cast(Roll, outcome_action)
                total += float(p)  # as Distribution builds its cumulative floats
                i = outcome[roll.text]
                roll_outcomes.append(i)
                cumulative.append(total)
                outcome_kind[i], outcome_value[i] = ROLL_OUTCOME, numbered
                for value in roll.numbers:
                    roll_faces[i, faces.index(value)] += 1
                if roll.symbol:
                    roll_symbol[i] = symbol_kinds.get(roll.symbol, DOTS)
                    roll_dots[i] = int(roll.symbol) if roll.symbol.isdigit() else 0
                    roll_symbol_face[i] = distinct_symbols.index(roll.symbol)
                for usable in (0, 1):
                    sums = combos_by_sum(roll.numbers, roll_dots[i] if usable else 0)
                    for number in numbers:
                        picks = sums.get(number, ())
                        combo_start[i, usable, number] = len(combo_index)
                        combo_count[i, usable, number] = len(picks)
                        combo_index.extend(all_combos[number].index(combo) for combo in picks)
            cumulative[-1] = 1.0
    if (outcome_kind < 0).any():
        raise ValueError("the kernel does not know some chance outcomes")

    o_order = SCALARS
    o_rows = o_order + levels
    o_offset = o_rows + levels
    o_board = o_offset + levels
    o_box = o_board + pads
    o_pos = o_box + kinds
    o_cards = o_pos + n
    o_opening = o_cards + n * kinds
    first = game.options["first_player"]
    return Tables(
        players=n, levels=levels, pads=pads, kinds=kinds, columns=r.columns, max_offset=r.max_offset,
        numbered_dice=r.numbered_dice, turn_limit=game.turn_limit, first_player=-1 if first is None else int(first),
        choose_shield=r.choose_shield, has_targets=game.has_targets,
        o_order=o_order, o_rows=o_rows, o_offset=o_offset, o_board=o_board, o_box=o_box, o_pos=o_pos,
        o_cards=o_cards, o_opening=o_opening, width=o_opening + n,
        pad_level=_int32(r.pad_level), pad_slot=_int32(r.pad_slot), pad_number=_int32(r.pad_number),
        level_pads=level_pads, level_top_pad=_int32(r.level_top_pad), slot_pad=slot_pad, on_level=on_level,
        up_reach=_int32(r.up_reach), setup_rows=_int32(r.setup_rows) if r.setup_rows else np.zeros(0, np.int32),
        tile_effect=_int32([EFFECTS.index(e) for e in r.tile_effects]), tile_expert=_int32(r.tile_expert),
        tile_counts=_int32(r.tile_counts),
        shift_action=shift, remove_action=remove, again_action=again, spring_action=spring,
        tile_jump_action=tile_jump, shot_action=shot, jump_base=jump_base,
        action_kind=kind_of, action_pad=pad_of, action_dice=dice_of, action_dots=dots_of, action_tile=tile_of,
        action_level=level_of, action_direction=direction_of,
        level_outcome=level_outcome, draw_outcome=draw_outcome, opening_outcome=opening_outcome,
        opening_value=_int32(r.die_faces), outcome_kind=outcome_kind, outcome_value=outcome_value,
        roll_start=roll_start, roll_count=roll_count, roll_outcomes=_int32(roll_outcomes),
        roll_cumulative=np.array(cumulative, np.float64), roll_faces=roll_faces, face_values=_int32(faces),
        roll_symbol=roll_symbol, roll_dots=roll_dots, roll_symbol_face=roll_symbol_face,
        symbol_faces=len(distinct_symbols),
        combo_start=combo_start, combo_count=combo_count, combo_index=_int32(combo_index),
        spare=np.zeros(count, np.int32),
        reach=np.zeros(pads + r.columns, np.int32),
        **_observation_shares(levels, r.columns, r.max_offset, r.pad_number),
    )  # fmt: skip


def _observation_shares(levels: int, columns: int, max_offset: int, numbers: Any) -> dict[str, Array]:
    """The ramp's observation numbers as the encoding computes them (float32 division of float32 numbers; the
    height's in float64, then float32), for every row, column and pad: the kernel looks them up."""
    f32 = np.float32
    with np.errstate(divide="ignore", invalid="ignore"):  # one level: no row but the top's (as the encoding)
        rows = np.array([f32(row) / f32(levels - 1) for row in range(levels)], np.float32)
    places = range(1 - max_offset, columns + max_offset + 1)  # slot + offset + 1, slots 0 .. columns - 1
    largest = f32(max(numbers))
    return {
        "row_share": rows,
        "column_share": np.array([f32(k) / f32(columns + 1) for k in places], np.float32),
        "number_share": np.array([f32(number) / largest for number in numbers], np.float32),
        "height_share": np.array([f32((row + 1) / levels) for row in range(-1, levels)], np.float32),
    }


def most_options(game: DoodleJumpGame) -> int:
    """A bound on the legal actions of one position (the buffer a listing is written into)."""
    return game.encoding.num_distinct_actions



#: the scalars' names, in the order of the row (the fields of DoodleJumpPosition)
SCALAR_NAMES = (
    "seat", "phase", "resume", "spring_pending", "high_replacement", "numbered", "symbol", "roll", "winner",
    "turns", "rolls", "falls",
)  # fmt: skip
LIST_NAMES = ("order", "rows", "offset", "board", "box", "pos", "cards", "opening")


def pack(t: Tables, state: DoodleJumpState) -> Array:
    """The rules' position as a kernel row, field for field (the roll as its chance outcome's integer)."""
    row = np.zeros(t.width, np.int32)
    roll = -1 if state.roll is None else state.game.encoding.to_int(state.roll, True)
    scalars = (
        state.seat, int(state.phase), int(state.resume), state.spring_pending, state.high_replacement,
        state.numbered, state.symbol, roll, state.winner, state.turns, state.rolls, state.falls,
    )  # fmt: skip
    row[:SCALARS] = [int(value) for value in scalars]
    for name in LIST_NAMES:
        values = getattr(state, name)
        start = getattr(t, f"o_{name}")
        row[start : start + len(values)] = values
    return row


def fields(t: Tables, row: Array) -> dict[str, list[int]]:
    """A row's fields by name."""
    named = {name: [int(row[k])] for k, name in enumerate(SCALAR_NAMES)}
    starts = [getattr(t, f"o_{name}") for name in LIST_NAMES] + [t.width]
    for name, start, end in zip(LIST_NAMES, starts, starts[1:], strict=False):
        named[name] = [int(v) for v in row[start:end]]
    return named
