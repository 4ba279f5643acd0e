"""Issue 22's attacks that would stall everyone, against ``tabletop serve`` as a separate process.

Each attack runs while a spectator on another game pings the server over its WebSocket every
50 ms; the script prints the ping round trips during the attack (p50, p99, max), what the
attack's requests were answered, and the server's CPU time and open files.

- ``replay``: ``--loops`` parallel loops (each from its own loopback address) asking for
  ``/api/games/{id}/replay?step=10000000`` of a finished game of ``--actions`` actions or more;
- ``analysis``: one address, then ``--loops`` addresses, asking for analyses of finished games;
- ``slow``: ``--connections`` connections trickling a header a byte a second (slowloris);
- ``create``: ``--loops`` loopback addresses creating games as fast as they can.

``--src DIR`` runs the server from another checkout's ``src`` (the code before a change).

    .venv/bin/python benchmarks/web/stalls.py replay analysis slow create
    .venv/bin/python benchmarks/web/stalls.py replay --src /tmp/before/src
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/, for the harness

from harness.web import Serve, loopback, open_files, percentile

#: stores finished games of seeded random play straight into a database (run with the server's code)
PREPARE = """
import json, random, sys
import tabletop
from tabletop.interfaces.web.store import Seat, Store, hash_token
url, games, least = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
store = Store(url)
game = tabletop.make("donkey-kong", players=2)  # its random games are the longest (often 400-550 actions)
ids, seed = [], 0
while len(ids) < games:
    seed += 1
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(state.chance_distribution().sample(rng) if state.is_chance_node()
                           else legal[int(rng.random() * len(legal))])
    if len(state.history()) < least:
        continue
    seats = [Seat(kind="human", name=f"p{s}", token_hash=hash_token(f"t{s}"), joined=True) for s in range(2)]
    game_id = store.create_game("donkey-kong", game.options, seed, seats)
    replay = game.new_initial_state()
    for number, action in enumerate(state.history()):
        mover = replay.current_player()
        replay.apply_action(action)
        store.append(game_id, number, str(action), mover)
    store.finish(game_id, list(state.winners()), [float(r) for r in state.returns()])
    ids.append((game_id, len(state.history())))
