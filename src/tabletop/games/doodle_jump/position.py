"""The fields of a Doodle Jump position, declared once, and everything that only reads them.

A state's class is built in layers, each in its own module:

- :class:`DoodleJumpPosition` (here): the fields, the constructor, the fast copy, and reading
  the position (returns, metrics, the notation, the JSON view);
- :class:`~tabletop.games.doodle_jump.choices.Choices`: what the player to move may do;
- :class:`~tabletop.games.doodle_jump.turn.TurnFlow`: doing it, the turn's flow;
- :class:`~tabletop.games.doodle_jump.state.DoodleJumpState`: the core hooks, setup and the opening.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletop.core.events import Term
from tabletop.core.state import State
from tabletop.games.doodle_jump.actions import ActionTable, Roll
from tabletop.games.doodle_jump.board import OFF_BOARD, Geometry
from tabletop.games.doodle_jump.data import Rules
from tabletop.games.doodle_jump.phases import END_OF_TURN, STACK_LEVELS, TO_ROLL, Phase

if TYPE_CHECKING:
    from tabletop.games.doodle_jump.game import DoodleJumpGame

#: where a Doodler off the ramp is, in the log's words
START_TERM = Term("the start (off the board)")


def _compile_copy(fields: dict[str, str]) -> Callable[[Any, State], None]:
    """The fast copy of ``fields`` (names and their annotations): one assignment per field, lists
    copied, compiled once, as ``dataclasses`` compiles its methods."""
    lines = [
        f"    target.{name} = source.{name}{'.copy()' if kind.startswith('list[') else ''}"
        for name, kind in fields.items()
    ]
    namespace: dict[str, Any] = {}
    exec("def copy_fields(source, target):\n" + "\n".join(lines), namespace)
    copy: Callable[[Any, State], None] = namespace["copy_fields"]
    return copy


class DoodleJumpPosition(State):
    """The fields of a position. Lists are copied by :meth:`clone`; every other field is immutable
    or shared by all the states of one game."""

    # The one place a field is declared: the slots and the fast copy are made from this list.
    # -- shared by every state of a game
    config: DoodleJumpGame  # the game (options, caches of chance distributions)
    rules: Rules  # the data file as flat tables
    table: ActionTable  # every action, interned
    geo: Geometry  # reach, falls and pads by column
    # -- the ramp and the tiles
    order: list[int]  # the level on each row, bottom (0) to top; -1 while not yet stacked
    rows: list[int]  # the row of each level; -1 while not yet stacked
    offset: list[int]  # each level's shift, -1, 0 or +1 (D-SYMBOL-2, R-D2)
    board: list[int]  # the tile kind on each pad, -1 for none
    box: list[int]  # the tiles left in the box, by kind
    pos: list[int]  # each Doodler's pad, or OFF_BOARD
    cards: list[int]  # tiles kept on the Doodler Cards: index seat * kinds + kind
    # -- the turn
    seat: int  # the player to move (the winner once over); -1 during setup
    phase: Phase  # what happens next
    resume: Phase  # the phase after a draw, a spring jump or a Shield choice
    spring_pending: bool  # a Trampoline or Springs jump follows the draw (D-TILE-2)
    high_replacement: bool  # the draw replaces a Monster or UFO: highest empty level (D-EXPERT-8)
    opening: list[int]  # each seat's opening roll, or TO_ROLL / OUT_OF_OPENING (D-TURN-1)
    numbered: int  # numbered dice not yet used this turn
    symbol: bool  # the symbol die not yet used this turn
    roll: Roll | None  # the roll to use, in phase USE_ROLL (and while a draw or spring interrupts it)
    winner: int  # the seat that reached the top, or -1
    # -- figures for statistics (metrics)
    turns: int  # turns begun
    rolls: int  # rolls made, re-rolls included
    falls: int  # turns ended by a fall

    __slots__ = tuple(__annotations__)
    if TYPE_CHECKING:

        def _copy_into(self, other: State) -> None: ...

    else:  # State's hook for clone(): one assignment per field, compiled from the list above
        _copy_into = _compile_copy(__annotations__)

    def __init__(self, game: DoodleJumpGame) -> None:
        super().__init__(game)
        self.config = game
        r = self.rules = game.rules
        self.table = game.table
        self.geo = game.geometry
        self.order = [-1] * r.levels
        self.rows = [-1] * r.levels
        self.offset = [0] * r.levels
        self.board = [-1] * len(r.pad_level)
        self.box = list(r.tile_counts)
        self.pos = [OFF_BOARD] * r.players
        self.cards = [0] * (r.players * len(r.tile_kinds))
        self.seat = -1
        self.phase = STACK_LEVELS
        self.resume = END_OF_TURN
        self.spring_pending = False
        self.high_replacement = False
        self.opening = [TO_ROLL] * r.players
        self.numbered = r.numbered_dice
        self.symbol = True
        self.roll = None
        self.winner = -1
        self.turns = 0
        self.rolls = 0
        self.falls = 0

    # -- reading the position ---------------------------------------------------------------
    def returns(self) -> list[float]:
        if self.winner < 0:
            return [0.0] * self.rules.players
        return [1.0 if s == self.winner else -1.0 for s in range(self.rules.players)]

    def winners(self) -> tuple[int, ...]:
        return (self.winner,) if self.winner >= 0 else ()

    def turn_number(self) -> int:
        return self.turns

    def metrics(self) -> dict[str, float]:
        turns = max(self.turns, 1)
        return {
            "turns": float(self.turns),
            "rolls": float(self.rolls),
            "rolls_per_turn": self.rolls / turns,
            "fall_rate": self.falls / turns,
        }

    def standings(self) -> list[float]:
        """Each Doodler's height: the row of the level it stands on, 1 (bottom) to 8 (top), 0 off the board.

        The race is to the top level (D-WIN-1), so the highest Doodler leads; Doodlers on one level are level.
        """
        level_of, rows = self.rules.pad_level, self.rows
        return [float(rows[level_of[p]] + 1) if p >= 0 else 0.0 for p in self.pos]

    def kept(self, seat: int) -> dict[str, int]:
        """The tiles on ``seat``'s Doodler Card, by kind."""
        r = self.rules
        base = seat * len(r.tile_kinds)
        return {kind: self.cards[base + k] for k, kind in enumerate(r.tile_kinds) if self.cards[base + k]}

    def tile_places(self) -> dict[str, int]:
        """How many tiles are in the box, on the board, on cards, and out of the game."""
        r = self.rules
        total = sum(r.tile_counts)
        box, board, cards = sum(self.box), sum(1 for t in self.board if t >= 0), sum(self.cards)
        return {"box": box, "board": board, "cards": cards, "out": total - box - board - cards}

    def dice_left(self) -> tuple[int, bool]:
        """Unused numbered dice and whether the symbol die is unused."""
        return self.numbered, self.symbol

    def shield_kind(self) -> int:
        """A Shield kind on the card of the player to move, or -1."""
        r = self.rules
        base = self.seat * len(r.tile_kinds)
        for k, effect in enumerate(r.tile_effects):
            if effect == "shield" and self.cards[base + k]:
                return k
        return -1

    def empty_levels(self) -> list[int]:
        """The levels with no Doodler and no tile, bottom first (D-TILE-6)."""
        return self.geo.empty_levels(self.order, self.board, self.pos)

    def setup_rows_without_tile(self) -> list[int]:
        """The setup rows (D-SETUP-2) whose level holds no tile yet, bottom first."""
        level_pads = self.rules.level_pads
        board = self.board
        return [row for row in self.rules.setup_rows if all(board[p] < 0 for p in level_pads[self.order[row]])]

    def to_text(self) -> str:
        from tabletop.games.doodle_jump.notation import write

        return write(self)

    def to_dict(self) -> dict[str, Any]:
        r = self.rules
        return {
            "text": self.to_text(),
            "phase": self.phase.word,
            "seat": self.seat,
            "ramp": [{"level": r.level_names[lv], "offset": self.offset[lv]} if lv >= 0 else None for lv in self.order],
            "tiles": {r.pad_names[p]: r.tile_kinds[k] for p, k in enumerate(self.board) if k >= 0},
            "doodlers": [None if p < 0 else r.pad_names[p] for p in self.pos],
            "kept": [self.kept(s) for s in range(r.players)],
            "dice": {"numbered": self.numbered, "symbol": self.symbol},
            "roll": None if self.roll is None else self.roll.text,
            "winner": self.winner if self.winner >= 0 else None,
        }

    def __str__(self) -> str:
        from tabletop.games.doodle_jump.notation import describe_position

        return describe_position(self)

    # -- words for the event log ------------------------------------------------------------
    def _pad_or_start(self, pad: int) -> str:
        return START_TERM if pad < 0 else self.rules.pad_names[pad]

    def _where(self, seat: int) -> str:
        return self._pad_or_start(self.pos[seat])
