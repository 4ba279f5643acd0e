"""Load test of ``tabletop serve`` as users run it: concurrent games played by people over WebSockets.

Starts ``tabletop serve`` (its defaults: live play on, the shipped bot and chance delays, every
limit on; ``--serve-arg`` adds a flag) as a separate process on a free loopback port with a fresh
SQLite database, or plays against ``--url`` (a server or a load balancer already running). Each
game has one person, played from here over a real WebSocket, and one of the server's bots; the
people come from ``--addresses`` loopback addresses, as real clients do. Prints the p50/p99 time
from a request sent to its acknowledgement and to the view that shows it, the errors, the actions
acknowledged that the stored records do not hold, and the server's CPU and memory.

    .venv/bin/python benchmarks/web/load.py --games 1000 --seconds 120
    .venv/bin/python benchmarks/web/load.py --games 2000 --seconds 120 --serve-arg=--max-games=3000
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/, for the harness

from harness import ackparts, memprobe
from harness.web import LoadClient, ProbedServe, Serve, open_files, percentile, records_match, rss_mb

from tabletop.interfaces.web import collector


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games kept going at once (default 100)")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to measure, after the ramp")
    parser.add_argument("--ramp", type=float, default=None, help="seconds over which the games start "
                        "(default: games / 20, the default creation rate of the server)")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a person thinks (default 1)")
    parser.add_argument("--addresses", type=int, default=250, help="loopback addresses the people come from")
    parser.add_argument("--url", help="play against this server instead of starting one")
    parser.add_argument("--serve-arg", action="append", default=[], help="an extra flag for tabletop serve")
    parser.add_argument("--src", help="run the server from this source tree (another checkout's src)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--probe", action="store_true", help="a probe inside the server (harness/memprobe.py): "
                        "its garbage collector's pauses and its memory's parts")
    parser.add_argument("--parts", action="store_true", help="with --probe: the server's time for each request, "
                        "split into its parts (harness/ackparts.py)")
    args = parser.parse_args()
    ramp = args.games / 20 if args.ramp is None else args.ramp
    parts = Path(tempfile.mkdtemp(prefix="tabletop-parts-")) / "parts.jsonl" if args.parts else None
    server = None if args.url else ProbedServe(args.serve_arg, 10.0, src=args.src, env={
        "TABLETOP_PROBE_PARTS": str(parts)} if parts else None) if args.probe else Serve(args.serve_arg, src=args.src)
    if server is not None:
        server.start()
    url = args.url or (server.url if server else "")
    samples: list[tuple[float, float, int]] = []
    stop = threading.Event()

    def sample() -> None:
        while server is not None and not stop.wait(1.0):
            samples.append((time.monotonic(), rss_mb(server.pid), open_files(server.pid)))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    client = LoadClient(url, addresses=args.addresses, think=args.think, seed=args.seed)
    # this client's collector tuned as the server's (collector.py): its own young collections over a thousand games'
    # sockets stop its loop too, and every such pause would be counted as the server's latency
    collector.tune()
    cpu0 = server.cpu() if server else 0.0
    own0 = time.process_time()
    started = time.monotonic()
    measured_from = time.time() + ramp
    try:
        asyncio.run(client.run(args.games, args.seconds, ramp))
        elapsed = time.monotonic() - started
        cpu = (server.cpu() - cpu0) if server else float("nan")
        own = time.process_time() - own0
        lost = records_match(url, client)
        stats = server.stats() if server else {}
    finally:
        stop.set()
        if server is not None:
            server.stop()
    totals = client.totals
    when = time.strftime("%H:%M UTC", time.gmtime())
    print(f"{args.games} games kept going for {args.seconds:g} s after a {ramp:g} s ramp, people from "
          f"{args.addresses} loopback addresses thinking {args.think:g} s on average; {when}")
    print(totals.summary())
    print(f"acknowledged or shown actions missing from the records: {lost}")
    if server is not None:
        rss = [s[1] for s in samples]
        print(f"server: CPU {cpu:.1f} s in {elapsed:.0f} s ({cpu / elapsed:.0%} of a core); RSS peak "
              f"{max(rss, default=0):.0f} MB; open files peak {max((s[2] for s in samples), default=0)}; "
              f"actions stored {stats.get('actions_stored')} in {stats.get('transactions')} transactions")
        print(f"server's door: {stats.get('connections_turned_away', '?')} connections turned away (over a cap), "
              f"{stats.get('requests_timed_out', '?')} requests timed out (headers or body too slow to arrive), "
              f"{stats.get('connections_closed_idle', '?')} kept-alive connections closed idle; "
              f"{stats.get('games_in_memory', '?')} games in memory")
    if isinstance(server, ProbedServe):
        print("the probe's figures below are from after the ramp")
        # what the probe saw while the games were kept going, not the start-up or the ramp (a line sums the
        # probe's interval before it)
        probed = [line for line in memprobe.lines(server.probe) if line["at"] - server.every >= measured_from]
        pauses = [[sum(line["gc"][g][i] for line in probed) if i not in (2, 4) else
                   max((line["gc"][g][i] for line in probed), default=0.0) for i in range(7)] for g in range(3)]
        print("server's garbage collector (wall ms / the collecting thread's CPU ms): " + "; ".join(
            f"generation {g}: {n:.0f} pauses, {total:.0f} / {cpu:.0f} ms in all, longest {longest:.1f} / "
            f"{cpu_max:.1f} ms, {freed / max(n, 1):.0f} objects freed a pause"
            + (f", {examined / max(n, 1):.0f} examined" if examined else "")
            for g, (n, total, longest, cpu, cpu_max, freed, examined) in enumerate(pauses)))
        lags = [line["lag"] for line in probed if line.get("lag", [0])[0]]
        if lags:
            waits = sum(x[0] for x in lags)
            print(f"server's event loop, late to run a callback handed to it every 10 ms: {waits} waits, the median "
                  f"line's p50 {percentile([x[1] for x in lags], 0.5):.1f} ms and p99 "
                  f"{percentile([x[2] for x in lags], 0.5):.1f} ms, longest {max(x[3] for x in lags):.0f} ms; over "
                  + ", ".join(f"{limit} ms: {sum(x[i] for x in lags) / waits:.2%}" for i, limit in
                              ((4, 20), (5, 50), (6, 100))))
        if parts is not None:
            for line in ackparts.summary(parts, measured_from):
                print(line)
        if probed:
            print("server's memory at the end (MB): " + ", ".join(
                f"{k} {probed[-1][k]:.1f}" for k in ("rss", "anon", "py_arenas", "py_used", "malloc_used",
                                                     "malloc_free", "sqlite") if k in probed[-1]))
    print(f"load client CPU: {own:.1f} s ({own / elapsed:.0%} of a core)")
    if server is not None and "Traceback" in server.output():
        print("the server logged a traceback:\n" + server.output()[-3000:], file=sys.stderr)
    sys.exit(0 if not totals.errors and lost == 0 else 1)


if __name__ == "__main__":
    main()
