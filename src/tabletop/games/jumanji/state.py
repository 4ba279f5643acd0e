"""The Jumanji rules: the core hooks, a turn, danger cards, rescues (clauses J-..., rulings R-J...).

The position's fields and what only reads them are in :mod:`~tabletop.games.jumanji.position`.
Only one decision exists (the rhino, J-RHINO-1); everything else is chance.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from tabletop.core.actions import Action
from tabletop.core.chance import Distribution
from tabletop.core.state import CHANCE, TERMINAL
from tabletop.games.jumanji.actions import (
    DRAWS,
    FIRST,
    NO_RHINO,
    RHINO,
    CallFirst,
    Draw,
    PlaceRhino,
    Rescue,
    Roll,
)
from tabletop.games.jumanji.data import BLANK, JUNGLE, START, WAIT
from tabletop.games.jumanji.position import (
    BLANK_KIND,
    DRAW,
    JUNGLE_KIND,
    LIMIT,
    LOST,
    RESCUE,
    RHINO_CHOICE,
    ROLL,
    SETUP,
    TIE,
    WAITING,
    WON,
    JumanjiPosition,
)

if TYPE_CHECKING:
    from tabletop.games.jumanji.game import JumanjiGame


# the phases and kinds, for the modules that read them as ``state.ROLL`` ...
__all__ = ["BLANK_KIND", "DRAW", "JUNGLE_KIND", "LIMIT", "LOST", "RESCUE", "RHINO_CHOICE", "ROLL", "SETUP", "TIE",
           "WAITING", "WON", "JumanjiState"]


class JumanjiState(JumanjiPosition):
    """A Jumanji position and its rules. Build one with ``game.new_initial_state()`` or ``game.state_from_text()``."""

    __slots__ = ()

    game: JumanjiGame

    # -- core hooks ----------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == RHINO_CHOICE:
            return self.cur
        if phase >= WON:
            return TERMINAL
        return CHANCE

    def chance_roller(self) -> int | None:
        phase = self.phase
        if phase in (ROLL, DRAW):
            return self.cur
        if phase in (RESCUE, WAITING):
            return self.actor
        return None

    def _legal_actions(self) -> tuple[Action, ...]:
        # J-RHINO-1 / R-J4: ahead of any pawn (own included) unless that space is the
        # centre; not where the rhino already stands; declining is always legal.
        board = self.game.board
        choices: list[Action] = [NO_RHINO]
        pos = self.pos
        for seat in range(self.n):
            ahead = pos[seat] + 1
            if seat != self.rhino and ahead < board.centre[seat] and not self._holds_pawn(seat, ahead):
                choices.append(RHINO[seat])
        return tuple(choices)

    def _chance_distribution(self) -> Distribution:
        phase = self.phase
        if phase in (ROLL, WAITING):
            return self.game.d8
        if phase == RESCUE:
            return self.game.rescue
        if phase in (DRAW, SETUP):
            return Distribution.uniform([DRAWS[c] for c in self.pile])
        return Distribution.uniform([FIRST[s] for s in self.tied])

    def _apply(self, action: Action) -> None:
        phase = self.phase
        if phase == RESCUE:
            self._rescue_roll(cast(Rescue, action).saved)
        elif phase == ROLL:
            self._turn_roll(cast(Roll, action).n)
        elif phase == DRAW:
            self._draw(cast(Draw, action).card)
        elif phase == WAITING:
            self._wait_roll(cast(Roll, action).n)
        elif phase == RHINO_CHOICE:
            if isinstance(action, PlaceRhino):
                # R-J4: placing it frees any pawn it blocked before
                self._log("seat {} puts the rhino ahead of seat {}", self.cur, action.seat)
                self.rhino = action.seat
            else:
                self._log("seat {} leaves the rhino where it is", self.cur)
            self._end_turn()
        elif phase == SETUP:
            card = cast(Draw, action).card
            self.pile.remove(card)
            self.grid.append(card)  # J-SETUP-2
            self._log("challenge: card {} goes on the Doomsday Grid", card + 1)
            self.actor -= 1
            if not self.actor:
                self.phase = ROLL
        elif phase == TIE:
            self._win(cast(CallFirst, action).seat)

    # -- a turn --------------------------------------------------------------------
    def _turn_roll(self, n: int) -> None:
        seat = self.cur
        if self.rhino == seat:
            # J-RHINO-3: even frees the pawn and it moves; odd leaves it blocked
            if n % 2:
                self._log("seat {} rolls {}: still blocked by the rhino", seat, n)
                self._directions(seat)
                return
            self._log("seat {} rolls {}: the rhino goes home", seat, n)
            self.rhino = -1
        target = self.pos[seat] + n
        centre = self.game.board.centre[seat]
        if target == centre:  # J-WIN-1
            self._log("seat {} rolls {} and reaches the centre", seat, n)
            self.pos[seat] = target
            self._win(seat)
            return
        if target < centre:  # J-TURN-2, J-MOVE-2
            self.pos[seat] = self._open_ahead(seat, target)
        # else J-WIN-2: too many; the pawn stays (J-TURN-4)
        self._log("seat {} rolls {} to space {}", seat, n, self.pos[seat])
        self._directions(seat)

    def _directions(self, seat: int) -> None:
        """J-TURN-3/J-TURN-4: follow the directions of the space the pawn is on."""
        kind = self.game.board.kinds[seat][self.pos[seat]]
        if kind == BLANK:
            self.phase = DRAW
            self.kind = BLANK_KIND
        elif kind == JUNGLE:
            self.phase = DRAW
            self.kind = JUNGLE_KIND
        elif kind == WAIT:
            self.phase = WAITING
            self.actor = (seat + 1) % self.n  # J-WAIT-1: the player to your left rolls
        elif kind == START:
            self._end_turn()
        else:
            self.phase = RHINO_CHOICE

    def _end_turn(self) -> None:
        if self.turn >= self.game.turn_limit:  # R-J21: the last turn allowed is over
            self.phase = LIMIT
            self._log("turn {} was the last: the game ends with no winner", self.turn)
            return
        self.cur = (self.cur + 1) % self.n  # J-TURN-1: clockwise
        self.turn += 1
        self.phase = ROLL

    def _draw(self, card: int) -> None:
        pile = self.pile
        pile.remove(card)
        if not pile:  # R-J5: the discard pile becomes the new draw pile
            pile.extend(sorted(self.discard))
            self.discard.clear()
            self._log("the discard pile is shuffled into a new draw pile")
        self.card = card
        self.failed = False
        self.tally[0] += 1
        self.phase = RESCUE
        # J-BLANK-1: the others rescue, from the left; J-JUNGLE-1: everyone, you first
        self.actor = self.cur if self.kind == JUNGLE_KIND else (self.cur + 1) % self.n
        board = self.game.board
        self._log(
            'seat {} draws danger card {}: "{}" (symbol {}, number {})',
            self.cur,
            card + 1,
            board.card_messages[card],
            board.card_symbols[card],
            board.card_numbers[card],
        )

    def _rescue_roll(self, saved: bool) -> None:
        tally = self.tally
        tally[2] += 1
        if not saved:
            tally[3] += 1
            self.failed = True
        self._log("seat {} {}", self.actor, "rolls in time" if saved else "runs out of time")
        nxt = (self.actor + 1) % self.n
        if nxt != self.cur:
            self.actor = nxt
            return
        card = self.card
        self.card = -1
        number = self.game.board.card_numbers[card]
        if self.failed:
            tally[1] += 1
            self.grid.append(card)  # J-BLANK-3, J-JUNGLE-3, R-J2: the next empty place
            self._log("card {} goes on the Doomsday Grid ({} cards)", card + 1, len(self.grid))
            if len(self.grid) >= self.game.board.grid_places:
                self._log("the Doomsday Grid is full: the jungle wins")
                self.phase = LOST  # J-GRID-1, R-J10
                return
            if self.kind == JUNGLE_KIND:
                self.phase = DRAW  # J-JUNGLE-3: draw again, all roll again
                return
            self._back(self.cur, number)  # J-BLANK-3
            self._log("seat {} goes back {} to {}", self.cur, number, self.pos[self.cur])
            self._end_turn()
            return
        self.discard.append(card)
        self._log("everyone rolled in time: pawns move ahead {}", number)
        # J-BLANK-2 / J-JUNGLE-2, R-J7: one by one clockwise (for Jungle, you first)
        first = self.cur if self.kind == JUNGLE_KIND else self.cur + 1
        reached: list[int] = []
        n = self.n
        for k in range(first, self.cur + n):
            seat = k % n
            if self._forward(seat, number):
                reached.append(seat)
        if not reached:
            self._end_turn()
        elif len(reached) == 1:
            self._win(reached[0])
        else:
            self.tied = tuple(sorted(reached))
            self.phase = TIE  # R-J8

    def _wait_roll(self, n: int) -> None:
        seat = self.cur
        self.waits += 1
        if n in self.game.board.stop_faces:  # J-WAIT-1
            self._log("seat {} rolls {}: seat {} is safe", self.actor, n, seat)
            self._end_turn()
            return
        self._back(seat, 1)  # J-WAIT-2
        self._log("seat {} rolls {}: seat {} slips back to {}", self.actor, n, seat, self.pos[seat])
        if self.pos[seat] == 0:  # J-WAIT-3
            self._end_turn()
            return
        nxt = (self.actor + 1) % self.n
        if nxt == seat:  # J-WAIT-2, R-J9: you never roll yourself
            nxt = (nxt + 1) % self.n
        self.actor = nxt

    def _win(self, seat: int) -> None:
        self.winner = seat
        self.phase = WON
        self._log("seat {} calls JUMANJI and wins", seat)

    # -- movement ------------------------------------------------------------------
    def _forward(self, seat: int, count: int) -> bool:
        """Move a pawn ahead on a danger card (no directions); True if it reached the centre."""
        if self.rhino == seat:
            return False  # R-J3: a blocked pawn cannot move forward
        target = self.pos[seat] + count
        centre = self.game.board.centre[seat]
        if target > centre:
            return False  # J-WIN-2
        if target == centre:
            self.pos[seat] = target
            return True
        self.pos[seat] = self._open_ahead(seat, target)
        return False

    def _back(self, seat: int, count: int) -> None:
        """Move a pawn back (never past START); the rhino follows a blocked pawn (J-RHINO-4)."""
        target = self.pos[seat] - count
        if target <= 0:
            self.pos[seat] = 0
            return
        if self.game.board.shared:
            # our ruling: moving back onto an occupied space, keep going back to an open one
            while target > 0 and self._holds_pawn(seat, target):
                target -= 1
        self.pos[seat] = target

    def _open_ahead(self, seat: int, target: int) -> int:
        """J-MOVE-1: onto an occupied space, go ahead to the next open one (before the centre)."""
        if not self.game.board.shared:
            return target
        centre = self.game.board.centre[seat]
        while self._holds_pawn(seat, target):
            target += 1
            if target >= centre:
                return self.pos[seat]  # no open space short of the centre: stay
        return target

    def _holds_pawn(self, seat: int, index: int) -> bool:
        """Does another pawn stand on the physical space at ``index`` of ``seat``'s path?"""
        board = self.game.board
        if not board.shared:
            return False
        space = board.space_ids[seat][index]
        ids = board.space_ids
        pos = self.pos
        return any(other != seat and ids[other][pos[other]] == space for other in range(self.n))

    def to_text(self) -> str:
        from tabletop.games.jumanji.notation import write

        return write(self)
