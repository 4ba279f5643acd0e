"""The readable twin of Donkey Kong's fast paths: the movement one step per call, the routes the plain way.

:mod:`~tabletop.games.donkey_kong.movement` moves each obstacle in one loop with its state in
local variables and finds the obstacles to move with a scan in C;
:mod:`~tabletop.games.donkey_kong.state` offers routes from the board's tables
(:mod:`~tabletop.games.donkey_kong.routes`), and a die of the turn does not run the movement.
:class:`ReadableDonkeyKongState` is the same game written the plain way: an obstacle moves one
step per call of :meth:`~ReadableDonkeyKongState._step_mover` and each arrival is a method call,
the queue is sorted by the chain's index, the movement runs after every action, and the routes
are searched walk by walk from the board's geometry (:func:`plain_routes`). It is never used to
play: ``DonkeyKongGame.twins()`` pairs it with the fast state, and the differential harness
(:mod:`tabletop.testing.differential`: ``tests/games/donkey_kong/test_dk_fast_paths.py``, and
``benchmarks/equivalence/equivalence.py --game donkey-kong`` over 10^5 games) plays both on the
same seeds and requires the same position (:func:`position_view`), legal actions, chance nodes
and log after every action.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from operator import attrgetter
from typing import TYPE_CHECKING, cast

from tabletop.core.state import State
from tabletop.core.twins import StateEngine, Twins
from tabletop.games.donkey_kong.actions import Route
from tabletop.games.donkey_kong.position import BARREL, FIELDS, FIREBALL, FIREBALLS_MOVE, NO_OBSTACLE, Obstacle
from tabletop.games.donkey_kong.state import DonkeyKongState, one_per_outcome

if TYPE_CHECKING:
    from tabletop.games.donkey_kong.board import Board
    from tabletop.games.donkey_kong.game import DonkeyKongGame


class ReadableDonkeyKongState(DonkeyKongState):
    """Donkey Kong with the plain movement and routes: make one with ``ReadableDonkeyKongState(game)``."""

    __slots__ = ()

    # -- the State hooks, written plainly ---------------------------------------------------
    def _route_choices(self) -> tuple[Route, ...]:
        """One route per distinct outcome (R-K10), among the routes :func:`plain_routes` finds."""
        board, start, count = self.rules.board, self.pawns[self.turn_seat], self.white_die
        interned = {route.path: route for route in board.routes(start, count)}  # the same action objects, if equal
        routes = [interned.get(path) or Route(path, "move " + ">".join(board.names[s] for s in path))
                  for path in plain_routes(board, start, count)]
        return one_per_outcome(routes, self.obstacles)

    def _roll(self, face: int) -> None:
        """A die, and then the movement runs, as after every action (it finds nothing to do)."""
        super()._roll(face)
        self._run()

    # -- the movement, one step per call ---------------------------------------------------------
    def _along_the_way(self, kind: Obstacle) -> list[int]:
        """The spaces where obstacles of ``kind`` rest, sorted by their place on the obstacles' way."""
        index = self.rules.board.chain_index
        return sorted(self.spaces_of(kind), key=index.__getitem__)

    def _move_queued(self) -> None:
        """The obstacles of this phase, one step at a time, until the queue is empty or a contact waits."""
        while not self.in_contact:
            if self.mover_kind:
                self._step_mover()
            elif self.move_queue:
                self._next_mover()
            else:
                return

    def _move(self, kind: Obstacle, at: int, left: int, slid: bool, entering: bool) -> None:
        """The obstacle of ``kind`` moves from ``at`` (entering it, or not), one step at a time, until it rests,
        leaves the board or touches pawns."""
        self.mover_kind, self.mover_at, self.mover_steps_left, self.mover_slid = kind, at, left, slid
        if entering:
            self._arrive(at)
        while self.mover_kind and not self.in_contact:
            self._step_mover()

    def _next_mover(self) -> None:
        """The next obstacle in the queue starts its move (unless it was destroyed meanwhile)."""
        s = self.move_queue.pop(0)
        kind = FIREBALL if self.stage is FIREBALLS_MOVE else BARREL
        if self.obstacles[s] is kind:
            self.obstacles[s] = NO_OBSTACLE
            self.mover_kind, self.mover_at, self.mover_steps_left, self.mover_slid = kind, s, self.red_die, False

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


