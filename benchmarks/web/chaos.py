"""Fault drill: SIGKILL the web server at random moments, restart it, and check that nothing was lost.

Starts a server (a child process, SQLite in a temporary folder unless ``--database`` names
another, PostgreSQL for one) with games of bots and games of people; the people are played by
human-like clients over WebSockets (they think a moment, act, reconnect when the server goes
away). ``--kills`` times, at a random moment, the server is killed with SIGKILL and started again
on the same database. Then every game is played to its end and the stored records are checked:

- every action the server acknowledged (``ack``) is in the record, at the number it was given;
- every action a client (a player or a spectator of each game) was shown in a view is in the record,
  as shown (same number, same action);
- every game ends.

    .venv/bin/python benchmarks/web/chaos.py --kills 50
    .venv/bin/python benchmarks/web/chaos.py --kills 5 --database postgresql+psycopg://...
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
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

from harness.server import free_port

SERVER = """
import sys, uvicorn
from tabletop.interfaces.web.app import create_app
from tabletop.interfaces.web.limits import Limits
from tabletop.interfaces.web.rooms import Settings
settings = Settings(bot_delay=0.02, chance_delay=0.01, live_seconds=0.6, live_act_seconds=0.05,
                    bot_act_interval=0.08, bot_press_delay=(0.05, 0.2))
