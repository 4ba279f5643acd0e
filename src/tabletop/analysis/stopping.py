"""Stopping a run cleanly on Ctrl-C (SIGINT) or SIGTERM, whatever it is doing.

While a run waits for games (its backend playing them, here or in workers), a signal
interrupts the wait at once: the backend ends its workers and the games in progress are
dropped. While it records games it has (the summary, the rows on disk), a signal is only
noted, and the run stops right after, so what it wrote always matches what it counted.
Either way the run then writes its results so far, readable and resumable.

Handlers can only be installed from the main thread; elsewhere (a worker thread of a
notebook server) a run relies on ``KeyboardInterrupt`` alone.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any


class Interrupted(KeyboardInterrupt):
    """A run was asked to stop by a signal (``signum``: which one)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


class Stopper:
    """Turns SIGINT and SIGTERM into a clean stop (see the module's docstring); a context manager."""

    SIGNALS = (signal.SIGINT, signal.SIGTERM)

    def __init__(self) -> None:
        self.signum: int | None = None
        self._waiting = False
        self._previous: dict[int, Any] = {}

    def __enter__(self) -> Stopper:
        if threading.current_thread() is threading.main_thread():
            for signum in self.SIGNALS:
                self._previous[signum] = signal.signal(signum, self._handle)
        return self

    def __exit__(self, *exc: object) -> None:
        for signum, handler in self._previous.items():
            signal.signal(signum, handler)
        self._previous.clear()

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        self.signum = signum
        if self._waiting:
            self._waiting = False
            raise Interrupted(signum)

    @property
    def requested(self) -> bool:
        """A signal came while the run was recording games: stop now."""
        return self.signum is not None

    @contextmanager
    def waiting(self) -> Iterator[None]:
        """Where a signal interrupts at once (waiting for the next games)."""
        if self.signum is not None:
            raise Interrupted(self.signum)
        self._waiting = True
        try:
            yield
        finally:
            self._waiting = False


def quiet_worker() -> None:
    """In a worker process: leave Ctrl-C to the run (which ends the worker), die on SIGTERM, and on Linux
    die with the run if it is killed outright (so no worker is ever left behind)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGTERM)
    except (OSError, AttributeError):  # not Linux: the run still ends its workers on every clean stop
        pass
