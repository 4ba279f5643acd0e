"""Every game the server holds in memory: loaded on demand, put away when idle.

Memory follows the games in use, not the games stored. A game is loaded from the
database the first time someone opens it (or when it is created), and put away
again once nothing goes on in it: no viewer, no move of the server's pending, for
:attr:`Limits.idle_seconds` (a finished game after :attr:`Limits.finished_seconds`).
At most :attr:`Limits.rooms` games are held; when that many are busy, opening
another is refused with 503 until one is put away.

Start-up reads no game: it only starts :meth:`Hub.resume`, which loads, in the
background and in pages, the unfinished games with a bot seat, so they go on by
themselves; games of people only stay in the database until someone comes back to
them (opening one rolls any dice it waits for).

A shard of a deployment (:mod:`.shards`) holds only its own games: it refuses to open another
shard's game (421) and resumes only its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict

from tabletop.core.errors import TabletopError
from tabletop.core.i18n import _
from tabletop.interfaces.web.errors import Refused
from tabletop.interfaces.web.rooms import Room
from tabletop.interfaces.web.services import Services
from tabletop.interfaces.web.shards import GAME_ID, owner_of
from tabletop.interfaces.web.store import FINISHED, WAITING, StoredGame

log = logging.getLogger("tabletop.web")

#: how often idle games are looked for (seconds)
SWEEP_SECONDS = 5.0


class Hub:
    """The rooms in memory (least recently used first), loaded from the store on demand."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.store = services.store
        self.limits = services.limits
        self.rooms: OrderedDict[str, Room] = OrderedDict()
        self._loading: dict[str, asyncio.Future[Room]] = {}
        self._tasks: list[asyncio.Task[object]] = []
        self.loaded = 0
        self.evicted = 0

    def start(self) -> None:
        """Start the background work: resuming the server's games, putting idle ones away."""
        self._tasks = [asyncio.create_task(self.resume()), asyncio.create_task(self._sweeper())]

    async def room(self, game_id: str) -> Room:
        """The room of a game, loaded from the database if it is not in memory."""
        room = self.rooms.get(game_id)
        if room is not None:
            self.rooms.move_to_end(game_id)
            room.touch()
            return room
        if not GAME_ID.fullmatch(game_id):
            raise Refused(_("there is no game {game} on this server").format(game=repr(game_id[:40])), 404)
        shard = self.store.shard
        if not shard.owns(game_id):  # the load balancer sent it to the wrong shard: loading it would fork the game
            raise Refused(f"game {game_id} belongs to shard {owner_of(game_id) or '(none)'}, and this server is "
                          f"shard {shard}: the load balancer must route a game by its id's prefix", 421)
        loading = self._loading.get(game_id)
        if loading is not None:
            return await asyncio.shield(loading)
        future: asyncio.Future[Room] = asyncio.get_running_loop().create_future()
        self._loading[game_id] = future
        try:
            stored = await asyncio.to_thread(self.store.load, game_id)
            if stored is None:
                raise Refused(_("there is no game {game} on this server").format(game=repr(game_id)), 404)
            self._make_space()
            # rebuilding a long game's position takes time: off the event loop, which other games need
            room = self._hold(await asyncio.to_thread(self._build, stored), stored)
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: waiters re-raise it
            raise
        finally:
            del self._loading[game_id]
        future.set_result(room)
        return room

    def add(self, stored: StoredGame) -> Room:
        """Hold a game just created and let the server play its moves (one that waits may be an open table)."""
        self._make_space()
        room = self._hold(self._build(stored), stored)
        if stored.status == WAITING:
            self.services.tables_changed()
        return room

    def _build(self, stored: StoredGame) -> Room:
        try:
            return Room(stored, self.services)
        except TabletopError as exc:
            log.error("game %s cannot be rebuilt from its stored actions: %s", stored.id, exc)
            raise Refused(_("game {game} cannot be rebuilt on this server: {problem}").format(
                game=stored.id, problem=exc), 409) from None

    def _hold(self, room: Room, stored: StoredGame) -> Room:
        self._make_space()
        self.rooms[stored.id] = room
        self.loaded += 1
        if stored.status != FINISHED:
            room.kick()
        return room

    def _make_space(self) -> None:
        if len(self.rooms) < self.limits.rooms:
            return
        self.sweep(force=True)
        if len(self.rooms) >= self.limits.rooms:
            raise Refused(_("this server is holding as many games as it can ({n}); try again in a minute")
                          .format(n=self.limits.rooms), 503)

    def sweep(self, force: bool = False) -> int:
        """Put away idle rooms (``force``: the least recently used idle ones, until there is room for one more)."""
        now = time.monotonic()
        put_away = 0
        for game_id, room in list(self.rooms.items()):
            if force and len(self.rooms) < self.limits.rooms:
                break
            seen = room.readonly
            if seen.busy:
                continue
            wait = self.limits.finished_seconds if seen.state.is_terminal() else self.limits.idle_seconds
            if force or now - seen.last_used >= wait:
                room.put_away()
                del self.rooms[game_id]
                put_away += 1
        self.evicted += put_away
        return put_away

    async def _sweeper(self) -> None:
        while True:
            await asyncio.sleep(min(SWEEP_SECONDS, self.limits.finished_seconds))
            self.sweep()

    async def resume(self) -> int:
        """Load, page by page, the unfinished games with a bot seat, so their bots and dice go on."""
        resumed = 0
        after = ""
        while True:
            ids = await asyncio.to_thread(self.store.with_bots, after)
            if not ids:
                return resumed
            for game_id in ids:
                while len(self.rooms) >= self.limits.rooms and self.sweep(force=True) == 0:
                    await asyncio.sleep(1.0)  # full of busy games: wait for some to end
                try:
                    room = await self.room(game_id)
                except Refused:
                    continue
                await self._put_right(room)
                resumed += 1
                await asyncio.sleep(0)
            after = ids[-1]

    def watched(self) -> dict[str, int]:
        """The games in memory that someone watches, with how many (for the other shards' lobbies)."""
        watched = {}
        for game_id, room in self.rooms.items():
            viewers = room.readonly.viewers
            if viewers:
                watched[game_id] = viewers
        return watched

    async def _put_right(self, room: Room) -> None:
        """A game an older database marked for resuming (or left unfinished while over): say what it is."""
        seen = room.readonly
        state = seen.state
        if state.is_terminal():
            await self.services.writer.call(self.store.finish, seen.id, list(state.winners()),
                                            [float(r) for r in state.returns()])
        elif not seen.bots and seen.clock is None:
            await self.services.writer.call(self.store.set_bots, seen.id, False)

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for room in list(self.rooms.values()):
            await room.close()
        self.rooms.clear()
