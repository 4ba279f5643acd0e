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

from tabletop.core.encoding import one_hot, relative_seat, seat_order
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
    """What every vector of a game shares, as arrays (made once per rules object)."""

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


_TABLES: dict[int, _Tables] = {}


def _tables(game: DoodleJumpGame) -> _Tables:
    found = _TABLES.get(id(game.rules))
    if found is None or found.rules is not game.rules:
        found = _TABLES[id(game.rules)] = _Tables(game)
    return found


def encode(state: State, viewer: Viewer, out: NDArray[np.float32]) -> None:
    import numpy as np  # an extra, needed only where vectors are built (tabletop.core.encoding)

    s: DoodleJumpState = state  # type: ignore[assignment]
    game = _game(s.game)
    r, t = s.rules, _tables(game)
    n, pads, kinds, levels = r.players, len(r.pad_number), len(r.tile_kinds), r.levels
    order = seat_order(viewer, n)
    i = 0
    mover = s.current_player()
    if mover < 0:
        roller = s.chance_roller()
        mover = roller if roller is not None else -1
    one_hot(out, i, relative_seat(mover, viewer, n), n)
    i += n
    one_hot(out, i, int(s.phase), PHASES)
    interrupted = s.phase in (Phase.DRAW_REPLACEMENT, Phase.SPRING_JUMP, Phase.SHIELD_CHOICE)
    if interrupted:  # elsewhere the phase to resume is stale, and the position's text does not carry it
        one_hot(out, i + PHASES, int(s.resume), PHASES)
    i += 2 * PHASES
    rows = np.array(s.rows, np.float32)[t.pad_level]
    stacked = rows >= 0
    out[i : i + pads] = np.where(stacked, rows / (levels - 1), 0.0)
    offset = np.array(s.offset, np.float32)[t.pad_level]
    out[i + pads : i + 2 * pads] = (t.pad_slot + offset + 1) / (r.columns + 1)
    out[i + 2 * pads : i + 3 * pads] = t.pad_number
    out[i + 3 * pads : i + 4 * pads] = rows == levels - 1
    i += 4 * pads
    for p, kind in enumerate(s.board):
        if kind >= 0:
            out[i + p * kinds + kind] = 1.0
    i += pads * kinds
    for k, seat in enumerate(order):
        pad = s.pos[seat]
        if pad >= 0:
            out[i + pad * n + k] = 1.0
            out[i + pads * n + k] = (s.rows[r.pad_level[pad]] + 1) / levels
    i += pads * n + n
    cards = np.array(s.cards, np.float32).reshape(n, kinds)[order]
    out[i : i + n * kinds] = np.minimum(1.0, cards / KEPT_SCALE).ravel()
    i += n * kinds
    out[i : i + kinds] = np.where(t.has_tile, np.array(s.box, np.float32) / t.tile_counts, 0.0)
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
    if s.phase == Phase.DRAW_REPLACEMENT:
        out[i] = float(s.spring_pending)
        out[i + 1] = float(s.high_replacement)
    out[i + 2] = min(1.0, s.turn_number() / game.turn_limit)


def _game(game: Game) -> DoodleJumpGame:
    return game  # type: ignore[return-value]
