"""Soak of ``tabletop serve``: games kept going for many minutes; the server's memory, part by part, and its slope.

Starts ``tabletop serve`` (its defaults, as users run it; ``--serve-arg`` adds a flag, ``--src``
runs another checkout's code, ``--env`` sets the server's environment) as a separate process and
keeps ``--games`` games going (each a person played from here over a WebSocket and one of the
server's bots; a finished game is replaced by a new one), sampling the server's RSS every
``--sample`` seconds. A probe inside the server (``harness/memprobe.py``) says which part of the
memory it is: pymalloc's arenas and the live blocks in them, glibc's heaps (in use and free),
SQLite's own memory, file-backed pages; the database and its write-ahead log are sized beside.
Prints the samples, and the slope in MB a minute after ``--warmup`` minutes (a least-squares
line) of the RSS and of each part. With ``--trace`` tracemalloc starts a minute before the end
of the warm-up (start-up untraced: tracing it makes the server take minutes to start) and each
sample writes the 15 places whose live allocations grew most to ``<folder>/tracemalloc.txt``.

    .venv/bin/python benchmarks/web/soak.py --games 200 --minutes 30
    .venv/bin/python benchmarks/web/soak.py --games 100 --minutes 10 --warmup 3 --src /work/main/src
    .venv/bin/python benchmarks/web/soak.py --games 200 --minutes 12 --warmup 4 --trace
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/, for the harness

import httpx
from harness import memprobe
from harness.web import LoadClient, ProbedServe, rss_mb

#: the memory's parts printed each sample and given a slope at the end (see harness/memprobe.py)
PARTS = ("anon", "file", "py_arenas", "py_used", "malloc_used", "malloc_free", "sqlite", "traced")


def _gc2(probed: dict[str, Any]) -> str:
    """The full collections since the probe's line before: how many, and the longest in ms."""
    full = probed.get("gc", [[], [], []])[2]
    return f"{full[0]}x {full[2]:.0f} ms" if full else "-"


def slope(points: list[tuple[float, float]]) -> float:
    """The least-squares slope of (x, y) points."""
    n = len(points)
    if n < 2:
        return float("nan")
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / sxx if sxx else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--warmup", type=float, default=5.0, help="minutes left out of the slope")
    parser.add_argument("--sample", type=float, default=30.0, help="seconds between two RSS samples")
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--trace", action="store_true", help="run the server under tracemalloc")
    parser.add_argument("--serve-arg", action="append", default=[])
    parser.add_argument("--src", help="run the server from this source tree (another checkout's src)")
    parser.add_argument("--env", action="append", default=[], help="NAME=VALUE in the server's environment")
    args = parser.parse_args()
    env = dict(pair.split("=", 1) for pair in args.env)
    server = ProbedServe(args.serve_arg, args.sample, max(0.0, args.warmup * 60 - 60) if args.trace else -1.0,
                         src=args.src, env=env, kinds=True, kinds_from=args.warmup * 60)
    server.start(timeout=600.0)
    samples: list[tuple[float, float]] = []
    parts: list[tuple[float, dict[str, float]]] = []
    stop = threading.Event()
    started = time.monotonic()
    print(f"soak of {args.games} games for {args.minutes:g} min, from {time.strftime('%H:%M UTC', time.gmtime())}; "
          f"the server's log and tracemalloc.txt in {server.folder}", flush=True)
    print("minute  RSS MB  games (and their actions) in memory  sockets  actions stored  load average  |  MB: "
          + "  ".join(PARTS) + "  db  wal  | full collections | rooms and their parts alive "
          "| objects, and the kinds that grew most", flush=True)

    def sample() -> None:
        while True:
            minute, rss = (time.monotonic() - started) / 60, rss_mb(server.pid)
            samples.append((minute, rss))
            try:
                held = server.stats()
            except httpx.HTTPError:
                held = {}
            probed = memprobe.last(server.probe)
            parts.append((minute, probed))
            db, wal = server.files_mb()
            print(f"{minute:6.1f} {rss:7.1f} {held.get('games_in_memory', '?'):>6} "
                  f"{held.get('actions_in_memory', '?'):>9} {held.get('sockets', '?'):>8} "
                  f"{held.get('actions_stored', '?'):>15}  {os.getloadavg()[0]:5.1f}  |  "
                  + "  ".join(f"{probed[p]:.1f}" if p in probed else "-" for p in PARTS)
                  + f"  {db:.1f}  {wal:.1f}  | gc2 {_gc2(probed)} | "
                  + " ".join(f"{k} {n}" for k, n in probed.get("held", {}).items() if n)
                  + f" | {probed.get('objects', '-')} "
                  + " ".join(f"{k}+{n}" for k, n in probed.get("grown", [])[:6]), flush=True)
            if stop.wait(args.sample):
                return

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    client = LoadClient(server.url, addresses=200, think=args.think)
    try:
        asyncio.run(client.run(args.games, args.minutes * 60 - args.games / 20, ramp=args.games / 20))
        stats = server.stats()
    finally:
        stop.set()
        sampler.join()
        server.stop()
    after = [(m, r) for m, r in samples if m >= args.warmup]
    print(f"soak: {args.games} games for {args.minutes:g} min ({time.strftime('%H:%M UTC', time.gmtime())}); "
          f"games finished {client.totals.finished}, created {client.totals.created}; "
          f"actions stored {stats.get('actions_stored')}; errors {len(client.totals.errors)}")
    print(f"RSS {samples[0][1]:.1f} MB at the start, {min((r for m, r in after), default=float('nan')):.1f} MB after "
          f"the warm-up, {samples[-1][1]:.1f} MB at the end")
    print(f"slope after {args.warmup:g} min of warm-up: {slope(after):+.3f} MB/min over {len(after)} samples")
    print("slopes of the parts (MB/min): " + ", ".join(
        f"{p} {slope([(m, v[p]) for m, v in parts if m >= args.warmup and p in v]):+.3f}"
        for p in PARTS if any(p in v for _, v in parts)))
    if args.trace:
        print(f"tracemalloc growth: {server.trace}")
    print(client.totals.summary())
    print(f"server's door: {stats.get('connections_turned_away', '?')} connections turned away (over a cap), "
          f"{stats.get('requests_timed_out', '?')} requests timed out (headers or body too slow to arrive), "
          f"{stats.get('connections_closed_idle', '?')} kept-alive connections closed idle")


if __name__ == "__main__":
    main()
