"""A room as its readers see it: everything views, the turn clock, live races, rematches and the hub may read.

:class:`ReadOnlyRoom` is the narrow, read-only face of a :class:`~.rooms.Room`. The
modules that build what viewers are sent (:mod:`.views`), pace people (:mod:`.turns`),
run live races (:mod:`.live`), make rematches (:mod:`.tables`) and hold rooms in memory
(:mod:`.hub`) read a room through it; changes go through the room's own methods (an act,
an undo, a press ...). Nothing here can change the room: the view
has no setters and takes no attribute, seats are frozen values, the action log's
lists are read-only windows, and the options are a copy.

The position (:attr:`state`) is the room's own object, for speed; the room never changes
a position in place (each action makes a new one), and a reader must not either: clone it
to explore.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from tabletop.core.events import Event
from tabletop.core.game import Game
from tabletop.core.state import State
from tabletop.interfaces.web.store import Seat

if TYPE_CHECKING:
    from tabletop.interfaces.web.actionlog import ActionLog
    from tabletop.interfaces.web.rooms import Room
    from tabletop.interfaces.web.seating import Seating


class RaceView(Protocol):
    """What a reader sees of a live race in progress."""

    def view(self) -> dict[str, Any]:
        """The race for the pages (the event, its phase, the time left, who may act)."""
        ...

    def may_act(self, seat: int) -> bool:
        """Whether ``seat`` still has something to do in the race."""
        ...


class ClockView(Protocol):
    """What a reader sees of the turn clock."""

    def view(self) -> dict[str, Any] | None:
        """Whom the server waits for and how long they have left (``None``: nobody)."""
        ...


class ReadOnlyRoom:
    """One room, read-only (see the module's docstring)."""

    __slots__ = ("_log", "_room", "_seating", "board", "boards", "clock", "game", "id")

    _room: Room
    _log: ActionLog
    _seating: Seating
    id: str
    game: Game
    #: the board's fixed layout (shared by every room with these options: never change it)
    board: dict[str, Any] | None
    #: the texts of the boards of one's own the game is played on (digest to text; read-only)
    boards: Mapping[str, str]
    #: the turn clock's seconds (``None``: no limit)
    clock: float | None

    def __init__(self, room: Room, log: ActionLog, seating: Seating) -> None:
        # what never changes in a room is read as fast as a plain attribute
        # the room weakly: the room owns its face, and a cycle would keep a room put away alive (see .rooms)
        for name, value in (("_room", weakref.proxy(room)), ("_log", log), ("_seating", seating), ("id", room.id),
                            ("game", room.game), ("board", room.board), ("boards", room.boards),
                            ("clock", room.clock)):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a ReadOnlyRoom cannot change its room (it was asked to set {name!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a ReadOnlyRoom cannot change its room (it was asked to delete {name!r})")

    def __repr__(self) -> str:
        return f"ReadOnlyRoom({self.id!r})"

    # -- the game and its table ----------------------------------------------------------
    @property
    def options(self) -> dict[str, Any]:
        """The game's options as stored (an operator's board by its digest, never a path); a copy."""
        return dict(self._room.options)

    @property
    def rematch(self) -> str | None:
        """The id of the game that rematches this one, once asked for."""
        return self._room.rematch

    @property
    def status(self) -> str:
        """``waiting``, ``running`` or ``finished``."""
        return self._seating.status

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self._seating.seats

    # -- the action log ----------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The position now (never changed in place: see the module's docstring)."""
        return self._log.state

    @property
    def actors(self) -> Sequence[int]:
        """Who took each action (a seat, or -1: chance)."""
        return self._log.actors

    @property
    def log_lines(self) -> Sequence[Event]:
        """The game's log (its events), with the server's notes."""
        return self._log.lines

    @property
    def notes(self) -> Mapping[int, str]:
        """Action number -> the server's word on it (it played for someone ...)."""
        return self._log.notes

    @property
    def version(self) -> int:
        """The changes of the action log so far (an action committed, one taken back)."""
        return self._log.version

    def replay(self, step: int) -> tuple[State, list[Event]]:
        """The position after the first ``step`` actions and its log (:func:`.actionlog.replay`)."""
        return self._log.replay(step)

    def lines_of(self, step: int) -> list[Event]:
        """What the ``step``-th action added to the log (no position rebuilt)."""
        return self._log.lines_of(step)

    # -- the server's part ---------------------------------------------------------------------
    @property
    def live(self) -> RaceView | None:
        """The live race in progress, if any."""
        return self._room.driver.race

    @property
    def turns(self) -> ClockView:
        return self._room.driver.turns

    @property
    def rolling(self) -> tuple[int, int] | None:
        """The roll under way: (seat, turn) once a seat pressed "roll" or decided in this turn."""
        return self._room.driver.rolling

    @property
    def bots(self) -> frozenset[int]:
        """The seats the server's bots play."""
        return self._room.driver.bot_seats

    def hint(self, seat: int) -> str | None:
        """The learner's odds hint for ``seat`` now, once computed (asking starts the computation)."""
        return self._room.hints.hint(seat)

    # -- its viewers and its life ------------------------------------------------------------
    def connected_seats(self) -> set[int]:
        """The seats with a page open on the game."""
        return self._room.audience.seats()

    def is_away(self, seat: int) -> bool:
        """A person with no page open on the game."""
        return self.seats[seat].kind == "human" and seat not in self.connected_seats()

    @property
    def viewers(self) -> int:
        """The open connections."""
        return len(self._room.audience)

    @property
    def closed(self) -> bool:
        """The room was put away or closed: nothing more happens in it."""
        return self._room.closed

    @property
    def busy(self) -> bool:
        """Is anything going on here (a viewer, the server's move, a live race, a change being stored)?"""
        room = self._room
        return bool(room.audience) or room.driver.busy or room.lock.locked()

    @property
    def last_used(self) -> float:
        """When someone last opened, watched or changed the game (``time.monotonic()``)."""
        return self._room.used
