"""The collector's thresholds while serving (``collector.py``): what a young collection walks when new objects
replace old ones, as a server's do. ``test_memory.py`` checks that ``tabletop serve`` runs with them."""

from __future__ import annotations

import gc
import random
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
