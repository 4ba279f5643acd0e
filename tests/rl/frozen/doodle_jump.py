# FROZEN: src/tabletop/games/doodle_jump/encoding.py verbatim as it was at main d573c0b, the reference the faster
# encoder is checked against (tests/rl/test_encoders_frozen.py). Never edit it to make a test pass.
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
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from tabletop.core.observation import Viewer
from tabletop.core.state import State
from tabletop.games.doodle_jump.actions import WORDS, Combo
from tabletop.games.doodle_jump.phases import Phase

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from tabletop.core.game import Game
    from tabletop.games.doodle_jump.game import DoodleJumpGame
    from tabletop.games.doodle_jump.state import DoodleJumpState

__all__ = ["actions", "chance_outcomes", "encode", "layout"]

PHASES = len(Phase)
#: the phases that interrupt another, to be resumed after them
INTERRUPTED = frozenset((Phase.DRAW_REPLACEMENT, Phase.SPRING_JUMP, Phase.SHIELD_CHOICE))
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
    """What every vector of a game shares, as arrays (made once per rules object), and the board blocks
    made so far."""

    def __init__(self, game: DoodleJumpGame) -> None:
        import numpy as np  # an extra, needed only where vectors are built (tabletop.core.encoding)

        r = game.rules
        self.rules = r
        self.pad_level = np.array(r.pad_level, np.intp)
        self.pad_slot = np.array(r.pad_slot, np.float32)
        self.pad_number = np.array(r.pad_number, np.float32) / max(r.pad_number)
        self.tile_counts = np.array([max(c, 1) for c in r.tile_counts], np.float32)
        self.has_tile = np.array([c > 0 for c in r.tile_counts])
        self.faces = {v: k for k, v in enumerate(sorted(set(r.die_faces)))}
        self.symbols = {v: k for k, v in enumerate(dict.fromkeys(r.symbol_faces))}
        # box: each kind's count in the box as the float32 the vector holds (the division made in float32)
        self.box_values = [
            [float(v) for v in np.arange(count + 1, dtype=np.float32) / self.tile_counts[kind]] if count else []
            for kind, count in enumerate(r.tile_counts)
        ]
        #: the board's block of the vector (pad_row .. pad_tile) by (rows, offsets, tiles): it changes only
        #: when a level is stacked or shifted or a tile is placed or taken, far less often than a vector is made
        self.blocks: dict[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], NDArray[np.float32]] = {}

    def board_block(self, s: DoodleJumpState) -> NDArray[np.float32]:
        """pad_row, pad_column, pad_number, pad_top and pad_tile of ``s`` (made once per board, then kept)."""
        key = (tuple(s.rows), tuple(s.offset), tuple(s.board))
        block = self.blocks.get(key)
        if block is None:
            if len(self.blocks) >= BLOCKS_KEPT:
                self.blocks.clear()
            block = self.blocks[key] = self._board_block(s)
        return block

    def _board_block(self, s: DoodleJumpState) -> NDArray[np.float32]:
        import numpy as np

        r = self.rules
        pads, kinds, levels = len(r.pad_number), len(r.tile_kinds), r.levels
        out = np.zeros(pads * (4 + kinds), np.float32)
        rows = np.array(s.rows, np.float32)[self.pad_level]
        stacked = rows >= 0
        out[:pads] = np.where(stacked, rows / (levels - 1), 0.0)
        offset = np.array(s.offset, np.float32)[self.pad_level]
        out[pads : 2 * pads] = (self.pad_slot + offset + 1) / (r.columns + 1)
        out[2 * pads : 3 * pads] = self.pad_number
        out[3 * pads : 4 * pads] = rows == levels - 1
        for p, kind in enumerate(s.board):
            if kind >= 0:
                out[4 * pads + p * kinds + kind] = 1.0
        return out


#: board blocks kept per rules object (a few kB each); past this many the cache starts again
BLOCKS_KEPT = 4096
_TABLES: dict[int, _Tables] = {}


def _tables(game: DoodleJumpGame) -> _Tables:
    found = _TABLES.get(id(game.rules))
    if found is None or found.rules is not game.rules:
        found = _TABLES[id(game.rules)] = _Tables(game)
    return found


def encode(state: State, viewer: Viewer, out: NDArray[np.float32]) -> None:
    # Plain Python on the position's lists, writing only the non-zero numbers (``out`` is zeros), and
    # the board's block copied whole: a vector is made at every decision of a learner, and NumPy's small
    # operations cost more than the numbers they make. tests/rl/test_vector_digests.py holds the numbers.
    s: DoodleJumpState = state  # type: ignore[assignment]
    game = _game(s.game)
    r, t = s.rules, _tables(game)
    n, pads, kinds, levels = r.players, len(r.pad_number), len(r.tile_kinds), r.levels
    first = viewer if viewer is not None else 0
    mover = s.current_player()
    if mover < 0:
        roller = s.chance_roller()
        mover = roller if roller is not None else -1
    if 0 <= mover < n:  # to_move (relative_seat)
        out[(mover - first) % n] = 1.0
    i = n
    phase = s.phase
    out[i + int(phase)] = 1.0
    if phase in INTERRUPTED:  # elsewhere the phase to resume is stale, and the position's text does not carry it
        out[i + PHASES + int(s.resume)] = 1.0
    i += 2 * PHASES
    block = t.board_block(s)
    out[i : i + len(block)] = block
    i += len(block)
    pos, rows, pad_level = s.pos, s.rows, r.pad_level
    for k in range(n):  # pad_doodler, height: seats from the viewer's on
        pad = pos[(first + k) % n]
        if pad >= 0:
            out[i + pad * n + k] = 1.0
            out[i + pads * n + k] = (rows[pad_level[pad]] + 1) / levels
    i += pads * n + n
    cards = s.cards
    for k in range(n):  # kept, by kind / KEPT_SCALE (a power of two: exact), at most 1
        base = ((first + k) % n) * kinds
        for kind in range(kinds):
            count = cards[base + kind]
            if count:
                out[i + k * kinds + kind] = min(1.0, count / KEPT_SCALE)
    i += n * kinds
    box_values = t.box_values
    for kind, count in enumerate(s.box):  # box
        if count:
            out[i + kind] = box_values[kind][count]
    i += kinds
    numbered, symbol = s.dice_left()
    out[i] = numbered / r.numbered_dice
    out[i + 1] = float(symbol)
    i += 2
    faces, symbols = t.faces, t.symbols
    roll = s.roll
    if roll is not None:
        for value in roll.numbers:
            out[i + faces[value]] += 1.0 / r.numbered_dice
        if roll.symbol:
            out[i + len(faces) + symbols[roll.symbol]] = 1.0
    i += len(faces) + len(symbols)
    if phase == Phase.DRAW_REPLACEMENT:
        out[i] = float(s.spring_pending)
        out[i + 1] = float(s.high_replacement)
    out[i + 2] = min(1.0, s.turn_number() / game.turn_limit)


def _game(game: Game) -> DoodleJumpGame:
    return game  # type: ignore[return-value]
