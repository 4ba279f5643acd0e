"""Everything in Donkey Kong that happens by itself, between decisions and chance outcomes.

After each action :meth:`Movement._run` carries the turn on (K-TURN-2): the walking pawn's
red-dot draw and contacts (R-K22), the fireballs then the barrels, one *mover* at a time in the
K-OBS-8 order kept in ``move_queue``, Donkey Kong's release, and the next turn. Whenever a
pawn and an obstacle meet, the seats in contact wait in ``in_contact`` and the movement pauses
there until each has played a card (a decision of that seat, even on another player's turn:
R-K7) or its penalty has been drawn (chance); ``_run`` then resumes exactly where it stopped.
So a position always rests at a decision, a chance node or the end.
"""

from __future__ import annotations

from tabletop.core.state import CHANCE, TERMINAL
from tabletop.games.donkey_kong.position import (
    BARREL,
    BARRELS_MOVE,
    DROP,
    FIREBALL,
    FIREBALLS_MOVE,
    NO_OBSTACLE,
    OVER,
    RELEASE,
    ROUTE,
    WALK,
    WHITE_ROLL,
    Obstacle,
    Position,
)


class Movement(Position):
    """The rules that need no input: contacts without a choice, obstacles moving, turns passing."""

    __slots__ = ()

    def _compute_player(self) -> int:
        """Who acts where the position rests: a seat in contact with face-up cards, the seat choosing a route,
        chance, or nobody at the end."""
        if self.stage is OVER:
            return TERMINAL
        if self.in_contact:
            seat = self.in_contact[0]
            return seat if self._has_cards(self.hands, seat) else CHANCE
        if self.stage is ROUTE:
            return self.turn_seat
        return CHANCE

    def _needs_input(self, seat: int) -> bool:
        """Whether the contact of ``seat`` asks anything: a card to play, or one to lose, steal or draw."""
        return (
            self._has_cards(self.hands, seat)
            or self._has_cards(self.played, seat)
            or (seat != self.turn_seat and any(self.deck))
        )

    def _contact_answered(self) -> int:
        """The first seat in contact is done; a walking pawn's contact also leaves the obstacles it met."""
        if self.stage is WALK:
            self.obstacles_met.pop(0)
        return self.in_contact.pop(0)

    def _run(self) -> None:
        while True:
            waiting = self.in_contact
            if waiting:
                if self._needs_input(waiting[0]):
                    break
                self._contact_answered()  # K-CARD-7 (and R-K8: an empty deck gives nothing)
                continue
            stage = self.stage
            if stage is WALK:
                if self.red_dot_draw:  # R-K22: the red-dot card first, then the contacts
                    if any(self.deck):
                        break
                    self.red_dot_draw = False  # R-K8: an empty deck gives nothing
                    continue
                if self.obstacles_met:  # the contact with the first obstacle met, still to answer
                    self.in_contact = [self.turn_seat]
                    self.landed_exactly = False
                    continue
                self._begin_fireballs()
                continue
            if stage is FIREBALLS_MOVE or stage is BARRELS_MOVE or stage is DROP:
                if self.mover_kind:
                    self._step_mover()
                    continue
                if stage is DROP:
                    self._end_turn()
                    break
                if self.move_queue:
                    self._next_mover()
                    continue
                if stage is FIREBALLS_MOVE:
                    self._begin_barrels()
                else:
                    self.stage = RELEASE
                continue
            if stage is RELEASE:
                self._release_barrel()
                continue
            break
        self.to_act = self._compute_player()

    # -- the phases of a turn ----------------------------------------------------------------
    def _start_turn(self, seat: int) -> None:
        self.turn_seat = seat
        self.turn += 1
        self.stage = WHITE_ROLL
        self.white_die = 0
        self.red_die = -1

    def _begin_fireballs(self) -> None:
        """K-OBS-1/8: on a rest roll nothing moves; else fireballs move, highest first (R-K5)."""
        if self.red_die == 0:
            self.stage = RELEASE
            return
        self.stage = FIREBALLS_MOVE
        index = self.rules.board.chain_index
        self.move_queue = sorted(self.spaces_of(FIREBALL), key=index.__getitem__)

    def _begin_barrels(self) -> None:
        """K-OBS-8: then barrels, lowest (furthest along) first (R-K5)."""
        self.stage = BARRELS_MOVE
        index = self.rules.board.chain_index
        self.move_queue = sorted(self.spaces_of(BARREL), key=index.__getitem__, reverse=True)

    def _next_mover(self) -> None:
        """The next obstacle in the queue starts its move (unless it was destroyed meanwhile)."""
        s = self.move_queue.pop(0)
        kind = FIREBALL if self.stage is FIREBALLS_MOVE else BARREL
        if self.obstacles[s] is kind:
            self.obstacles[s] = NO_OBSTACLE
            self.mover_kind, self.mover_at, self.mover_steps_left, self.mover_slid = kind, s, self.red_die, False

    def _release_barrel(self) -> None:
        """K-OBS-10 (R-K6): Donkey Kong drops a barrel on the drop space, even on a rest roll."""
        self.stage = DROP
        if self.barrels_in_arm:
            self.barrels_in_arm -= 1
            self.mover_kind, self.mover_steps_left, self.mover_slid = BARREL, 0, True
            self._log("Donkey Kong releases a barrel")
            self._arrive(self.rules.board.drop)

    def _end_turn(self) -> None:
        if self.finisher >= 0:
            self.stage = OVER  # K-END-1: the bonus counts from now on
            self._log("the game is over")
            return
        if self.turn >= self.game.turn_limit:  # R-K24: the last turn allowed is over, and nobody finished
            self.stage = OVER
            self._log("turn {} was the last: the game ends with no winner", self.turn)
            return
        self._start_turn((self.turn_seat + 1) % self.players)  # K-TURN-1: play passes to the left

    # -- the moving obstacle -------------------------------------------------------------------
    def _step_mover(self) -> None:
        """One step of the mover: a space along its way, a ladder space, or settling where it landed."""
        board = self.rules.board
        kind, at = self.mover_kind, self.mover_at
        if kind is FIREBALL and at == board.dk_front:  # K-OBS-9
            self.mover_kind = NO_OBSTACLE
            self.fireballs_at_oil_can += 1
            self._log("a fireball reaches Donkey Kong and returns to the Oil Can")
            return
        if board.ladder_of[at] >= 0:  # sliding: rungs cost nothing (R-K4)
            self._arrive((board.rung_up if kind is FIREBALL else board.rung_down)[at])
            return
        if self.mover_steps_left > 0:  # K-OBS-1/2/3: along the girder, off its edge down or up the broken line
            # Spaces with nothing on them are passed in one go; the obstacle stops at the first
            # space where something may happen (an obstacle, a pawn, the Oil Can or Donkey Kong).
            following = board.next_fire if kind is FIREBALL else board.next_barrel
            obstacles, pawns, special = self.obstacles, self.pawns, board.special
            left = self.mover_steps_left
            while True:
                left -= 1
                at = following[at]
                if not left or obstacles[at] or special[at] or at in pawns:
                    break
            self.mover_steps_left = left
            self.mover_slid = False
            self._arrive(at)
            return
        if not self.mover_slid:  # landed by exact count
            line = (board.slide_up if kind is FIREBALL else board.slide_down)[at]
            if line and (kind is FIREBALL or not self._pawn_on(line[:-1])):  # K-OBS-4/5
                self.mover_slid = True
                self._arrive(line[0])
                return
        if self.obstacles[at] is kind:  # K-OBS-6: on to the next open space
            self.mover_steps_left = 1
            return
        self.obstacles[at] = kind
        self.mover_kind = NO_OBSTACLE

    def _pawn_on(self, spaces: tuple[int, ...]) -> bool:
        return any(p in spaces for p in self.pawns)

    def _arrive(self, s: int) -> None:
        """The mover enters space ``s``: the Oil Can, another obstacle, pawns."""
        self.mover_at = s
        board = self.rules.board
        obstacles = self.obstacles
        if self.mover_kind is BARREL:
            if s == board.oil:  # K-OBS-9: into the arm; a fireball is released with the rest of the count
                self.barrels_in_arm += 1
                self.mover_kind = NO_OBSTACLE
                if self.fireballs_at_oil_can:
                    self.fireballs_at_oil_can -= 1
                    self.mover_kind, self.mover_slid = FIREBALL, False
                    self._log("a barrel reaches the Oil Can and a fireball is released")
                return
            if obstacles[s] is FIREBALL:  # K-OBS-7
                self.barrels_in_arm += 1
                self.mover_kind = NO_OBSTACLE
                self._log("a barrel meets a fireball at {} and is destroyed", board.names[s])
                return
        elif obstacles[s] is BARREL:  # K-OBS-7
            obstacles[s] = NO_OBSTACLE
            self.barrels_in_arm += 1
            self._log("a fireball destroys a barrel at {}", board.names[s])
        if s in self.pawns:  # K-CARD-2: every pawn here, from the player whose turn it is leftwards
            players, first, pawns = self.players, self.turn_seat, self.pawns
            self.in_contact = [(first + k) % players for k in range(players) if pawns[(first + k) % players] == s]
            self.landed_exactly = self.mover_steps_left == 0 and board.ladder_of[s] < 0

    def _destroyed(self, kind: Obstacle) -> None:
        """K-CARD-4: a barrel goes back into the arm, a fireball back to the Oil Can."""
        if kind is BARREL:
            self.barrels_in_arm += 1
        else:
            self.fireballs_at_oil_can += 1
