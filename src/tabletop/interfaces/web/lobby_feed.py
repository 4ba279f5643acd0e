"""The lobby's open tables, pushed: one WebSocket per lobby page (``/ws/lobby``), one task that lists them.

A lobby page opens ``/ws/lobby`` and is sent ``{"type": "tables", "tables": [...], "now": ...}`` at once and
again whenever the list of public tables waiting for players changes: each table as ``GET /api/tables``
gives it, but with ``fill_at`` (when bots fill it, in seconds since the epoch, or ``null``) instead of a
countdown, and ``now`` the server's clock, so a page counts down by itself and an unchanged list is never
sent again.

The list is computed by **one** task for every listener, never per socket: once after each change made by
this server (a table opened, a seat taken or joined, a name given, a game started or filled: the rooms
call :meth:`LobbyFeed.changed`), and every :attr:`Limits.lobby_seconds` while anyone listens (what other
shards of a deployment and the bots' timers change), at most once every :attr:`Limits.lobby_gap` seconds
however much happens. Nobody listening, nothing is computed. A listener is sent only the newest list:
one waits for it at most, and one that takes longer than :attr:`Limits.send_timeout` to read it is closed
(1008). The socket counts against the same bounds as a game's (:func:`.sockets.serve_bounded`), and a
client may send only ``{"type": "ping"}`` (answered ``pong``), at the game sockets' rate, each frame checked
as theirs are (1003, 1007, 1008, 1009); it can ask the server for nothing else.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket

from tabletop.interfaces.web.connections import POLICY, encode
from tabletop.interfaces.web.limits import Limits, TokenBucket
from tabletop.interfaces.web.messages import Ping
from tabletop.interfaces.web.open_tables import OpenTables
from tabletop.interfaces.web.sockets import INVALID, Broken, fit_reason, read_message, serve_bounded

log = logging.getLogger("tabletop.web")


@dataclass(eq=False)
class Listener:
    """One lobby page's socket: the newest list not sent yet (only the newest is kept) and a pong owed."""

    send: Callable[[str], Awaitable[None]]
    frame: str | None = None
    pong: dict[str, Any] | None = None
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    close_code: int | None = None
    close_reason: str = ""

    def offer(self, frame: str) -> None:
        self.frame = frame
        self.wake.set()

    async def pump(self, send_timeout: float) -> None:
        """Send what waits, until the socket fails or a frame takes longer than ``send_timeout`` to leave."""
        while True:
            await self.wake.wait()
            self.wake.clear()
            waiting = [f for f in (self.frame, encode(self.pong) if self.pong else None) if f is not None]
            self.frame = self.pong = None
            try:
                async with asyncio.timeout(send_timeout):
                    for frame in waiting:
                        await self.send(frame)
            except TimeoutError:
                self.close_code = POLICY
                self.close_reason = f"a frame waited {send_timeout:g} s to leave: the page is not reading"
                return
            except Exception:
                return


class LobbyFeed:
    """The open tables, computed once for every lobby that listens (see the module's docstring)."""

    def __init__(self, tables: OpenTables, limits: Limits) -> None:
        self.tables = tables
        self.limits = limits
        self.listeners: set[Listener] = set()
        self._changed = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        #: the newest list sent, as JSON text (``None``: none computed since someone began to listen)
        self._listed: str | None = None
        #: how many times the list was computed (``/api/server``, and the tests' proof that a socket costs no work)
        self.computed = 0

    def changed(self) -> None:
        """Something this server did may have changed the open tables: list them again soon (if anyone listens)."""
        self._changed.set()

    def frame(self) -> str:
        """The newest list as a frame, with the server's clock now."""
        return f'{{"type":"tables","now":{time.time():.3f},"tables":{self._listed}}}'

    async def listen(self, ws: WebSocket) -> None:
        """Serve one lobby page (already accepted) until it leaves, breaks a rule or the server stops."""
        listener = Listener(ws.send_text)
        self.listeners.add(listener)
        if self._task is None:
            self._listed = None
            self._task = asyncio.get_running_loop().create_task(self._run())
        elif self._listed is not None:
            listener.offer(self.frame())
        pump = asyncio.create_task(listener.pump(self.limits.send_timeout))
        reader = asyncio.create_task(self._read(ws, listener))
        try:
            await asyncio.wait({pump, reader}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            self.listeners.discard(listener)
            for task in (pump, reader):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        if listener.close_code is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(code=listener.close_code, reason=fit_reason(listener.close_reason)),
                                       timeout=2.0)

    async def _read(self, ws: WebSocket, listener: Listener) -> None:
        bucket = TokenBucket(self.limits.messages_per_second, self.limits.message_burst)
        while True:
            try:
                message = await read_message(ws, self.limits, bucket)
            except Broken as exc:
                listener.close_code, listener.close_reason = exc.code, exc.reason
                return
            if message is None:
                return
            if not isinstance(message, Ping):
                listener.close_code = INVALID
                listener.close_reason = f"invalid message: the lobby's socket takes only pings, not {message.type!r}"
                return
            listener.pong = {"type": "pong", "id": message.id, "now": round(time.time(), 3)}
            listener.wake.set()

    async def _run(self) -> None:
        """List the tables while anyone listens: at once, after each change, and every ``lobby_seconds``."""
        try:
            while self.listeners:
                self._changed.clear()
                await self._publish()
                await asyncio.sleep(self.limits.lobby_gap)
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(self.limits.lobby_seconds):
                        await self._changed.wait()
        finally:
            self._task = None

    async def _publish(self) -> None:
        try:
            waiting = await asyncio.to_thread(self.tables.waiting)
            self.computed += 1
            await self.tables.overdue(waiting)
        except Exception:  # the database is away for a moment: the lobbies keep the list they have
            log.warning("the open tables could not be listed", exc_info=True)
            return
        listed = orjson.dumps([{k: v for k, v in t.items() if k != "fill_in"} for t in waiting if t["free"]]).decode()
        if listed == self._listed:
            return
        self._listed = listed
        frame = self.frame()
        for listener in self.listeners:
            listener.offer(frame)

    async def close(self) -> None:
        task = self._task
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


def lobby_router(feed: LobbyFeed, limits: Limits, open_sockets: dict[str, int]) -> APIRouter:
    """``/ws/lobby``, counted in ``open_sockets`` with the games' sockets."""
    router = APIRouter()

    @router.websocket("/ws/lobby")
    async def lobby_socket(ws: WebSocket) -> None:
        await serve_bounded(ws, limits, open_sockets, lambda: feed.listen(ws))

    return router
