"""The attacks of issue 12 against a real ``tabletop serve``, with the figures they leave behind.

Starts ``tabletop serve`` in a child process on a free loopback port with a fresh SQLite
database (``--src`` runs another checkout's ``src``, to measure the code before a change),
then runs each attack and prints what the server answered and its memory (RSS):

1. ``memory``: a spectator sends 20 kB pings as fast as it can and never reads;
2. ``files``: ``POST /api/games`` with the ``data`` option naming files of the server;
3. ``bots``: seats asking for bots far over any sensible budget;
4. ``create``: one address creating games as fast as it can for ``--seconds``;
5. ``frames``: malformed WebSocket frames and a non-finite number over HTTP;
6. ``restart``: ``--restart-games`` unfinished games stored, then the time until the server answers and its RSS.

    .venv/bin/python benchmarks/web/attacks.py                       # every attack, this checkout
    .venv/bin/python benchmarks/web/attacks.py --src /tmp/before/src memory frames
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/, for the harness

from harness.server import cpu_seconds, free_port, rss_mb

ATTACKS = ("memory", "files", "bots", "create", "frames", "restart")


class Server:
    """``tabletop serve`` in a child process (its own source tree if ``src`` is given)."""

    def __init__(self, database: str, src: str | None, extra: list[str] | None = None) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ)
        if src:
            env["PYTHONPATH"] = src
        command = [sys.executable, "-c", "from tabletop.interfaces.cli.app import main; main()", "serve",
                   "--port", str(self.port), "--database", database, *(extra or [])]
        self.started = time.monotonic()
        self.process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.ready_cpu = 0.0
        self.ready_after = self.wait_ready()

    def wait_ready(self, timeout: float = 900.0) -> float:
        try:
            return self._wait_ready(timeout)
        except BaseException:
            self.stop()  # never leave a server behind
            raise

    def _wait_ready(self, timeout: float) -> float:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.process.stderr.read().decode()[-2000:]}")  # type: ignore[union-attr]
            try:
                if httpx.get(f"{self.url}/api/catalog", timeout=1).status_code == 200:
                    self.ready_cpu = cpu_seconds(self.process.pid)
                    return time.monotonic() - self.started
            except httpx.TransportError:
                time.sleep(0.02)
        raise RuntimeError("the server did not start")

    @property
    def rss(self) -> float:
        return rss_mb(self.process.pid)

    def stop(self) -> str:
        self.process.terminate()
        try:
            _, err = self.process.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            _, err = self.process.communicate()
        return err.decode(errors="replace")


def create_game(url: str, seats: list[dict[str, Any]] | None = None, **body: Any) -> httpx.Response:
    payload = {"game": "donkey-kong", "seats": seats or [{"kind": "human"}, {"kind": "human"}], **body}
    return httpx.post(f"{url}/api/games", json=payload, timeout=30)


async def memory(server: Server, seconds: float) -> None:
    for size in (20_000, 60):  # a ping's id: 20 kB, then a small one
        await memory_with(server, seconds, size)


async def memory_with(server: Server, seconds: float, size: int) -> None:
    game_id = create_game(server.url).json()["id"]
    before = server.rss
    peak = before
    sent = 0
    ended = "still open"
    pad = "x" * size
    started = time.monotonic()
    try:
        async with websockets.connect(f"{server.url.replace('http', 'ws')}/ws/{game_id}", max_size=2**24,
                                      max_queue=None) as ws:
            ws.transport.pause_reading()  # never read: the server's frames stay in the kernel's buffers
            while time.monotonic() - started < seconds:
                try:
                    await asyncio.wait_for(ws.send(json.dumps({"type": "ping", "id": pad})), timeout=1)
                    sent += 1
                except TimeoutError:
                    pass
                if sent % 50 == 0:
                    peak = max(peak, server.rss)
                    await asyncio.sleep(0)
            ws.transport.resume_reading()
    except websockets.ConnectionClosed as exc:
        ended = f"closed by the server (close code {exc.rcvd.code})" if exc.rcvd else "closed by the server"
    peak = max(peak, server.rss)
    await asyncio.sleep(2)
    print(f"memory: {sent} pings of {size / 1000:g} kB in {time.monotonic() - started:.1f} s, never read; "
          f"socket {ended}; server RSS {before:.0f} MB before, {peak:.0f} MB peak, "
          f"{server.rss:.0f} MB 2 s after the socket closed")


def files(server: Server) -> None:
    profile = Path.home() / ".bashrc"
    for path in ("/etc/passwd", str(profile), "/nonexistent/file.toml", "/dev/zero"):
        response = create_game(server.url, options={"data": path})
        print(f"files: data={path}: HTTP {response.status_code}: {response.text[:160]}")


def bots(server: Server) -> None:
    for spec in ("mcts:seconds=100000", "mcts:iterations=1000000000"):
        response = create_game(server.url, seats=[{"kind": "bot", "bot": spec}, {"kind": "human"}])
        print(f"bots: seat {spec}: HTTP {response.status_code}: {response.text[:160]}")


def create(server: Server, seconds: float) -> None:
    before = server.rss
    made = refused = 0
    started = time.monotonic()
    with httpx.Client(base_url=server.url, timeout=30) as http:
        while time.monotonic() - started < seconds:
            response = http.post("/api/games", json={"game": "donkey-kong",
                                                     "seats": [{"kind": "human"}, {"kind": "human"}]})
            if response.status_code == 201:
                made += 1
            else:
                refused += 1
    elapsed = time.monotonic() - started
    after = server.rss
    per_game = (after - before) * 1024 / made if made else 0.0
    print(f"create: {made} games created and {refused} refused in {elapsed:.1f} s from one address; "
          f"RSS {before:.0f} -> {after:.0f} MB ({per_game:.0f} kB per game created)")


async def frames(server: Server) -> None:
    game_id = create_game(server.url).json()["id"]
    ws_url = f"{server.url.replace('http', 'ws')}/ws/{game_id}"
    cases: list[tuple[str, str | bytes]] = [
        ("binary frame", b"\x00\x01binary"),
        ("n = Infinity", '{"type": "act", "action": "x", "n": Infinity}'),
        ("n = 1e400", '{"type": "act", "action": "x", "n": 1e400}'),
        ("5,000-digit integer", '{"type": "act", "action": "x", "n": ' + "9" * 5000 + "}"),
        ("JSON nested 100,000 deep", "[" * 100_000 + "]" * 100_000),
        ("1 MB text frame", json.dumps({"type": "ping", "id": "y" * 1_000_000})),
    ]
    for name, payload in cases:
        async with websockets.connect(ws_url, max_size=2**24) as ws:
            await ws.recv()  # the first view
            await ws.send(payload)
            try:
                while True:
                    reply = await asyncio.wait_for(ws.recv(), timeout=5)
                    if '"view"' not in str(reply)[:200]:
                        outcome = f"answered {str(reply)[:100]}"
                        break
            except websockets.ConnectionClosed as exc:
                received = exc.rcvd
                outcome = (f"closed with code {received.code} ({received.reason[:60]!r})" if received
                           else "dropped without a close frame")
            except TimeoutError:
                outcome = "no answer within 5 s"
        print(f"frames: {name}: {outcome}")
    response = httpx.post(f"{server.url}/api/games/{game_id}/act", content='{"action": "x", "n": 1e400}',
                          headers={"content-type": "application/json"}, timeout=10)
    print(f"frames: POST /act with n = 1e400: HTTP {response.status_code}: {response.text[:160]}")


def restart(database: str, src: str | None, games: int, extra: list[str]) -> None:
    """Fill the database with unfinished games (as an older server would have left them), then start."""
    import sqlalchemy as sa

    server = Server(database, src, extra)  # creates the schema
    created = create_game(server.url).json()
    for _ in range(100):  # let the server roll the opening dice
        if httpx.get(f"{server.url}/api/games/{created['id']}", timeout=10).json()["n"] > 0:
            break
        time.sleep(0.1)
    server.stop()
    empty = Server(database.replace(".db", "-empty.db"), src, extra)
    empty_ready, empty_cpu = empty.ready_after, empty.ready_cpu
    empty.stop()
    engine = sa.create_engine(database)
    with engine.begin() as conn:
        row = conn.execute(sa.text("SELECT * FROM games WHERE id = :id"), {"id": created["id"]}).mappings().one()
        actions = conn.execute(sa.text("SELECT * FROM actions WHERE game_id = :id ORDER BY number"),
                               {"id": created["id"]}).mappings().all()
        base = dict(row)
        columns = list(base)
        insert = sa.text(f"INSERT INTO games ({', '.join(columns)}) VALUES ({', '.join(':' + c for c in columns)})")
        rows = []
        for _ in range(games - 1):
            copy = dict(base)
            copy["id"] = secrets.token_hex(6)
            rows.append(copy)
        if rows:
            conn.execute(insert, rows)
        if actions and rows:
            act_columns = [str(c) for c in actions[0]]
            act_insert = sa.text(f"INSERT INTO actions ({', '.join(act_columns)}) "
                                 f"VALUES ({', '.join(':' + c for c in act_columns)})")
            conn.execute(act_insert, [{**dict(a), "game_id": r["id"]} for r in rows for a in actions])
    engine.dispose()
    server = Server(database, src, extra)
    ready = server.ready_after
    time.sleep(1.0)
    print(f"restart: {games} unfinished games stored ({len(actions)} actions each); server answered after "
          f"{ready:.2f} s and {server.ready_cpu:.2f} s of CPU (with an empty database: {empty_ready:.2f} s and "
          f"{empty_cpu:.2f} s of CPU); RSS {server.rss:.0f} MB one second later")
    server.stop()


async def main_async(args: argparse.Namespace) -> None:
    folder = tempfile.mkdtemp(prefix="tabletop-attacks-")
    chosen = args.attack or list(ATTACKS)
    extra = args.serve_arg or []
    for attack in chosen:
        database = f"sqlite:///{os.path.join(folder, attack + '.db')}"
        if attack == "restart":
            restart(database, args.src, args.restart_games, extra)
            continue
        server = Server(database, args.src, extra)
        try:
            if attack == "memory":
                await memory(server, args.seconds)
            elif attack == "files":
                files(server)
            elif attack == "bots":
                bots(server)
            elif attack == "create":
                create(server, args.seconds)
            elif attack == "frames":
                await frames(server)
        finally:
            err = server.stop()
        tracebacks = err.count("Traceback")
        print(f"{attack}: tracebacks in the server's log: {tracebacks}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("attack", nargs="*", choices=[*ATTACKS, []], help="attacks to run (default: all)")
    parser.add_argument("--src", help="run the server from this source tree (another checkout's src)")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long the memory and create attacks last")
    parser.add_argument("--restart-games", type=int, default=14_000, help="unfinished games stored before a restart")
    parser.add_argument("--serve-arg", action="append", help="an extra argument for tabletop serve (repeatable)")
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