limits = Limits(games_per_minute=1e9, games_burst=1e9, bot_workers=1, bot_seconds=0.5)
app = create_app(sys.argv[1], settings, limits=limits)
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="error", ws_per_message_deflate=False)
"""

GAMES = ("jumanji", "doodle-jump", "donkey-kong")


@dataclass
class Ledger:
    """What the clients were told: acknowledged actions and actions shown, per game and number."""

    acked: dict[tuple[str, int], str] = field(default_factory=dict)
    shown: dict[tuple[str, int], str] = field(default_factory=dict)
    conflicts: list[str] = field(default_factory=list)
    reconnects: int = 0

    def show(self, game_id: str, number: int, action: str) -> None:
        known = self.shown.setdefault((game_id, number), action)
        if known != action:  # shown twice, differently: an action was lost and replaced
            self.conflicts.append(f"{game_id} #{number}: shown {known!r}, later {action!r}")


class Server:
    def __init__(self, database: str, port: int) -> None:
        self.database = database
        self.port = port
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> float:
        started = time.monotonic()
        self.process = subprocess.Popen([sys.executable, "-c", SERVER, self.database, str(self.port)])
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{self.port}/api/catalog", timeout=1).status_code == 200:
                    return time.monotonic() - started
            except httpx.TransportError:
                if self.process.poll() is not None:
                    raise RuntimeError("the server exited at start-up") from None
                time.sleep(0.05)

    def kill(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)


async def person(url: str, game_id: str, token: str, ledger: Ledger, rng: random.Random, stop: asyncio.Event,
                 think: tuple[float, float] = (0.0, 0.05)) -> None:
    """A human-like client: watches its seat, thinks a little, acts, and comes back after a crash."""
    while not stop.is_set():
        try:
            async with websockets.connect(f"{url}/ws/{game_id}?token={token}", max_size=2**24,
                                          open_timeout=5) as ws:
                pending: dict[int, tuple[int, str]] = {}  # request id -> (number the action gets, action)
                ident = 0
                while not stop.is_set():
                    message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))
                    for reply in [*message.get("replies", []), message]:
                        if reply.get("type") == "ack" and reply.get("id") in pending:
                            number, action = pending.pop(reply["id"])
                            ledger.acked[(game_id, number)] = action
                    if message.get("type") != "view":
                        continue
                    for entry in message["actions"]:
                        ledger.show(game_id, entry["n"], entry["action"])
                    if message["terminal"]:
                        return
                    if message["legal"] and not message.get("live"):
                        await asyncio.sleep(rng.uniform(*think))
                        ident += 1
                        action = rng.choice(message["legal"])
                        pending[ident] = (message["n"], action)
                        await ws.send(json.dumps({"type": "act", "action": action, "n": message["n"], "id": ident}))
                    elif message.get("live"):  # a live event: roll the rescue die, call JUMANJI
                        what = "roll" if message["live"].get("kind") == "rescue" else "jumanji"
                        await asyncio.sleep(rng.uniform(0.05, 0.15))
                        await ws.send(json.dumps({"type": "press", "what": what}))
        except (OSError, TimeoutError, websockets.ConnectionClosed, websockets.InvalidHandshake,
                json.JSONDecodeError):
            ledger.reconnects += 1
            await asyncio.sleep(0.2)


async def spectator(url: str, game_id: str, ledger: Ledger, stop: asyncio.Event) -> None:
    """A spectator of any game: notes every action it is shown, and comes back after a crash."""
    while not stop.is_set():
        try:
            async with websockets.connect(f"{url}/ws/{game_id}", max_size=2**24, open_timeout=5) as ws:
                while not stop.is_set():
                    message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))
                    if message.get("type") != "view":
                        continue
                    for entry in message["actions"]:
                        ledger.show(game_id, entry["n"], entry["action"])
                    if message["terminal"]:
                        return
        except (OSError, TimeoutError, websockets.ConnectionClosed, websockets.InvalidHandshake,
                json.JSONDecodeError):
            ledger.reconnects += 1
            await asyncio.sleep(0.2)


async def drill(args: argparse.Namespace) -> int:
    folder = tempfile.mkdtemp(prefix="tabletop-chaos-")
    database = args.database or f"sqlite:///{os.path.join(folder, 'chaos.db')}"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = Server(database, port)
    rng = random.Random(args.seed)
    ledger = Ledger()
    stop = asyncio.Event()
    starts = [server.start()]
    games: list[str] = []
    clients: list[asyncio.Task[None]] = []
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        for number in range(args.games):
            name = GAMES[number % len(GAMES)]
            if number % 2 == 0:  # people (and a bot) ...
                seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
            else:  # ... or bots only, one of them thinking in the worker pool
                seats = [{"kind": "bot", "bot": "mcts:iterations=30"}, {"kind": "bot", "bot": "random"}]
            created = (await http.post("/api/games", json={"game": name, "seats": seats})).json()
            games.append(created["id"])
            clients.append(asyncio.create_task(spectator(url.replace("http", "ws"), created["id"], ledger, stop)))
            for seat in created["seats"]:
                if seat["link"]:
                    token = seat["link"].split("token=", 1)[1]
                    clients.append(asyncio.create_task(
                        person(url.replace("http", "ws"), created["id"], token, ledger, random.Random(rng.random()),
                               stop, think=(args.think / 2, args.think * 1.5))))
        for kill in range(args.kills):
            await asyncio.sleep(rng.uniform(args.min_gap, args.max_gap))
            server.kill()
            starts.append(await asyncio.to_thread(server.start))
            print(f"kill {kill + 1}/{args.kills}: restarted in {starts[-1]:.2f} s; "
                  f"acknowledged so far {len(ledger.acked)}, shown {len(ledger.shown)}", flush=True)
        deadline = time.monotonic() + args.finish_seconds
        unfinished = list(games)
        while unfinished and time.monotonic() < deadline:
            await asyncio.sleep(1.0)
            unfinished = [g for g in unfinished if not (await http.get(f"/api/games/{g}")).json()["terminal"]]
        stop.set()
        for task in clients:
            task.cancel()
        await asyncio.gather(*clients, return_exceptions=True)
        records = {g: (await http.get(f"/api/games/{g}/record")).json()["actions"] for g in games}
    server.stop()
    lost_acked = [k for k, a in ledger.acked.items() if k[1] >= len(records[k[0]]) or records[k[0]][k[1]] != a]
    lost_shown = [k for k, a in ledger.shown.items() if k[1] >= len(records[k[0]]) or records[k[0]][k[1]] != a]
    print(f"kills: {args.kills} (SIGKILL at random moments), restarts took {min(starts[1:] or [0]):.2f} to "
          f"{max(starts[1:] or [0]):.2f} s; games: {len(games)}, finished {len(games) - len(unfinished)}; "
          f"stored actions: {sum(len(r) for r in records.values())}; client reconnects: {ledger.reconnects}")
    print(f"acknowledged actions checked: {len(ledger.acked)}, lost: {len(lost_acked)}; "
          f"actions shown checked: {len(ledger.shown)}, lost or changed: {len(lost_shown) + len(ledger.conflicts)}")
    for problem in [*lost_acked[:5], *lost_shown[:5], *ledger.conflicts[:5]]:
        print(f"  {problem}", file=sys.stderr)
    return 0 if not lost_acked and not lost_shown and not ledger.conflicts and not unfinished else 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=10, help="how many times the server is SIGKILLed")
    parser.add_argument("--games", type=int, default=16, help="games played at once (half people, half bots)")
    parser.add_argument("--think", type=float, default=0.3, help="mean seconds a person thinks before acting")
    parser.add_argument("--min-gap", type=float, default=0.5, help="least seconds between restart and kill")
    parser.add_argument("--max-gap", type=float, default=4.0, help="most seconds between restart and kill")
    parser.add_argument("--finish-seconds", type=float, default=600.0, help="time allowed to finish every game")
    parser.add_argument("--database", help="an SQLAlchemy URL (default: a new SQLite file)")
    parser.add_argument("--seed", type=int, default=1)
    sys.exit(asyncio.run(drill(parser.parse_args())))


if __name__ == "__main__":
    main()
