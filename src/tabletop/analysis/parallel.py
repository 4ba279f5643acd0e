"""Running many independent games, in this process or in worker processes (used by tournaments).

The function that plays a job goes to each worker once, when the worker starts,
not with every batch; a batch then carries only its jobs. Comparisons and
simulations use :mod:`tabletop.analysis.backends`, which also streams results.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

J = TypeVar("J")
R = TypeVar("R")

_PLAY: Callable[[Any], Any] | None = None


def _install(play: Callable[[Any], Any]) -> None:
    global _PLAY
    _PLAY = play


def _run_batch(jobs: Sequence[Any]) -> list[Any]:
    assert _PLAY is not None, "the worker was started without a job function"
    return [_PLAY(job) for job in jobs]


def map_games(
    play: Callable[[J], R],
    jobs: Sequence[J],
    workers: int = 1,
    batch: int = 20,
    progress: Callable[[int], None] | None = None,
) -> list[R]:
    """``[play(job) for job in jobs]``, in order; with ``workers > 1`` in batches of at most
    ``batch`` jobs spread over worker processes (``play`` and the jobs must then pickle)."""
    results: list[R] = []
    if workers <= 1:
        for job in jobs:
            results.append(play(job))
            if progress is not None:
                progress(1)
        return results
    size = max(1, min(batch, len(jobs) // (workers * 4) or 1))
    batches = [jobs[i : i + size] for i in range(0, len(jobs), size)]
    with ProcessPoolExecutor(max_workers=workers, initializer=_install, initargs=(play,)) as pool:
        for done in pool.map(_run_batch, batches):
            results.extend(done)
            if progress is not None:
                progress(len(done))
    return results
