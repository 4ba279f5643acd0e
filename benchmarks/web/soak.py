"""Soak: hours of concurrent games on one server, its memory sampled every minute.

Starts ``tabletop``'s web server in a child process (a fresh SQLite file) and keeps ``--games``
games going for ``--minutes``: three in four played by the server's own bots (one in ten of those
with an MCTS bot thinking in the worker pool), the rest by two human-like clients each over
WebSockets. A finished game is replaced by a new one. Every minute it prints the server's
memory (RSS), the games it holds in memory, its open sockets and the games finished so far; at
the end, the curve again, and whether memory grew.

    .venv/bin/python benchmarks/web/soak.py --minutes 30 --games 200
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from chaos import GAMES, Ledger, person

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/, for the harness

from harness.server import free_port, rss_mb

SERVER = """
import sys, uvicorn
from tabletop.interfaces.web.app import create_app
from tabletop.interfaces.web.limits import Limits
from tabletop.interfaces.web.rooms import Settings
settings = Settings(bot_delay=float(sys.argv[3]), chance_delay=0.05, live_seconds=2.0, live_act_seconds=0.2,
                    bot_act_interval=0.3)
limits = Limits(games_per_minute=1e9, games_burst=1e9, sockets_per_address=10**6, bot_workers=1, bot_seconds=0.5)
app = create_app(sys.argv[1], settings, limits=limits)
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="error", ws_per_message_deflate=False)
"""


async def keep_going(http: httpx.AsyncClient, url: str, number: int, rng: random.Random, stop: asyncio.Event,
                     ledger: Ledger, finished: list[int]) -> None:
    """One slot of the soak: play a game to its end, then start another, until told to stop."""
    while not stop.is_set():
        name = GAMES[number % len(GAMES)]
        people = number % 4 == 3
        if people:
            seats = [{"kind": "human"}, {"kind": "human"}]
        else:
            bot = "mcts:iterations=30" if number % 10 == 0 else "random"
            seats = [{"kind": "bot", "bot": bot}, {"kind": "bot", "bot": "random"}]
        created = (await http.post("/api/games", json={"game": name, "seats": seats})).json()
        game_id = created["id"]
        players = [asyncio.create_task(person(url.replace("http", "ws"), game_id, s["link"].split("token=", 1)[1],
                                              ledger, random.Random(rng.random()), stop, think=(0.2, 1.0)))
                   for s in created["seats"] if s["link"]]
        while not stop.is_set():
            await asyncio.sleep(2.0)
            if (await http.get(f"/api/games/{game_id}")).json()["terminal"]:
                finished[0] += 1
                break
        for task in players:
            task.cancel()
        await asyncio.gather(*players, return_exceptions=True)


async def soak(args: argparse.Namespace) -> int:
    folder = tempfile.mkdtemp(prefix="tabletop-soak-")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([sys.executable, "-c", SERVER, f"sqlite:///{os.path.join(folder, 'soak.db')}",
                               str(port), str(args.bot_delay)])
    try:
        async with httpx.AsyncClient(base_url=url, timeout=60) as http:
            for _ in range(600):
                try:
                    await http.get("/api/catalog")
                    break
                except httpx.TransportError:
                    await asyncio.sleep(0.1)
            stop = asyncio.Event()
            ledger = Ledger()
            finished = [0]
            rng = random.Random(args.seed)
            slots = [asyncio.create_task(keep_going(http, url, n, random.Random(rng.random()), stop, ledger, finished))
                     for n in range(args.games)]
            curve: list[tuple[int, float, int]] = []
            started = time.monotonic()
            for minute in range(1, args.minutes + 1):
                await asyncio.sleep(max(0.0, started + 60 * minute - time.monotonic()))
                stats = (await http.get("/api/server")).json()
                curve.append((minute, rss_mb(server.pid), finished[0]))
                print(f"minute {minute:3d}: server RSS {curve[-1][1]:6.1f} MB; games in memory "
                      f"{stats['games_in_memory']}, sockets {stats['sockets']}, finished {finished[0]}, "
                      f"actions stored {stats['actions_stored']}, bot decisions {stats['bot_decisions']} "
                      f"({stats['bot_decisions_over_budget']} over budget)", flush=True)
            stop.set()
            for slot in slots:
                slot.cancel()
            await asyncio.gather(*slots, return_exceptions=True)
        first, last = curve[0][1], curve[-1][1]
        peak = max(c[1] for c in curve)
        print(f"memory curve (MB, one a minute): {', '.join(f'{c[1]:.0f}' for c in curve)}")
        print(f"from minute 1 to {curve[-1][0]}: {first:.0f} -> {last:.0f} MB (peak {peak:.0f} MB); "
              f"games finished: {finished[0]}; client reconnects: {ledger.reconnects}")
        return 0
    finally:
        server.terminate()
        server.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=int, default=30)
    parser.add_argument("--games", type=int, default=200, help="games going at once")
    parser.add_argument("--bot-delay", type=float, default=0.3, help="seconds a server bot waits before it plays")
    parser.add_argument("--seed", type=int, default=1)
    sys.exit(asyncio.run(soak(parser.parse_args())))


if __name__ == "__main__":
    main()
