"""Soak of ``tabletop serve``: games kept going for many minutes; the server's memory each minute and its slope.

Starts ``tabletop serve`` (its defaults, as users run it; ``--serve-arg`` adds a flag) as a separate
process and keeps ``--games`` games going (each a person played from here over a WebSocket and one
of the server's bots; a finished game is replaced by a new one), sampling the server's RSS every
``--sample`` seconds. Prints the samples, and the slope of RSS in MB a minute after ``--warmup``
minutes (a least-squares line). With ``--trace`` the server runs under ``tracemalloc`` and writes,
each minute, the 15 places whose live allocations grew most since the end of the warm-up (tracing starts
a minute before it ends: start-up is not traced)
(``<folder>/tracemalloc.txt``): where a creep comes from.

    .venv/bin/python benchmarks/web/soak.py --games 200 --minutes 30
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

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/, for the harness

import httpx
from harness.web import LoadClient, Serve, rss_mb

#: run the server's CLI with tracemalloc started a minute before the end of the warm-up (start-up and
#: imports untraced: tracing them makes the server take minutes to start), then, each minute, write the
#: places whose live allocations grew most since the end of the warm-up, grouped by traceback
TRACED = """
import sys, threading, time, tracemalloc
frames, out, warmup = int(sys.argv.pop(1)), sys.argv.pop(1), float(sys.argv.pop(1))
def watch():
    time.sleep(max(0.0, warmup - 60))
    tracemalloc.start(frames)
    time.sleep(min(60.0, warmup))
    base = tracemalloc.take_snapshot()
    while True:
        time.sleep(60)
        snapshot = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
        top = snapshot.compare_to(base, "traceback")[:15]
        with open(out, "a") as f:
            grown = sum(s.size_diff for s in snapshot.compare_to(base, "filename")) / 1e6
            f.write(f"--- {time.strftime('%H:%M:%S')} traced {tracemalloc.get_traced_memory()[0] / 1e6:.1f} MB, "
                    f"grown since the warm-up {grown:+.2f} MB\\n")
            for stat in top:
                f.write(f"{stat.size_diff / 1e3:+.0f} kB {stat.count_diff:+d} blocks\\n")
                # file:line only (formatting source lines would fill linecache, a growth of the tracer's own)
                f.write("".join(f"    {frame.filename}:{frame.lineno}\\n" for frame in reversed(stat.traceback)))
            f.write("by line:\\n" + "".join(f"{stat.size_diff / 1e3:+.0f} kB {stat.count_diff:+d} blocks "
                                             f"{stat.traceback[-1].filename}:{stat.traceback[-1].lineno}\\n"
                                             for stat in snapshot.compare_to(base, "lineno")[:15]))
threading.Thread(target=watch, daemon=True).start()
from tabletop.interfaces.cli.app import main
main()
"""


class TracedServe(Serve):
    def __init__(self, flags: list[str], warmup_seconds: float) -> None:
        super().__init__(flags)
        self.trace = Path(self.folder) / "tracemalloc.txt"
        self.warmup_seconds = warmup_seconds

    def command(self) -> list[str]:
        command = super().command()
        return [command[0], "-c", TRACED, "12", str(self.trace), str(self.warmup_seconds), *command[3:]]


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
    args = parser.parse_args()
    server = TracedServe(args.serve_arg, args.warmup * 60) if args.trace else Serve(args.serve_arg)
    server.start(timeout=600.0)
    samples: list[tuple[float, float]] = []
    stop = threading.Event()
    started = time.monotonic()
    print(f"soak of {args.games} games for {args.minutes:g} min, from {time.strftime('%H:%M UTC', time.gmtime())}; "
          f"the server's log and tracemalloc.txt in {server.folder}", flush=True)
    print("minute  RSS MB  games in memory  sockets  actions stored  load average", flush=True)

    def sample() -> None:
        while True:
            minute, rss = (time.monotonic() - started) / 60, rss_mb(server.pid)
            samples.append((minute, rss))
            try:
                held = server.stats()
            except httpx.HTTPError:
                held = {}
            print(f"{minute:6.1f} {rss:7.1f} {held.get('games_in_memory', '?'):>16} {held.get('sockets', '?'):>8} "
                  f"{held.get('actions_stored', '?'):>15}  {os.getloadavg()[0]:.1f}", flush=True)
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
    if args.trace:
        print(f"tracemalloc growth: {server.trace}")
    print(client.totals.summary())


if __name__ == "__main__":
    main()
