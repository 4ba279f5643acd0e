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

**What the slope means.** A server's memory follows the actions its games hold (each a few hundred
bytes: ``benchmarks/web/held.py``), and in a soak of random players the held actions keep rising for
many minutes: a game lasts up to half an hour, so the games in memory get longer until the longest
have ended and been replaced. A slope read while they rise measures the workload, not a leak. So the
soak also prints when the held actions levelled (the first sample after ``--warmup`` from which their
fitted line changes by under 5% to the end; at least a third of the run left), the RSS slope from
there, and a fit of the RSS to the held actions and the time together after the warm-up: the bytes
per held action, and the slope at a constant number of held actions (what grows with time alone: the
leak, if any). The samples printed as it runs are the curve (RSS and held actions by the minute).
``--leave-after`` makes the workload steady sooner, as a public server's is: people leave games
unfinished, and the server puts those away once idle (``--idle-seconds``), so no game is held longer
than that, and the held actions level once the first games left have been put away.

    .venv/bin/python benchmarks/web/soak.py --games 200 --minutes 30
    .venv/bin/python benchmarks/web/soak.py --games 100 --minutes 10 --warmup 3 --src /work/main/src
    .venv/bin/python benchmarks/web/soak.py --games 200 --minutes 12 --warmup 4 --trace
    .venv/bin/python benchmarks/web/soak.py --games 200 --minutes 12 --env TABLETOP_PROBE_GARBAGE=1
    .venv/bin/python benchmarks/web/soak.py --games 200 --minutes 30 --warmup 8 --leave-after 5
    .venv/bin/python benchmarks/web/soak.py --games 100 --minutes 6 --leave-after 1 --env TABLETOP_PROBE_HOLDERS=Task
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


def level_from(points: list[tuple[float, float]], warmup: float, within: float = 0.05) -> float | None:
    """The first minute from ``warmup`` on from which the fitted line of ``points`` (minute, held actions)
    changes by less than ``within`` of their mean to the end, with at least a third of the run after it.

    >>> rising = [(m, 1000 * min(m, 10)) for m in range(31)]
    >>> level_from(rising, 5), level_from(rising[:12], 5)
    (9, None)
    """
    end = points[-1][0] if points else 0.0
    for minute, _ in points:
        if minute < warmup:
            continue
        if end - minute < end / 3:
            return None
        rest = [(m, v) for m, v in points if m >= minute]
        mean = sum(v for _, v in rest) / len(rest)
        if mean and abs(slope(rest)) * (end - minute) < within * mean:
            return minute
    return None


def fit(rows: list[tuple[float, float, float]]) -> tuple[float, float]:
    """Least squares of y = a + b * held + c * minute over (minute, held, y) rows: (b, c)."""
    import numpy as np

    if len(rows) < 4:
        return float("nan"), float("nan")
    x = np.array([[1.0, held, minute] for minute, held, _ in rows])
    y = np.array([v for _, _, v in rows])
    coefficients = np.linalg.lstsq(x, y, rcond=None)[0]
    return float(coefficients[1]), float(coefficients[2])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--warmup", type=float, default=5.0, help="minutes left out of the slope")
    parser.add_argument("--sample", type=float, default=30.0, help="seconds between two RSS samples")
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--leave-after", type=float, default=None,
                        help="minutes (on average) after which a person leaves a game still going and starts another")
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
    held_actions: list[tuple[float, float, float]] = []  # (minute, actions in memory, RSS MB)
    parts: list[tuple[float, dict[str, float]]] = []
    stop = threading.Event()
    started = time.monotonic()
    print(f"soak of {args.games} games for {args.minutes:g} min, from {time.strftime('%H:%M UTC', time.gmtime())}"
          + (f", a person leaving a game after {args.leave_after:g} min" if args.leave_after is not None else "")
          + f"; the server's log and tracemalloc.txt in {server.folder}", flush=True)
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
            if isinstance(held.get("actions_in_memory"), int):
                held_actions.append((minute, held["actions_in_memory"], rss))
            garbage = probed.get("garbage")
            db, wal = server.files_mb()
            print(f"{minute:6.1f} {rss:7.1f} {held.get('games_in_memory', '?'):>6} "
                  f"{held.get('actions_in_memory', '?'):>9} {held.get('sockets', '?'):>8} "
                  f"{held.get('actions_stored', '?'):>15}  {os.getloadavg()[0]:5.1f}  |  "
                  + "  ".join(f"{probed[p]:.1f}" if p in probed else "-" for p in PARTS)
                  + f"  {db:.1f}  {wal:.1f}  | gc2 {_gc2(probed)} | "
                  + " ".join(f"{k} {n}" for k, n in probed.get("held", {}).items() if n)
                  + f" | {probed.get('objects', '-')} "
                  + " ".join(f"{k}+{n}" for k, n in probed.get("grown", [])[:6])
                  + (f" | garbage {garbage[0]} objects {garbage[1]:.2f} MB: "
                     + " ".join(f"{k} {n}" for k, n in garbage[2][:5]) if garbage else ""), flush=True)
            if stop.wait(args.sample):
                return

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    client = LoadClient(server.url, addresses=200, think=args.think,
                        leave_after=None if args.leave_after is None else args.leave_after * 60)
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
    level = level_from([(m, h) for m, h, _ in held_actions], args.warmup)
    if level is None:
        print("the actions held did not level (their fitted line still changes by 5% or more to the end, or "
              "they levelled too late): the RSS slope above includes their growth")
    else:
        rest = [(m, r) for m, r in samples if m >= level]
        print(f"the actions held levelled from minute {level:.1f}: RSS slope from there {slope(rest):+.3f} MB/min "
              f"over {len(rest)} samples (actions held {min(h for m, h, _ in held_actions if m >= level):,.0f} to "
              f"{max(h for m, h, _ in held_actions if m >= level):,.0f})")
    per_action, per_minute = fit([row for row in held_actions if row[0] >= args.warmup])
    print(f"RSS fitted to the actions held and the time after {args.warmup:g} min: {per_action * 2**20:,.0f} bytes "
          f"per action held, {per_minute:+.3f} MB/min at a constant number of actions held")
    if args.trace:
        print(f"tracemalloc growth: {server.trace}")
    print(client.totals.summary())
    print(f"server's door: {stats.get('connections_turned_away', '?')} connections turned away (over a cap), "
          f"{stats.get('requests_timed_out', '?')} requests timed out (headers or body too slow to arrive), "
          f"{stats.get('connections_closed_idle', '?')} kept-alive connections closed idle")


if __name__ == "__main__":
    main()
