"""The collector's thresholds while serving (``collector.py``): what a young collection walks when new objects
replace old ones, as a server's do. ``test_memory.py`` checks that ``tabletop serve`` runs with them."""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Iterator

import pytest

from tabletop.interfaces.web import collector

ROOMS = 2_000
STEPS = 40_000
#: the thresholds ``tabletop serve`` had before (issue 22, 12:01 UTC: young pauses up to 194 ms at 1,000 games)
BEFORE = (7_000, 10, 100)


@pytest.fixture
def thresholds_restored() -> Iterator[None]:
    saved = gc.get_threshold()
    try:
        yield
    finally:
        gc.set_threshold(*saved)


def largest_young_generation(thresholds: tuple[int, ...]) -> int:
    """The most objects a generation-0 collection examined while rooms, one at a time, each replace their
    position (a few lists) by a new one, as a server's rooms do, and their log keeps a line (two objects)."""
    rng = random.Random(1)
    positions = [[[0] * 8 for _ in range(4)] for _ in range(ROOMS)]
    logs: list[list[tuple[str, list[int]]]] = [[] for _ in range(ROOMS)]
    largest = 0

    def seen(phase: str, info: dict[str, int]) -> None:
        nonlocal largest
        if phase == "start" and info["generation"] == 0:
            largest = max(largest, len(gc.get_objects(0)))

    gc.collect()
    gc.set_threshold(*thresholds)
    gc.callbacks.append(seen)
    try:
        for _ in range(STEPS):
            room = rng.randrange(ROOMS)
            positions[room] = [list(part) for part in positions[room]]  # as many objects made as freed
            logs[room].append(("a line", [room]))  # what lasts
    finally:
        gc.callbacks.remove(seen)
    return largest


def test_young_collections_under_churn_walk_under_a_fifth_of_what_they_walked(thresholds_restored: None) -> None:
    # CPython counts allocations minus deallocations: a position replacing an old one adds nothing to the count,
    # so the young generation holds every position made since the last collection, not THRESHOLDS[0] objects
    before, now = largest_young_generation(BEFORE), largest_young_generation(collector.THRESHOLDS)
    assert before > 2 * BEFORE[0], f"the churn test no longer fills the young generation past its threshold: {before}"
    assert now * 5 < before, f"young collections walk {now} objects with {collector.THRESHOLDS}, {before} before"


def test_full_collections_stay_as_rare_as_before() -> None:
    # a full collection walks every game held (a second or more at a thousand games): no more often than it was
    t0, t1, t2 = collector.THRESHOLDS
    assert t0 * t1 * t2 >= BEFORE[0] * BEFORE[1] * BEFORE[2]


def largest_collections(thresholds: tuple[int, ...], tick_every: int | None) -> tuple[int, int]:
    """The churn of :func:`largest_young_generation`, but with a log line every tenth step only (in a server most
    of what is made replaces something: the count hardly moves), and a :class:`collector.Clock` ticking every
    ``tick_every`` steps (``None``: no clock): the most objects a generation-0 and a generation-1 collection
    examined."""
    rng = random.Random(1)
    positions = [[[0] * 8 for _ in range(4)] for _ in range(ROOMS)]
    logs: list[list[tuple[str, list[int]]]] = [[] for _ in range(ROOMS)]
    largest = [0, 0]

    def seen(phase: str, info: dict[str, int]) -> None:
        generation = info["generation"]
        if phase == "start" and generation < 2:
            largest[generation] = max(largest[generation], sum(len(gc.get_objects(g)) for g in range(generation + 1)))

    clock = collector.Clock()
    gc.collect()
    gc.set_threshold(*thresholds)
    gc.callbacks.append(seen)
    try:
        for step in range(STEPS):
            room = rng.randrange(ROOMS)
            positions[room] = [list(part) for part in positions[room]]
            if step % 10 == 0:
                logs[room].append(("a line", [room]))
            if tick_every is not None and step % tick_every == 0:
                clock.tick()
    finally:
        gc.callbacks.remove(seen)
    return largest[0], largest[1]


def test_young_collections_on_a_clock_walk_a_small_part_of_what_thresholds_let_them(
        thresholds_restored: None) -> None:
    # 500 steps stand for the clock's 50 ms: the pauses follow the clock, not the count; even a middle collection
    # on the clock walks fewer objects than a young one did without it (and that young one's middle collections,
    # ten times rarer, walk some ten times more)
    young, _middle = largest_collections(collector.THRESHOLDS, None)
    clocked_young, clocked_middle = largest_collections(collector.CLOCKED_THRESHOLDS, 500)
    assert clocked_young * 3 < young and clocked_middle < young, (young, clocked_young, clocked_middle)


def test_the_clock_collects_everything_after_as_many_allocations_as_before(thresholds_restored: None) -> None:
    assert collector.THRESHOLDS[0] * collector.THRESHOLDS[1] * collector.THRESHOLDS[2] == collector.FULL_AFTER
    assert collector.CLOCKED_THRESHOLDS[2] * collector.THRESHOLDS[0] * collector.THRESHOLDS[1] > 100 * \
        collector.FULL_AFTER  # CPython's own full collection is out of reach: the clock's count decides
    clock = collector.Clock()
    gc.collect()
    made = [[n] for n in range(100)]  # allocations the clock counts
    clock.allocated = collector.FULL_AFTER - 50
    assert clock.tick() == 2 and clock.allocated == 0
    middle = collector.MIDDLE_EVERY
    assert [clock.tick() for _ in range(2, 2 * middle + 1)] == [1 if t % middle == 0 else 0
                                                                for t in range(2, 2 * middle + 1)]
    assert len(made) == 100


def test_tune_starts_the_clock_on_a_thread_and_stop_ends_it(thresholds_restored: None) -> None:
    before = gc.get_stats()[0]["collections"]
    try:
        collector.tune()
        assert collector.running is not None and gc.get_threshold() == collector.CLOCKED_THRESHOLDS
        deadline = time.monotonic() + 10.0
        while gc.get_stats()[0]["collections"] < before + 3 and time.monotonic() < deadline:
            time.sleep(collector.YOUNG_SECONDS)
        assert gc.get_stats()[0]["collections"] >= before + 3
    finally:
        collector.stop()
        gc.unfreeze()
    assert collector.running is None
