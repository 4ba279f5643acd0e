"""Bots within the server's budgets, thinking in a bounded pool of worker processes.

A seat's bot is an agent spec (``random``, ``heuristic``, ``mcts:iterations=800`` ...). The
server sets the budget of one decision (:attr:`Limits.bot_seconds`, :attr:`Limits.bot_iterations`):
a spec asking for more is refused when the game is created (:func:`check_budget`), and a spec
stored before the limits were lowered is clamped when it plays (:func:`within_budget`).

Thinking happens away from the event loop: :class:`BotPool` holds ``Limits.bot_workers``
processes fed from one first-come-first-served queue. A game waits for its bot's answer before it
asks again, so each game has at most one decision in the queue and games take turns (fair
scheduling). A decision that outlives its budget is cut by a timer in the worker, which then
plays a random legal action; a worker that does not answer at all is killed and replaced.
A random bot costs nothing to run and is not sent to the pool.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import multiprocessing
import random
import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from types import FrameType
from typing import Any

from tabletop.agents.registry import from_spec
from tabletop.core.agent import Agent, Budgeted
from tabletop.core.errors import TabletopError
from tabletop.core.game import Game
from tabletop.core.registry import make
from tabletop.interfaces.web.limits import Limits

log = logging.getLogger("tabletop.web")

#: a worker that has not answered this long after its budget is killed and replaced
GRACE_SECONDS = 3.0
#: the time a new worker may take to start (import tabletop and the games) before its first answer
STARTUP_SECONDS = 15.0


class OverBudget(TabletopError):
    """A bot spec asking for more than the server allows."""


def budget_of(agent: Agent) -> tuple[int | None, float | None]:
    """An agent's search budget per decision: (iterations, seconds), ``None`` where it has none."""
    if not isinstance(agent, Budgeted):
        return None, None
    iterations, seconds = agent.iterations, agent.seconds
    if seconds is not None:  # a time budget replaces the count
        iterations = None
    return (int(iterations) if iterations is not None else None, float(seconds) if seconds is not None else None)


def check_budget(spec: str, limits: Limits) -> None:
    """Refuse (with :class:`OverBudget`) a spec whose decision may cost more than the server allows."""
    agent = from_spec(spec)
    iterations, seconds = budget_of(agent)
    if iterations is not None and iterations > limits.bot_iterations:
        raise OverBudget(f"bot {spec!r} asks for {iterations} iterations a decision; this server allows at "
                         f"most {limits.bot_iterations}")
    if seconds is not None and not 0 < seconds <= limits.bot_seconds:
        raise OverBudget(f"bot {spec!r} asks for {seconds:g} seconds a decision; this server allows from "
                         f"more than 0 to {limits.bot_seconds:g}")


def within_budget(agent: Agent, limits: Limits) -> Agent:
    """The agent with its budget clamped to the server's (for specs stored under older limits)."""
    iterations, seconds = budget_of(agent)
    if isinstance(agent, Budgeted) and iterations is not None and iterations > limits.bot_iterations:
        agent.iterations = limits.bot_iterations
    if isinstance(agent, Budgeted) and seconds is not None and seconds > limits.bot_seconds:
        agent.seconds = limits.bot_seconds
    return agent


@dataclass(frozen=True)
class Job:
    """One decision: the game, the position (its text), whose it is, the bot and its random seed."""

    game: str
    options: dict[str, Any]
    position: str
    seat: int
    spec: str
    seed: int
    seconds: float
    iterations: int


@dataclass(frozen=True)
class Answer:
    action: str
    over_budget: bool = False
    last: bool = False  # the worker stops after this answer (see _Broken)


class _Timeout(Exception):
    pass


_GAMES: dict[str, Game] = {}


def _game(job: Job) -> Game:
    key = json.dumps([job.game, job.options], sort_keys=True, default=str)
    game = _GAMES.get(key)
    if game is None:
        if len(_GAMES) >= 64:
            _GAMES.pop(next(iter(_GAMES)))
        game = _GAMES[key] = make(job.game, **job.options)
    return game


class _Broken(Exception):
    """The budget's timer went off inside an import: the worker's modules may be half made, so it answers and
    stops (a new one replaces it), rather than answering later jobs with "module 'numpy' has no attribute ..."."""

    def __init__(self, answer: Answer) -> None:
        super().__init__("the budget ran out inside an import")
        self.answer = answer


def _in_import(error: BaseException) -> bool:
    """Whether ``error`` was raised while a module was being imported (a frame of importlib's own on its way)."""
    trace = error.__traceback__
    while trace is not None:
        if trace.tb_frame.f_code.co_filename.startswith("<frozen importlib"):
            return True
        trace = trace.tb_next
    return False


def _prepare() -> None:
    """What agents import on their first decision, imported before any budget's timer runs."""
    with contextlib.suppress(ImportError):
        import numpy  # noqa: F401  (the learned and policy agents' arrays)


def think(job: Job) -> Answer:
    """Decide one move within the job's budget (a random legal one if the bot runs out of time)."""
    state = _game(job).state_from_text(job.position)
    rng = random.Random(job.seed)
    agent = within_budget(from_spec(job.spec), Limits(bot_seconds=job.seconds, bot_iterations=job.iterations))
    agent.reset(job.seat)
    timed = threading.current_thread() is threading.main_thread()
    if timed:
        signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, job.seconds)
    try:
        return Answer(str(agent.step(state, rng)))
    except _Timeout as timeout:
        answer = Answer(str(rng.choice(state.legal_actions())), over_budget=True)
        if _in_import(timeout):
            raise _Broken(answer) from timeout
        return answer
    finally:
        if timed:
            signal.setitimer(signal.ITIMER_REAL, 0)


