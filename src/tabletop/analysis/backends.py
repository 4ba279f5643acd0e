"""Where chunks are played: this process, local worker processes, or a Ray cluster.

Every backend yields the chunks in game order, whatever order they finish in, so
the summary (and the ``--precision`` stopping point) never depends on the backend
or on the number of workers. The run's spec goes to each worker once (a pool
initializer, a Ray object); a task is then just ``(start, stop)`` and its answer
a chunk of plain columns.

When the run stops early (Ctrl-C, SIGTERM, a precision reached, an error), closing the
backend's iterator ends its work at once: local workers are killed (not waited
for), Ray tasks cancelled.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
from collections import deque
from collections.abc import Iterable, Iterator
from contextlib import suppress
from multiprocessing.connection import Connection, wait
from typing import Any, Protocol

from tabletop.analysis.runner import Chunk, RunSpec, play_chunk
from tabletop.analysis.stopping import quiet_worker
from tabletop.core.errors import TabletopError


class BackendError(TabletopError):
    """A backend cannot be used here (not installed, no cluster at that address ...)."""


class Backend(Protocol):
    def chunks(self, spec: RunSpec, ranges: Iterable[tuple[int, int]]) -> Iterator[Chunk]:
        """Play each ``(start, stop)`` range and yield its chunk, in the order of ``ranges``."""
        ...


class InProcess:
    """Play every chunk in this process (one worker)."""

    def chunks(self, spec: RunSpec, ranges: Iterable[tuple[int, int]]) -> Iterator[Chunk]:
        for start, stop in ranges:
            yield play_chunk(spec, start, stop)


def _serve(spec: RunSpec, connection: Connection) -> None:
    """A worker process: play each ``(start, stop)`` it is sent, answer with its chunk (or the error)."""
    quiet_worker()
    while (task := connection.recv()) is not None:
        start, stop = task
        try:
            answer: tuple[str, Any] = ("chunk", play_chunk(spec, start, stop))
        except Exception as exc:  # the run re-raises it, with the worker's message
            answer = ("error", exc)
        connection.send(answer)


class _Worker:
    """One worker process and the pipe only it and the run use (no lock shared with another worker)."""

    def __init__(self, spec: RunSpec) -> None:
        self.connection, theirs = multiprocessing.Pipe()
        self.process = multiprocessing.Process(target=_serve, args=(spec, theirs), daemon=True)
        self.process.start()
        theirs.close()
        self.given: deque[tuple[int, int]] = deque()  # the ranges it was sent, in the order it plays them

    def give(self, games: tuple[int, int]) -> None:
        try:
            self.connection.send(games)
        except OSError:
            raise self._ended() from None
        self.given.append(games)

    def answer(self) -> Chunk:
        try:
            kind, value = self.connection.recv()
        except (EOFError, OSError):
            raise self._ended() from None
        if kind == "error":
            raise value
        chunk: Chunk = value
        return chunk

    def _ended(self) -> BackendError:
        self.process.join(timeout=1)
        return BackendError(f"a worker process ended unexpectedly (exit code {self.process.exitcode})")

    def stop(self, finished: bool) -> None:
        if finished:
            with suppress(OSError):
                self.connection.send(None)
            self.process.join(timeout=5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.connection.close()


class LocalProcesses:
    """Worker processes on this machine, each given the run once; a few chunks in flight per worker.

    Each worker has a pipe of its own, so stopping a run at any moment (even while a worker is
    sending its chunk) can end the workers at once without leaving a lock held: a shared queue
    (``multiprocessing.Pool``) can hang ``terminate()`` when a worker dies holding its lock.
    """

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)

    def chunks(self, spec: RunSpec, ranges: Iterable[tuple[int, int]]) -> Iterator[Chunk]:
        todo = iter(ranges)
        order: deque[tuple[int, int]] = deque()  # ranges handed out and not yet yielded, in game order
        played: dict[tuple[int, int], Chunk] = {}
        workers: list[_Worker] = []
        finished = False
        try:
            for _ in range(self.workers):
                workers.append(_Worker(spec))
            limit = 2 * self.workers

            def hand_out(worker: _Worker) -> bool:
                """Send the worker the next range, if it has fewer than two and the run not too many ahead."""
                if len(worker.given) >= 2 or len(order) >= limit or (given := next(todo, None)) is None:
                    return False
                worker.give(given)
                order.append(given)
                return True

            by_connection: dict[object, _Worker] = {worker.connection: worker for worker in workers}
            while True:
                while any([hand_out(worker) for worker in workers]):
                    pass
                if not order:
                    break
                while order[0] not in played:
                    for ready in wait([worker.connection for worker in workers if worker.given]):
                        worker = by_connection[ready]
                        played[worker.given.popleft()] = worker.answer()
                yield played.pop(order.popleft())
            finished = True
        finally:  # stopped early: the games in progress are dropped, the workers ended now
            for worker in workers:
                worker.stop(finished)


#: where a local Ray instance (``--backend ray`` without ``--address``) listens
LOCAL_RAY_ADDRESS = "127.0.0.2"


class RayCluster:
    """Chunks as Ray tasks, on a local Ray instance or an existing cluster (``address="auto"``)."""

    def __init__(self, address: str | None = None, in_flight: int | None = None) -> None:
        try:
            import ray
        except ImportError:
            raise BackendError("the ray backend needs Ray: pip install 'tabletop[ray]'") from None
        self._ray: Any = ray
        if not ray.is_initialized():
            # A new local instance listens on loopback only. Ray rewrites 127.0.0.1 to the
            # machine's network address, so it is given another address of the loopback range.
            node = LOCAL_RAY_ADDRESS if address is None else None
            try:
                ray.init(
                    address=address,
                    include_dashboard=False,
                    logging_level=logging.ERROR,
                    log_to_driver=False,
                    _node_ip_address=node,
                )
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise BackendError(f"cannot connect to Ray at {address or 'a new local instance'}: {exc}") from None
        resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
        cpus = int(resources.get("CPU", os.cpu_count() or 1))
        self.in_flight = in_flight or max(2, 2 * cpus)
        self._remote = ray.remote(_play_ray)

    def chunks(self, spec: RunSpec, ranges: Iterable[tuple[int, int]]) -> Iterator[Chunk]:
        ray = self._ray
        spec_ref = ray.put(spec)
        pending: deque[Any] = deque()
        try:
            for start, stop in ranges:
                pending.append(self._remote.remote(spec_ref, start, stop))
                if len(pending) >= self.in_flight:
                    yield ray.get(pending.popleft())
            while pending:
                yield ray.get(pending.popleft())
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)


def _play_ray(spec: RunSpec, start: int, stop: int) -> Chunk:
    return play_chunk(spec, start, stop)


def make_backend(name: str, workers: int = 1, address: str | None = None) -> Backend:
    """``"local"`` (this process for one worker, worker processes for more) or ``"ray"``."""
    if name == "local":
        if address is not None:
            raise BackendError("--address is for the ray backend")
        return InProcess() if workers <= 1 else LocalProcesses(workers)
    if name == "ray":
        return RayCluster(address)
    raise BackendError(f"unknown backend {name!r}; choose local or ray")
