"""A shard among its peers, through the PostgreSQL database they share: one process per shard, and the watchers.

Two things cross processes in a sharded deployment (:mod:`.shards`), and both go through the
database every shard already uses, never through a channel of our own:

- **One process per shard.** A shard holds a session-level advisory lock named after it (and its
  database and schema) for as long as it runs. A second process started with the same name waits
  up to ``lock_wait`` seconds for it, then gives up: a game never has two authoritative rooms, even
  when an operator starts a shard twice. A process killed with SIGKILL loses its connection, and
  PostgreSQL releases its lock with it, so the shard's restart takes the lock at once.
- **Who watches what.** The lobby lists every game of the database with its number of watchers,
  but a shard sees only its own games' viewers. Each shard publishes what changes among its
  watched games on a LISTEN/NOTIFY channel (twice a second at most, and the whole list every
  :data:`FULL_EVERY` seconds) and hears the others'. A shard that starts says hello, and the
  others send it their whole lists; an entry nobody repeated for :data:`FORGET_AFTER` seconds
  (its shard died) is forgotten, and a shard that restarts (a new ``boot``) replaces its entries.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import os
import secrets
import signal
import time
from collections.abc import Callable
from typing import Any

from tabletop.interfaces.web.shards import Shard

log = logging.getLogger("tabletop.web")

#: how often a shard looks for changes among its watched games (seconds)
PUBLISH_EVERY = 0.5
#: how often a shard repeats its whole list
FULL_EVERY = 15.0
#: an entry not repeated for this long is forgotten
FORGET_AFTER = 45.0
#: a notification's payload must stay under PostgreSQL's 8,000 bytes
PAYLOAD_BYTES = 7_000


def libpq_url(url: str) -> str:
    """A SQLAlchemy URL of PostgreSQL as libpq (psycopg) reads it.

    >>> libpq_url("postgresql+psycopg://u:p@127.0.0.1:5433/db?options=-csearch_path%3Dx")
    'postgresql://u:p@127.0.0.1:5433/db?options=-csearch_path%3Dx'
    """
    from sqlalchemy.engine import make_url

    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def chunks(seen: dict[str, int], size: int = PAYLOAD_BYTES) -> list[dict[str, int]]:
    """``seen`` split into parts whose JSON fits a notification.

    >>> parts = chunks({f"s1-{n:012x}": 1 for n in range(1000)})
    >>> [len(part) for part in parts], max(len(json.dumps(part, separators=(",", ":"))) for part in parts)
    ([313, 313, 313, 61], 6261)
    """
    parts: list[dict[str, int]] = []
    part: dict[str, int] = {}
    used = 0
    for game_id, n in seen.items():
        cost = len(game_id) + len(str(n)) + 6
        if part and used + cost > size - 100:
            parts.append(part)
            part, used = {}, 0
        part[game_id] = n
        used += cost
    if part:
        parts.append(part)
    return parts


class Peers:
    """This shard's lock and its view of the other shards' watchers (PostgreSQL only).

    ``watched`` returns this shard's games that have viewers now, with how many.
    """

    def __init__(self, url: str, shard: Shard, watched: Callable[[], dict[str, int]], lock_wait: float = 30.0) -> None:
        if shard.name is None:
            raise ValueError("only a named shard has peers")
        self.url = libpq_url(url)
        self.shard = shard
        self.watched = watched
        self.lock_wait = lock_wait
        self.boot = secrets.token_hex(4)
        self.channel = ""
        self.lock_key = 0
        # game id -> (watchers, shard, when last heard)
        self._remote: dict[str, tuple[int, str, float]] = {}
        self._boots: dict[str, str] = {}
        self._full_due = True
        self._listener: Any = None
        self._publisher: Any = None
        self._tasks: list[asyncio.Task[None]] = []
        self.heard = 0
        self.sent = 0

    async def start(self) -> None:
        """Take this shard's lock (waiting for a killed predecessor's to go), then listen and publish."""
        import psycopg
        from psycopg import sql

        self._listener = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        found = await (await self._listener.execute("SELECT current_database(), current_schema()")).fetchone()
        scope = f"{found[0]}.{found[1]}"  # one deployment per database and schema
        digest = hashlib.sha256(f"tabletop shard {scope} {self.shard.name}".encode()).digest()
        self.lock_key = int.from_bytes(digest[:8], "big", signed=True)
        self.channel = "tabletop_" + hashlib.sha256(f"tabletop shards {scope}".encode()).hexdigest()[:20]
        deadline = time.monotonic() + self.lock_wait
        while not (await (await self._listener.execute("SELECT pg_try_advisory_lock(%s)", (self.lock_key,)))
                   .fetchone())[0]:
            if time.monotonic() > deadline:
                await self._listener.close()
                raise RuntimeError(f"shard {self.shard.name} is already served by another process on this database "
                                   f"(it holds the shard's lock): a game must have one server")
            await asyncio.sleep(0.2)
        await self._listener.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.channel)))
        self._publisher = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        await self._notify({"hello": True})
        self._tasks = [asyncio.create_task(self._listen()), asyncio.create_task(self._publish())]

    def watchers(self, game_id: str) -> int:
        """How many watch a game of another shard (0 when nothing recent was heard of it)."""
        found = self._remote.get(game_id)
        if found is None or time.monotonic() - found[2] > FORGET_AFTER:
            return 0
        return found[0]

    async def _notify(self, body: dict[str, Any]) -> None:
        payload = json.dumps({"from": self.shard.name, "boot": self.boot, **body}, separators=(",", ":"))
        await self._publisher.execute("SELECT pg_notify(%s, %s)", (self.channel, payload))
        self.sent += 1

    async def _listen(self) -> None:
        try:
            async for notice in self._listener.notifies():
                try:
                    self.hear(json.loads(notice.payload))
                except (ValueError, KeyError, TypeError) as exc:
                    log.warning("a shard's notification could not be read (%s): %.200s", exc, notice.payload)
        except Exception as exc:
            # the connection that holds the shard's lock is gone, and the lock with it: another process may take
            # the shard now, so this one stops (its supervisor starts it again, and it waits for the lock)
            log.critical("shard %s lost its database connection, and with it its lock (%s): stopping",
                         self.shard.name, exc)
            os.kill(os.getpid(), signal.SIGTERM)

    def hear(self, message: dict[str, Any]) -> None:
        """Take in another shard's notification (one's own are ignored)."""
        sender = str(message["from"])
        if sender == self.shard.name:
            return
        self.heard += 1
        boot = str(message["boot"])
        if self._boots.get(sender) != boot:  # a shard (re)started: what it said before is void
            self._boots[sender] = boot
            for game_id in [g for g, (_, owner, _) in self._remote.items() if owner == sender]:
                del self._remote[game_id]
        if message.get("hello"):
            self._full_due = True
        now = time.monotonic()
        for game_id, n in dict(message.get("seen", {})).items():
            if int(n) > 0:
                self._remote[str(game_id)] = (int(n), sender, now)
            else:
                self._remote.pop(str(game_id), None)

    def _forget(self, now: float) -> None:
        for game_id in [g for g, (_, _, heard) in self._remote.items() if now - heard > FORGET_AFTER]:
            del self._remote[game_id]

    async def _publish(self) -> None:
        last: dict[str, int] = {}
        last_full = time.monotonic()
        while True:
            await asyncio.sleep(PUBLISH_EVERY)
            now = time.monotonic()
            current = self.watched()
            full = self._full_due or now - last_full >= FULL_EVERY
            changes = {game_id: 0 for game_id in last if game_id not in current}
            changes.update(current if full else {g: n for g, n in current.items() if last.get(g) != n})
            if full:
                self._full_due = False
                last_full = now
                self._forget(now)
            try:
                for part in chunks(changes):
                    await self._notify({"seen": part})
            except Exception as exc:  # the database went away: say it, and send everything once it is back
                log.warning("shard %s could not publish its watchers: %s", self.shard.name, exc)
                self._full_due = True
                continue
            last = current

    async def close(self) -> None:
        """Stop listening and publishing, and release the shard's lock (closing the connection does)."""
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for conn in (self._publisher, self._listener):
            if conn is not None:
                with contextlib.suppress(Exception):
                    await conn.close()
