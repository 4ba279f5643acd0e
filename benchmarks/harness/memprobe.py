"""Where a process's memory is: a thread inside it writes, every few seconds, one JSON line of its parts.

Started inside ``tabletop serve`` by ``benchmarks/web/soak.py`` (the server's command becomes
``python -c PROBED ...``, see :func:`command`), it tells the soak which part of the resident
memory grows, so a creep is traced to its layer before anyone reads code:

- ``rss``, ``anon``, ``file``: the resident set, its anonymous part (heaps, stacks) and its
  file-backed part (libraries, mapped files such as SQLite's ``-shm``), from ``/proc/self/status``;
- ``py_arenas``, ``py_used``: pymalloc's arenas (Python's small objects live in them) and the bytes
  of live blocks in them (``sys._debugmallocstats``): arenas growing while the blocks do not is
  fragmentation of Python's allocator, blocks growing is live objects;
- ``malloc_used``, ``malloc_free``, ``malloc_mmap``: glibc's heaps (every thread's arena), what is in
  use and what is free inside them (``mallinfo2``): free growing is the C allocator's fragmentation;
- ``sqlite``: the bytes SQLite itself holds (``sqlite3_memory_used``: page caches, schemas, statements);
- ``objects``, ``threads``: objects the garbage collector tracks, and the threads;
- ``gc``: the garbage collector's pauses since the line before, per generation: how many, their
  total and the longest in ms (a full collection stops the event loop: a latency's p99 shows it);
- ``traced``: with tracemalloc on (``--trace``), the live Python allocations it sees;
- ``lag``: how late the event loop ran a callback handed to it every 10 ms from another thread (how many,
  p50, p99 and longest in ms, and how many waited over 20, 50 and 100 ms): the wait of a message that
  reaches the server, on the server's side, whatever the load client's own delays.

Each line also names the ten kinds of object whose count grew most since the first line
(``grown``): a per-game registry that is never pruned shows there by its type.

With ``TABLETOP_PROBE_GARBAGE=1`` in the server's environment each line runs a full collection first and
says what it found dead (``garbage``: how many objects, their bytes by ``sys.getsizeof`` in MB, the kinds
most found): the cycles that waited in the old generations for a full collection, which ``tabletop
serve``'s thresholds make rare (:mod:`tabletop.interfaces.web.collector`). It changes what it measures
(the server then collects fully at every line): a run with it against one without tells how much of
a slope is garbage waiting for the collector.

With ``TABLETOP_PROBE_HOLDERS=<kinds>`` each line is followed by the survivors of those kinds and the chain of
objects holding them (:mod:`harness.holders`, written to ``holders.txt``).
"""

from __future__ import annotations

import asyncio
import collections
import ctypes
import gc
import json
import os
import re
import sys
import tempfile
import threading
import time
import tracemalloc
from pathlib import Path
from typing import Any

from harness.holders import kind

#: the server's command line, as ``python -c PROBED <benchmarks> <out> <seconds> <trace after> kinds|- <kinds from>
#: tabletop's arguments...``
PROBED = """
import sys
sys.path.insert(0, sys.argv.pop(1))
from harness.memprobe import start
start(sys.argv.pop(1), float(sys.argv.pop(1)), float(sys.argv.pop(1)), sys.argv.pop(1) == "kinds",
      float(sys.argv.pop(1)))
import os
if os.environ.get("TABLETOP_PROBE_PARTS"):  # each request's parts (harness/ackparts.py)
    from harness.ackparts import install
    install(os.environ["TABLETOP_PROBE_PARTS"])
from tabletop.interfaces.cli.app import main
main()
"""


#: kinds of object counted in every line (a game's parts: more of them than games in memory is a leak)
WATCHED = ("Room", "ActionLog", "Connection", "Driver", "LiveRace", "TableChat")


class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]


def _libc() -> Any:
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallinfo2.restype = _MallInfo2
        return libc
    except (OSError, AttributeError):
        return None


def _sqlite() -> Any:
    try:
        import sqlite3  # noqa: F401  (loads the library the process uses; dlopen below finds the same one)

        lib = ctypes.CDLL("libsqlite3.so.0")
        lib.sqlite3_memory_used.restype = ctypes.c_int64
        return lib
    except (OSError, AttributeError):
        return None


def _status() -> dict[str, float]:
    wanted = {"VmRSS": "rss", "RssAnon": "anon", "RssFile": "file", "RssShmem": "shmem", "Threads": "threads"}
    found: dict[str, float] = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in wanted:
            number = float(value.split()[0])
            found[wanted[key]] = number if key == "Threads" else number / 1024
    return found


_ARENAS = re.compile(r"^([\d,]+) arenas \* ([\d,]+) bytes/arena", re.M)
_USED = re.compile(r"^# bytes in allocated blocks\s*=\s*([\d,]+)", re.M)


