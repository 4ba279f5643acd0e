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

The server does not need the collector to free its games: a room and its parts make no reference cycle
(see :mod:`.rooms`), so reference counting frees a room the moment the hub puts it away. The collector is
left for the rare cycle of a request or a socket, so :func:`tune`, called by ``tabletop serve`` once the
app is built and before it serves:

- moves every object alive then to the permanent generation (:func:`gc.freeze`): no collection walks the
  loaded code again;
- keeps CPython's own young thresholds (:data:`THRESHOLDS`: 700 and 10), so a generation-0 pause covers a
  tenth of the traffic it covered at 7,000 and a generation-1 pause what a generation-0 one covered; the
  collector's CPU in all goes up (an object alive across more collections is walked more often: 2.5 times,
  about 12 µs an action in ``benchmarks/web/positions.py``, some 2% of an action's cost in the server), and
  the longest pauses there are 2.4 (generation 0) and 3.7 (generation 1) times shorter;
- raises the full collection's threshold to 1,000 middle ones (CPython's is 10), so full collections
  stay as rare as they were: one after about 7 million allocations (700 x 10 x 1,000; CPython also waits
  until the objects promoted since the last one are a quarter of those it kept). Cycles that die
  meanwhile wait that long.

**Young collections on a clock.** Even at 700, a young pause covers however long the count takes to
pass it: at a thousand games a generation-0 collection came every 0.6 s and lasted 18 ms on average,
a generation-1 one every 6 s, 72 ms on average and up to 178 ms (issue 22, 13:37 UTC, quiet machine).
At 89% of a core each such stop holds every request behind it, and the backlog takes several times the
pause to drain: those pauses were the p99. So :func:`tune` also starts a :class:`Clock` on a thread of
its own that collects generation 0 every :data:`YOUNG_SECONDS` and generation 1 every
:data:`MIDDLE_EVERY` of those: a pause covers 50 ms (or 200 ms) of traffic, whatever the count says.
Each object is still walked once young and once in the middle generation, so the collector's CPU
is about the same; only its stops are shorter. A full collection comes after the same 7 million
allocations as before (700 x 10 x 1,000, counted by the clock: :data:`FULL_AFTER`), and the
automatic full collection is put out of reach (the clock's middle collections would otherwise count
it up every 200 ms).

Tests and programs that embed the app keep CPython's defaults: only ``tabletop serve`` calls it.
"""

from __future__ import annotations

import gc
import threading

#: the collector's thresholds while serving (generations 0, 1 and 2; see the module's docstring)
THRESHOLDS = (700, 10, 1_000)
#: while serving: a young collection every this many seconds, a middle one every this many young ones
YOUNG_SECONDS = 0.05
MIDDLE_EVERY = 4
#: ... and a full one after this many allocations (net of deallocations, as CPython counts them)
FULL_AFTER = THRESHOLDS[0] * THRESHOLDS[1] * THRESHOLDS[2]
#: the full collection's threshold while the clock runs: the clock starts full collections, not CPython
CLOCKED_THRESHOLDS = (THRESHOLDS[0], THRESHOLDS[1], 1_000_000_000)


class Clock:
    """Collects the young generations at a steady pace (see the module's docstring): :meth:`tick` each
    :data:`YOUNG_SECONDS`, on a thread of its own once :meth:`start` ed."""

    def __init__(self) -> None:
        self.ticks = 0
        #: allocations (net) since the last full collection, as the clock saw them
        self.allocated = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def tick(self) -> int:
        """One collection: generation 0, 1 every :data:`MIDDLE_EVERY` ticks, 2 after :data:`FULL_AFTER`
        allocations; the generation collected."""
        self.ticks += 1
        self.allocated += gc.get_count()[0]
        generation = 1 if self.ticks % MIDDLE_EVERY == 0 else 0
        if self.allocated >= FULL_AFTER:
            generation, self.allocated = 2, 0
        gc.collect(generation)
        return generation

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="tabletop-gc", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(YOUNG_SECONDS):
            self.tick()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()


#: the clock :func:`tune` started, if any
running: Clock | None = None


def tune(clock: bool = True) -> int:
    """Freeze what is alive now (after one last full collection), set the thresholds and start the :class:`Clock`
    (``clock``); the objects frozen."""
    global running
    stop()
    gc.collect()
    gc.freeze()
    gc.set_threshold(*(CLOCKED_THRESHOLDS if clock else THRESHOLDS))
    if clock:
        running = Clock()
        running.start()
    return gc.get_freeze_count()


def stop() -> None:
    """Stop the clock :func:`tune` started (the thresholds stay as they are)."""
    global running
    if running is not None:
        running.stop()
        running = None
