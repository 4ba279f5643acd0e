"""The collector while serving (``collector.py``): young collections on the event loop's clock, not on CPython's
count, bound what a pause walks when new objects replace old ones, as a server's do. ``test_memory.py`` checks
that ``tabletop serve`` runs with them."""

from __future__ import annotations

import asyncio
import gc
import random
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tabletop.interfaces.web import collector

ROOMS = 20_000
#: the thresholds ``tabletop serve`` had before the clock (issue 22: young pauses up to 194 ms at 1,000 games)
BEFORE = (7_000, 10, 100)


@pytest.fixture
def collector_restored() -> Iterator[None]:
    saved = gc.get_threshold()
    try:
        yield
    finally:
        gc.set_threshold(*saved)
        gc.enable()


def churn_in_a_loop(seconds: float, paced: bool) -> tuple[int, dict[int, int]]:
    """Rooms replacing their positions (a few lists each) on a real asyncio loop for ``seconds``, as a server's
    rooms do, while what lasts grows by a little: the most objects one generation-0 collection examined, and how
    many collections of each generation ran. ``paced``: a :class:`collector.Clock` on the loop, CPython's count
    set out of reach; otherwise CPython's count with the thresholds of before."""
    largest, runs = 0, {0: 0, 1: 0, 2: 0}

    def seen(phase: str, info: dict[str, int]) -> None:
        nonlocal largest
        if phase == "start":
            runs[info["generation"]] += 1
            if info["generation"] == 0:
                largest = max(largest, len(gc.get_objects(0)))

    async def rooms() -> None:
        rng = random.Random(1)
        positions = [[[0] * 8 for _ in range(4)] for _ in range(ROOMS)]
        kept: list[list[list[int]]] = []
        clock = collector.Clock(asyncio.get_running_loop()) if paced else None
        gc.collect()
        gc.set_threshold(*((10**9, 10, 10) if paced else BEFORE))
        gc.callbacks.append(seen)
        try:
            if clock is not None:
                clock.start()
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                for _ in range(20):
                    room = rng.randrange(ROOMS)
                    positions[room] = [list(part) for part in positions[room]]  # as many made as freed
                kept.append([[len(kept)] for _ in range(15)])  # what lasts: a log's lines, 16 objects
                await asyncio.sleep(0.001)  # the loop turns, as it does between a server's messages
        finally:
            gc.callbacks.remove(seen)
            if clock is not None:
                clock.stop()

    # a loop of its own on a thread of its own: an earlier test may have left one running on this thread
    thread = threading.Thread(target=asyncio.run, args=(rooms(),))
    thread.start()
    thread.join()
    return largest, runs


def test_the_loop_s_clock_bounds_what_a_young_collection_walks_where_the_count_stays_put(
        collector_restored: None) -> None:
    counted, _ = churn_in_a_loop(3.0, paced=False)
    paced, runs = churn_in_a_loop(1.0, paced=True)
    assert counted > BEFORE[0], f"the churn no longer fills the young generation past its threshold: {counted}"
    assert runs[0] >= 20 and runs[1] >= 5, f"the clock collected {runs} in a second"
    assert paced * 4 < counted, f"a young collection walked {paced} objects on the clock, {counted} by the count"


class StubLoop:
    """A loop whose timers are run by hand: the delays asked for, the callbacks waiting."""

    def __init__(self) -> None:
        self.delays: list[float] = []
        self.waiting: list[Callable[[], None]] = []
        self.cancelled = 0

    def call_later(self, delay: float, callback: Callable[[], None]) -> Any:
        self.delays.append(delay)
        self.waiting.append(callback)
        loop = self

        class Handle:
            def cancel(self) -> None:
                loop.cancelled += 1

        return Handle()


def test_the_clock_collects_young_then_middle_then_everything_in_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    collected: list[int] = []
    monkeypatch.setattr(gc, "collect", lambda generation=2: collected.append(generation) or 0)
    monkeypatch.setattr(collector, "FULL_EVERY", 3)
    loop = StubLoop()
    clock = collector.Clock(loop, 0.25)  # type: ignore[arg-type]
    clock.start()
    for _ in range(3 * collector.MIDDLE_EVERY):
        loop.waiting.pop(0)()
    young = [0] * (collector.MIDDLE_EVERY - 1)
    assert collected == [*young, 1, *young, 1, *young, 2]
    assert loop.delays == [0.25] * (3 * collector.MIDDLE_EVERY + 1)  # each collection schedules the next
    clock.stop()
    assert loop.cancelled == 1 and clock.handle is None
    clock.stop()  # stopping twice is harmless
    assert loop.cancelled == 1


def test_the_clock_s_full_collections_stay_rare() -> None:
    # a full collection walks every game held (a second or more at a thousand games): at most one in ten minutes
    assert collector.YOUNG_SECONDS * collector.MIDDLE_EVERY * collector.FULL_EVERY >= 600
    # and CPython's own count never starts one before the clock does
    t0, t1, t2 = collector.THRESHOLDS
    assert t0 * t1 * t2 >= 1_000_000 * 7_000


def test_the_paced_server_runs_the_clock_while_it_serves_and_stops_it_after(
        monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[bool] = []

    class Clock(collector.Clock):
        def start(self) -> None:
            started.append(True)
            super().start()

        def stop(self) -> None:
            started.append(False)
            super().stop()

    async def serving(self: Any, sockets: Any = None) -> None:
        await asyncio.sleep(0.05)
        assert started == [True]

    monkeypatch.setattr(collector, "Clock", Clock)
    monkeypatch.setattr(collector.uvicorn.Server, "serve", serving)

    async def app(scope: Any, receive: Any, send: Any) -> None:  # never reached
        raise AssertionError

    server = collector.Paced(collector.uvicorn.Config(app))
    thread = threading.Thread(target=asyncio.run, args=(server.serve(),))
    thread.start()
    thread.join()
    assert started == [True, False]
