"""The readable rules that the fast ones are checked against.

The state's hot path reads tables worked out once per game (reach by pad and shift in
:class:`~tabletop.games.doodle_jump.board.Geometry`, dice jumps by roll in
:meth:`~tabletop.games.doodle_jump.actions.ActionTable.roll_jumps`, shifts and removals
by level). :class:`ReadableDoodleJumpState` is the same game with each of those parts
written out plainly from the clauses instead: reach by column arithmetic, jumps from the
dice combinations of each reachable pad's number, empty levels pad by pad.

``DoodleJumpGame.twins()`` pairs it with the fast state, and the differential harness
(:mod:`tabletop.testing.differential`: ``tests/games/doodle_jump/test_doodle_jump_fast_path.py``,
and ``benchmarks/equivalence/equivalence.py --game doodle-jump`` over 10^5 games and more) plays
both on the same seeds and requires identical legal actions or chance outcomes, positions
(:func:`position_view`) and log lengths before every action, and identical logs at the end.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from operator import attrgetter

from tabletop.core.actions import Action
from tabletop.core.state import State
from tabletop.core.twins import StateEngine, Twins
from tabletop.games.doodle_jump.actions import combos_by_sum
from tabletop.games.doodle_jump.board import Geometry
from tabletop.games.doodle_jump.choices import SYMBOL_DIE
from tabletop.games.doodle_jump.game import DoodleJumpGame
from tabletop.games.doodle_jump.position import DoodleJumpPosition
from tabletop.games.doodle_jump.state import DoodleJumpState


class ReadableGeometry(Geometry):
    """Reach worked out from the columns at every call (D-JUMP-1, D-TILE-4), not read from tables."""

    def same_level(self, pad: int, offset: list[int]) -> tuple[int, ...]:
        r = self.rules
        level = r.pad_level[pad]
        column = r.pad_slot[pad] + offset[level]
        found = (self.pad_at(level, column + d, offset[level]) for d in r.same_reach)
        return tuple(q for q in found if q >= 0)

    def level_up(self, pad: int, order: list[int], rows: list[int], offset: list[int]) -> tuple[int, ...]:
        r = self.rules
        if pad < 0:
            return r.level_pads[order[0]]  # off the board: the whole bottom level
        row = rows[r.pad_level[pad]] + 1
        if row >= len(order):
            return ()
        above = order[row]
        column = r.pad_slot[pad] + offset[r.pad_level[pad]]
        found = (self.pad_at(above, column + d, offset[above]) for d in r.up_reach)
        return tuple(q for q in found if q >= 0)

    def reachable(self, pad: int, order: list[int], rows: list[int], offset: list[int]) -> tuple[int, ...]:
        if pad < 0:
            return self.level_up(pad, order, rows, offset)
        return self.same_level(pad, offset) + self.level_up(pad, order, rows, offset)

    def empty_levels(self, order: list[int], board: list[int], pos: list[int]) -> list[int]:
        return [level for level in order if self.level_is_empty(level, board, pos)]


def readable_geometry(game: DoodleJumpGame) -> ReadableGeometry:
    fast = game.geometry
    return ReadableGeometry(fast.rules, fast.slot_pad, fast.on_level, fast.up, fast.same_or_up)


class ReadableDoodleJumpState(DoodleJumpState):
    """A Doodle Jump state whose choices are worked out plainly (see the module's docstring)."""

    __slots__ = ()

    def __init__(self, game: DoodleJumpGame) -> None:
        super().__init__(game)
        self.geo = readable_geometry(game)

    def roll_options(self) -> list[Action]:
        roll = self.roll
        if roll is None:
            return []
        here = self.pos[self.seat]
        symbol = roll.symbol if self.symbol else ""
        dots = int(symbol) if symbol.isdigit() else 0
        sums = combos_by_sum(roll.numbers, dots)  # the dice picks, by their sum (D-JUMP-2, R-D3)
        options: list[Action] = []
        for pad in self.geo.reachable(here, self.order, self.rows, self.offset):
            for combo in sums.get(self.rules.pad_number[pad], ()):
                options.append(self.table.jump(pad, combo))
        if here >= 0 and self.config.has_targets:
            options.extend(self._shots(here, roll.numbers, dots))
        if symbol == "shift":
            options.extend(self._shifts(SYMBOL_DIE))
        elif symbol == "remove":
            options.extend(self._removes(SYMBOL_DIE))
        elif symbol == "again" and self.numbered:
            options.append(self.table.agains[SYMBOL_DIE])
        return options

    def _shifts(self, tile: int) -> list[Action]:
        limit = self.rules.max_offset
        found: list[Action] = []
        for level in self.order:
            for direction in (-1, 1):
                if abs(self.offset[level] + direction) <= limit:
                    found.append(self.table.shifts[tile, level, direction])
        return found

    def _removes(self, tile: int) -> list[Action]:
        return [
            self.table.removes[tile, level]
            for level in self.order[:-1]
            if not self.geo.level_has_doodler(level, self.pos)
        ]


#: Every field of a position (the game's shared tables aside): equal fields, equal positions.
POSITION_FIELDS = tuple(f for f in DoodleJumpPosition.__annotations__ if f not in ("config", "rules", "table", "geo"))

#: A position's fields as one tuple (read in one call: the differential runs 10^5 games).
_position_fields: Callable[[State], tuple[object, ...]] = attrgetter(*POSITION_FIELDS)


def position_view(state: State) -> object:
    """What the fast and the readable state must agree on before every action: every field of the position (a
    snapshot: lists as tuples) and the length of the log."""
    fields = tuple(tuple(value) if type(value) is list else value for value in _position_fields(state))
    return fields, state.log_size()


def twins(game: DoodleJumpGame) -> Twins:
    """The fast state and this readable one, for the differential harness."""
    readable = functools.partial(ReadableDoodleJumpState, game)
    return Twins(StateEngine(game.new_initial_state), StateEngine(readable), view=position_view)