print(json.dumps(ids))
"""


class Pinger:
    """A spectator of a game, pinging every 50 ms: the round trips it measured."""

    def __init__(self, url: str, game_id: str) -> None:
        self.url = url.replace("http", "ws", 1) + f"/ws/{game_id}"
        self.rtts: list[float] = []
        self.stop = asyncio.Event()

    async def run(self) -> None:
        async with websockets.connect(self.url, max_size=2**22, ping_interval=None) as ws:
            await ws.recv()
            ident = 0
            while not self.stop.is_set():
                ident += 1
                sent = time.monotonic()
                await ws.send(json.dumps({"type": "ping", "id": ident}))
                while True:
                    message = json.loads(await ws.recv())
                    if any(r.get("type") == "pong" for r in [message, *message.get("replies", [])]):
                        break
                self.rtts.append(time.monotonic() - sent)
                await asyncio.sleep(0.05)

    def summary(self) -> str:
        if not self.rtts:
            return "no ping answered"
        ms = [r * 1000 for r in self.rtts]
        return (f"ping round trip: p50 {statistics.median(ms):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms, "
                f"max {max(ms):.1f} ms ({len(ms)} pings)")


async def during(server: Serve, watched: str, attack: Any) -> str:
    pinger = Pinger(server.url, watched)
    task = asyncio.create_task(pinger.run())
    await asyncio.sleep(1.0)
    quiet = list(pinger.rtts)
    cpu = server.cpu()
    result = await attack
    spent = server.cpu() - cpu
    pinger.stop.set()
    await task
    pinger.rtts = pinger.rtts[len(quiet):]
    base = f"before the attack p50 {statistics.median(quiet) * 1000:.1f} ms" if quiet else ""
    return f"{result}\n  {pinger.summary()} ({base}); server CPU during the attack {spent:.1f} s"


async def replay_attack(server: Serve, game: str, loops: int, seconds: float) -> str:
    counts: dict[int, int] = {}

    async def loop(address: str) -> None:
        transport = httpx.AsyncHTTPTransport(local_address=address)
        async with httpx.AsyncClient(base_url=server.url, transport=transport, timeout=60) as http:
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                answer = await http.get(f"/api/games/{game}/replay", params={"step": 10_000_000})
                counts[answer.status_code] = counts.get(answer.status_code, 0) + 1
                if answer.status_code == 429:  # a polite attacker would wait; this one does not
                    await asyncio.sleep(0)

    await asyncio.gather(*(loop(a) for a in loopback(loops, first=50)))
    return f"replay: {loops} loops for {seconds:g} s: answers {dict(sorted(counts.items()))}"


async def analysis_attack(server: Serve, games: list[str], loops: int) -> str:
    answers: list[str] = []
    for index, address in enumerate(loopback(loops, first=80)):
        transport = httpx.AsyncHTTPTransport(local_address=address)
        async with httpx.AsyncClient(base_url=server.url, transport=transport, timeout=600) as http:
            for game in games[index * 2:index * 2 + 2]:
                started = time.monotonic()
                answer = await http.get(f"/api/games/{game}/analysis")
                answers.append(f"{answer.status_code} in {time.monotonic() - started:.1f} s")
    await asyncio.sleep(10)  # the jobs go on (or not) meanwhile
    stats = httpx.get(f"{server.url}/api/server").json()
    return (f"analysis: {len(answers)} requests from {loops} addresses, answered {answers}; "
            f"server: {stats.get('analyses_queued', '?')} queued, {stats.get('analyses_computed', '?')} computed")


async def slow_attack(server: Serve, connections: int, seconds: float) -> str:
    before = open_files(server.pid)
    socks = []
    for i in range(connections):
        s = socket.socket()
        s.setblocking(False)
        s.bind((f"127.0.{100 + i // 250}.{i % 250 + 1}", 0))
        with contextlib.suppress(BlockingIOError):
            s.connect(("127.0.0.1", server.port))
        socks.append(s)
    await asyncio.sleep(0.5)
    for s in socks:
        with contextlib.suppress(OSError):
            s.send(b"GET / HTTP/1.1\r\nHost: x\r\n")
    peak = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for s in socks:
            with contextlib.suppress(OSError):
                s.send(b"X")
        peak = max(peak, open_files(server.pid))
        await asyncio.sleep(1.0)
    after = open_files(server.pid)
    for s in socks:
        s.close()
    return (f"slow headers: {connections} connections trickling a byte a second for {seconds:g} s: server files "
            f"{before} before, peak {peak}, {after} at the end")


async def create_attack(server: Serve, loops: int, seconds: float) -> str:
    counts: dict[int, int] = {}

    async def loop(address: str) -> None:
        transport = httpx.AsyncHTTPTransport(local_address=address)
        async with httpx.AsyncClient(base_url=server.url, transport=transport, timeout=60) as http:
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                answer = await http.post("/api/games", json={"game": "jumanji", "seats": [
                    {"kind": "human"}, {"kind": "human"}]})
                counts[answer.status_code] = counts.get(answer.status_code, 0) + 1

    await asyncio.gather(*(loop(a) for a in loopback(loops, first=150)))
    return f"create: {loops} addresses for {seconds:g} s: answers {dict(sorted(counts.items()))}"


async def main_async(args: argparse.Namespace, server: Serve, games: list[str]) -> None:
    watched = httpx.post(f"{server.url}/api/games", json={"game": "jumanji", "seats": [
        {"kind": "human"}, {"kind": "human"}]}).json()["id"]
    for attack in args.attack or ["replay", "analysis", "slow", "create"]:
        if attack == "replay":
            coroutine = replay_attack(server, games[0], args.loops, args.seconds)
        elif attack == "analysis":
            coroutine = analysis_attack(server, games[1:], args.loops)
        elif attack == "slow":
            coroutine = slow_attack(server, args.connections, args.seconds)
        else:
            coroutine = create_attack(server, args.loops, args.seconds)
        print(await during(server, watched, coroutine), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("attack", nargs="*", choices=["replay", "analysis", "slow", "create", []])
    parser.add_argument("--loops", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--connections", type=int, default=1000)
    parser.add_argument("--actions", type=int, default=500, help="the least length of the replayed game")
    parser.add_argument("--src", help="run the server from this source tree (another checkout's src)")
    args = parser.parse_args()
    server = Serve(["--games-per-minute", "30"], src=args.src)
    env = dict(os.environ, PYTHONPATH=args.src) if args.src else None
    wanted = 1 + 2 * args.loops if "analysis" in (args.attack or ["analysis"]) else 1
    prepared = subprocess.run([sys.executable, "-c", PREPARE, server.database, str(wanted),
                               str(args.actions)], env=env, check=True, capture_output=True, text=True)
    games = [g for g, _ in json.loads(prepared.stdout.strip().splitlines()[-1])]
    print(f"{time.strftime('%H:%M UTC', time.gmtime())}: {len(games)} finished games stored "
          f"({'code of ' + args.src if args.src else 'this checkout'})")
    server.start()
    try:
        asyncio.run(main_async(args, server, games))
        if "Traceback" in server.output():
            print("the server logged a traceback", file=sys.stderr)
    finally:
        server.stop()


if __name__ == "__main__":
    main()
