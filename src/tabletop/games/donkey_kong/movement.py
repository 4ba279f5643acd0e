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
    MAX_PLAYERS,
    NO_OBSTACLE,
    OVER,
    RELEASE,
    ROUTE,
    WALK,
    WHITE_ROLL,
    Obstacle,
    Position,
)

#: ``SEAT_ORDERS[players][first]``: the seats from ``first`` leftwards (K-CARD-2)
SEAT_ORDERS = tuple(tuple(tuple((first + k) % players for k in range(players)) for first in range(players))
                    for players in range(MAX_PLAYERS + 1))


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
            if stage is FIREBALLS_MOVE or stage is BARRELS_MOVE:
                self._move_queued()
                if self.in_contact:
                    continue
                if stage is FIREBALLS_MOVE:
                    self._begin_barrels()
                else:
                    self._release_barrel()
                continue
            if stage is DROP:
                if self.mover_kind:
                    self._move(self.mover_kind, self.mover_at, self.mover_steps_left, self.mover_slid, False)
                    continue
                self._end_turn()
                break
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
        self.move_queue = self._along_the_way(FIREBALL)

    def _begin_barrels(self) -> None:
        """K-OBS-8: then barrels, lowest (furthest along) first (R-K5)."""
        self.stage = BARRELS_MOVE
        queue = self.move_queue = self._along_the_way(BARREL)
        queue.reverse()

    def _along_the_way(self, kind: Obstacle) -> list[int]:
        """The spaces where obstacles of ``kind`` rest, in the order of the obstacles' way from the drop space
        to the Oil Can (obstacles rest nowhere else); the tuple scans run in C."""
        rules = self.rules
        # none moves now, so those not in the arm (at the Oil Can) rest on the board (invariants.py checks it)
        resting = rules.barrels - self.barrels_in_arm if kind is BARREL else rules.fireballs - self.fireballs_at_oil_can
        if not resting:
            return []
        board = rules.board
        along = board.along_chain(self.obstacles)
        chain = board.chain
        spaces = []
        i = -1
        for _ in range(resting):
            i = along.index(kind, i + 1)
            spaces.append(chain[i])
        return spaces

    def _move_queued(self) -> None:
        """Move the obstacles of this phase one after another, until the queue is empty or a contact waits.

        Most obstacles roll their count along empty spaces to a plain space and rest there: that is played
        out here, the same steps as :meth:`_move` takes; at the first space where anything else may happen
        (an obstacle, a pawn, the Oil Can, Donkey Kong, a ladder) :meth:`_move` takes over.
        """
        fire = self.stage is FIREBALLS_MOVE
        kind = FIREBALL if fire else BARREL
        queue, obstacles, count = self.move_queue, self.obstacles, self.red_die
        if self.mover_kind:  # resuming after a contact
            self._move(self.mover_kind, self.mover_at, self.mover_steps_left, self.mover_slid, False)
            if self.in_contact:
                return
        board, pawns = self.rules.board, self.pawns
        following = board.next_fire if fire else board.next_barrel
        plain = board.plain_for_fire if fire else board.plain_for_barrel
        special = board.special
        while queue:
            s = queue.pop(0)
            if obstacles[s] is not kind:  # destroyed meanwhile
                continue
            obstacles[s] = NO_OBSTACLE
            if fire and s == board.dk_front:
                self._move(kind, s, count, False, False)
            else:  # K-OBS-1/2/3: along the girder, off its edge down or up the broken line
                at, left = s, count
                while True:
                    left -= 1
                    at = following[at]
                    if obstacles[at] or special[at] or at in pawns:
                        self._move(kind, at, left, False, True)  # something to meet there
                        break
                    if not left:
                        if plain[at]:
                            obstacles[at] = kind
                        else:
                            self._move(kind, at, 0, False, False)  # a ladder to slide along
                        break
            if self.in_contact:
                return

    def _release_barrel(self) -> None:
        """K-OBS-10 (R-K6): Donkey Kong drops a barrel on the drop space, even on a rest roll."""
        self.stage = DROP
        if self.barrels_in_arm:
            self.barrels_in_arm -= 1
            self._log("Donkey Kong releases a barrel")
            self._move(BARREL, self.rules.board.drop, 0, True, True)

    def _end_turn(self) -> None:
        if self.finisher >= 0:
            self.stage = OVER  # K-END-1: the bonus counts from now on
            self._log("the game is over")
            return
        if self.turn >= self.game.turn_limit:  # R-K24: the last turn allowed is over, and nobody finished
            self.stage = OVER
            self._log("turn {turn} was the last: the game ends with no winner", turn=self.turn)
            return
        self._start_turn((self.turn_seat + 1) % self.players)  # K-TURN-1: play passes to the left

    # -- the moving obstacle -------------------------------------------------------------------
    def _move(self, kind: Obstacle, at: int, left: int, slid: bool, entering: bool) -> None:
        """Move an obstacle of ``kind`` from ``at`` with ``left`` spaces to go, until it rests, leaves the board,
        or touches pawns: then it waits in the mover fields, and moves on once they have answered.

        Each round of the loop is an arrival (``entering``: the obstacle has just entered ``at``; false where
        it starts, resumes, or lands on an empty space) and then one step: spaces along its way, a ladder
        space, or settling. ``slid``: it has just slid along a ladder (R-K13). An obstacle is on a ladder
        space only while it slides, with no count left (R-K14).
        """
        board = self.rules.board
        obstacles, pawns = self.obstacles, self.pawns
        fire = kind is FIREBALL
        while True:
            if entering:  # the obstacle enters `at`: the Oil Can, another obstacle, pawns
                if not fire:
                    if at == board.oil:  # K-OBS-9: into the arm; a fireball is released with the rest of the count
                        self.barrels_in_arm += 1
                        if not self.fireballs_at_oil_can:
                            break
                        self.fireballs_at_oil_can -= 1
                        kind, fire, slid = FIREBALL, True, False
                        self._log("a barrel reaches the Oil Can and a fireball is released")
                    elif obstacles[at] is FIREBALL:  # K-OBS-7
                        self.barrels_in_arm += 1
                        self._log("a barrel meets a fireball at {space} and is destroyed", space=board.names[at])
                        break
                elif obstacles[at] is BARREL:  # K-OBS-7
                    obstacles[at] = NO_OBSTACLE
                    self.barrels_in_arm += 1
                    self._log("a fireball destroys a barrel at {space}", space=board.names[at])
                if at in pawns:  # K-CARD-2: every pawn here, from the player whose turn it is leftwards
                    self.in_contact = [seat for seat in SEAT_ORDERS[self.players][self.turn_seat] if pawns[seat] == at]
                    self.landed_exactly = left == 0 and board.ladder_of[at] < 0
                    self.mover_kind, self.mover_at, self.mover_steps_left, self.mover_slid = kind, at, left, slid
                    return
            entering = True
            if fire and at == board.dk_front:  # K-OBS-9
                self.fireballs_at_oil_can += 1
                self._log("a fireball reaches Donkey Kong and returns to the Oil Can")
                break
            if left:  # K-OBS-1/2/3: along the girder, off its edge down or up the broken line
                # Spaces with nothing on them are passed in one go; the obstacle stops at the first
                # space where something may happen (an obstacle, a pawn, the Oil Can or Donkey Kong).
                following, special = (board.next_fire if fire else board.next_barrel), board.special
                while True:
                    left -= 1
                    at = following[at]
                    if obstacles[at] or special[at] or at in pawns:
                        break
                    if not left:  # an empty space: nothing to meet there
                        if (board.plain_for_fire if fire else board.plain_for_barrel)[at]:  # the usual end
                            obstacles[at] = kind
                            self.mover_kind = NO_OBSTACLE
                            return
                        entering = False
                        break
                slid = False
            elif board.ladder_of[at] >= 0:  # sliding: rungs cost nothing (R-K4)
                at = (board.rung_up if fire else board.rung_down)[at]
            elif not slid and (line := (board.slide_up if fire else board.slide_down)[at]) and (
                fire or not any(map(board.slide_down_rungs[at].__contains__, pawns))
            ):  # landed by exact count at a ladder's end: K-OBS-4/5
                slid = True
                at = line[0]
            elif obstacles[at] is kind:  # K-OBS-6: on to the next open space
                left = 1
                entering = False
            else:
                obstacles[at] = kind
                break
        self.mover_kind = NO_OBSTACLE

    def _destroyed(self, kind: Obstacle) -> None:
        """K-CARD-4: a barrel goes back into the arm, a fireball back to the Oil Can."""
        if kind is BARREL:
            self.barrels_in_arm += 1
        else:
            self.fireballs_at_oil_can += 1

