"""The Doodle Jump state: the core hooks, setup and the opening roll (clauses in docs/rules/doodle-jump.md).

Setup stacks the levels (one chance node per row), places the setup tiles and,
unless the option ``first_player`` names who begins, rolls for the start; then
the turns follow (:mod:`.turn`). The fields are declared in :mod:`.position`,
the options of the player to move are worked out in :mod:`.choices`.
"""

from __future__ import annotations

from tabletop.core.actions import Action
from tabletop.core.chance import Distribution
from tabletop.core.state import CHANCE, TERMINAL
from tabletop.core.words import plural
from tabletop.games.doodle_jump.actions import (
    CONTINUE,
    SPEND_SHIELD,
    START_ROLL,
    STAY,
    STOP,
    TAKE_FALL,
    DrawTile,
    Jump,
    LevelMove,
    OpeningRoll,
    PlaceLevel,
    Roll,
    Shoot,
    TileJump,
    Word,
)
from tabletop.games.doodle_jump.phases import (
    CHANCE_PHASES,
    CONTINUE_OR_STOP,
    DRAW_REPLACEMENT,
    OPENING_ROLL,
    OUT_OF_OPENING,
    OVER,
    ROLL,
    SETUP_TILES,
    SHIELD_CHOICE,
    SPRING_JUMP,
    TO_ROLL,
    TURN_START,
    USE_ROLL,
    Phase,
)
from tabletop.games.doodle_jump.turn import TurnFlow

__all__ = ["DoodleJumpState"]


class DoodleJumpState(TurnFlow):
    """A Doodle Jump position. Build one with ``game.new_initial_state()`` or ``game.state_from_text``."""

    __slots__ = ()

    # -- the core hooks ----------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.seat

    def chance_roller(self) -> int | None:
        return self.seat if self.phase == ROLL else None

    def _chance_distribution(self) -> Distribution:
        phase = self.phase
        if phase == ROLL:
            return self.table.roll_distribution(self.numbered, self.symbol)
        if phase in (DRAW_REPLACEMENT, SETUP_TILES):
            return self.config.draw_distribution(tuple(self.box))
        if phase == OPENING_ROLL:
            return self.table.opening_distribution
        left = tuple(lv for lv in range(self.rules.levels) if self.rows[lv] < 0)
        return self.config.level_distribution(left)

    def _legal_actions(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase == USE_ROLL:
            return tuple(self.roll_options()) + tuple(self.tile_uses())
        if phase == CONTINUE_OR_STOP:
            return (CONTINUE, STOP, *self.tile_uses())
        if phase == TURN_START:
            return (START_ROLL, *self.tile_uses())
        if phase == SPRING_JUMP:
            springs = self.table.springs
            targets = self.geo.level_up(self.pos[self.seat], self.order, self.rows, self.offset)
            return (*(springs[p] for p in targets), STAY)
        return (SPEND_SHIELD, TAKE_FALL)  # SHIELD_CHOICE

    def _apply(self, action: Action) -> None:
        phase = self.phase
        if phase == ROLL:
            assert isinstance(action, Roll)
            self._rolled(action)
        elif phase in (USE_ROLL, CONTINUE_OR_STOP, TURN_START):
            self._decide(action, phase)
        elif phase == DRAW_REPLACEMENT:
            assert isinstance(action, DrawTile)
            self._replace(action.kind)
        elif phase == SPRING_JUMP:
            assert isinstance(action, TileJump | Word)
            self._spring_or_stay(action)
        elif phase == SHIELD_CHOICE:
            self._shield_choice(action is SPEND_SHIELD)
        elif phase == OPENING_ROLL:
            assert isinstance(action, OpeningRoll)
            self._opening_roll(action.value)
        elif phase == SETUP_TILES:
            assert isinstance(action, DrawTile)
            self._setup_tile(action.kind)
        else:
            assert isinstance(action, PlaceLevel)
            self._place_level(action.level)

    def _decide(self, action: Action, phase: Phase) -> None:
        """The seat's decision at the start of a turn, after a roll, or at continue-or-stop."""
        if action is CONTINUE or action is START_ROLL:
            dice = self.numbered + (1 if self.symbol else 0)
            self._log("seat {} rolls {}", self.seat, plural(dice, "die", "dice"))  # "1 die", "4 dice"
            self.phase = ROLL
        elif action is STOP:
            self._log("seat {} stops on {}", self.seat, self._where(self.seat))
            self._end_turn()
        elif isinstance(action, Jump):
            self._dice_jump(action)
        elif isinstance(action, LevelMove):
            self._level_move(action, phase)
        elif isinstance(action, TileJump):
            self._tile_jump(action, phase)
        else:
            assert isinstance(action, Shoot)
            self._shoot(action)

    def parse_action(self, text: str) -> Action:
        """As the base class, with a direct look-up for the many outcomes of a roll."""
        if self.phase == ROLL:
            dist = self.chance_distribution()
            roll = self.table.roll_by_text(" ".join(text.split()))
            if roll is not None and dist.probability(roll) > 0:
                return roll
            raise self._illegal(text)
        return super().parse_action(text)

    # -- setup (D-SETUP-1..3, R-D15) and the opening roll (D-TURN-1, R-D22) ---------------------
    def _place_level(self, level: int) -> None:
        row = self.order.index(-1)
        self.order[row] = level
        self.rows[level] = row
        self._log("level {} goes on row {}", self.rules.level_names[level], row + 1)
        left = [lv for lv in range(self.rules.levels) if self.rows[lv] < 0]
        if len(left) == 1:
            self._place_level(left[0])
        elif not left:
            self._after_levels()

    def _after_levels(self) -> None:
        if self.setup_rows_without_tile():
            self.phase = SETUP_TILES
        else:
            self._after_setup()

    def _setup_tile(self, kind: int) -> None:
        """R-D15: a Power Tile goes on the lowest setup row still without a tile, an Expert Tile on the
        highest empty level (D-EXPERT-1); tiles are drawn until every setup row holds one."""
        if self.rules.tile_expert[kind]:
            level = self.empty_levels()[-1]
        else:
            level = self.order[self.setup_rows_without_tile()[0]]
        pad = self.rules.level_top_pad[level]
        self.box[kind] -= 1
        self.board[pad] = kind
        self._log("{} is placed on {}", self.rules.tile_names[kind], self.rules.pad_names[pad])
        if not self.setup_rows_without_tile():
            self._after_setup()

    def _after_setup(self) -> None:
        first = self.config.options["first_player"]
        if first is None:
            self.phase = OPENING_ROLL
        else:
            self._begin_turn(int(first))

    def _opening_roll(self, value: int) -> None:
        opening = self.opening
        seat = opening.index(TO_ROLL)
        opening[seat] = value
        self._log("seat {} rolls {} for the start", seat, value)
        if TO_ROLL in opening:
            return
        best = max(opening)
        tied = [s for s, v in enumerate(opening) if v == best]
        if len(tied) == 1:
            self._log("seat {} begins", tied[0])
            self._begin_turn(tied[0])
            return
        self._log("seats {} tie and roll again", tied)
        for s in range(len(opening)):
            opening[s] = TO_ROLL if s in tied else OUT_OF_OPENING
