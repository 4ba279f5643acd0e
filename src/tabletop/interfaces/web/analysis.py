"""The replay page's analysis: a finished game's decisions judged by ``expert`` (:mod:`tabletop.analysis.annotate`).

An analysis is computed once per game, only once the game is over (an analysis of a game in
progress would be advice to its players), with at most the server's bot iterations per decision
(:attr:`Limits.bot_iterations`, and no more than :data:`ITERATIONS`). It is a queued job:

- asking for it (``GET /api/games/{id}/analysis``) answers at once: the stored analysis (200),
  or where the job stands (202 with ``Retry-After``: ask again then), or a refusal;
- jobs run in :attr:`Limits.analysis_workers` worker processes (each job a process of its own,
  at a lower priority than the server, killed after :data:`SECONDS`), never in the server's
  process, so the games' event loop does not share its interpreter with a search;
- quotas: at most :attr:`Limits.analyses_queued` jobs waiting or running in all, at most
  :attr:`Limits.analyses_per_address` waiting per client, and :attr:`Limits.analyses_per_hour`
  started per client an hour (429 with ``Retry-After`` beyond each);
- the result is stored in the database (``analyses``) and served to everyone afterwards, from
  any server process sharing the database; nothing is computed twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
from collections import OrderedDict, deque
from multiprocessing.connection import Connection
from typing import Any

from tabletop.analysis.annotate import annotate
from tabletop.core.i18n import _
from tabletop.core.record import Record
from tabletop.interfaces.web.errors import Refused
from tabletop.interfaces.web.limits import AddressLimiter, Limits, client_key
from tabletop.interfaces.web.store import Store
from tabletop.interfaces.web.writer import Writer

log = logging.getLogger("tabletop.web")

#: search iterations per decision at most (the server's bot budget may lower it)
ITERATIONS = 1000
#: playouts behind each estimate at least
ROLLOUTS = 100
#: seconds one analysis may take before its process is killed
SECONDS = 600.0
#: failed analyses remembered (so a game that cannot be analysed is not tried again and again)
FAILURES_KEPT = 1000
#: a guess of the seconds one analysis takes, for ``Retry-After``
TYPICAL_SECONDS = 20.0


def analyse(record_json: str, iterations: int) -> dict[str, Any]:
    """The analysis of a finished game's record, as JSON data (runs in a worker)."""
    record = Record.from_json(record_json)
    result: dict[str, Any] = annotate(record, None, iterations, ROLLOUTS, record.seed or 0).to_dict()
    return result


def _child(conn: Connection, record_json: str, iterations: int) -> None:
    with contextlib.suppress(OSError):
        os.nice(10)  # the games come first
    try:
        conn.send(analyse(record_json, iterations))
    except Exception as exc:
        conn.send(f"{type(exc).__name__}: {exc}")


def analyse_in_process(record_json: str, iterations: int, seconds: float = SECONDS) -> dict[str, Any]:
    """:func:`analyse` in a process of its own, killed if it takes longer than ``seconds`` (call from a thread)."""
    context = multiprocessing.get_context("spawn")
    parent, child = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(child, record_json, iterations), daemon=True,
                              name="tabletop-analysis")
    process.start()
    child.close()
    try:
        if not parent.poll(seconds):
            raise RuntimeError(f"the analysis took longer than {seconds:.0f} s")
        answer = parent.recv()
    except EOFError:
        raise RuntimeError("the analysis worker stopped") from None
    finally:
        parent.close()
        if process.is_alive():
            process.kill()
        process.join()
    if isinstance(answer, str):
        raise RuntimeError(answer)
    result: dict[str, Any] = answer
    return result


class Analyses:
    """Finished games' analyses: stored ones served, new ones queued (see the module's docstring)."""

    def __init__(self, store: Store, writer: Writer, limits: Limits) -> None:
        self.store = store
        self.writer = writer
        self.limits = limits
        self.iterations = max(1, min(ITERATIONS, limits.bot_iterations))
        self._waiting: deque[str] = deque()
        self._jobs: dict[str, tuple[str, str]] = {}  # game id -> (its record as JSON, who asked)
        self._running: set[str] = set()
        self._failed: OrderedDict[str, str] = OrderedDict()
        self._hourly = AddressLimiter(limits.analyses_per_hour / 3600.0, max(1.0, limits.analyses_per_hour),
                                      limits.addresses)
        self._ready = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self.computed = 0

    def start(self) -> None:
        self._tasks = [asyncio.create_task(self._work()) for _ in range(max(1, self.limits.analysis_workers))]

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    @property
    def queued(self) -> int:
        return len(self._jobs)

    def _status(self, game_id: str) -> tuple[int, dict[str, Any], float]:
        if game_id in self._running:
            return 202, {"status": "running", "position": 0}, 5.0
        position = self._waiting.index(game_id) + 1
        workers = max(1, self.limits.analysis_workers)
        return 202, {"status": "queued", "position": position}, max(5.0, TYPICAL_SECONDS * position / workers)

    async def of(self, game_id: str, record: Record, client: str) -> tuple[int, dict[str, Any], float]:
        """(status, body, seconds to ask again): the analysis of a finished game (200), or where its job
        stands (202). Refused with 409 while the game is played, 429 over a quota."""
        if record.winners is None:
            raise Refused(_("a game is analysed once it is over"), 409)
        if game_id in self._jobs:
            return self._status(game_id)
        found = await asyncio.to_thread(self.store.analysis, game_id)
        if found is not None:
            return 200, found, 0.0
        if game_id in self._failed:
            raise Refused(f"this game cannot be analysed: {self._failed[game_id]}", 422)
        if game_id in self._jobs:  # asked for by someone else meanwhile
            return self._status(game_id)
        who = client_key(client)
        mine = sum(1 for _, asker in self._jobs.values() if asker == who)
        if mine >= self.limits.analyses_per_address:
            raise Refused(f"you already have {mine} analysis waiting; ask again once it is done", 429,
                          retry_after=TYPICAL_SECONDS)
        if len(self._jobs) >= self.limits.analyses_queued:
            wait = TYPICAL_SECONDS * len(self._jobs) / max(1, self.limits.analysis_workers)
            raise Refused(f"the server is analysing as many games as it may ({self.limits.analyses_queued}); "
                          f"try again in {wait:.0f} s", 429, retry_after=wait)
        wait = self._hourly.take(who)
        if wait:
            raise Refused(f"at most {self.limits.analyses_per_hour:g} analyses an hour from one address; "
                          f"try again in {wait:.0f} s", 429, retry_after=wait)
        self._jobs[game_id] = (record.to_json(), who)
        self._waiting.append(game_id)
        self._ready.set()
        return self._status(game_id)

    async def _work(self) -> None:
        while True:
            while not self._waiting:
                self._ready.clear()
                await self._ready.wait()
            game_id = self._waiting.popleft()
            self._running.add(game_id)
            record_json = self._jobs[game_id][0]
            try:
                if self.limits.analysis_workers == 0:  # tests: a thread of the server's process
                    result = await asyncio.to_thread(analyse, record_json, self.iterations)
                else:
                    result = await asyncio.to_thread(analyse_in_process, record_json, self.iterations)
                await self.writer.call(self.store.put_analysis, game_id, result)
                self.computed += 1
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.error("the analysis of game %s failed: %s", game_id, exc)
                self._failed[game_id] = str(exc)[:300]
                while len(self._failed) > FAILURES_KEPT:
                    self._failed.popitem(last=False)
            finally:
                self._running.discard(game_id)
                self._jobs.pop(game_id, None)
