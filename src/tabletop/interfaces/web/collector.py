"""The garbage collector of a serving process: the loaded code out of its view, short young pauses, full ones rare.

CPython's cyclic collector stops the event loop while it runs. On a server that matters twice (issue 22):

- a full collection walks every object it tracks: the code loaded at start-up (modules, classes,
  functions of FastAPI, SQLAlchemy, NumPy and the games: about 120,000 objects, alive as long as the
  process) and the games held (every event of a game's log stays tracked:
  :class:`~tabletop.core.events.Event` is a ``NamedTuple``, and CPython untracks only exact tuples), so a
  thousand games hold millions of tracked objects;
- a young collection walks every object made since the one before and still alive. CPython starts one
  when its count passes the first threshold, and that count is *allocations minus deallocations*, of
  objects of any age. A server's new objects mostly replace old ones: each action's position replaces the
  room's last one, each message's coroutines and timers the last message's. So the count hardly moves
  while the young generation fills. With a threshold of 7,000, a generation-0 collection came after about
  0.7 s of a thousand games' traffic and walked 15,000-25,000 objects holding 80,000-190,000 references
  (7-18 ms of CPU a pause), and a generation-1 collection ten times that (about 100,000 objects, 500,000-650,000
  references, 70-100 ms, up to 194 ms on a quiet machine). Counted by type inside the server (12:35 UTC,
  main 433a2d3), what is young is no one big thing: the positions and their lists, coroutines waiting on
  sockets, timers and the database, timer handles, HTTP connections' objects. A young pause lasts as long
  as the traffic it covers, whatever the threshold says in objects.

So ``tabletop serve`` does not let the count decide: :class:`Paced` (uvicorn's server) runs a :class:`Clock` on
its event loop while it serves, which collects

- generation 0 every :data:`YOUNG_SECONDS` (10 ms): a pause covers 10 ms of traffic whatever the count says,
  and it runs between two of the loop's callbacks (not from a thread), so it never cuts a request in two;
- generation 1 every :data:`MIDDLE_EVERY`-th time (50 ms), so what survived a few young collections is
  walked while it is still a few milliseconds' worth;
- everything every :data:`FULL_EVERY`-th middle collection (about 17 minutes): the cycles that outlive a
  middle collection wait that long. CPython's own full threshold (:data:`THRESHOLDS`) is set so high that
  it never comes first.

At 1,000 games the longest pauses went from 30 (generation 0) and 74 ms (generation 1) of CPU to 3.7 and 14.7 ms,
and the p99 of an action's acknowledgement from 75-188 ms to 34-45 ms (3 December 2026), and on a faster host from
14-19 ms to 6-8 ms (4 December; docs/web.md).

The server does not need the collector to free its games: a room and its parts make no reference cycle
(see :mod:`.rooms`), so reference counting frees a room the moment the hub puts it away. The collector is
left for the rare cycle of a request or a socket, so :func:`tune`, called by ``tabletop serve`` once the
app is built and before it serves, moves every object alive then to the permanent generation
(:func:`gc.freeze`): no collection walks the loaded code again.

Tests and programs that embed the app keep CPython's defaults: only ``tabletop serve`` uses these.
"""

from __future__ import annotations

import asyncio
import gc
from typing import Any

import uvicorn

#: CPython's thresholds while serving: its own young ones (700, 10) should the clock be late, and a full
#: threshold so high that the clock's full collection always comes first
THRESHOLDS = (700, 10, 1_000_000)
#: how often the clock collects generation 0
YOUNG_SECONDS = 0.01
#: every how many young collections the clock collects generation 1 instead
MIDDLE_EVERY = 5
#: every how many middle collections the clock collects everything (20,000 x 50 ms: about 17 minutes)
FULL_EVERY = 20_000


def tune() -> int:
    """Freeze what is alive now (after one last full collection) and set the thresholds; the objects frozen."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
    return gc.get_freeze_count()


class Clock:
    """Collections paced by ``loop``'s clock: generation 0 every ``seconds``, 1 every :data:`MIDDLE_EVERY`-th
    time, 2 every :data:`FULL_EVERY`-th middle one; from :meth:`start` until :meth:`stop`."""

    def __init__(self, loop: asyncio.AbstractEventLoop, seconds: float = YOUNG_SECONDS) -> None:
        self.loop, self.seconds = loop, seconds
        self.ticks = 0
        self.handle: asyncio.TimerHandle | None = None

    def start(self) -> None:
        self.handle = self.loop.call_later(self.seconds, self.collect)

    def collect(self) -> None:
        """One collection, the generation its turn, and the next one scheduled."""
        self.ticks += 1
        gc.collect(0 if self.ticks % MIDDLE_EVERY else 2 if self.ticks % (MIDDLE_EVERY * FULL_EVERY) == 0 else 1)
        self.handle = self.loop.call_later(self.seconds, self.collect)

    def stop(self) -> None:
        if self.handle is not None:
            self.handle.cancel()
            self.handle = None


class Paced(uvicorn.Server):
    """uvicorn's server with a :class:`Clock` on its event loop while it serves."""

    async def serve(self, sockets: Any = None) -> None:
        clock = Clock(asyncio.get_running_loop())
        clock.start()
        try:
            await super().serve(sockets)
        finally:
            clock.stop()
