"""A room's audience: the open WebSockets of its viewers, and the pump that sends each of them what is new.

Views are built when they are sent, not when the game changes: a viewer that is behind
gets one message with everything new since its last one (the log and the actions as
deltas from what it has seen), so a burst of moves costs one frame, and a slow viewer
never holds up the room. The part of a view that is the same for every viewer is built
and encoded once per change and language (:meth:`Audience.changed` forgets it), and so is each
viewer's own part, for all the viewers it would be the same for: the same seats (a spectator's,
none), the same language, the same log and actions sent before. Two spectators, or a person's
phone and laptop, share one; a seat's part is never another seat's (its key is the seats).
Messages are encoded with orjson: a view is built and sent for every action of every game, and
the standard library's encoder took as long as building the view.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import orjson

from tabletop.core.i18n import language, using
from tabletop.interfaces.web import views
from tabletop.interfaces.web.seating import Hand

if TYPE_CHECKING:
    from tabletop.interfaces.web.readonly import ReadOnlyRoom

#: the WebSocket close code for a client breaking the server's rules (a rate, an unread queue)
POLICY = 1008


def encode(message: dict[str, Any] | list[Any]) -> str:
    """A message as compact JSON text (keys that are not strings, such as seat numbers, become strings).

    >>> encode({"type": "ack", "id": 3, "seats": {0: "Ann"}})
    '{"type":"ack","id":3,"seats":{"0":"Ann"}}'
    """
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


@dataclass(eq=False)
class Connection:
    """One open WebSocket: whose seats (``()``: a spectator) and what it has been sent.

    What waits for a viewer is bounded: at most one view and ``queue`` answers; a viewer
    with more waiting, or whose frame takes longer than ``send_timeout`` to leave, is not
    reading and is disconnected (``close_code`` 1008). A frame's time to leave is watched by one
    timer per connection (:meth:`watch`), not one per frame: a frame almost always leaves at once
    (the socket's buffer takes it), and a timeout around each of thousands of frames a second cost
    the event loop some 3% of its time.
    """

    hand: Hand
    send: Callable[[str], Awaitable[None]]
    queue: int = 32
    send_timeout: float = 20.0
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    dirty: bool = False
    closed: bool = False
    replies: list[dict[str, Any]] = field(default_factory=list)
    n_seen: int = -1
    log_seen: int = -1
    close_code: int | None = None
    close_reason: str = ""
    #: the viewer's language (negotiated when the socket opened): its views are built in it
    language: str = field(default_factory=language)
    #: since when (``time.monotonic()``) the frames being sent have been leaving; ``None``: none is
    leaving: float | None = None
    _watch: asyncio.TimerHandle | None = field(default=None, init=False, repr=False)

    def changed(self) -> None:
        self.dirty = True
        self.wake.set()

    def reply(self, message: dict[str, Any]) -> None:
        """An answer to this viewer's request (an ack or a refusal), sent after the view it concerns."""
        if len(self.replies) >= self.queue:
            self.kill(POLICY, f"more than {self.queue} answers wait unread: read what the server sends")
            return
        self.replies.append(message)
        self.wake.set()

    def kill(self, code: int, reason: str) -> None:
        """End this connection with a close code (its queue is dropped at once)."""
        if self.close_code is None:
            self.close_code, self.close_reason = code, reason
        self.replies.clear()
        self.close()

    def close(self) -> None:
        self.closed = True
        self.wake.set()
        if self._watch is not None:
            self._watch.cancel()
            self._watch = None

    def watch(self, pump: asyncio.Task[None]) -> None:
        """Look every ``send_timeout / 2`` seconds whether a frame has been leaving for longer than ``send_timeout``
        (so a viewer that does not read is found within 1.5 ``send_timeout``): if one has, disconnect the viewer and
        stop ``pump`` (its task, waiting for the socket to take the frame). The timer holds the connection and the
        task only until it fires or the connection closes (a closure calling itself would be a reference cycle,
        keeping the connection's socket in memory until a full collection: ``test_memory.py``)."""
        self._watch = asyncio.get_running_loop().call_later(self.send_timeout / 2, self._look, pump)

    def _look(self, pump: asyncio.Task[None]) -> None:
        if self.closed:
            return
        if self.leaving is not None and time.monotonic() - self.leaving > self.send_timeout:
            self.kill(POLICY, f"a frame waited {self.send_timeout:g} s to leave: the viewer is not reading")
            pump.cancel()
            return
        self.watch(pump)

    async def pump(self, audience: Audience) -> None:
        """Send this viewer what is new, until the connection closes."""
        while True:
            # no extra turns of the loop before building (it once waited two, for "a move and the dice it
            # triggers" to land together: they never did, the dice come after a pause and a commit of their
            # own, but every ack waited two turns of a busy loop); changes made while a frame leaves still go
            # together in the next one
            await self.wake.wait()
            self.wake.clear()
            if self.closed:
                return
            if self.dirty:
                self.dirty = False
                frames = [audience.message_for(self)]
            else:
                frames = [encode(r) for r in self.replies]
            self.replies.clear()
            self.leaving = time.monotonic()  # watched (:meth:`watch`)
            try:
                for frame in frames:
                    await self.send(frame)
            except Exception:
                self.close()
                return
            self.leaving = None


class Audience:
    """The connections watching one room, told when it changes and sent views built for each."""

    def __init__(self, room: ReadOnlyRoom) -> None:
        self._room = room
        self._connections: set[Connection] = set()
        #: the view's common part, encoded once per language; forgotten at every change
        self._shared: dict[str, str] = {}
        #: a viewer's own part (without its answers), encoded once for every viewer with the same
        #: (language, seats, log sent, actions sent, whole or not); forgotten at every change
        self._personal: dict[tuple[str, Hand, int, int, bool], str] = {}
        #: the position as each seat sees it, kept while the room's state is the same (not forgotten at a change)
        self._positions = views.Positions()

    def __len__(self) -> int:
        return len(self._connections)

    def add(self, conn: Connection) -> None:
        self._connections.add(conn)

    def discard(self, conn: Connection) -> None:
        self._connections.discard(conn)

    def seats(self) -> set[int]:
        """The seats with a page open on the game."""
        return {s for c in self._connections for s in c.hand}

    def changed(self) -> None:
        """The room changed: every connection is sent a new view (each only what its seats may see)."""
        self._shared = {}
        self._personal = {}
        for conn in self._connections:
            conn.changed()

    def resend_all(self) -> None:
        """The next view of every connection is whole (the log was rewritten: an undo)."""
        for conn in self._connections:
            conn.log_seen = -1
            conn.n_seen = -1

    def close(self) -> None:
        for conn in list(self._connections):
            conn.close()

    def message_for(self, conn: Connection) -> str:
        """The view for ``conn`` now, with what is new since its last one, as JSON text."""
        room = self._room
        full = conn.log_seen < 0
        log_from, actions_from = max(conn.log_seen, 0), max(conn.n_seen, 0)
        key = (conn.language, conn.hand, log_from, actions_from, full)
        shared, personal = self._shared.get(conn.language), self._personal.get(key)
        if shared is None or personal is None:
            with using(conn.language):
                if shared is None:  # the common part is encoded once per change and language
                    shared = self._shared[conn.language] = encode(views.shared_view(room, self._positions))
                if personal is None:  # and a viewer's own part once for all who would be sent the same
                    view = views.personal_view(room, conn.hand, log_from=log_from, actions_from=actions_from,
                                               with_board=full, position=self._positions)
                    view["type"] = "view"
                    view["full"] = full
                    personal = self._personal[key] = encode(view)
        conn.log_seen = len(room.log_lines)
        conn.n_seen = len(room.actors)
        # the seat's own fields after the shared ones (a seat's private state dict overrides the shared one), then
        # the viewer's answers
        text = shared[:-1] + "," + personal[1:]
        if conn.replies:
            text = text[:-1] + ',"replies":' + encode(list(conn.replies)) + "}"
        return text
