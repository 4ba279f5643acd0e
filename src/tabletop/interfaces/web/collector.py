"""The garbage collector of a serving process: the loaded code out of its view, full collections rare.

CPython's cyclic collector stops the event loop while it runs, and a full collection walks
every object it tracks. On a server that is a lot (issue 22, findings 7 and 8):

- the code loaded at start-up (modules, classes, functions of FastAPI, SQLAlchemy, NumPy and the
  games): about 120,000 objects, walked again by every full collection though they live as long
  as the process;
- the games held: every event of a game's log stays tracked (:class:`~tabletop.core.events.Event`
  is a ``NamedTuple``, and CPython untracks only exact tuples; the fields' dicts of plain values
  are untracked), so a thousand games hold millions of tracked objects.

The server does not need the collector to free its games: a room and its parts make no
reference cycle (see :mod:`.rooms`), so reference counting frees a room the moment the hub puts it
away. The collector is left for the rare cycle of a request or a socket, so :func:`tune`, called by
``tabletop serve`` once the app is built and before it serves:

- moves every object alive then to the permanent generation (:func:`gc.freeze`): no collection
  walks the loaded code again;
- raises the thresholds (:data:`THRESHOLDS`, CPython's are 700, 10, 10): a young collection every
  7,000 allocations rather than 700 (fewer, still short pauses), and a full collection only after a
  hundred middle ones, about 7 million allocations (CPython also waits until the objects promoted
  since the last one are a quarter of those it kept). Cycles that die meanwhile wait that long.

What the young collections walk are the objects made since the last one that are still alive: above all
the position each action makes (a room keeps its newest), and the containers in it. A position used to
carry its whole history and event log as two lists copied by every clone, so a young collection at a
thousand games followed hundreds of thousands of references into old objects (5-8 ms of CPU a
generation-0 pause, 47 ms a generation-1 one, main 35122b8 on the loaded machine); now they are chunks its
clones share (:mod:`tabletop.core.state`), and a young collection walks only the newest entries
(``benchmarks/web/positions.py``: the collector's CPU and each action's, old and new code).

Tests and programs that embed the app keep CPython's defaults: only ``tabletop serve`` calls it.
"""

from __future__ import annotations

import gc

#: the collector's thresholds while serving (generations 0, 1 and 2; see the module's docstring)
THRESHOLDS = (7_000, 10, 100)


def tune() -> int:
    """Freeze what is alive now (after one last full collection) and raise the thresholds; the objects frozen."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
    return gc.get_freeze_count()
