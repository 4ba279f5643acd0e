"""What the web benchmarks share: ``tabletop serve`` as a separate process, and a load client.

:class:`Serve` starts ``tabletop serve`` exactly as a user runs it (its flags, its defaults)
on a free loopback port with a fresh SQLite database (or the database given), waits until it
answers, and reads its memory and CPU time from ``/proc``. :class:`LoadClient` plays games
against any server address (one process, or a load balancer in front of several) over real
sockets, as browsers would: it creates games from many loopback addresses (each client is its
own address, as on the internet), opens one WebSocket per person, and plays like a person:
it thinks, acts, rolls its own dice and presses in live races. It times each request from the
moment it is sent to its acknowledgement (``ack``) and to the view that shows it.

Importable (``sys.path`` holding ``benchmarks/``) by the other benchmark scripts::

    from harness.web import LoadClient, Serve
    with Serve(["--max-games", "3000"]) as server:
        client = LoadClient(server.url, addresses=64)
        asyncio.run(client.run(games=100, seconds=60))
        print(client.totals.summary())
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any

import httpx
import websockets

from harness import memprobe
from harness.server import cpu_seconds as cpu_seconds
from harness.server import free_port
from harness.server import rss_mb as rss_mb

#: the real games, played in turn by the load client's games
GAMES = ("jumanji", "doodle-jump", "donkey-kong")
#: seconds the load client keeps an idle HTTP connection for another request (below the server's idle timeout)
KEEPALIVE_SECONDS = 2.0


def open_files(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def loopback(count: int, first: int = 2) -> list[str]:
    """``count`` distinct loopback addresses (127.0.x.y; Linux routes all of 127/8 to this machine)."""
    return [f"127.0.{(first + i) // 250}.{(first + i) % 250 + 1}" for i in range(count)]


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


class Serve:
    """``tabletop serve`` in a child process on a free loopback port (a context manager)."""

    def __init__(self, flags: Sequence[str] = (), database: str | None = None, src: str | None = None,
                 port: int | None = None, log: Path | None = None) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.folder = tempfile.mkdtemp(prefix="tabletop-serve-")
        self.database = database or f"sqlite:///{os.path.join(self.folder, 'games.db')}"
        self.log = log or Path(self.folder) / "server.log"
        self.flags = list(flags)
        self.env = dict(os.environ, PYTHONPATH=src) if src else dict(os.environ)
        self.process: subprocess.Popen[bytes] | None = None

    def command(self) -> list[str]:
        return [sys.executable, "-c", "from tabletop.interfaces.cli.app import main; main()", "serve",
                "--host", "127.0.0.1", "--port", str(self.port), "--database", self.database, *self.flags]

    def start(self, timeout: float = 120.0) -> float:
        """Start the server; the seconds it took to answer."""
        started = time.monotonic()
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(self.command(), env=self.env, stdout=out, stderr=subprocess.STDOUT)
        while time.monotonic() - started < timeout:
            if self.process.poll() is not None:
                raise RuntimeError(f"tabletop serve exited ({self.process.returncode}): {self.log.read_text()[-2000:]}")
            try:
                httpx.get(f"{self.url}/api/server", timeout=2.0).raise_for_status()
                return time.monotonic() - started
            except httpx.HTTPError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"tabletop serve did not answer within {timeout:.0f} s")

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def rss(self) -> float:
        return rss_mb(self.pid)

    def cpu(self) -> float:
        return cpu_seconds(self.pid)

    def stats(self) -> dict[str, Any]:
        answer: dict[str, Any] = httpx.get(f"{self.url}/api/server", timeout=30.0).json()
        return answer

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def __enter__(self) -> Serve:
        self.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.stop()


class ProbedServe(Serve):
    """``tabletop serve`` with :mod:`harness.memprobe` inside, writing its memory's parts to ``memory.jsonl``."""

    def __init__(self, flags: Sequence[str], every: float, trace_after: float = -1.0, src: str | None = None,
                 env: dict[str, str] | None = None, kinds: bool = False, kinds_from: float = 0.0) -> None:
        super().__init__(flags, src=src)
        self.kinds = kinds
        self.kinds_from = kinds_from
        self.env.update(env or {})
        self.probe = Path(self.folder) / "memory.jsonl"
        self.trace = Path(self.folder) / "tracemalloc.txt"
        self.every = every
        self.trace_after = trace_after

    def command(self) -> list[str]:
        command = super().command()
        return memprobe.command(command[0], self.probe, self.every, self.trace_after, self.kinds, self.kinds_from,
                                command[3:])

    def files_mb(self) -> tuple[float, float]:
        """The database's size and its write-ahead log's, in MB."""
        db = Path(self.folder) / "games.db"
        sizes = [p.stat().st_size / 2**20 if p.exists() else 0.0 for p in (db, db.with_name("games.db-wal"))]
        return sizes[0], sizes[1]


