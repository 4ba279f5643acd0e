"""Running one piece of work in several threads at once, as a server's threads meet a game's tables."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

THREADS = 8


def at_once(work: Callable[[], Any], threads: int = THREADS) -> list[Any]:
    """Run ``work()`` in ``threads`` threads released together, with the interpreter switching often."""
    barrier = threading.Barrier(threads)

    def run() -> object:
        barrier.wait()
        return work()

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        with ThreadPoolExecutor(threads) as pool:
            return list(pool.map(lambda _: run(), range(threads)))
    finally:
        sys.setswitchinterval(interval)
