"""The readable rules that the fast ones are checked against.

The state's hot path reads tables worked out once per game (reach by pad and shift in
:class:`~tabletop.games.doodle_jump.board.Geometry`, dice jumps by roll in
:meth:`~tabletop.games.doodle_jump.actions.ActionTable.roll_jumps`, shifts and removals
by level). :class:`ReadableDoodleJumpState` is the same game with each of those parts
written out plainly from the clauses instead: reach by column arithmetic, jumps from the
dice combinations of each reachable pad's number, empty levels pad by pad.

``tests/games/doodle_jump/test_doodle_jump_fast_path.py`` and
``benchmarks/doodle_jump_differential.py`` (10^5 games and more) replay the same chance
outcomes and decisions through both and require identical legal actions, positions and
log lengths at every step, and identical logs at the end.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter

from tabletop.core.actions import Action
from tabletop.core.play import Streams
from tabletop.core.state import CHANCE, TERMINAL
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


class Divergence(AssertionError):
    """The fast and the readable rules disagreed; the message says where."""


def play_both(game: DoodleJumpGame, seed: int, readable_class: type[DoodleJumpState] | None = None) -> int:
    """Play one game through the fast and the readable state side by side; return its length.

    Chance outcomes come from the driver's streams for ``seed`` (:class:`~tabletop.core.play.Streams`),
    decisions are uniform over the legal actions from the seat's stream; every action is applied to
    both states. Raises :class:`Divergence` at the first step where the current player, the legal
    actions or chance outcomes, the position (every field) or the length of the event log differ,
    and at the end if the event logs' words differ. ``readable_class`` replaces
    :class:`ReadableDoodleJumpState` (the tests hand it a broken one to see a divergence caught).
    """
    fast = game.new_initial_state()
    readable = (readable_class or ReadableDoodleJumpState)(game)
    streams = Streams(seed)
    chance = streams.sampler(fast)
    step = 0
    while True:
        player = fast.current_player()
        _same(seed, step, "current player", player, readable.current_player())
        if player == TERMINAL:
            _same(seed, step, "final position", fast.to_text(), readable.to_text())
            _same(seed, step, "event log", fast.log(), readable.log())
            return step
        if player == CHANCE:
            dist, other = fast.chance_distribution(), readable.chance_distribution()
            if dist is not other:  # the game's caches hand both states the same distribution
                _same(seed, step, "chance outcomes", dist.pairs(), other.pairs())
            action = chance(fast)
        else:
            legal = fast.legal_actions()
            _same(seed, step, "legal actions", legal, readable.legal_actions())
            action = legal[int(streams.seat(player).random() * len(legal))]
        fast.apply_action(action)
        readable.apply_action(action)
        step += 1
        _same(seed, step, "position", position_fields(fast), position_fields(readable))
        _same(seed, step, "event log length", fast.log_size(), readable.log_size())
        if step > game.max_game_length():
            raise Divergence(f"seed {seed}: no end within {game.max_game_length()} actions")


#: Every field of a position (the game's shared tables aside): equal fields, equal positions.
POSITION_FIELDS = tuple(f for f in DoodleJumpPosition.__annotations__ if f not in ("config", "rules", "table", "geo"))

#: A position's fields as one tuple (read in one call: the differential runs 10^5 games).
position_fields: Callable[[DoodleJumpState], tuple[object, ...]] = attrgetter(*POSITION_FIELDS)


def _same(seed: int, step: int, what: str, fast: object, readable: object) -> None:
    if fast != readable:
        raise Divergence(f"seed {seed}, step {step}: {what} differ: fast {fast!r}, readable {readable!r}")