@dataclass
class Totals:
    """What the load client saw."""

    #: seconds from a request sent to its ack, and to the first view that shows the action
    ack: list[float] = field(default_factory=list)
    shown: list[float] = field(default_factory=list)
    #: requests the game refused (an ``error`` answer: a race lost to the timer, a stale view)
    refused: int = 0
    refusals: list[str] = field(default_factory=list)
    #: failures of the transport or the server: HTTP errors, sockets closed under a client, no answer
    errors: list[str] = field(default_factory=list)
    created: int = 0
    actions: int = 0
    #: creations the server closed unanswered because their request took longer than its header timeout to
    #: arrive (``tabletop serve --header-timeout``: a bound working as designed; here, a starved client)
    timed_out: int = 0
    #: how late (seconds) this client's own event loop ran a timer due every 10 ms: its own stalls (its garbage
    #: collector, a starved process) are in the times above too, so they are printed beside them
    lag: list[float] = field(default_factory=list)
    #: games the person left unfinished (``leave_after``: the server puts them away once idle)
    left: int = 0
    #: the games seen to end
    over: set[str] = field(default_factory=set)

    @property
    def finished(self) -> int:
        return len(self.over)

    def summary(self) -> str:
        lines = [f"games created: {self.created}, finished: {self.finished}; requests acknowledged: {len(self.ack)}"]
        if self.ack:
            lines.append(f"request to ack: p50 {statistics.median(self.ack) * 1000:.1f} ms, "
                         f"p99 {percentile(self.ack, 0.99) * 1000:.1f} ms, max {max(self.ack) * 1000:.1f} ms")
        if self.shown:
            lines.append(f"action to the view showing it: p50 {statistics.median(self.shown) * 1000:.1f} ms, "
                         f"p99 {percentile(self.shown, 0.99) * 1000:.1f} ms")
        if self.lag:
            p50, p99 = statistics.median(self.lag) * 1000, percentile(self.lag, 0.99) * 1000
            lines.append(f"the load client's own event loop, late to run a 10 ms timer (counted in the times above): "
                         f"p50 {p50:.1f} ms, p99 {p99:.1f} ms, longest {max(self.lag) * 1000:.0f} ms")
        lines.append(f"errors: {len(self.errors)}; refused by the game: {self.refused}; creations closed by the "
                     f"server's header timeout (this client took longer to send them): {self.timed_out}"
                     + (f"; games left unfinished: {self.left}" if self.left else ""))
        lines.extend(f"  error: {e}" for e in self.errors[:5])
        lines.extend(f"  refused: {r}" for r in self.refusals[:3])
        return "\n".join(lines)


