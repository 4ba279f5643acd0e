"""The Doodle Jump position and its rules (clauses D-... of docs/rules/doodle-jump.md).

A turn is a push-your-luck loop: the roll is a chance node; the player then
jumps, uses the symbol die or shoots (one of them per roll), and decides to
continue (roll the remaining dice) or stop. A roll that allows none of these
is a fall. Replacement tiles, the level order and the opening roll are
chance nodes too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.actions import Action
from tabletop.core.chance import Distribution
from tabletop.core.state import CHANCE, TERMINAL, State
from tabletop.games.doodle_jump.actions import (
    CONTINUE,
    SPEND_SHIELD,
    START_ROLL,
    STAY,
    STOP,
    TAKE_FALL,
    ActionTable,
    DrawTile,
    Jump,
    LevelMove,
    OpeningRoll,
    PlaceLevel,
    Roll,
    Shoot,
    TileJump,
    combos_by_sum,
)
from tabletop.games.doodle_jump.board import OFF_BOARD, Geometry

if TYPE_CHECKING:
    from tabletop.games.doodle_jump.game import DoodleJumpGame

# Phases. Chance: LEVELS (level order), SETUP (setup tiles), OPENING (who starts),
# ROLL (the dice), DRAW (a replacement tile). Decisions: START (roll, or use a kept
# tile first), DECIDE (after a roll), CONT (continue or stop), SPRING (after landing
# on a Trampoline or Springs), SHIELD (option choose_shield). END is only a resume target.
LEVELS, SETUP, OPENING, START, ROLL, DECIDE, CONT, DRAW, SPRING, SHIELD, OVER, END = range(12)
PHASE_NAMES = ("levels", "tiles", "open", "start", "roll", "decide", "cont", "draw", "spring", "shield", "over", "end")
CHANCE_PHASES = frozenset((LEVELS, SETUP, OPENING, ROLL, DRAW))

# Opening-roll marks per seat: not contending, still to roll; a rolled value is >= 1.
OUT_OF_OPENING = -2
TO_ROLL = -1


class DoodleJumpState(State):
    """A Doodle Jump position. Build one with ``game.new_initial_state()`` or ``game.state_from_text``."""

    __slots__ = (
        "board", "box", "cards", "config", "falls", "geo", "high_replacement", "numbered", "offset", "opening",
        "order", "phase", "pos", "resume", "roll", "rolls", "rows", "rules", "seat", "spring_pending", "symbol",
        "table", "turns", "winner",
    )  # fmt: skip

    def __init__(self, game: DoodleJumpGame) -> None:
        super().__init__(game)
        self.config = game
        r = self.rules = game.rules
        self.table: ActionTable = game.table
        self.geo: Geometry = game.geometry
        n = r.levels
        self.order = [-1] * n  # level id on each row, bottom (0) to top
        self.rows = [-1] * n  # row of each level id
        self.offset = [0] * n  # shift of each level id (D-SYMBOL-2, R-D2)
        self.board = [-1] * len(r.pad_level)  # tile kind on each pad
        self.box = list(r.tile_counts)  # tiles left in the box, by kind
        self.pos = [OFF_BOARD] * r.players  # each Doodler's pad
        self.cards = [0] * (r.players * len(r.tile_kinds))  # kept tiles: seat * kinds + kind
        self.seat = -1
        self.phase = LEVELS
        self.resume = END
        self.spring_pending = False
        self.high_replacement = False
        self.opening = [TO_ROLL] * r.players
        self.numbered = r.numbered_dice
        self.symbol = True
        self.roll: Roll | None = None
        self.winner = -1
        self.turns = 0
        self.rolls = 0
        self.falls = 0

    # -- the core hooks --------------------------------------------------------------
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
        if phase in (DRAW, SETUP):
            return self.config.draw_distribution(tuple(self.box))
        if phase == OPENING:
            return self.table.opening_distribution
        left = tuple(lv for lv in range(self.rules.levels) if self.rows[lv] < 0)
        return self.config.level_distribution(left)

    def _legal_actions(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase == DECIDE:
            return tuple(self.roll_options()) + tuple(self.tile_uses())
        if phase == CONT:
            return (CONTINUE, STOP, *self.tile_uses())
        if phase == START:
            return (START_ROLL, *self.tile_uses())
        if phase == SPRING:
            springs = self.table.springs
            targets = self.geo.level_up(self.pos[self.seat], self.order, self.rows, self.offset)
            return (*(springs[p] for p in targets), STAY)
        return (SPEND_SHIELD, TAKE_FALL)  # phase SHIELD

    def _apply(self, action: Action) -> None:
        phase = self.phase
        if phase == ROLL:
            assert isinstance(action, Roll)
            self._rolled(action)
        elif phase in (DECIDE, CONT, START):
            if action is CONTINUE or action is START_ROLL:
                self._log("{} rolls {} dice", self._who(), self._dice_left())
                self.phase = ROLL
            elif action is STOP:
                self._log("{} stops on {}", self._who(), self._where(self.seat))
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
        elif phase == DRAW:
            assert isinstance(action, DrawTile)
            self._replace(action.kind)
        elif phase == SPRING:
            if action is STAY:
                self._log("{} stays", self._who())
                self._resume(self.resume)
            else:
                assert isinstance(action, TileJump)
                self._log("{} springs to {}", self._who(), self.rules.pad_names[action.pad])
                self._land(action.pad, self.pos[self.seat], self.resume)
        elif phase == SHIELD:
            if action is SPEND_SHIELD:
                self._spend_shield()
            else:
                self._take_fall()
            self._after_fall(self.resume == DRAW)
        elif phase == OPENING:
            assert isinstance(action, OpeningRoll)
            self._opening_roll(action.value)
        elif phase == SETUP:
            assert isinstance(action, DrawTile)
            self._setup_tile(action.kind)
        else:
            assert isinstance(action, PlaceLevel)
            self._place_level(action.level)

    # -- setup (D-SETUP-1..3, D-TURN-1) ----------------------------------------------------
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
            self.phase = SETUP
        else:
            self._after_setup()

    def setup_rows_without_tile(self) -> list[int]:
        """The setup rows (D-SETUP-2) whose level holds no tile yet, bottom first."""
        level_pads = self.rules.level_pads
        board = self.board
        return [
            row for row in self.rules.setup_rows if all(board[p] < 0 for p in level_pads[self.order[row]])
        ]

    def _setup_tile(self, kind: int) -> None:
        """R-D15: a Power Tile goes on the lowest setup row still without a tile, an Expert Tile on the
        highest empty level (D-EXPERT-1); tiles are drawn until every setup row holds one."""
        if self.rules.tile_expert[kind]:
            level = self._empty_levels()[-1]
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
            self.phase = OPENING
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

    # -- the turn ----------------------------------------------------------------------
    def _begin_turn(self, seat: int) -> None:
        self.seat = seat
        self.turns += 1
        self.numbered = self.rules.numbered_dice
        self.symbol = True
        self.roll = None
        self.phase = START
        if not self.tile_uses():
            self.phase = ROLL

    def _end_turn(self) -> None:
        self._begin_turn((self.seat + 1) % self.rules.players)

    def _rolled(self, roll: Roll) -> None:
        self.roll = roll
        self.rolls += 1
        self._log("{} rolls {}", self._who(), roll.text[5:])
        options = self.roll_options()
        if options:
            self.phase = DECIDE
            # the options were needed to judge the roll; keep them as the cached legal actions
            self._legal = (*options, *self.tile_uses())
        else:
            self._failed_roll()

    def _failed_roll(self) -> None:
        """D-TURN-3 C: nothing applies, so the Doodler falls (a Shield may stop it, R-D7)."""
        self.roll = None
        self._log("{} cannot use the roll", self._who())
        self._fall(monster_left=False)

    def _fall(self, monster_left: bool) -> None:
        """The player to move falls from its pad and the turn ends, unless a Shield stops the fall (R-D7).

        ``monster_left``: a zonked Monster left the board (D-EXPERT-6); its replacement is
        drawn once the fall is settled (D-EXPERT-8). Off the board there is nothing to fall
        from, so a Shield is not spent (R-D13).
        """
        if self.pos[self.seat] >= 0 and self._shield_kind() >= 0:
            if self.rules.choose_shield:
                self.phase = SHIELD
                self.resume = DRAW if monster_left else END
                return
            self._spend_shield()
        else:
            self._take_fall()
        self._after_fall(monster_left)

    def _take_fall(self) -> None:
        self.falls += 1
        start = self.pos[self.seat]
        if start >= 0:
            self._drop(self.seat, start)
        else:
            self._log("{} stays at the start", self._who())

    def _after_fall(self, monster_left: bool) -> None:
        if monster_left:
            self._draw_or_resume(END, high=True)
        else:
            self._end_turn()

    def _spend_shield(self) -> None:
        kind = self._shield_kind()
        self.cards[self.seat * len(self.rules.tile_kinds) + kind] -= 1
        self._log("{}'s Shield stops the fall on {}", self._who(), self._where(self.seat))

    def _shield_kind(self) -> int:
        r = self.rules
        base = self.seat * len(r.tile_kinds)
        for k, effect in enumerate(r.tile_effects):
            if effect == "shield" and self.cards[base + k]:
                return k
        return -1

    def _resume(self, target: int) -> None:
        """Go on after a jump, symbol use, shot or tile use (R-D4 for running out of dice)."""
        if target == CONT:
            if self.numbered or self.symbol:
                self.phase = CONT
            else:
                self._log("{} has no dice left; the turn ends", self._who())
                self._end_turn()
        elif target == DECIDE:
            if self.roll_options():
                self.phase = DECIDE
            else:
                self._failed_roll()
        elif target == START:
            self.phase = START
            if not self.tile_uses():
                self.phase = ROLL
        else:
            self._end_turn()

    # -- options after a roll (D-JUMP-*, D-SYMBOL-*, D-EXPERT-4) ---------------------------------
    def roll_options(self) -> list[Action]:
        """The jumps, symbol uses and shots the current roll allows (empty: the roll fails)."""
        roll = self.roll
        if roll is None:
            return []
        r = self.rules
        table = self.table
        here = self.pos[self.seat]
        symbol = roll.symbol if self.symbol else ""
        dots = int(symbol) if symbol.isdigit() else 0
        sums = combos_by_sum(roll.numbers, dots)
        options: list[Action] = []
        for pad in self.geo.reachable(here, self.order, self.rows, self.offset):
            for combo in sums.get(r.pad_number[pad], ()):
                options.append(table.jump(pad, combo))
        if here >= 0 and self.config.has_targets:
            options.extend(self._shots(here, roll.numbers, dots))
        if symbol == "shift":
            options.extend(self._shifts(-1))
        elif symbol == "remove":
            options.extend(self._removes(-1))
        elif symbol == "again" and self.numbered:
            options.append(table.agains[-1])
        return options

    def _shots(self, here: int, numbers: tuple[int, ...], dots: int) -> list[Action]:
        """D-EXPERT-4: a die (numbered, or the symbol's dots: R-D3) showing how many levels up a target is."""
        r = self.rules
        effects = r.tile_effects
        level = r.pad_level[here]
        column = r.pad_slot[here] + self.offset[level]
        shots: list[Action] = []
        for row in range(self.rows[level] + 1, r.levels):
            distance = row - self.rows[level]
            by_die = distance in numbers
            if not by_die and distance != dots:
                continue
            above = self.order[row]
            target = self.geo.pad_at(above, column, self.offset[above])
            if target >= 0 and self.board[target] >= 0 and effects[self.board[target]] in ("ufo", "monster"):
                if by_die:
                    shots.append(self.table.shots[target, distance, False])
                if distance == dots:
                    shots.append(self.table.shots[target, distance, True])
        return shots

    def _shifts(self, tile: int) -> list[Action]:
        limit = self.rules.max_offset
        shifts = self.table.shifts
        found: list[Action] = []
        for level in self.order:
            off = self.offset[level]
            if off - 1 >= -limit:
                found.append(shifts[tile, level, -1])
            if off + 1 <= limit:
                found.append(shifts[tile, level, 1])
        return found

    def _removes(self, tile: int) -> list[Action]:
        removes = self.table.removes
        occupied = {self.rules.pad_level[p] for p in self.pos if p >= 0}
        return [removes[tile, level] for level in self.order[:-1] if level not in occupied]

    def tile_uses(self) -> list[Action]:
        """What the player to move can do with kept tiles right now (R-D8)."""
        r = self.rules
        kinds = len(r.tile_kinds)
        base = self.seat * kinds
        cards = self.cards
        if not any(cards[base : base + kinds]):
            return []
        here = self.pos[self.seat]
        uses: list[Action] = []
        for k in range(kinds):
            if not cards[base + k]:
                continue
            effect = r.tile_effects[k]
            if effect == "shoes" and here >= 0:
                uses.extend(self.table.tile_jumps[k, p] for p in self.geo.same_level(here, self.offset))
            elif effect == "flight":
                targets = self.geo.level_up(here, self.order, self.rows, self.offset)
                uses.extend(self.table.tile_jumps[k, p] for p in targets)
            elif effect in ("ufo", "monster"):
                uses.extend(self._shifts(k))
                uses.extend(self._removes(k))
                if self.phase == DECIDE and (self.numbered or self.symbol):
                    uses.append(self.table.agains[k])
        return uses

    # -- doing things -------------------------------------------------------------------
    def _dice_jump(self, jump: Jump) -> None:
        self.numbered -= len(jump.dice)
        if jump.dots:
            self.symbol = False
        self.roll = None
        self._log("{} jumps to {} with {}", self._who(), self.rules.pad_names[jump.pad], jump.text.split("= ")[1])
        self._land(jump.pad, self.pos[self.seat], CONT)

    def _level_move(self, move: LevelMove, phase: int) -> None:
        r = self.rules
        if move.tile >= 0:
            self.cards[self.seat * len(r.tile_kinds) + move.tile] -= 1
            self._log("{} uses a {}", self._who(), r.tile_names[move.tile])
            after = phase
        else:
            self.symbol = False
            self.roll = None
            after = CONT
        if move.level < 0:
            self._log("{} tries again", self._who())
            self.roll = None
            self.phase = ROLL
            return
        name = r.level_names[move.level]
        if move.direction:
            self.offset[move.level] += move.direction
            self._log("{} shifts level {} {}", self._who(), name, "left" if move.direction < 0 else "right")
        else:
            self._remove_level(move.level)
            self._log("{} moves level {} to the top", self._who(), name)
        self._resume(after)

    def _remove_level(self, level: int) -> None:
        """D-SYMBOL-3: the level goes on top, the levels above it slide down (its shift is undone, R-D11)."""
        order = self.order
        order.remove(level)
        order.append(level)
        for row, lv in enumerate(order):
            self.rows[lv] = row
        self.offset[level] = 0

    def _tile_jump(self, use: TileJump, phase: int) -> None:
        r = self.rules
        self.cards[self.seat * len(r.tile_kinds) + use.tile] -= 1
        self._log("{} uses a {} to reach {}", self._who(), r.tile_names[use.tile], r.pad_names[use.pad])
        self._land(use.pad, self.pos[self.seat], phase)

    def _shoot(self, shot: Shoot) -> None:
        r = self.rules
        if shot.by_symbol:
            self.symbol = False
        else:
            self.numbered -= 1
        self.roll = None
        kind = self.board[shot.pad]
        self.board[shot.pad] = -1
        self.cards[self.seat * len(r.tile_kinds) + kind] += 1
        self._log("{} shoots the {} on {} and wins it", self._who(), r.tile_names[kind], r.pad_names[shot.pad])
        self._draw_or_resume(CONT, high=True)

    def _land(self, pad: int, start: int, after: int) -> None:
        """A jump (dice, tile or spring) lands on ``pad``: push, take a tile, win (D-PUSH-1, D-TILE-1, R-D5)."""
        r = self.rules
        seat = self.seat
        pos = self.pos
        pos[seat] = pad
        for other in range(r.players):
            if other != seat and pos[other] == pad:
                self._log("{} knocks seat {} off {}", self._who(), other, r.pad_names[pad])
                self._drop(other, pad)
        kind = self.board[pad]
        taken = won_target = False
        if kind >= 0:
            effect = r.tile_effects[kind]
            if effect == "black_hole":
                pos[seat] = OFF_BOARD
                self.falls += 1
                self._log("{} is swallowed by the Black Hole and starts again", self._who())
                self._end_turn()
                return
            self.board[pad] = -1
            taken = True
            if effect == "monster" and self.geo.directly_beneath(start, pad, self.rows, self.offset):
                self._log("ZONK! {} jumps at the Monster on {} from beneath", self._who(), r.pad_names[pad])
                pos[seat] = start  # it falls from where it started, unless a Shield stops it (R-D7)
                self._fall(monster_left=True)
                return
            elif effect == "spring":
                self._log("{} lands on a {}", self._who(), r.tile_names[kind])
                self.spring_pending = True
            else:
                self.cards[seat * len(r.tile_kinds) + kind] += 1
                won_target = effect in ("ufo", "monster")
                self._log("{} takes the {}", self._who(), r.tile_names[kind])
        if pos[seat] == pad and self.rows[r.pad_level[pad]] == r.levels - 1:
            self.winner = seat
            self.phase = OVER
            self.roll = None
            self.spring_pending = False
            self._log("{} reaches the top and wins", self._who())
            return
        if taken:
            self._draw_or_resume(after, high=won_target)
        else:
            self._proceed(after)

    def _drop(self, seat: int, start: int) -> None:
        """Seat falls from ``start`` to the next empty pad straight below (D-FALL-1, D-PUSH-2, R-D9)."""
        pos = self.pos
        pos[seat] = OFF_BOARD
        target = self.geo.fall_target(start, self.order, self.rows, self.offset, self.board, pos)
        pos[seat] = target
        self._log("seat {} falls to {}", seat, self._pad_or_start(target))

    def _draw_or_resume(self, after: int, high: bool = False) -> None:
        """D-TILE-6, R-D6: a taken tile is replaced from the box when the box and an empty level allow.

        ``high``: a Monster or UFO left, so the replacement goes on the highest empty level (D-EXPERT-8).
        """
        if any(self.box) and self._empty_levels():
            self.resume = after
            self.high_replacement = high
            self.phase = DRAW
        else:
            self._proceed(after)

    def _empty_levels(self) -> list[int]:
        return [lv for lv in self.order if self.geo.level_is_empty(lv, self.board, self.pos)]

    def _replace(self, kind: int) -> None:
        r = self.rules
        empty = self._empty_levels()
        level = empty[-1] if self.high_replacement or r.tile_expert[kind] else empty[0]
        self.high_replacement = False
        pad = r.level_top_pad[level]
        self.box[kind] -= 1
        self.board[pad] = kind
        self._log("a {} comes out of the box onto {}", r.tile_names[kind], r.pad_names[pad])
        self._proceed(self.resume)

    def _proceed(self, after: int) -> None:
        if self.spring_pending:
            self.spring_pending = False
            if self.geo.level_up(self.pos[self.seat], self.order, self.rows, self.offset):
                self.resume = after
                self.phase = SPRING
                return
        self._resume(after)

    # -- reading the position ----------------------------------------------------------------
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
        return {"turns": float(self.turns), "rolls_per_turn": self.rolls / turns, "fall_rate": self.falls / turns}

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

    def _dice_left(self) -> int:
        return self.numbered + (1 if self.symbol else 0)

    def _who(self) -> str:
        return f"seat {self.seat}"

    def _pad_or_start(self, pad: int) -> str:
        return "the start (off the board)" if pad < 0 else self.rules.pad_names[pad]

    def _where(self, seat: int) -> str:
        return self._pad_or_start(self.pos[seat])

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, DoodleJumpState)
        other.config = self.config
        other.rules = self.rules
        other.table = self.table
        other.geo = self.geo
        other.order = self.order.copy()
        other.rows = self.rows.copy()
        other.offset = self.offset.copy()
        other.board = self.board.copy()
        other.box = self.box.copy()
        other.pos = self.pos.copy()
        other.cards = self.cards.copy()
        other.seat = self.seat
        other.phase = self.phase
        other.resume = self.resume
        other.spring_pending = self.spring_pending
        other.high_replacement = self.high_replacement
        other.opening = self.opening.copy()
        other.numbered = self.numbered
        other.symbol = self.symbol
        other.roll = self.roll
        other.winner = self.winner
        other.turns = self.turns
        other.rolls = self.rolls
        other.falls = self.falls

    def parse_action(self, text: str) -> Action:
        """As the base class, with a direct look-up for the many outcomes of a roll."""
        if self.phase == ROLL:
            dist = self.chance_distribution()
            roll = self.table.roll_by_text(" ".join(text.split()))
            if roll is not None and dist.probability(roll) > 0:
                return roll
            raise self._illegal(text)
        return super().parse_action(text)

    def to_text(self) -> str:
        from tabletop.games.doodle_jump.notation import write

        return write(self)

    def to_dict(self) -> dict[str, Any]:
        r = self.rules
        return {
            "text": self.to_text(),
            "phase": PHASE_NAMES[self.phase],
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
