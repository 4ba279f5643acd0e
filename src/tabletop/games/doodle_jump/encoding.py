"""Doodle Jump in numbers, for learning: its actions as integers and its positions as vectors.

Decisions, in this order: the one-word decisions (``roll``, ``continue``, ``stop``, ``stay``,
``shield``, ``fall``); every dice jump (``jump B9 = 1+4+4``: for each pad, every multiset of
die values, with or without the symbol die's dots, that adds up to its number); the level
moves of the symbol die and of kept UFOs and Monsters (shift, remove, again); the spring
jumps; the kept tiles' jumps; the shots. Chance outcomes: the levels stacked at setup, the
tiles drawn, the opening rolls, then every roll of every number of dice, with and without the
symbol die.

The vector (every value in [0, 1]; seats listed from the viewer's on): the seat to move, the
phase and the phase to resume, per pad its row on the ramp, its column, its number, its tile
and which Doodlers stand on it; per seat the Doodler's height and its kept tiles; the box;
the unused dice and the roll to use; the turn. Nothing in Doodle Jump is hidden.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement, compress
from typing import TYPE_CHECKING, TypeVar

from tabletop.core.encoding import number_view, tables_of
from tabletop.core.observation import Viewer
from tabletop.core.state import State
from tabletop.games.doodle_jump.actions import WORDS, Combo, Roll
from tabletop.games.doodle_jump.phases import DRAW_REPLACEMENT, SHIELD_CHOICE, SPRING_JUMP, Phase

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from tabletop.core.game import Game
    from tabletop.games.doodle_jump.game import DoodleJumpGame
    from tabletop.games.doodle_jump.state import DoodleJumpState

__all__ = ["actions", "chance_outcomes", "encode", "layout"]

PHASES = len(Phase)
#: what a kept tile count is divided by (a seat rarely holds more than a few of one kind)
KEPT_SCALE = 4.0


def actions(game: Game) -> Sequence[str]:
    g = _game(game)
    table, rules = g.table, g.rules
    texts = [str(w) for w in WORDS]
    for pad, number in enumerate(rules.pad_number):
        texts += [table.jump(pad, combo).text for combo in _combos(g, number)]
    texts += [a.text for a in table.shifts.values()]
    texts += [a.text for a in table.removes.values()]
    texts += [a.text for a in table.agains.values()]
    texts += [a.text for a in table.springs]
    texts += [a.text for a in table.tile_jumps.values()]
    texts += [a.text for a in table.shots.values()]
    return texts


def _combos(game: DoodleJumpGame, total: int) -> list[Combo]:
    """Every (dice, dots) pick whose values add up to ``total`` (D-JUMP-2, D-SYMBOL-1), as ``combos_by_sum``
    lists them: numbered dice sorted, fewest dice first."""
    rules = game.rules
    faces = sorted(set(rules.die_faces))
    dots = [0, *sorted({int(f) for f in rules.symbol_faces if f.isdigit()})]
    found: list[Combo] = []
    for count in range(rules.numbered_dice + 1):
        for dice in combinations_with_replacement(faces, count):
            for extra in dots:
                if (dice or extra) and sum(dice) + extra == total:
                    found.append((dice, extra))
    return sorted(found, key=lambda c: (len(c[0]) + (c[1] > 0), c[0], c[1]))


def chance_outcomes(game: Game) -> Sequence[str]:
    g = _game(game)
    table, rules = g.table, g.rules
    texts = [a.text for a in table.levels] + [a.text for a in table.draws] + [a.text for a in table.openings]
    for numbered in range(rules.numbered_dice + 1):
        for symbol in (True, False):
            if numbered or symbol:
                texts += [str(roll) for roll in table.roll_distribution(numbered, symbol).outcomes]
    return texts


def layout(game: Game) -> Sequence[tuple[str, int]]:
    r = _game(game).rules
    n, pads, kinds = r.players, len(r.pad_number), len(r.tile_kinds)
    faces = len(set(r.die_faces))
    return [
        ("to_move", n),  # the seat to move (or rolling), one-hot
        ("phase", PHASES),  # one-hot (Phase)
        ("resume", PHASES),  # the phase after a draw, spring or Shield choice, one-hot
        ("pad_row", pads),  # each pad's row on the ramp / the top row (0 while not stacked)
        ("pad_column", pads),  # each pad's column after its level's shift, (column + 1) / (columns + 1)
        ("pad_number", pads),  # each pad's number / the largest pad number
        ("pad_top", pads),  # 1 for the pads of the top level (reaching one wins)
        ("pad_tile", pads * kinds),  # the tile on each pad, one-hot per pad
        ("pad_doodler", pads * n),  # which seat's Doodler stands on each pad, one-hot per pad
        ("height", n),  # each Doodler's row + 1 / the rows (0: off the board)
        ("kept", n * kinds),  # each seat's kept tiles by kind / 4 (at most 1)
        ("box", kinds),  # tiles left in the box by kind / the count in play
        ("dice", 2),  # unused numbered dice / their number; the symbol die unused
        ("roll_faces", faces),  # the roll to use: how many dice show each face / the numbered dice
        ("roll_symbol", len(set(r.symbol_faces))),  # the roll's symbol face, one-hot
        ("flags", 2),  # a spring jump is pending; the replacement goes on the highest empty level
        ("turn", 1),  # turns begun / the turn limit
    ]


class _Tables:
    """What every vector of a game shares (made once per rules object): where each field starts, the
    float32 numbers the vector can hold, as numbers or as pieces of the vector's bytes, and the pieces
    of the board met so far."""

    def __init__(self, game: DoodleJumpGame) -> None:
        import numpy as np  # an extra, needed only where vectors are built (tabletop.core.encoding)

        r = game.rules
        self.rules = r
        self.n, self.pads, self.kinds, self.levels = r.players, len(r.pad_number), len(r.tile_kinds), r.levels
        start, self.at = 0, {}
        for name, size in layout(game):
            self.at[name] = start
            start += size
        levels, f32 = self.levels, np.float32
        # The board's fields, made of pieces of bytes: a level's pads are numbered one after the other
        # (build_rules), so pad_row, pad_column and pad_top are each a level's piece after another's, and
        # pad_tile a pad's piece after another's. Each number is made by the float32 operations that made
        # it on the whole board at once (``rows / (levels - 1)`` on a float32 array, and so on).
        spans = [(pads[0], pads[-1] + 1) if pads else (0, 0) for pads in r.level_pads]
        if any(b - a != len(pads) for (a, b), pads in zip(spans, r.level_pads, strict=True)):
            raise RuntimeError("the vector's board is made level by level: a level's pads must be numbered in a row")
        rows = np.arange(-1, levels, dtype=f32)  # a level's row + 1, -1 while not stacked
        row_values = np.where(rows >= 0, rows / (levels - 1), 0.0).astype(f32)
        #: ``row_pieces[level][row + 1]``, ``top_pieces[level][row + 1]``: the level's pads' pad_row, pad_top
        self.row_pieces = [[np.full(b - a, value, f32).tobytes() for value in row_values] for a, b in spans]
        self.top_pieces = [[np.full(b - a, row == levels - 1, f32).tobytes() for row in range(-1, levels)]
                           for a, b in spans]
        slots = np.array(r.pad_slot, f32)
        #: ``column_pieces[level][offset]``: the level's pads' pad_column once shifted by ``offset``
        self.column_pieces: list[dict[int, bytes]] = [{} for _ in spans]
        for offset in range(-r.max_offset, r.max_offset + 1):
            columns = (slots + np.full(len(slots), offset, f32) + 1) / (r.columns + 1)
            for level, (a, b) in enumerate(spans):
                self.column_pieces[level][offset] = columns[a:b].tobytes()
        self.number_piece = (np.array(r.pad_number, f32) / max(r.pad_number)).tobytes()
        #: ``tile_pieces[kind + 1]``: a pad's pad_tile, one-hot (none: kind -1)
        self.tile_pieces = [np.eye(self.kinds + 1, self.kinds, -1, f32)[k].tobytes() for k in range(self.kinds + 1)]
        self.faces = {v: k for k, v in enumerate(sorted(set(r.die_faces)))}
        self.symbols = {v: k for k, v in enumerate(dict.fromkeys(r.symbol_faces))}
        # box: each kind's count in the box as the float32 the vector holds (the division made in float32)
        tile_counts = np.array([max(c, 1) for c in r.tile_counts], f32)
        self.box_values = [
            [float(v) for v in np.arange(count + 1, dtype=f32) / tile_counts[kind]] if count else []
            for kind, count in enumerate(r.tile_counts)
        ]
        # a face shown by c dice: 1 / numbered_dice added c times to a float32 (NumPy adds a float to a float32
        # in float32), so c * (1 / dice) rounded once could differ in the last bit
        total = np.zeros(1, f32)
        self.face_shares = [0.0]
        for _ in range(r.numbered_dice):
            total[0] += 1.0 / r.numbered_dice
            self.face_shares.append(float(total[0]))
        #: a Doodler's height by its level's row + 1: (row + 1) / levels
        self.heights = [above / levels for above in range(levels + 1)]
        # The board's part of the vector changes only when a level is stacked or shifted (the ramp: pad_row,
        # pad_column, pad_number, pad_top) or a tile placed or taken (pad_tile), far less often than a vector
        # is made: each is kept by its lists' contents, and the last one asked for beside the lists it answers
        # (compared, not hashed), in one tuple (one assignment: threads cannot see half of it).
        self.ramps: dict[tuple[int, ...], memoryview[float]] = {}
        self.tiles: dict[tuple[int, ...], memoryview[float]] = {}
        self.last_ramp: tuple[list[int], list[int], memoryview[float]] = ([], [], _floats(b""))
        self.last_tiles: tuple[list[int], memoryview[float]] = ([], _floats(b""))
        #: a roll's numbers in the vector (roll_faces, roll_symbol): (index, value) pairs, by the (interned) roll
        self.rolls: dict[Roll, tuple[tuple[int, float], ...]] = {}

    def ramp(self, s: DoodleJumpState) -> memoryview[float]:
        """pad_row, pad_column, pad_number and pad_top of ``s``, as float32 numbers."""
        rows, offset = s.rows, s.offset
        last = self.last_ramp
        if rows == last[0] and offset == last[1]:
            return last[2]
        key = (*rows, *offset)
        found = self.ramps.get(key)
        if found is None:
            levels = range(self.levels)
            row_pieces, column_pieces, top_pieces = self.row_pieces, self.column_pieces, self.top_pieces
            made = b"".join([
                *[row_pieces[level][rows[level] + 1] for level in levels],
                *[column_pieces[level][offset[level]] for level in levels],
                self.number_piece,
                *[top_pieces[level][rows[level] + 1] for level in levels],
            ])
            found = _kept(self.ramps, key, _floats(made))
        self.last_ramp = (rows.copy(), offset.copy(), found)
        return found

    def tile_block(self, s: DoodleJumpState) -> memoryview[float]:
        """pad_tile of ``s``, as float32 numbers."""
        board = s.board
        last = self.last_tiles
        if board == last[0]:
            return last[1]
        key = tuple(board)
        found = self.tiles.get(key)
        if found is None:
            pieces = self.tile_pieces
            found = _kept(self.tiles, key, _floats(b"".join([pieces[kind + 1] for kind in board])))
        self.last_tiles = (board.copy(), found)
        return found

    def roll_values(self, roll: Roll) -> tuple[tuple[int, float], ...]:
        """Where ``roll`` puts its numbers (how many dice show each face, the symbol's face) and what they are."""
        found = self.rolls.get(roll)
        if found is None:
            at, faces, shares, numbers = self.at["roll_faces"], self.faces, self.face_shares, roll.numbers
            made = tuple((at + faces[value], shares[numbers.count(value)]) for value in dict.fromkeys(numbers))
            if roll.symbol:
                made += ((self.at["roll_symbol"] + self.symbols[roll.symbol], 1.0),)
            found = _kept(self.rolls, roll, made)
        return found


#: pieces of the board (and rolls) kept per rules object (a few hundred bytes each); past this many a cache
#: starts again
KEPT = 4096
_TABLES: dict[int, tuple[object, _Tables]] = {}
K = TypeVar("K")
V = TypeVar("V")


def _kept(cache: dict[K, V], key: K, value: V) -> V:
    if len(cache) >= KEPT:
        cache.clear()
    cache[key] = value
    return value


def _floats(made: bytes) -> memoryview[float]:
    """float32 numbers' bytes as a memoryview of them, to be copied into a vector's (:func:`number_view`)."""
    return memoryview(made).cast("f")


def _tables(game: DoodleJumpGame) -> _Tables:
    return tables_of(_TABLES, game.rules, lambda: _Tables(game))


def encode(state: State, viewer: Viewer, out: NDArray[np.float32]) -> None:
    # Plain Python on the position's lists, writing only the non-zero numbers (``out`` is zeros) through a
    # memoryview (a float32 written there is the one NumPy writes, for less than half the cost), the board's
    # block copied whole and the roll's numbers made once per roll: a vector is made at every decision of a
    # learner, and NumPy's small operations cost more than the numbers they make.
    # tests/rl/test_encoders_frozen.py checks every number against the encoder as it was before.
    s: DoodleJumpState = state  # type: ignore[assignment]
    game = s.config
    t = _tables(game)
    at = t.at
    v = number_view(out)
    n, kinds = t.n, t.kinds
    first = viewer if viewer is not None else 0
    mover = s.current_player()
    if mover < 0:
        roller = s.chance_roller()
        mover = roller if roller is not None else -1
    if 0 <= mover < n:  # to_move (relative_seat)
        v[(mover - first) % n] = 1.0
    phase = s.phase
    v[n + phase] = 1.0
    if phase is DRAW_REPLACEMENT or phase is SPRING_JUMP or phase is SHIELD_CHOICE:
        # the phases that interrupt another, to be resumed after them: elsewhere the phase to resume is
        # stale, and the position's text does not carry it
        v[n + PHASES + s.resume] = 1.0
    block = t.ramp(s)
    i = at["pad_row"]
    v[i : i + len(block)] = block
    block = t.tile_block(s)
    i = at["pad_tile"]
    v[i : i + len(block)] = block
    pos, rows, pad_level, heights = s.pos, s.rows, t.rules.pad_level, t.heights
    i, height = at["pad_doodler"], at["height"]
    for k in range(n):  # pad_doodler, height: seats from the viewer's on
        pad = pos[(first + k) % n]
        if pad >= 0:
            v[i + pad * n + k] = 1.0
            v[height + k] = heights[rows[pad_level[pad]] + 1]
    cards = s.cards
    if any(cards):  # kept, by kind / KEPT_SCALE (a power of two: exact), at most 1; seats from the viewer's on
        turned = cards[first * kinds :] + cards[: first * kinds]
        i = at["kept"]
        for j in compress(range(len(turned)), turned):
            v[i + j] = min(1.0, turned[j] / KEPT_SCALE)
    box, box_values = s.box, t.box_values
    i = at["box"]
    for kind in compress(range(kinds), box):
        v[i + kind] = box_values[kind][box[kind]]
    numbered, symbol = s.dice_left()
    i = at["dice"]
    v[i] = numbered / t.rules.numbered_dice
    v[i + 1] = float(symbol)
    roll = s.roll
    if roll is not None:
        for index, value in t.roll_values(roll):
            v[index] = value
    i = at["flags"]
    if phase is DRAW_REPLACEMENT:
        v[i] = float(s.spring_pending)
        v[i + 1] = float(s.high_replacement)
    v[i + 2] = min(1.0, s.turn_number() / game.turn_limit)


def _game(game: Game) -> DoodleJumpGame:
    return game  # type: ignore[return-value]