class LoadClient:
    """Plays games against ``url`` from ``addresses`` loopback addresses, as people in browsers would.

    Each game has one person (played here over a WebSocket) and ``bots`` of the server's bots
    (``random``: the server's pacing, not its search, is what a load test exercises). A person
    thinks ``think`` seconds on average (uniform from half to one and a half times it), rolls
    their own dice when the server waits for them, and presses in live races at a person's
    pace. When a game ends, another is created in its place until ``seconds`` have passed.
    With ``leave_after`` (seconds), a person leaves a game still going after about that long (from half
    to one and a half times it), as people do, and starts another: the server puts the game away once idle.
    """

    def __init__(self, url: str, addresses: int = 64, think: float = 1.0, bots: int = 1, bot: str = "random",
                 games: Sequence[str] = GAMES, seed: int = 1, replace: bool = True,
                 header_timeout: float = 10.0, leave_after: float | None = None) -> None:
        self.url = url.rstrip("/")
        self.addresses = loopback(addresses)
        self.think = think
        self.bots = bots
        self.bot = bot
        self.games = tuple(games)
        self.rng = random.Random(seed)
        self.replace = replace
        #: the server's ``--header-timeout``: a creation that fails after longer was closed by it, not broken
        self.header_timeout = header_timeout
        self.leave_after = leave_after
        self.totals = Totals()
        self.records: dict[str, list[str]] = {}  # game id -> actions acknowledged to this client, by number
        self._http: dict[str, httpx.AsyncClient] = {}

    def http(self, address: str) -> httpx.AsyncClient:
        client = self._http.get(address)
        if client is None:
            # a kept-alive connection is dropped well before the server's idle timeout (5 s by default): at the
            # same 5 s as httpx's default, a request sent as the server closes the connection is reset unanswered
            transport = httpx.AsyncHTTPTransport(local_address=address, retries=0,
                                                 limits=httpx.Limits(keepalive_expiry=KEEPALIVE_SECONDS))
            client = self._http[address] = httpx.AsyncClient(base_url=self.url, transport=transport, timeout=60.0)
        return client

    async def close(self) -> None:
        for client in self._http.values():
            await client.aclose()
        self._http.clear()

    async def create(self, number: int) -> tuple[str, str, str] | None:
        """Create game ``number`` from its address: (address, game id, the person's token), or None if refused."""
        address = self.addresses[number % len(self.addresses)]
        name = self.games[number % len(self.games)]
        seats = [{"kind": "human", "name": "Load"}] + [{"kind": "bot", "bot": self.bot}] * self.bots
        for _attempt in range(60):
            sent = time.monotonic()
            try:
                answer = await self.http(address).post("/api/games", json={"game": name, "seats": seats})
            except httpx.HTTPError as exc:
                waited = time.monotonic() - sent
                if isinstance(exc, httpx.ReadError | httpx.RemoteProtocolError) and waited >= self.header_timeout:
                    self.totals.timed_out += 1  # the server's header timeout: this client was too slow to send;
                    continue  # a person whose page did not load tries again
                self.totals.errors.append(f"create: {exc!r} after {waited:.1f} s")
                return None
            if answer.status_code == 429:  # over the creation rate: wait as told, as a client should
                await asyncio.sleep(float(answer.headers.get("Retry-After", "1")) * (1 + self.rng.random()))
                continue
            if answer.status_code != 201:
                self.totals.errors.append(f"create: {answer.status_code} {answer.text[:200]}")
                return None
            created = answer.json()
            self.totals.created += 1
            return address, created["id"], created["seats"][0]["link"].split("token=", 1)[1]
        self.totals.errors.append("create: refused with 429 for a minute")
        return None

    async def run(self, games: int, seconds: float, ramp: float = 0.0) -> None:
        """Keep ``games`` games going for ``seconds`` (starting them over ``ramp`` seconds)."""
        deadline = time.monotonic() + seconds + ramp
        watch = asyncio.create_task(self._watch_lag(time.monotonic() + ramp))
        await asyncio.gather(*(self._keep(i, games, deadline, ramp * i / max(1, games)) for i in range(games)))
        watch.cancel()
        await self.close()

    async def _watch_lag(self, after: float) -> None:
        """Time this client's own event loop (after the ramp): how late a 10 ms timer runs."""
        while True:
            due = time.monotonic() + 0.01
            await asyncio.sleep(0.01)
            if due >= after:
                self.totals.lag.append(max(0.0, time.monotonic() - due))

    async def _keep(self, number: int, games: int, deadline: float, delay: float) -> None:
        await asyncio.sleep(delay)
        while time.monotonic() < deadline:
            made = await self.create(number)
            if made is None:
                return
            address, game_id, token = made
            leave = deadline if self.leave_after is None else min(  # (spread: the people do not all leave at once)
                deadline, time.monotonic() + self.leave_after * (0.5 + self.rng.random()))
            try:
                if not await self.play(address, game_id, token, leave) and leave < deadline:
                    self.totals.left += 1
            except Exception as exc:
                self.totals.errors.append(f"game {game_id}: {exc!r}")
                return
            if not self.replace:
                return
            number += games

    async def play(self, address: str, game_id: str, token: str, deadline: float) -> bool:
        """Play one person's seat until the game ends (True) or the time is up (False)."""
        rng = random.Random(self.rng.random())
        ws_url = self.url.replace("http", "ws", 1) + f"/ws/{game_id}?token={token}"
        sent: dict[int, tuple[float, str]] = {}  # request id -> (time sent, what)
        waiting_view: dict[int, float] = {}  # action count the action will exceed -> time sent
        record = self.records.setdefault(game_id, [])
        ident = 0
        acted_at = -1  # the action count our last decision was sent at
        pressed_at = 0.0
        async with websockets.connect(ws_url, max_size=2**22, open_timeout=60, ping_interval=None,
                                      local_addr=(address, 0)) as ws:
            thinking: asyncio.Task[None] | None = None
            while time.monotonic() < deadline:
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=max(0.05, deadline - time.monotonic()))
                except TimeoutError:
                    return False
                now = time.monotonic()
                received: dict[str, Any] = json.loads(raw)
                for message in [*received.get("replies", []), received]:
                    kind = message["type"]
                    if kind in ("ack", "error") and message.get("id") in sent:
                        at, what = sent.pop(message["id"])
                        if kind == "ack":
                            self.totals.ack.append(now - at)
                        else:
                            self.totals.refused += 1
                            self.totals.refusals.append(f"{what}: {message['message']}")
                if received["type"] != "view":
                    continue
                view = received
                n = view["n"]
                for action in view.get("actions", []):
                    while len(record) <= action["n"]:
                        record.append("")
                    record[action["n"]] = action["action"]
                for count in [c for c in waiting_view if n > c]:
                    self.totals.shown.append(now - waiting_view.pop(count))
                if view["terminal"]:
                    self.totals.over.add(game_id)
                    self.totals.actions += n
                    return True
                me = view.get("you")
                live = view.get("live")
                if live is not None:
                    # a person presses again once their die has landed (the server's pace, with a margin)
                    landed = 1.3 * max(1.0, live.get("act_seconds") or 0)
                    if me in live.get("acting", []) and now - pressed_at >= landed:
                        pressed_at = now
                        ident += 1
                        sent[ident] = (time.monotonic(), "press")
                        await ws.send(json.dumps({"type": "press", "what": live.get("button", "roll"), "id": ident}))
                    continue
                if view.get("roll_waits") == me and me is not None and n != acted_at:
                    acted_at = n
                    ident += 1
                    sent[ident] = (time.monotonic(), "roll")
                    await ws.send(json.dumps({"type": "press", "what": "roll", "id": ident}))
                    continue
                if view["legal"] and n != acted_at and (thinking is None or thinking.done()):
                    acted_at = n
                    action = rng.choice(view["legal"])
                    ident += 1
                    thinking = asyncio.create_task(self._act_later(ws, rng, action, n, ident, sent, waiting_view))
        return False

    async def _act_later(self, ws: Any, rng: random.Random, action: str, n: int, ident: int,
                         sent: dict[int, tuple[float, str]], waiting_view: dict[int, float]) -> None:
        await asyncio.sleep(self.think * (0.5 + rng.random()))
        now = time.monotonic()
        sent[ident] = (now, f"act {action}")
        waiting_view[n] = now
        try:
            await ws.send(json.dumps({"type": "act", "action": action, "n": n, "id": ident}))
        except websockets.ConnectionClosed:
            return


