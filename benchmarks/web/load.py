"""Load test of the web server: many concurrent bot-only games played over WebSockets.

Starts ``tabletop``'s web server in a child process on a free loopback port with a
fresh SQLite database, creates ``--games`` games whose seats are all "human" seats,
and plays every seat from this process with a random bot that talks to the server
only through its seat's WebSocket, as a browser would. It prints the p50 and p99 time
from an action sent to the update that shows it, and the number of actions lost or
duplicated (checked against each connection's stream of updates and against the
stored record of every game). Bounded in games, actions per game and seconds;
traffic goes to 127.0.0.1 only.

    .venv/bin/python benchmarks/web/load.py                  # 100 games of the real games
    .venv/bin/python benchmarks/web/load.py --games 20 --game donkey-kong --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/, for the harness

from harness.server import cpu_seconds, free_port, rss_mb

SERVER = """
import sys, uvicorn
from tabletop.interfaces.web.app import create_app
from tabletop.interfaces.web.rooms import Settings
try:  # the load comes from one address: lift the limits per address (a server from before them has none)
    from tabletop.interfaces.web.limits import Limits
    extra = {"limits": Limits(games_per_minute=1e9, games_burst=1e9, sockets_per_address=10**6, rooms=10**6)}
except ImportError:
    extra = {}
app = create_app(sys.argv[1], Settings(bot_delay=0.0, chance_delay=0.0), live=False, **extra)
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning", ws="websockets-sansio",
            ws_per_message_deflate=False)
