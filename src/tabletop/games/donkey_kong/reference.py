"""The readable reference for Donkey Kong's fast paths: the movement one step per call, as first written.

:mod:`~tabletop.games.donkey_kong.movement` moves each obstacle in one loop with its state in
local variables, finds the obstacles to move with a scan in C, and :mod:`~tabletop.games.donkey_kong.state`
offers routes from tables, and a die of the turn does not run the movement. :class:`ReferenceState` is
the same game written the plain way: ``_run`` takes one step of one obstacle per round and runs after
every action, each arrival is a method call, the queue is sorted by the chain's index, routes are
compared by their keys. It is never used
to play; the differential tests (``tests/games/donkey_kong/test_dk_fast_paths.py``) and
``benchmarks/donkey_kong_equivalence.py`` (10^5 games) feed the same decisions and chance
outcomes to both and require the same position, notation and log after every action.
"""

from __future__ import annotations

import functools
import random
from fractions import Fraction
from operator import attrgetter
from typing import TYPE_CHECKING

from tabletop.core.chance import Distribution
from tabletop.games.donkey_kong.actions import DEAL as DEAL_VERB
from tabletop.games.donkey_kong.actions import DRAW, LOSE, STEAL, Route
from tabletop.games.donkey_kong.position import (
    BARREL,
    BARRELS_MOVE,
    DEAL,
    DROP,
    FIELDS,
    FIREBALL,
    FIREBALLS_MOVE,
    NO_OBSTACLE,
    OPENING_ROLL,
    RED_ROLL,
    RELEASE,
    ROUTE,
    WALK,
    WHITE_ROLL,
)
from tabletop.games.donkey_kong.state import DonkeyKongState

if TYPE_CHECKING:
    from tabletop.games.donkey_kong.board import Board
    from tabletop.games.donkey_kong.game import DonkeyKongGame


class ReferenceState(DonkeyKongState):
    """Donkey Kong with the plain movement, routes and draws: make one with ``ReferenceState(game)``."""

    __slots__ = ()

    # -- the State hooks, written plainly ---------------------------------------------------
    def _route_choices(self) -> tuple[Route, ...]:
        """One route per distinct outcome: where the pawn stops and which obstacles it meets, in order (R-K10)."""
        board, start, count = self.rules.board, self.pawns[self.turn_seat], self.white_die
        interned = {route.path: route for route in board.routes(start, count)}  # the same action objects, if equal
        routes = [interned.get(path) or Route(path, "move " + ">".join(board.names[s] for s in path))
                  for path in plain_routes(board, start, count)]
        obstacles = self.obstacles
        seen: set[tuple[int, ...]] = set()
        chosen: list[Route] = []
        for route in routes:
            path = route.path
            key = (path[-1], *[s for s in path if obstacles[s]])
            if key not in seen:
                seen.add(key)
                chosen.append(route)
        return tuple(chosen)

    def _roll(self, face: int) -> None:
        stage = self.stage
        if stage is WHITE_ROLL:
            self.white_die = face
            self.stage = RED_ROLL
            self._log("seat {} rolls white {}", self.turn_seat, face)
        elif stage is RED_ROLL:
            self.red_die = face
            self.stage = ROUTE
            self._log("seat {} rolls red {}", self.turn_seat, face or "Donkey Kong Rests")
        else:
            self._opening_roll(face)
        self._run()

    def _chance_distribution(self) -> Distribution:
        rules = self.rules
        if self.in_contact:
            seat = self.in_contact[0]
            played = self.played_of(seat)
            if any(played):
                return rules.card_distribution(LOSE if seat == self.turn_seat else STEAL, played)
            return rules.card_distribution(DRAW, tuple(self.deck))
        stage = self.stage
        if stage is DEAL:
            return rules.card_distribution(DEAL_VERB, tuple(self.deck))
        if stage is WHITE_ROLL or stage is OPENING_ROLL:
            return rules.white_dist
        if stage is RED_ROLL:
            return rules.red_dist
        return rules.card_distribution(DRAW, tuple(self.deck))  # the red-dot draw

    # -- the movement, one step per round ----------------------------------------------------
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


class Divergence(AssertionError):
    """The fast rules and the reference disagree (the message says where)."""


#: where a moving obstacle is: part of a position only while an obstacle moves (``mover_kind``)
_MOVER_FIELDS = ("mover_at", "mover_steps_left", "mover_slid")
_FIELD_NAMES = tuple(field.name for field in FIELDS if field.name not in _MOVER_FIELDS)
_FIELDS_OF = attrgetter(*_FIELD_NAMES)
_MOVER_OF = attrgetter(*_MOVER_FIELDS)


def _differences(fast: DonkeyKongState, plain: DonkeyKongState) -> list[str]:
    """The fields in which two positions differ (a mover's fields only count while an obstacle moves)."""
    names = [name for name in _FIELD_NAMES if getattr(fast, name) != getattr(plain, name)]
    if fast.mover_kind and _MOVER_OF(fast) != _MOVER_OF(plain):
        names.append("mover")
    return names


def play_both(game: DonkeyKongGame, seed: int, text_every: int = 64) -> int:
    """Play one game with random decisions through the fast rules and the reference side by side.

    Both get the same actions, chosen with ``random.Random(seed)``: after every action their
    fields must be equal (every field of the position; the moving obstacle's while one moves), their
    logs too, and so must their legal actions and chance distributions; the notations are compared
    every ``text_every`` actions and at the end. Returns the number of actions; raises
    :class:`Divergence` at the first difference.
    """
    rng = random.Random(seed)
    fast, plain = game.new_initial_state(), ReferenceState(game)
    steps = logged = 0
    while True:
        if _FIELDS_OF(fast) != _FIELDS_OF(plain) or (fast.mover_kind and _MOVER_OF(fast) != _MOVER_OF(plain)):
            raise Divergence(f"seed {seed}, after {steps} actions: fields {_differences(fast, plain)} differ\n"
                             f"  fast:      {fast.to_text()}\n  reference: {plain.to_text()}")
        if fast.log_size() != plain.log_size() or fast._events[logged:] != plain._events[logged:]:
            raise Divergence(f"seed {seed}, after {steps} actions: the logs differ: {fast.log(logged)} "
                             f"against {plain.log(logged)}")
        logged = fast.log_size()
        if steps % text_every == 0 and fast.to_text() != plain.to_text():
            raise Divergence(f"seed {seed}, after {steps} actions: the notations differ")
        if fast.is_terminal():
            if not plain.is_terminal() or fast.to_text() != plain.to_text() or fast.returns() != plain.returns():
                raise Divergence(f"seed {seed}: the games end differently")
            return steps
        if fast.is_chance_node():
            dist, other = fast.chance_distribution(), plain.chance_distribution()
            if dist is not other and (dist.outcomes != other.outcomes or dist.probabilities != other.probabilities):
                raise Divergence(f"seed {seed}, after {steps} actions: the chance nodes differ: {dist} against {other}")
            action = dist.sample(rng)
        else:
            legal = fast.legal_actions()
            if legal != plain.legal_actions():
                raise Divergence(f"seed {seed}, after {steps} actions: the legal actions differ")
            action = legal[int(rng.random() * len(legal))]
        fast.apply_action(action)
        plain.apply_action(action)
        steps += 1