def run_load(url: str, games: int, seconds: float, **options: Any) -> Totals:
    """Play ``games`` games against ``url`` for ``seconds`` (see :class:`LoadClient`); what was seen."""
    ramp = float(options.pop("ramp", 0.0))
    client = LoadClient(url, **options)
    asyncio.run(client.run(games, seconds, ramp))
    return client.totals


def records_match(url: str, client: LoadClient) -> int:
    """Actions the client saw that the stored records do not hold at the same place (0: none lost)."""
    lost = 0
    with httpx.Client(base_url=url, timeout=60.0) as http:
        for game_id, seen in client.records.items():
            stored = stored_actions(http, game_id)
            lost += sum(1 for i, a in enumerate(seen) if a and (i >= len(stored) or stored[i] != a))
    return lost


def stored_actions(http: httpx.Client, game_id: str, attempts: int = 30) -> list[str]:
    """A game's stored actions, asked as a patient client asks: after a 429 it waits the ``Retry-After``,
    after a 502/503 (a shard restarting behind the balancer) a second; any other answer is an error."""
    for _ in range(attempts):
        answer = http.get(f"/api/games/{game_id}/record")
        if answer.status_code == 200:
            actions: list[str] = answer.json()["actions"]
            return actions
        if answer.status_code not in (429, 502, 503):
            break
        time.sleep(float(answer.headers.get("retry-after", 1)))
    raise RuntimeError(f"the record of game {game_id}: {answer.status_code} {answer.text[:300]}")
