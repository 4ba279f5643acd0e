"""Where chunks are played: this process, local worker processes, or a Ray cluster.

Every backend yields the chunks in game order, whatever order they finish in, so
the summary (and the ``--precision`` stopping point) never depends on the backend
or on the number of workers. The run's spec goes to each worker once (a pool
initializer, a Ray object); a task is then just ``(start, stop)`` and its answer
a chunk of plain columns.

When the run stops early (Ctrl-C, SIGTERM, a precision reached, an error), closing the
backend's iterator ends its work at once: local workers are terminated (not waited
for), Ray tasks cancelled.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
from collections import deque
from collections.abc import Iterable, Iterator
from multiprocessing.pool import AsyncResult
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


_SPEC: RunSpec | None = None


def _install(spec: RunSpec) -> None:
    global _SPEC
    quiet_worker()
    _SPEC = spec


def _play_installed(start: int, stop: int) -> Chunk:
    assert _SPEC is not None, "the worker was started without a run"
    return play_chunk(_SPEC, start, stop)


class LocalProcesses:
    """Worker processes on this machine, each given the run once; a few chunks in flight per worker."""

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)

    def chunks(self, spec: RunSpec, ranges: Iterable[tuple[int, int]]) -> Iterator[Chunk]:
        pool = multiprocessing.Pool(self.workers, initializer=_install, initargs=(spec,))
        finished = False
        try:
            pending: deque[AsyncResult[Chunk]] = deque()
            for start, stop in ranges:
                pending.append(pool.apply_async(_play_installed, (start, stop)))
                if len(pending) >= 2 * self.workers:
                    yield pending.popleft().get()
            while pending:
                yield pending.popleft().get()
            finished = True
        finally:
            if finished:
                pool.close()
            else:  # stopped early: the games in progress are dropped, the workers ended now
                pool.terminate()
            pool.join()


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
