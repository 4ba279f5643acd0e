"""The sharded deployment under load, and a shard killed mid-game (``tabletop deploy``'s machinery).

Starts ``--shards`` processes of ``tabletop serve --shard sK`` (their defaults: live play on, the
shipped bot and chance delays, every limit on; ``--serve-arg`` adds a flag) on one PostgreSQL
database (a fresh schema of ``--database``, by default the one ``.ci/postgres.sh`` starts) behind
Debian's nginx, and plays games through nginx with the load client of ``harness/web.py``: each game
has one person over a real WebSocket (from ``--addresses`` loopback addresses) and one of the
server's bots. Every figure is split by the shard that owns the game.

``load``: ``--games`` games kept going for ``--seconds``; the p50/p99 time from a request sent
to its acknowledgement, per shard and overall; the actions shown to a client that the records do
not hold; each shard's CPU and memory.

``drill``: the same, and after ``--warmup`` seconds one shard (``--victim``) is killed with
SIGKILL mid-game and started again. Its people reconnect (through nginx, which answers 502 while
the shard is down) and play on. Reports the restart time, whether every action acknowledged or
shown before the kill is in the records (an ack is sent after the view that shows its action, so
the actions shown include the acknowledged ones), how many of its games moved on after the
restart, and, for the other shards, the disconnections and errors their people saw (none is
expected) and their p99 before, during (from the kill to 10 s after the restart) and after.

    .venv/bin/python benchmarks/web/shards.py load --shards 3 --games 3000 --seconds 120
    .venv/bin/python benchmarks/web/shards.py drill --shards 3 --games 300 --seconds 90 --warmup 30
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/, for the harness

from harness.web import LoadClient, Totals, cpu_seconds, percentile, records_match, rss_mb

from tabletop.interfaces.web.deployment import Deployment
from tabletop.interfaces.web.shards import owner_of

ROOT = Path(__file__).resolve().parents[2]


class Timed(list[float]):
    """A list of latencies that notes when each was added."""

    def __init__(self) -> None:
        super().__init__()
        self.at: list[float] = []

    def append(self, value: float) -> None:
        super().append(value)
        self.at.append(time.monotonic())

    def between(self, start: float, end: float) -> list[float]:
        return [v for v, at in zip(self, self.at, strict=True) if start <= at < end]


class ShardedLoad:
    """Games created through the balancer and played by one load client per shard (figures per shard)."""

    def __init__(self, url: str, shards: list[str], reconnect: bool, **options: Any) -> None:
        self.creator = LoadClient(url, **options)
        self.clients = {name: LoadClient(url, **options) for name in shards}
        for client in self.clients.values():
            client.totals.ack = Timed()
        self.reconnect = reconnect
        self.reconnects: collections.Counter[str] = collections.Counter()
        self.games: collections.Counter[str] = collections.Counter()
        for address in self.creator.addresses:  # each HTTP client loads its TLS settings: not part of the run
            self.creator.http(address)

    async def run(self, games: int, seconds: float, ramp: float) -> None:
        deadline = time.monotonic() + seconds + ramp
        # games start in a shuffled order, so that the round robin of creation does not give each shard
        # one kind of game (the load client chooses the game by its number)
        order = list(range(games))
        random.Random(games).shuffle(order)
        await asyncio.gather(*(self._keep(i, games, deadline, ramp * order[i] / max(1, games)) for i in range(games)))
        for client in [self.creator, *self.clients.values()]:
            await client.close()

    async def _keep(self, number: int, games: int, deadline: float, delay: float) -> None:
        await asyncio.sleep(delay)
        while time.monotonic() < deadline:
            made = await self.creator.create(number)
            if made is None:
                if not self.reconnect:
                    return
                await asyncio.sleep(1.0)  # the shard nginx chose went down between its check and the request
                continue
            address, game_id, token = made
            shard = str(owner_of(game_id))
            self.games[shard] += 1
            client = self.clients[shard]
            while True:
                try:
                    await client.play(address, game_id, token, deadline)
                    break
                except Exception as exc:
                    if not self.reconnect or time.monotonic() >= deadline:
                        client.totals.errors.append(f"game {game_id}: {exc!r}")
                        return
                    self.reconnects[shard] += 1  # its shard went away: come back, as a browser does
                    await asyncio.sleep(0.5)
            number += games

    def records(self) -> dict[str, list[str]]:
        return {game_id: seen for client in self.clients.values() for game_id, seen in client.records.items()}

    def over(self) -> set[str]:
        """The games seen to end, on every shard."""
        return set().union(*(client.totals.over for client in self.clients.values()))


def fresh_schema(database: str) -> tuple[str, str]:
    """A new schema of ``database`` for this run: (its URL, its name)."""
    import secrets

    import sqlalchemy as sa

    schema = f"bench_{secrets.token_hex(5)}"
    engine = sa.create_engine(database)
    with engine.begin() as conn:
        conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
    engine.dispose()
    return f"{database}{'&' if '?' in database else '?'}options=-csearch_path%3D{schema}", schema


def drop_schema(database: str, schema: str) -> None:
    import sqlalchemy as sa

    engine = sa.create_engine(database)
    with engine.begin() as conn:
        conn.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
    engine.dispose()


def ms(values: list[float], share: float) -> str:
    return f"{percentile(values, share) * 1000:.1f} ms" if values else "-"


def latency(values: list[float]) -> str:
    return f"p50 {ms(values, 0.5)}, p99 {ms(values, 0.99)} ({len(values)} acks)"


def run(args: argparse.Namespace) -> int:
    database = args.database or subprocess.run(["bash", str(ROOT / ".ci/postgres.sh")], check=True,
                                               capture_output=True, text=True).stdout.strip()
    url, schema = fresh_schema(database)
    ramp = args.games / 20 if args.ramp is None else args.ramp
    deployment = Deployment(shards=args.shards, database=url, serve_args=args.serve_arg, connections=16384,
                            keep_files=args.keep)
    samples: dict[str, list[float]] = collections.defaultdict(list)
    stop = threading.Event()
    events: dict[str, float] = {}
    try:
        deployment.start()
        names = [s.name for s in deployment.members]
        load = ShardedLoad(deployment.url, names, reconnect=args.command == "drill", addresses=args.addresses,
                           think=args.think, seed=args.seed)

        def sample() -> None:
            while not stop.wait(1.0):
                for shard in deployment.members:
                    if shard.running() and shard.process is not None:
                        with contextlib.suppress(OSError):  # killed in between
                            samples[shard.name].append(rss_mb(shard.process.pid))

        threading.Thread(target=sample, daemon=True).start()
        cpu0 = {s.name: cpu_seconds(s.process.pid) for s in deployment.members if s.process is not None}
        nginx0 = cpu_seconds(deployment.nginx.pid) if deployment.nginx else 0.0
        own0 = time.process_time()
        load0 = os.getloadavg()[0]
        started = time.monotonic()

        async def main() -> None:
            playing = asyncio.create_task(load.run(args.games, args.seconds, ramp))
            if args.command == "drill":
                await asyncio.sleep(ramp + args.warmup)
                while not playing.done() and sum(1 for g, seen in load.records().items()
                                                 if owner_of(g) == args.victim and any(seen)) < args.games // 20:
                    await asyncio.sleep(1.0)  # a busy machine: wait until the victim's games are under way
                shown_before = {g: sum(1 for a in seen if a) for g, seen in load.records().items()
                                if owner_of(g) == args.victim}
                events["over_before"] = float(len(set(shown_before) & load.over()))  # cannot move on
                events["kill"] = time.monotonic()
                await asyncio.to_thread(deployment.kill, args.victim)
                events["restart"] = await asyncio.to_thread(deployment.restart, args.victim)
                events["back"] = time.monotonic()
                events["shown_before"] = float(sum(shown_before.values()))
                await playing
                moved = sum(1 for g, before in shown_before.items()
                            if sum(1 for a in load.records().get(g, []) if a) > before)
                events["moved_on"] = float(moved)
                events["victim_games"] = float(len(shown_before))
            else:
                await playing

        asyncio.run(main())
        elapsed = time.monotonic() - started
        cpu = {s.name: cpu_seconds(s.process.pid) - (cpu0[s.name] if s.starts == 1 else 0.0)
               for s in deployment.members if s.process is not None}
        nginx_cpu = (cpu_seconds(deployment.nginx.pid) - nginx0) if deployment.nginx else 0.0
        own = time.process_time() - own0
        everything = LoadClient(deployment.url)
        everything.records = load.records()
        lost = records_match(deployment.url, everything)
        stored = {s.name: httpx.get(f"{s.url}/api/server", timeout=60).json().get("actions_stored")
                  for s in deployment.members}
    finally:
        stop.set()
        deployment.stop()
        if not args.keep:
            drop_schema(database, schema)
    print(f"{args.command}: {args.shards} shards behind nginx on PostgreSQL, {args.games} games (a person over a "
          f"WebSocket and a server bot each) for {args.seconds:g} s after a {ramp:g} s ramp; people think "
          f"{args.think:g} s from {args.addresses} loopback addresses; {time.strftime('%H:%M UTC', time.gmtime())}, "
          f"load average {load0:.1f} at the start, {os.getloadavg()[0]:.1f} at the end (2 cores, shared)")
    totals = Totals()
    every: list[float] = []
    for name, client in load.clients.items():
        t = client.totals
        every.extend(t.ack)
        totals.errors.extend(t.errors)
        print(f"  shard {name}: {load.games[name]} games, {t.finished} finished; "
              f"request to ack {latency(list(t.ack))}; "
              f"errors {len(t.errors)}, reconnections {load.reconnects[name]}; CPU {cpu.get(name, 0):.0f} s "
              f"({cpu.get(name, 0) / elapsed:.0%} of a core); RSS peak {max(samples[name], default=0):.0f} MB; "
              f"actions stored since its start {stored.get(name)}")
        for error in t.errors[:3]:
            print(f"    error: {error}")
    print(f"  all shards: request to ack {latency(every)}; creation errors {len(load.creator.totals.errors)}")
    for error in load.creator.totals.errors[:3]:
        print(f"    creation error: {error}")
    print(f"  actions shown to a client that the records do not hold: {lost}")
    if args.keep:
        print(f"  logs: {deployment.folder}; schema {schema}")
    print(f"  nginx CPU {nginx_cpu:.0f} s ({nginx_cpu / elapsed:.0%} of a core); load client CPU {own:.0f} s "
          f"({own / elapsed:.0%} of a core)")
    failed = bool(lost)
    if args.command == "drill":
        kill, back = events["kill"], events["back"]
        print(f"  SIGKILL of shard {args.victim} {kill - started:.0f} s in; it answered again "
              f"{events['restart']:.1f} s later; {int(events['shown_before'])} actions shown before the kill in its "
              f"{int(events['victim_games'])} games; {int(events['moved_on'])} of those games moved on after the "
              f"restart ({int(events['over_before'])} were over before the kill)")
        for name, client in load.clients.items():
            if name == args.victim:
                continue
            acks = client.totals.ack
            assert isinstance(acks, Timed)
            print(f"  shard {name} (not killed): before the kill {latency(acks.between(0, kill))}; during "
                  f"{latency(acks.between(kill, back + 10))}; after {latency(acks.between(back + 10, float('inf')))}")
            failed |= bool(client.totals.errors) or load.reconnects[name] > 0
        failed |= events["moved_on"] == 0
    else:
        failed |= bool(totals.errors)
    return 1 if failed else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["load", "drill"])
    parser.add_argument("--shards", type=int, default=3)
    parser.add_argument("--games", type=int, default=300, help="games kept going at once (default 300)")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to play after the ramp (default 60)")
    parser.add_argument("--ramp", type=float, default=None, help="seconds over which the games start (default "
                        "games / 20)")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a person thinks (default 1)")
    parser.add_argument("--addresses", type=int, default=250, help="loopback addresses the people come from")
    parser.add_argument("--warmup", type=float, default=20.0, help="drill: seconds after the ramp before the kill")
    parser.add_argument("--victim", default="s2", help="drill: the shard to kill (default s2)")
    parser.add_argument("--database", help="PostgreSQL URL (default: the one .ci/postgres.sh starts); a fresh "
                        "schema of it is used and dropped")
    parser.add_argument("--keep", action="store_true", help="keep the schema, the shards' logs and nginx's")
    parser.add_argument("--serve-arg", action="append", default=[], help="an extra flag for every shard")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.command == "drill" and args.victim not in {f"s{n}" for n in range(1, args.shards + 1)}:
        parser.error(f"--victim must be one of s1..s{args.shards}")
    sys.exit(run(args))


if __name__ == "__main__":
    main()