def _pymalloc() -> dict[str, float]:
    """pymalloc's arenas and live block bytes (its statistics go to file descriptor 2: caught for the call)."""
    with tempfile.TemporaryFile() as caught:
        sys.stderr.flush()
        saved = os.dup(2)
        try:
            os.dup2(caught.fileno(), 2)
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        caught.seek(0)
        text = caught.read().decode("utf-8", "replace")
    arenas, used = _ARENAS.search(text), _USED.search(text)
    size = int(arenas.group(1).replace(",", "")) * int(arenas.group(2).replace(",", "")) if arenas else 0
    return {"py_arenas": size / 2**20, "py_used": int(used.group(1).replace(",", "")) / 2**20 if used else 0.0}


def sample(libc: Any, sqlite: Any) -> dict[str, Any]:
    """One line of the process's memory, in MB."""
    line: dict[str, Any] = {"at": round(time.time(), 1), **_status(), **_pymalloc()}
    if libc is not None:
        info = libc.mallinfo2()
        line.update(malloc_used=info.uordblks / 2**20, malloc_free=info.fordblks / 2**20,
                    malloc_mmap=info.hblkhd / 2**20)
    if sqlite is not None:
        line["sqlite"] = sqlite.sqlite3_memory_used() / 2**20
    if tracemalloc.is_tracing():
        line["traced"] = tracemalloc.get_traced_memory()[0] / 2**20
    return line


