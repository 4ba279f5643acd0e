"""What storing actions costs the event loop on SQLite: how late the loop runs while the writer commits.

The server stores every accepted action (a group commit, ``writer.py``) before it tells anyone.
This script drives the server's own :class:`~tabletop.interfaces.web.writer.Writer` on a fresh
SQLite file as the server does (``--games`` games each storing an action every ``--every``
seconds), while a ticker task in the same loop measures how late a 1 ms sleep wakes: the time
the loop could not serve anyone else. A commit in the loop (a few hundred microseconds) shows as
small lags; the write-ahead log's checkpoint (every thousand pages: copying them into the database
and syncing it to disk) as the long ones. Prints the lags' percentiles and maximum, lags over 20 ms,
commits per second, how long an action waited from being handed to the writer to its commit (what an
acknowledgement waits for: a checkpoint holding the writes shows here, not in the lags), and the
write-ahead log's size at the end. ``--src`` runs another checkout's
code (the figures before a change), in a child process, so old and new can be run side by side.

    .venv/bin/python benchmarks/web/commits.py --games 1000 --seconds 60
    .venv/bin/python benchmarks/web/commits.py --games 1000 --seconds 60 --src /work/main/src
    .venv/bin/python benchmarks/web/commits.py --games 1000 --seconds 60 --threaded   (or --in-loop)
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


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


async def drive(folder: str, games: int, seconds: float, every: float, threaded: bool | None) -> str:
    from tabletop.interfaces.web.store import Append, Seat, Store
    from tabletop.interfaces.web.writer import Writer

    store = Store(f"sqlite:///{folder}/games.db")
    seats = [Seat(kind="human", name="Ann"), Seat(kind="bot", name="Bot", bot="random")]
    ids = [store.create_game("jumanji", {"players": 2}, 1, seats) for _ in range(games)]
    writer = Writer(store, threaded=threaded)
    lags: list[float] = []
    waits: list[float] = []  # from an action handed to the writer to its commit (what an ack waits for)
    stop = time.monotonic() + seconds

    async def ticker() -> None:
        while time.monotonic() < stop:
            started = time.perf_counter()
            await asyncio.sleep(0.001)
            lags.append(time.perf_counter() - started - 0.001)

    async def game(game_id: str, rng: random.Random) -> int:
        number = 0
        await asyncio.sleep(rng.random() * every)
        while time.monotonic() < stop:
            # an action's text as long as a real one's; each game stores one every `every` seconds on average
            handed = time.perf_counter()
            await writer.append(Append(game_id, number, f"advance {rng.randrange(1000)} to {rng.randrange(99)}",
                                       number % 2))
            waits.append(time.perf_counter() - handed)
            number += 1
            await asyncio.sleep(every * (0.5 + rng.random()))
        return number

    rng = random.Random(1)
    cpu0 = time.process_time()
    counts = await asyncio.gather(ticker(), *(game(i, random.Random(rng.random())) for i in ids))
    cpu = time.process_time() - cpu0
    wal = Path(folder) / "games.db-wal"
    wal_mb = wal.stat().st_size / 2**20 if wal.exists() else 0.0  # before closing: the last connection removes it
    await writer.close()
    stored = sum(c for c in counts if c is not None)
    store.close()
    long = [lag for lag in lags if lag > 0.020]
    return (f"actions stored {stored} ({stored / seconds:.0f}/s) in {writer.transactions} transactions; "
            f"CPU {cpu:.1f} s\nloop lag (a 1 ms sleep woke this much late): p50 {percentile(lags, 0.5) * 1e3:.2f} ms, "
            f"p99 {percentile(lags, 0.99) * 1e3:.2f} ms, p99.9 {percentile(lags, 0.999) * 1e3:.1f} ms, "
            f"max {max(lags) * 1e3:.1f} ms; {len(long)} lags over 20 ms (their sum {sum(long):.2f} s)\n"
            f"an action handed to the writer until committed: p50 {percentile(waits, 0.5) * 1e3:.2f} ms, "
            f"p99 {percentile(waits, 0.99) * 1e3:.2f} ms, max {max(waits) * 1e3:.1f} ms; "
            f"{writer.checkpoints} checkpoints\n"
            f"write-ahead log at the end: {wal_mb:.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--every", type=float, default=1.0, help="mean seconds between two actions of a game")
    parser.add_argument("--src", help="measure another checkout's code (its src directory)")
    parser.add_argument("--in-loop", dest="threaded", action="store_false", default=None,
                        help="commit in the event loop (the writer's choice on SQLite before issue 22)")
    parser.add_argument("--threaded", dest="threaded", action="store_true", help="commit on the writer's thread")
    args = parser.parse_args()
    if args.src:
        env = dict(os.environ, PYTHONPATH=args.src)
        command = [sys.executable, __file__, "--games", str(args.games), "--seconds", str(args.seconds),
                   "--every", str(args.every)] + ([] if args.threaded is None else
                                                   ["--threaded" if args.threaded else "--in-loop"])
        sys.exit(subprocess.run(command, env=env, check=False).returncode)
    import tabletop

    with tempfile.TemporaryDirectory() as folder:
        print(f"{args.games} games, an action every {args.every:g} s each, for {args.seconds:g} s "
              f"({time.strftime('%H:%M UTC', time.gmtime())}, load {os.getloadavg()[0]:.1f}); "
              f"code: {Path(tabletop.__file__).parents[1]}; writer: "
              f"{ {None: 'its default', True: 'threaded', False: 'in the loop'}[args.threaded]}", flush=True)
        print(asyncio.run(drive(folder, args.games, args.seconds, args.every, args.threaded)))


if __name__ == "__main__":
    main()
