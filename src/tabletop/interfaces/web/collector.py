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

Tests and programs that embed the app keep CPython's defaults: only ``tabletop serve`` calls it.
"""

from __future__ import annotations

import gc

#: the collector's thresholds while serving (generations 0, 1 and 2; see the module's docstring)
THRESHOLDS = (700, 10, 1_000)


def tune() -> int:
    """Freeze what is alive now (after one last full collection) and set the thresholds; the objects frozen."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
    return gc.get_freeze_count()
