"""A turn's flow: rolls, jumps, symbol uses, shots, tile uses, landings, falls and replacement draws.

The turn is a push-your-luck loop: the roll is a chance node; the player then
jumps, uses the symbol die or shoots (one of them per roll, R-D18) and decides
to continue (roll the remaining dice) or stop. A roll that allows none of these
is a fall. A taken tile is replaced from the box, a chance node too.
"""

from __future__ import annotations

from tabletop.core.events import Term
from tabletop.games.doodle_jump.actions import Jump, LevelMove, Roll, Shoot, TileJump, Word
from tabletop.games.doodle_jump.board import OFF_BOARD
from tabletop.games.doodle_jump.choices import TARGETS, Choices
from tabletop.games.doodle_jump.phases import (
    CONTINUE_OR_STOP,
    DRAW_REPLACEMENT,
    END_OF_TURN,
    OVER,
    ROLL,
    SHIELD_CHOICE,
    SPRING_JUMP,
    TURN_START,
    USE_ROLL,
    Phase,
)

#: the symbol die's word faces as the log names them (its dot faces are numbers)
SYMBOL_TERMS = {"shift": Term("shift"), "remove": Term("remove"), "again": Term("try again")}


class TurnFlow(Choices):
    """Applying the seat's moves and what follows them, up to the next decision or chance node."""

    __slots__ = ()

    # -- the turn (D-TURN-2, D-TURN-3, D-CONT-1, D-FALL-1, R-D4, R-D7) ----------------------
    def _begin_turn(self, seat: int) -> None:
        self.seat = seat
        self.turns += 1
        self.numbered = self.rules.numbered_dice
        self.symbol = True
        self.roll = None
        self.phase = TURN_START
        if not self.tile_uses():
            self.phase = ROLL

    def _end_turn(self) -> None:
        if self.turns >= self.config.turn_limit:  # R-D24: the last turn allowed is over, and nobody won
            self.phase = OVER
            self.roll = None
            self._log("turn {turn} was the last: the game ends with no winner", turn=self.turns)
            return
        self._begin_turn((self.seat + 1) % self.rules.players)

    def _rolled(self, roll: Roll) -> None:
        self.roll = roll
        self.rolls += 1
        numbers, _slash, symbol = roll.faces.partition(" / ")
        if symbol:
            self._log("{seat} rolls {dice} / {symbol}", seat=self.seat, dice=numbers,
                      symbol=SYMBOL_TERMS.get(symbol, symbol))
        else:
            self._log("{seat} rolls {dice}", seat=self.seat, dice=numbers)
        options = self.roll_options()
        if options:
            self.phase = USE_ROLL
            # the options were needed to judge the roll; keep them as the cached legal actions
            self._legal = (*options, *self.tile_uses())
        else:
            self._failed_roll()

    def _failed_roll(self) -> None:
        """D-TURN-3 C: nothing applies, so the Doodler falls (a Shield may stop it, R-D7)."""
        self._log("{seat} cannot use the roll", seat=self.seat)
        self._fall(monster_left=False)

    def _fall(self, monster_left: bool) -> None:
        """The player to move falls from its pad and the turn ends, unless a Shield stops the fall (R-D7).

        ``monster_left``: a zonked Monster left the board (D-EXPERT-6); its replacement is
        drawn once the fall is settled (D-EXPERT-8). Off the board there is nothing to fall
        from, so a Shield is not spent (R-D13). The turn is over, so a roll still on the table
        (a kept tile used mid-roll, R-D19) goes with it.
        """
        self.roll = None
        if self.pos[self.seat] >= 0 and self.shield_kind() >= 0:
            if self.rules.choose_shield:
                self.phase = SHIELD_CHOICE
                self.resume = DRAW_REPLACEMENT if monster_left else END_OF_TURN
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
            self._log("{seat} stays at the start", seat=self.seat)

    def _after_fall(self, monster_left: bool) -> None:
        if monster_left:
            self._draw_or_resume(END_OF_TURN, high=True)
        else:
            self._end_turn()

    def _spend_shield(self) -> None:
        kind = self.shield_kind()
        self.cards[self.seat * len(self.rules.tile_kinds) + kind] -= 1
        self._log("{seat}'s Shield stops the fall on {pad}", seat=self.seat, pad=self._where(self.seat))

    def _resume(self, target: Phase) -> None:
        """Go on after a jump, symbol use, shot or tile use (R-D4 for running out of dice)."""
        if target == CONTINUE_OR_STOP:
            if self.numbered or self.symbol:
                self.phase = CONTINUE_OR_STOP
            else:
                self._log("{seat} has no dice left; the turn ends", seat=self.seat)
                self._end_turn()
        elif target == USE_ROLL:
            if self.roll_options():
                self.phase = USE_ROLL
            else:
                self._failed_roll()
        elif target == TURN_START:
            self.phase = TURN_START
            if not self.tile_uses():
                self.phase = ROLL
        else:
            self._end_turn()

    # -- moves: jumps, symbol uses, shots, tile uses (D-JUMP-2, D-SYMBOL-*, D-TILE-*, D-EXPERT-*) --
    def _dice_jump(self, jump: Jump) -> None:
        self.numbered -= len(jump.dice)
        if jump.dots:
            self.symbol = False
        self.roll = None
        self._log("{seat} jumps to {pad} with {dice}", seat=self.seat, pad=self.rules.pad_names[jump.pad],
                  dice=jump.used)
        self._land(jump.pad, self.pos[self.seat], CONTINUE_OR_STOP)

    def _level_move(self, move: LevelMove, phase: Phase) -> None:
        r = self.rules
        if move.tile >= 0:
            self.cards[self.seat * len(r.tile_kinds) + move.tile] -= 1
            self._log("{seat} uses a {tile}", seat=self.seat, tile=r.tile_names[move.tile])
            after = phase
        else:
            self.symbol = False
            self.roll = None
            after = CONTINUE_OR_STOP
        if move.level < 0:
            self._log("{seat} tries again", seat=self.seat)
            self.roll = None
            self.phase = ROLL
            return
        name = r.level_names[move.level]
        if move.direction:
            self.offset[move.level] += move.direction
            if move.direction < 0:
                self._log("{seat} shifts level {level} left", seat=self.seat, level=name)
            else:
                self._log("{seat} shifts level {level} right", seat=self.seat, level=name)
        else:
            self._remove_level(move.level)
            self._log("{seat} moves level {level} to the top", seat=self.seat, level=name)
        self._resume(after)

    def _remove_level(self, level: int) -> None:
        """D-SYMBOL-3: the level goes on top, the levels above it slide down (its shift is undone, R-D11)."""
        order = self.order
        order.remove(level)
        order.append(level)
        for row, lv in enumerate(order):
            self.rows[lv] = row
        self.offset[level] = 0

    def _tile_jump(self, use: TileJump, phase: Phase) -> None:
        r = self.rules
        self.cards[self.seat * len(r.tile_kinds) + use.tile] -= 1
        self._log("{seat} uses a {tile} to reach {pad}", seat=self.seat, tile=r.tile_names[use.tile],
                  pad=r.pad_names[use.pad])
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
        self._log("{seat} shoots the {tile} on {pad} and wins it", seat=self.seat, tile=r.tile_names[kind],
                  pad=r.pad_names[shot.pad])
        self._draw_or_resume(CONTINUE_OR_STOP, high=True)

    def _land(self, pad: int, start: int, after: Phase) -> None:
        """A jump (dice, tile or spring) lands on ``pad``: push, take a tile, win (D-PUSH-1, D-TILE-1, R-D5)."""
        r = self.rules
        seat = self.seat
        pos = self.pos
        pos[seat] = pad
        if pos.count(pad) > 1:
            for other in range(r.players):
                if other != seat and pos[other] == pad:
                    self._log("{seat} knocks {other_seat} off {pad}", seat=seat, other_seat=other, pad=r.pad_names[pad])
                    self._drop(other, pad)
        kind = self.board[pad]
        taken = won_target = False
        if kind >= 0:
            effect = r.tile_effects[kind]
            if effect == "black_hole":
                pos[seat] = OFF_BOARD
                self.falls += 1
                self._log("{seat} is swallowed by the Black Hole and starts again", seat=self.seat)
                self._end_turn()
                return
            self.board[pad] = -1
            taken = True
            if effect == "monster" and self.geo.directly_beneath(start, pad, self.rows, self.offset):
                self._log("ZONK! {seat} jumps at the Monster on {pad} from beneath", seat=self.seat,
                          pad=r.pad_names[pad])
                pos[seat] = start  # it falls from where it started, unless a Shield stops it (R-D7)
                self._fall(monster_left=True)
                return
            elif effect == "spring":
                self._log("{seat} lands on a {tile}", seat=self.seat, tile=r.tile_names[kind])
                self.spring_pending = True
            else:
                self.cards[seat * len(r.tile_kinds) + kind] += 1
                won_target = effect in TARGETS
                self._log("{seat} takes the {tile}", seat=self.seat, tile=r.tile_names[kind])
        if pos[seat] == pad and self.rows[r.pad_level[pad]] == len(self.order) - 1:
            self.winner = seat
            self.phase = OVER
            self.roll = None
            self.spring_pending = False
            self._log("{seat} reaches the top and wins", seat=self.seat)
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
        self._log("{seat} falls to {pad}", seat=seat, pad=self._pad_or_start(target))

    def _draw_or_resume(self, after: Phase, high: bool = False) -> None:
        """D-TILE-6, R-D6: a taken tile is replaced from the box when the box and an empty level allow.

        ``high``: a Monster or UFO left, so the replacement goes on the highest empty level (D-EXPERT-8).
        """
        if any(self.box) and self.empty_levels():
            self.resume = after
            self.high_replacement = high
            self.phase = DRAW_REPLACEMENT
        else:
            self._proceed(after)

    def _replace(self, kind: int) -> None:
        r = self.rules
        empty = self.empty_levels()
        level = empty[-1] if self.high_replacement or r.tile_expert[kind] else empty[0]
        self.high_replacement = False
        pad = r.level_top_pad[level]
        self.box[kind] -= 1
        self.board[pad] = kind
        self._log("a {tile} comes out of the box onto {pad}", tile=r.tile_names[kind], pad=r.pad_names[pad])
        self._proceed(self.resume)

    def _proceed(self, after: Phase) -> None:
        if self.spring_pending:
            self.spring_pending = False
            if self.geo.level_up(self.pos[self.seat], self.order, self.rows, self.offset):
                self.resume = after
                self.phase = SPRING_JUMP
                return
        self._resume(after)

    def _spring_or_stay(self, action: TileJump | Word) -> None:
        """D-TILE-2: after a Trampoline or Springs, jump up a level with no dice, or stay."""
        if isinstance(action, TileJump):
            self._log("{seat} springs to {pad}", seat=self.seat, pad=self.rules.pad_names[action.pad])
            self._land(action.pad, self.pos[self.seat], self.resume)
        else:
            self._log("{seat} stays", seat=self.seat)
            self._resume(self.resume)

    def _shield_choice(self, spend: bool) -> None:
        """R-D7 with option choose_shield: spend the Shield (stay), or fall and keep it."""
        if spend:
            self._spend_shield()
        else:
            self._take_fall()
        self._after_fall(self.resume == DRAW_REPLACEMENT)
