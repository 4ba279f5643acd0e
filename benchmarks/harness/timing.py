"""Timing on a shared machine: CPU time of this process, alternating rounds, medians, and the load beside them.

Other programs on the machine slow wall-clock figures far more than CPU-time ones, and the machine's
speed drifts within a run; so every figure here is CPU time, contenders are measured in turn
(A B A B ...) and the median of the rounds is reported, with the load average printed beside it.

>>> units, calls, seconds = cpu_loop(lambda: 3, 0.01)
>>> units == 3 * calls and seconds >= 0.01
True
>>> rounds = alternate({"a": lambda s: 1.0, "b": lambda s: 2.0}, rounds=3, seconds=0.0)
>>> rounds, medians(rounds)
({'a': [1.0, 1.0, 1.0], 'b': [2.0, 2.0, 2.0]}, {'a': 1.0, 'b': 2.0})
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def pin_to_one_core() -> str:
    """Keep this process (and the children it starts) on one core, where the OS allows it."""
    if hasattr(os, "sched_setaffinity"):
        cpu = sorted(os.sched_getaffinity(0))[0]
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    return "not pinned"


def load() -> str:
    """The load average, to print beside figures taken on a shared machine."""
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


def cpu_loop(work: Callable[[], int], seconds: float) -> tuple[int, int, float]:
    """Call ``work`` (which returns the units it did) until ``seconds`` of this process's CPU time have passed.

    Returns (units, calls, CPU seconds); at least one call is made.
    """
    units = calls = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        units += work()
        calls += 1
        if time.process_time() >= deadline:
            return units, calls, time.process_time() - start


def per_call_microseconds(call: Callable[[], object], seconds: float = 0.5) -> float:
    """CPU microseconds per call of ``call``, called in batches of 100 so the clock costs little."""

    def hundred() -> int:
        for _ in range(100):
            call()
        return 100

    done, _, elapsed = cpu_loop(hundred, seconds)
    return elapsed / done * 1e6


def cpu_timed(action: Callable[[], object]) -> float:
    """CPU seconds of this process that ``action`` takes."""
    start = time.process_time()
    action()
    return time.process_time() - start


def alternate(contenders: dict[str, Callable[[float], T]], rounds: int, seconds: float) -> dict[str, list[T]]:
    """Measure every contender once per round, in turn (A B A B ...), so a drift in speed hits them alike."""
    samples: dict[str, list[T]] = {name: [] for name in contenders}
    for _ in range(rounds):
        for name, measure in contenders.items():
            samples[name].append(measure(seconds))
    return samples


def medians(samples: dict[str, list[float]]) -> dict[str, float]:
    """The median of each contender's rounds."""
    return {name: statistics.median(values) for name, values in samples.items()}
