"""Group commit: the actions accepted in the same moment are stored in one transaction.

A room hands over its action and waits until the transaction holding it is committed;
only then does it change its state and tell its viewers. The actions handed over in
the same turn of the event loop (by different games) go together in one transaction,
and while one transaction is being committed the next ones queue up, so a thousand
games cost a few transactions a second instead of thousands.

On a database server (PostgreSQL) every write runs on one thread of its own, in order,
so the event loop never waits on the network or on the server's disk. On SQLite a
commit without fsync (WAL, ``synchronous=NORMAL``) is shorter than handing work to a
thread and back (which also costs the event loop the GIL: measured, twice the CPU per
action, since smaller transactions), so writes run in the loop; what does wait on the
disk is the write-ahead log's checkpoint (copying its pages into the database and syncing
both), which SQLite runs in the commit that fills the log past a thousand pages: tens of
milliseconds of the loop's, each few seconds at a thousand games. So the store's
connections never checkpoint by themselves (``store.py``), and the writer checkpoints on
its thread, at most every :data:`CHECKPOINT_SECONDS`.

A checkpoint runs *beside* the writes: a passive one waits for no one and holds no one back,
so no acknowledgement waits for it (at a thousand games it took 18 ms at the median and up to
279 ms, with every ack waiting behind it: 47% of the slowest acts were under way during one).
But the log starts over from its beginning only when a transaction begins with every page of it
copied, which a write during the checkpoint prevents; so once the log has grown past
:data:`CATCH_UP_PAGES`, the next checkpoint holds the writes back until it has caught up (the
actions accepted meanwhile wait and go in the next transaction), and the log starts over. That is
a checkpoint holding the acks once the log is that long instead of every second, copying only what
the passive ones left. A checkpoint only moves committed
pages: a commit is as durable as before (``benchmarks/web/commits.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from sqlalchemy.exc import IntegrityError

from tabletop.interfaces.web.store import Append, Store

T = TypeVar("T")
log = logging.getLogger("tabletop.web")

#: the most actions in one transaction
BATCH = 500
#: on SQLite, the least seconds between two checkpoints of the write-ahead log (run on the writer's thread)
CHECKPOINT_SECONDS = 1.0
#: on SQLite, the write-ahead log's length (pages) past which a checkpoint holds the writes back until it has
#: caught up, so the log starts over (32 MB of 4 KiB pages)
CATCH_UP_PAGES = 8192


class Writer:
    """The store's writes, serialised on one thread; actions grouped into shared transactions."""

    def __init__(self, store: Store, threaded: bool | None = None) -> None:
        self.store = store
        #: write on a thread of its own (the default for a database server), or in the event loop (SQLite)
        self.threaded = not store.url.startswith("sqlite") if threaded is None else threaded
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tabletop-db")
        self._pending: list[tuple[Append, asyncio.Future[None]]] = []
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None
        #: held by every write in the loop and by a checkpoint that holds the writes back (SQLite)
        self._disk = asyncio.Lock()
        self._checkpointed = 0.0
        self._checkpointing: asyncio.Task[None] | None = None
        #: the log's length (pages) at the last checkpoint (0 after one that held the writes back: it starts over)
        self.log_pages = 0
        self.transactions = 0
        self.appended = 0
        self.checkpoints = 0

    async def append(self, action: Append) -> None:
        """Store one accepted action; returns once it is committed (raises if it could not be)."""
        loop = asyncio.get_running_loop()
        if self._task is None or self._task.done():
            self._wake = asyncio.Event()
            self._task = loop.create_task(self._run())
        assert self._wake is not None
        future: asyncio.Future[None] = loop.create_future()
        self._pending.append((action, future))
        self._wake.set()
        await future

    async def call(self, write: Callable[..., T], *args: object) -> T:
        """Any other write (or a read that must see every write before it), in the writers' order."""
        if not self.threaded:
            async with self._disk:  # not while the log is checkpointed
                return write(*args)
        return await asyncio.get_running_loop().run_in_executor(self._thread, write, *args)

    async def _write(self, appends: list[Append]) -> None:
        if self.threaded:
            await asyncio.get_running_loop().run_in_executor(self._thread, self.store.append_many, appends)
            return
        async with self._disk:
            self.store.append_many(appends)

    def _start_checkpoint(self) -> None:
        """Start a checkpoint of the log if it is time (SQLite): beside the writes, or holding them back once the log
        is past :data:`CATCH_UP_PAGES` (see the module's docstring)."""
        loop = asyncio.get_running_loop()
        if self.threaded or not self.store.checkpoints or loop.time() - self._checkpointed < CHECKPOINT_SECONDS:
            return
        if self._checkpointing is not None and not self._checkpointing.done():
            return
        self._checkpointed = loop.time()
        self._checkpointing = loop.create_task(self._checkpoint(hold=self.log_pages >= CATCH_UP_PAGES))

    async def _checkpoint(self, hold: bool) -> None:
        """Checkpoint the log on the thread; with ``hold``, with no write beside it: a checkpoint that catches up
        with the writes lets the next commit start the log over."""
        loop = asyncio.get_running_loop()
        async with self._disk if hold else contextlib.nullcontext():
            try:
                pages = await loop.run_in_executor(self._thread, self.store.checkpoint)
            except Exception as exc:  # the log grows until the next one succeeds; nothing is lost
                log.error("checkpointing the database's write-ahead log failed: %s", exc)
                return
        self.checkpoints += 1
        self.log_pages = 0 if hold else pages or 0

    async def _run(self) -> None:
        assert self._wake is not None
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._pending:
                self._start_checkpoint()
                batch, self._pending = self._pending[:BATCH], self._pending[BATCH:]
                try:
                    await self._write([a for a, _ in batch])
                except Exception:
                    await self._one_by_one(batch)
                else:
                    for _, future in batch:
                        if not future.done():
                            future.set_result(None)
                self.transactions += 1
                self.appended += len(batch)

    async def _one_by_one(self, batch: list[tuple[Append, asyncio.Future[None]]]) -> None:
        """A shared transaction failed: store each action alone, so one bad write fails only its own game.

        An action found stored already, just as it is, counts as stored: its earlier commit went through but the
        reply was lost (a database server's connection dropped), and the game tried it again."""
        for action, future in batch:
            try:
                try:
                    await self._write([action])
                except IntegrityError:
                    if not await self.call(self.store.holds, action):  # the database away again: raises, transient
                        raise
                    log.warning("action %s of game %s was stored already (a commit whose reply was lost)",
                                action.number, action.game_id)
            except Exception as exc:
                log.error("storing action %s of game %s failed: %s", action.number, action.game_id, exc)
                if not future.done():
                    future.set_exception(exc)
            else:
                if not future.done():
                    future.set_result(None)

    async def close(self) -> None:
        if self._task is not None:
            deadline = asyncio.get_running_loop().time() + 10.0  # let the writes under way land
            while self._pending and not self._task.done() and asyncio.get_running_loop().time() < deadline:
                await asyncio.sleep(0.01)
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = None
        if self._checkpointing is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._checkpointing
        self._thread.shutdown(wait=True)