def _alarm(_signum: int, _frame: FrameType | None) -> None:
    raise _Timeout


def _worker(conn: Connection) -> None:
    """A worker process: answer jobs until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops its workers
    _prepare()
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        broken = False
        try:
            answer: Answer | str = think(job)
        except _Broken as stop:
            answer, broken = dataclasses.replace(stop.answer, last=True), True
        except Exception as exc:  # a bug must not kill the worker; the server plays for the bot
            answer = f"{type(exc).__name__}: {exc}"
        try:
            conn.send(answer)
        except OSError:  # the server is gone
            return
        if broken:
            log.warning("a bot worker's budget ran out inside an import; the worker stops and is replaced")
            return


class _Slot:
    """One worker process and the pipe to it; used by one thread at a time."""

    def __init__(self) -> None:
        self.process: BaseProcess | None = None
        self.conn: Connection | None = None
        self.answered = 0  # by the current process

    def _start(self) -> Connection:
        context = multiprocessing.get_context("spawn")
        parent, child = context.Pipe()
        self.process = context.Process(target=_worker, args=(child,), daemon=True, name="tabletop-bot")
        self.process.start()
        child.close()
        self.conn = parent
        self.answered = 0
        return parent

    def call(self, job: Job) -> Answer | None:
        conn = self.conn if self.process is not None and self.process.is_alive() else None
        try:
            conn = conn or self._start()
            conn.send(job)
            # the first decision of a new worker also pays for its start (importing the games)
            if conn.poll(job.seconds + GRACE_SECONDS + (STARTUP_SECONDS if self.answered == 0 else 0.0)):
                answer = conn.recv()
                if isinstance(answer, Answer):
                    self.answered += 1
                    if answer.last:
                        self.stop()
                    return answer
                log.error("a bot worker failed on %s seat %s: %s", job.game, job.seat, answer)
                return None
        except (EOFError, OSError) as exc:
            log.error("a bot worker stopped: %s", exc)
        log.error("a bot worker did not answer within its budget; replacing it")
        self.stop()
        return None

    def stop(self) -> None:
        """Stop the worker (safe to call twice, from two threads: each takes what it stops)."""
        conn, self.conn = self.conn, None
        process, self.process = self.process, None
        if conn is not None:
            with contextlib.suppress(OSError, ValueError):
                conn.send(None)
            conn.close()
        if process is not None:
            process.join(timeout=1)
            if process.is_alive():
                process.kill()
                process.join(timeout=1)


class BotPool:
    """``limits.bot_workers`` worker processes behind one fair queue (0: threads of this process)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.size = limits.bot_workers
        self._queue: asyncio.Queue[tuple[Job, asyncio.Future[Answer | None]]] | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._slots: list[_Slot] = []
        self._threads: ThreadPoolExecutor | None = None
        self.decisions = 0
        self.over_budget = 0
        self._warned = -60.0

    def job(self, game: Game, position: str, seat: int, spec: str, rng: random.Random) -> Job:
        return Job(game=game.name, options=game.options, position=position, seat=seat, spec=spec,
                   seed=rng.getrandbits(63), seconds=self.limits.bot_seconds, iterations=self.limits.bot_iterations)

    async def decide(self, job: Job) -> Answer | None:
        """The bot's move (``None`` if its worker failed: the caller plays for it)."""
        loop = asyncio.get_running_loop()
        if self.size <= 0:
            answer: Answer | None = await asyncio.to_thread(think, job)
        else:
            if self._queue is None:
                self._start()
            assert self._queue is not None
            future: asyncio.Future[Answer | None] = loop.create_future()
            await self._queue.put((job, future))
            answer = await future
        self.decisions += 1
        if answer is not None and answer.over_budget:
            self.over_budget += 1
            now = time.monotonic()
            if now - self._warned >= 60.0:  # one line a minute at most, however many bots run out
                log.warning("%d bot decisions ran out of their %g s so far and were played at random (the last: "
                            "%r on %s)", self.over_budget, job.seconds, job.spec, job.game)
                self._warned = now
        return answer

    def _start(self) -> None:
        self._queue = asyncio.Queue()
        self._threads = ThreadPoolExecutor(max_workers=self.size, thread_name_prefix="tabletop-bot")
        self._slots = [_Slot() for _ in range(self.size)]
        self._tasks = [asyncio.create_task(self._serve(slot)) for slot in self._slots]

    async def _serve(self, slot: _Slot) -> None:
        assert self._queue is not None
        loop = asyncio.get_running_loop()
        while True:
            job, future = await self._queue.get()
            if future.cancelled():
                continue
            try:
                answer = await loop.run_in_executor(self._threads, slot.call, job)
            except Exception:
                log.exception("a bot worker failed")
                answer = None
            if not future.cancelled():
                future.set_result(answer)

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks = []
        if self._threads is not None:
            await asyncio.to_thread(self._stop_slots)
            self._threads.shutdown(wait=False, cancel_futures=True)
            self._threads = None
        self._queue = None

    def _stop_slots(self) -> None:
        for slot in self._slots:
            slot.stop()