"""


@dataclass
class Seat:
    game_id: str
    seat: int
    token: str
    sent: dict[int, float] = field(default_factory=dict)  # action count when sent -> time
    asked: dict[int, str] = field(default_factory=dict)  # action number -> notation, as sent
    acked: dict[int, str] = field(default_factory=dict)  # the same, once the server accepted it
    seen: list[int] = field(default_factory=list)  # action numbers in the updates received


@dataclass
class Totals:
    latencies: list[float] = field(default_factory=list)
    refused: int = 0
    finished: int = 0
    errors: list[str] = field(default_factory=list)


async def play_seat(url: str, seat: Seat, totals: Totals, rng: random.Random, max_actions: int,
                    deadline: float, think: float) -> None:
    async with websockets.connect(f"{url}/ws/{seat.game_id}?token={seat.token}", max_size=2**24) as ws:
        n = -1
        pending: int | None = None
        while time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, deadline - time.monotonic()))
            except TimeoutError:
                return
            received: dict[str, Any] = json.loads(raw)
            for message in [*received.get("replies", []), received]:
                pending = handle_reply(seat, totals, message, pending)
            message = received
            if message["type"] != "view":
                continue
            now = time.monotonic()
            seat.seen.extend(a["n"] for a in message["actions"])
            n = message["n"]
            if pending is not None and n > pending:
                totals.latencies.append(now - seat.sent[pending])
                pending = None
            if message["terminal"]:
                if seat.seat == 0:
                    totals.finished += 1
                return
            if pending is None and message["legal"] and n < max_actions:
                action = rng.choice(message["legal"])
                if think > 0:  # a bot "thinks" (the server paces its own bots about a second)
                    await asyncio.sleep(think * 2 * rng.random())
                pending = n
                seat.sent[n] = time.monotonic()
                seat.asked[n] = action
                await ws.send(json.dumps({"type": "act", "action": action, "n": n, "id": n}))
            elif n >= max_actions:
                return


def handle_reply(seat: Seat, totals: Totals, message: dict[str, Any], pending: int | None) -> int | None:
    """Note an ack or a refusal; returns what is still pending."""
    if message["type"] == "error":
        totals.refused += 1
        totals.errors.append(message["message"])
        return None
    if message["type"] == "ack":
        number = message["id"]
        seat.acked[number] = seat.asked[number]
    return pending


def check_streams(seats: list[Seat], records: dict[str, list[str]]) -> tuple[int, int]:
    """(lost, duplicated) actions, from the updates each seat received and the stored records."""
    lost = duplicated = 0
    for seat in seats:
        seen = seat.seen
        duplicated += len(seen) - len(set(seen))
        if seen:
            lost += (max(seen) + 1) - len(set(seen))  # gaps in a connection's stream of updates
        record = records[seat.game_id]
        for number, action in seat.acked.items():
            if number >= len(record) or record[number] != action:
                lost += 1  # an action sent and never stored where it was sent
    return lost, duplicated


async def run(args: argparse.Namespace) -> int:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    folder = tempfile.mkdtemp(prefix="tabletop-load-")
    database = f"sqlite:///{os.path.join(folder, 'load.db')}"
    env = dict(os.environ, PYTHONPATH=args.src) if args.src else None
    server = subprocess.Popen([sys.executable, "-c", SERVER, database, str(port)], env=env)
    try:
        async with httpx.AsyncClient(base_url=url, timeout=30) as http:
            for _ in range(200):
                try:
                    catalog = (await http.get("/api/catalog")).json()
                    break
                except httpx.TransportError:
                    await asyncio.sleep(0.05)
            else:
                print("the server did not start", file=sys.stderr)
                return 1
            available = {g["name"]: g for g in catalog["games"]}
            names = args.game or [g for g in ("jumanji", "doodle-jump", "donkey-kong") if g in available]
            if not names:
                print(f"no game to play; available: {', '.join(available)}", file=sys.stderr)
                return 1
            seats: list[Seat] = []
            for number in range(args.games):
                name = names[number % len(names)]
                players = max(2, available[name]["min_players"])
                created = (await http.post("/api/games", json={
                    "game": name, "seats": [{"kind": "human"}] * players})).json()
                for info in created["seats"]:
                    seats.append(Seat(created["id"], info["seat"], info["link"].split("token=", 1)[1]))
            totals = Totals()
            rng = random.Random(args.seed)
            started = time.monotonic()
            deadline = started + args.seconds
            memory = [rss_mb(server.pid)]
            cpu_before = cpu_seconds(server.pid)
            client_before = cpu_seconds(os.getpid())

            async def sample() -> None:
                while True:
                    await asyncio.sleep(1.0)
                    memory.append(rss_mb(server.pid))

            sampler = asyncio.create_task(sample())
            results = await asyncio.gather(
                *(play_seat(url.replace("http", "ws"), seat, totals, random.Random(rng.random()), args.max_actions,
                            deadline, args.think) for seat in seats),
                return_exceptions=True,
            )
            sampler.cancel()
            elapsed = time.monotonic() - started
            cpu = cpu_seconds(server.pid) - cpu_before
            client_cpu = cpu_seconds(os.getpid()) - client_before
            failures = [r for r in results if isinstance(r, BaseException)]
            records = {}
            for game_id in {s.game_id for s in seats}:
                records[game_id] = (await http.get(f"/api/games/{game_id}/record")).json()["actions"]
        lost, duplicated = check_streams(seats, records)
        latencies = sorted(totals.latencies)
        total_actions = sum(len(r) for r in records.values())
        print(f"games: {args.games} concurrent ({', '.join(names)}), {len(seats)} WebSocket connections, "
              f"{elapsed:.1f} s, bots think {args.think:g} s on average")
        print(f"finished games: {totals.finished}; actions stored: {total_actions} "
              f"({total_actions / elapsed:.0f}/s, chance outcomes included); decisions timed: {len(latencies)}")
        if latencies:
            p50 = statistics.median(latencies) * 1000
            p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))] * 1000
            print(f"action to update latency: p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {latencies[-1] * 1000:.1f} ms")
        print(f"actions lost: {lost}; duplicated: {duplicated}; refused: {totals.refused}; "
              f"client failures: {len(failures)}")
        print(f"server memory (RSS): {memory[0]:.0f} MB after creating the games, peak {max(memory):.0f} MB")
        if total_actions:
            print(f"server CPU: {cpu:.1f} s in {elapsed:.1f} s ({cpu / elapsed:.0%} of one core), "
                  f"{cpu * 1000 / total_actions:.2f} ms per stored action; the clients' CPU: {client_cpu:.1f} s "
                  f"({client_cpu / elapsed:.0%} of one core)")
        for failure in failures[:3]:
            print(f"  {failure!r}", file=sys.stderr)
        for error in totals.errors[:3]:
            print(f"  refused: {error}", file=sys.stderr)
        return 0 if lost == duplicated == 0 and not failures else 1
    finally:
        server.terminate()
        server.wait(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="concurrent games (default 100)")
    parser.add_argument("--game", action="append", help="game to play (repeatable; default: every real game)")
    parser.add_argument("--seconds", type=float, default=60.0, help="stop after this long (default 60)")
    parser.add_argument("--max-actions", type=int, default=300, help="stop a game after this many actions")
    parser.add_argument("--think", type=float, default=0.25,
                        help="mean seconds a bot thinks before it acts (0: act at once, a saturation test)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--src", help="run the server from this source tree (another checkout's src)")
    args = parser.parse_args()
    if not 1 <= args.games <= 5000:
        parser.error("--games must be from 1 to 5000")
    sys.exit(asyncio.run(run(args)))


if __name__ == "__main__":
    main()