def _garbage() -> list[Any]:
    """A full collection, keeping what it finds dead to count it: [objects, MB, [[kind, count] x 8]]."""
    flags = gc.get_debug()
    gc.set_debug(flags | gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        found = list(gc.garbage)
        gc.garbage.clear()
    finally:
        gc.set_debug(flags)
    kinds = collections.Counter(type(o).__qualname__ for o in found)
    size = sum(sys.getsizeof(o) for o in found) / 2**20
    del found  # freed here, as the collection would have
    return [sum(kinds.values()), round(size, 2), [[k, n] for k, n in kinds.most_common(8)]]


def _kinds() -> collections.Counter[str]:
    return collections.Counter(kind(o) for o in gc.get_objects())


def _grown_places(base: tracemalloc.Snapshot, out: Path) -> None:
    """The 15 places (by traceback) whose live allocations grew most since ``base``, appended to ``out``."""
    snapshot = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
    grown = sum(s.size_diff for s in snapshot.compare_to(base, "filename")) / 1e6
    with out.open("a") as f:
        f.write(f"--- {time.strftime('%H:%M:%S')} traced {tracemalloc.get_traced_memory()[0] / 1e6:.1f} MB, "
                f"grown since tracing began {grown:+.2f} MB\n")
        for stat in snapshot.compare_to(base, "traceback")[:15]:
            f.write(f"{stat.size_diff / 1e3:+.0f} kB {stat.count_diff:+d} blocks\n")
            # file:line only (formatting source lines would fill linecache, a growth of the tracer's own)
            f.write("".join(f"    {frame.filename}:{frame.lineno}\n" for frame in reversed(stat.traceback)))


class _Pauses:
    """The garbage collector's pauses per generation (a ``gc.callbacks`` entry): count, total and longest, in
    wall time and in the collecting thread's CPU time (a busy machine inflates the first, hardly the second),
    the objects it found dead and, with ``count`` (it lists them: a pause of its own, outside the times), the
    objects in the generations it examined."""

    def __init__(self, count: bool = False) -> None:
        self.count = count
        self.began = 0.0
        self.began_cpu = 0.0
        self.young = 0
        self.seen = self._empty()

    @staticmethod
    def _empty() -> list[list[float]]:
        return [[0, 0.0, 0.0, 0.0, 0.0, 0, 0] for _ in range(3)]

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            generation = info["generation"]
            self.young = sum(len(gc.get_objects(g)) for g in range(generation + 1)) if self.count else 0
            self.began_cpu = time.thread_time()
            self.began = time.perf_counter()
            return
        took = time.perf_counter() - self.began
        cpu = time.thread_time() - self.began_cpu
        seen = self.seen[info["generation"]]
        seen[0] += 1
        seen[1] += took
        seen[2] = max(seen[2], took)
        seen[3] += cpu
        seen[4] = max(seen[4], cpu)
        seen[5] += info.get("collected", 0)
        seen[6] += self.young

    def take(self) -> list[list[float]]:
        """[count, total ms, longest ms, CPU total ms, CPU longest ms, objects freed, objects examined] per
        generation since the last call."""
        seen, self.seen = self.seen, self._empty()
        return [[n, round(total * 1e3, 1), round(longest * 1e3, 1), round(cpu * 1e3, 1), round(cpu_max * 1e3, 1),
                 freed, counted] for n, total, longest, cpu, cpu_max, freed, counted in seen]


class _LoopLag:
    """How late the main thread's event loop runs a callback handed to it from another thread (seconds)."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.lags: list[float] = []
        setter = asyncio.events._set_running_loop

        def remember(loop: asyncio.AbstractEventLoop | None) -> None:  # the loop the server runs (uvloop or not)
            if loop is not None and threading.current_thread() is threading.main_thread():
                self.loop = loop
            setter(loop)

        asyncio.events._set_running_loop = asyncio._set_running_loop = remember

    def watch(self) -> None:
        ran = threading.Event()
        while True:
            time.sleep(0.01)
            loop = self.loop
            if loop is None or loop.is_closed() or not loop.is_running():
                continue
            ran.clear()
            sent = time.perf_counter()
            try:
                loop.call_soon_threadsafe(ran.set)
            except RuntimeError:  # closed meanwhile
                continue
            ran.wait()
            self.lags.append(time.perf_counter() - sent)

    def take(self) -> list[float]:
        """[waits, p50 ms, p99 ms, longest ms, waits over 20, over 50, over 100 ms] since the last call."""
        lags, self.lags = sorted(self.lags), []
        if not lags:
            return [0, 0.0, 0.0, 0.0, 0, 0, 0]
        p50, p99 = (round(lags[min(len(lags) - 1, int(q * len(lags)))] * 1e3, 2) for q in (0.5, 0.99))
        return [len(lags), p50, p99, round(lags[-1] * 1e3, 1), *(sum(1 for lag in lags if lag > limit)
                                                                  for limit in (0.02, 0.05, 0.1))]


def start(out: str, every: float, trace_after: float, kinds: bool = True, kinds_from: float = 0.0) -> threading.Thread:
    """Write a line to ``out`` every ``every`` seconds; start tracemalloc after ``trace_after`` s (<0: never),
    and from then on write where live allocations grew to ``tracemalloc.txt`` beside ``out``. ``kinds``: count
    the objects by type in each line (it holds the interpreter a moment per million objects: not for latencies),
    and name those that grew most since the first line ``kinds_from`` seconds after the start (the warm-up's end)."""
    libc, sqlite = _libc(), _sqlite()
    places = Path(out).with_name("tracemalloc.txt")
    pauses = _Pauses(count=os.environ.get("TABLETOP_PROBE_COUNT") == "1")
    census = os.environ.get("TABLETOP_PROBE_GARBAGE") == "1"
    holders = None
    if os.environ.get("TABLETOP_PROBE_HOLDERS"):  # who holds the survivors of some kinds (harness/holders.py)
        from harness.holders import Holders

        holders = Holders(Path(out).with_name("holders.txt"), os.environ["TABLETOP_PROBE_HOLDERS"].split(","),
                          float(os.environ.get("TABLETOP_PROBE_HOLDERS_AGE", "120")))
    gc.callbacks.append(pauses)
    lag = _LoopLag()
    threading.Thread(target=lag.watch, name="memprobe-lag", daemon=True).start()

    def watch() -> None:
        started = time.monotonic()
        first: collections.Counter[str] | None = None
        base: tracemalloc.Snapshot | None = None
        while True:
            time.sleep(every)
            if tracemalloc.is_tracing():
                if base is None:
                    base = tracemalloc.take_snapshot()
                else:
                    _grown_places(base, places)
            elif 0 <= trace_after <= time.monotonic() - started:
                tracemalloc.start(12)
            dead = _garbage() if census else None
            line = sample(libc, sqlite)
            line["gc"] = pauses.take()
            if dead is not None:
                line["garbage"] = dead
            line["lag"] = lag.take()
            serving = lag.loop is not None and lag.loop.is_running()
            if kinds and serving:
                # (not while the server starts: gc.get_objects() from this thread can hand out a tuple the main
                # thread is still building, whose resize then fails: "SystemError: Objects/tupleobject.c:927")
                counted = _kinds()
                if first is None and time.monotonic() - started >= kinds_from:
                    first = counted
                line["objects"] = sum(counted.values())
                line["held"] = {k: counted.get(k, 0) for k in WATCHED}
                line["grown"] = [[k, n] for k, n in (counted - first).most_common(10)] if first else []
            with open(out, "a") as f:
                f.write(json.dumps(line) + "\n")
            if holders is not None and serving:
                holders.note()

    thread = threading.Thread(target=watch, name="memprobe", daemon=True)
    thread.start()
    return thread


def command(python: str, out: Path, every: float, trace_after: float, kinds: bool, kinds_from: float,
            arguments: list[str]) -> list[str]:
    """The command running tabletop's CLI with ``arguments`` and this probe inside (see :func:`start`)."""
    benchmarks = str(Path(__file__).resolve().parents[1])
    return [python, "-c", PROBED, benchmarks, str(out), str(every), str(trace_after), "kinds" if kinds else "-",
            str(kinds_from), *arguments]


def lines(out: Path) -> list[dict[str, Any]]:
    """Every line the probe wrote."""
    try:
        return [json.loads(line) for line in out.read_text().splitlines() if line]
    except FileNotFoundError:
        return []


def last(out: Path) -> dict[str, Any]:
    """The probe's newest line ({} before the first)."""
    try:
        lines = out.read_text().splitlines()
    except FileNotFoundError:
        return {}
    return json.loads(lines[-1]) if lines else {}
