"""Soak of ``tabletop serve``: games kept going for many minutes; the server's memory each minute and its slope.

Starts ``tabletop serve`` (its defaults, as users run it; ``--serve-arg`` adds a flag) as a separate
process and keeps ``--games`` games going (each a person played from here over a WebSocket and one
of the server's bots; a finished game is replaced by a new one), sampling the server's RSS every
``--sample`` seconds. Prints the samples, and the slope of RSS in MB a minute after ``--warmup``
minutes (a least-squares line). With ``--trace`` the server runs under ``tracemalloc`` and writes,
each minute, the 15 places whose allocations grew most since the end of the warm-up
(``<folder>/tracemalloc.txt``): where a creep comes from.

    .venv/bin/python benchmarks/web/soak.py --games 200 --minutes 30
    .venv/bin/python benchmarks/web/soak.py --games 200 --minutes 12 --warmup 4 --trace
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/, for the harness

from harness.web import LoadClient, Serve, rss_mb

#: run the server's CLI under tracemalloc, writing the growth since a baseline every minute
TRACED = """
import sys, threading, time, tracemalloc
tracemalloc.start(int(sys.argv.pop(1)))
out, warmup = sys.argv.pop(1), float(sys.argv.pop(1))
def watch():
    time.sleep(warmup)
    base = tracemalloc.take_snapshot()
    while True:
        time.sleep(60)
        top = tracemalloc.take_snapshot().compare_to(base, "traceback")[:15]
        with open(out, "a") as f:
            f.write(f"--- {time.strftime('%H:%M:%S')} traced {tracemalloc.get_traced_memory()[0] / 1e6:.1f} MB\\n")
            for stat in top:
                f.write(f"{stat.size_diff / 1e3:+.0f} kB {stat.count_diff:+d} blocks\\n")
                f.write("".join(f"    {line}\\n" for line in stat.traceback.format()[-6:]))
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
        return [command[0], "-c", TRACED, "6", str(self.trace), str(self.warmup_seconds), *command[3:]]


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

    def sample() -> None:
        while True:
            samples.append(((time.monotonic() - started) / 60, rss_mb(server.pid)))
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
    print("RSS (MB) by minute: " + ", ".join(f"{m:.1f}: {r:.1f}" for m, r in samples))
    print(f"slope after {args.warmup:g} min of warm-up: {slope(after):+.3f} MB/min over {len(after)} samples")
    if args.trace:
        print(f"tracemalloc growth: {server.trace}")
    print(client.totals.summary())


if __name__ == "__main__":
    main()