# -- the pawn's routes, from the board's geometry ---------------------------------------------
@functools.cache
def plain_routes(board: Board, start: int, count: int) -> tuple[tuple[int, ...], ...]:
    """The routes of a pawn on ``start`` with the white die at ``count``, found the plain way: every walk one space
    at a time, dropping those that turn back (R-K10); kept when they have the full count or reach the Finish, else
    the longest dead ends (R-K2). Sorted by the spaces' indexes, as :meth:`Board.routes` offers them."""
    walking: list[tuple[int, ...]] = [()]
    complete: list[tuple[int, ...]] = []
    dead_ends: list[tuple[int, ...]] = []
    while walking:
        longer: list[tuple[int, ...]] = []
        for walk in walking:
            at = walk[-1] if walk else start
            ways = [(*walk, s) for s in board.pawn_adj[at] if not turns_back(headings(board, start, (*walk, s)))]
            if not ways and walk:
                dead_ends.append(walk)
            for way in ways:
                (complete if len(way) == count or way[-1] == board.finish else longer).append(way)
        walking = longer
    if complete:
        return tuple(sorted(complete))
    most = max(map(len, dead_ends), default=0)
    return tuple(sorted(walk for walk in dead_ends if len(walk) == most))


def headings(board: Board, start: int, walk: tuple[int, ...]) -> list[str]:
    """Which way each step of a walk goes: "left" or "right" along a girder, "up" or "down" on a ladder."""
    return [heading(board, a, b) for a, b in zip((start, *walk), walk, strict=False)]


def heading(board: Board, a: int, b: int) -> str:
    """Which way a step from space ``a`` to space ``b`` goes."""
    column = board.column
    if a == board.start:  # R-K21: toward the joined space, seen from START's column (their mean), or up
        middle = Fraction(sum(column[s] for s in board.start_joins), len(board.start_joins))
        return "up" if column[b] == middle else "right" if column[b] > middle else "left"
    if board.girder_of[a] >= 0 and board.girder_of[a] == board.girder_of[b]:
        return "right" if column[b] > column[a] else "left"
    return "up" if level(board, b) > level(board, a) else "down"


def level(board: Board, s: int) -> Fraction:
    """How high a space is: its girder's number (the bottom girder first), a ladder space in between its ends."""
    if board.girder_of[s] >= 0:
        return Fraction(board.girder_of[s])
    ladder = board.ladder_of[s]
    bottom, top = board.ladder_ends[ladder]
    rungs = board.ladder_rungs[ladder]
    low, high = board.girder_of[bottom], board.girder_of[top]
    return low + Fraction(rungs.index(s) + 1, len(rungs) + 1) * (high - low)


def turns_back(ways: list[str]) -> bool:
    """Whether a move goes two ways (rule 3.C, R-K10): both ways along the girder it walks on (it chooses again
    when it comes off a ladder, R-K1), or both up and down on ladders."""
    along = vertical = ""
    for way in ways:
        if way in ("left", "right"):
            if along and way != along:
                return True
            along = way
        else:
            if vertical and way != vertical:
                return True
            vertical, along = way, ""
    return False


#: where a moving obstacle is: part of a position only while an obstacle moves (``mover_kind``)
_MOVER_FIELDS = ("mover_at", "mover_steps_left", "mover_slid")
_FIELDS_OF = attrgetter(*(field.name for field in FIELDS if field.name not in _MOVER_FIELDS))
_MOVER_OF = attrgetter(*_MOVER_FIELDS)


def position_view(state: State) -> object:
    """What the fast and the readable state must agree on before every action: every field of the position (the
    moving obstacle's only while one moves) and the length of the log."""
    moving = cast(DonkeyKongState, state).mover_kind
    fields = tuple(tuple(value) if type(value) is list else value for value in _FIELDS_OF(state))  # a snapshot
    return fields, _MOVER_OF(state) if moving else None, state.log_size()


def twins(game: DonkeyKongGame) -> Twins:
    """The fast state and this readable one, for the differential harness."""
    readable = functools.partial(ReadableDonkeyKongState, game)
    return Twins(StateEngine(game.new_initial_state), StateEngine(readable), view=position_view)
