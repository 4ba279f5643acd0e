"""Throughput of the analysis runner: worker scaling, the million-game run, and where a game's time goes.

Usage:
  python benchmarks/workbench.py scaling [--games 20000] [--rounds 3] [--game jumanji] [--players 4]
  python benchmarks/workbench.py million [--games 1000000] [--workers 2] [--out DIR]
  python benchmarks/workbench.py profile [--games 3000]

``scaling`` plays the same run with 1 and 2 local workers, alternating (1 2 1 2 ...),
and reports games/s for each and the ratio of the medians; the load average is
printed before and after, because on a shared machine the ratio only means
something beside it. It also reports the CPU time per game of all processes
(main and workers): the parallel overhead, and the ratio two idle cores would give.

``million`` plays 10^6 games (4-player Jumanji, random agents) through the runner
and reports the time, games/s and the peak memory of the main process and workers.
With random agents the runner plays Jumanji with its fast random playout
(``Game.random_playout``, docs/scaling.md): 54.5 s for 10^6 games with 2 workers here.

``profile`` splits a game's CPU time between the driver (streams, sampling, agents,
bookkeeping) and the rules, by replaying the same actions without a driver,
interleaved with the driven games; and times the fast random playout the runner
uses for random players (``Game.random_playout``: Jumanji's
``games/jumanji/playout.py``, compiled, proven equal by benchmarks/equivalence/kernels.py),
alone and with the game's row made from it (``analysis.metrics.row_of``).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time
from collections.abc import Callable

import tabletop
from tabletop.agents import RandomAgent
from tabletop.analysis.backends import InProcess, LocalProcesses
from tabletop.analysis.compare import run_variants
from tabletop.analysis.metrics import play_traced, row_of
from tabletop.analysis.runner import RunSpec, Variant, game_seed
from tabletop.core.play import Streams, run


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


def spec_for(game: str, players: int, seed: int = 1) -> RunSpec:
    built = tabletop.make(game, players=players)
    return RunSpec((Variant(game, built, tuple(RandomAgent() for _ in range(players))),), seed)


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def cpu_timed(action: Callable[[], object]) -> float:
    """CPU seconds of this process (less disturbed than wall time when other programs share the cores)."""
    start = time.process_time()
    action()
    return time.process_time() - start


def cpu_seconds() -> float:
    """CPU seconds used so far by this process and by its finished children (the worker processes)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def scaling(args: argparse.Namespace) -> None:
    spec = spec_for(args.game, args.players)
    print(f"{args.game}, {args.players} players, {args.games} games per run; before: {load()}")
    rates: dict[int, list[float]] = {1: [], 2: []}
    cpu: dict[int, list[float]] = {1: [], 2: []}
    for _ in range(args.rounds):
        for workers in (1, 2):
            backend = InProcess() if workers == 1 else LocalProcesses(workers)
            used = cpu_seconds()
            seconds = timed(lambda b=backend: run_variants(spec, games=args.games, backend=b))  # type: ignore[misc]
            per_game = (cpu_seconds() - used) / args.games * 1e6
            rates[workers].append(args.games / seconds)
            cpu[workers].append(per_game)
            print(f"  {workers} worker(s): {args.games / seconds:,.0f} games/s, {per_game:.0f} us of CPU per game")
    one, two = statistics.median(rates[1]), statistics.median(rates[2])
    print(f"median: 1 worker {one:,.0f} games/s, 2 workers {two:,.0f} games/s, ratio {two / one:.2f}")
    cpu_one, cpu_two = statistics.median(cpu[1]), statistics.median(cpu[2])
    print(f"CPU per game: {cpu_one:.0f} us with 1 worker, {cpu_two:.0f} us with 2 (all processes); on two idle "
          f"cores 2 workers would give {2 * cpu_one / cpu_two:.2f}x")
    print(f"after: {load()}")


def million(args: argparse.Namespace) -> None:
    spec = spec_for("jumanji", 4)
    print(f"{args.games:,} games of 4-player Jumanji, {args.workers} worker(s); before: {load()}")
    backend = InProcess() if args.workers <= 1 else LocalProcesses(args.workers)
    start = time.perf_counter()
    result = run_variants(spec, games=args.games, backend=backend, out=args.out)
    seconds = time.perf_counter() - start
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    workers = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"{result.games:,} games in {seconds:.1f} s: {result.games / seconds:,.0f} games/s")
    print(f"peak memory: main process {own:.0f} MB, largest worker {workers:.0f} MB")
    lost = result.summary.variants[0].mean("figure:rate:all_lose")
    print(f"all-lose rate {lost:.4f}; after: {load()}")


def profile(args: argparse.Namespace) -> None:
    game = tabletop.make("jumanji", players=4)
    agents = [RandomAgent() for _ in range(4)]
    seeds = [game_seed(1, i) for i in range(args.games)]
    histories = [run(game, agents, s).history() for s in seeds]

    def driven() -> None:
        for s in seeds:
            play_traced(game, agents, s)

    def plain_run() -> None:
        for s in seeds:
            run(game, agents, s)

    def rules_only() -> None:
        for history in histories:
            state = game.new_initial_state()
            for action in history:
                if state.current_player() == -1:
                    state.chance_distribution()
                else:
                    state.legal_actions()
                state.apply_action(action)
            state.is_terminal()

    fast = game.random_playout()
    assert fast is not None, "4-player Jumanji has a fast random playout"
    model = game.time_model()

    def fast_only() -> None:
        for s in seeds:
            fast(s)

    def fast_rows() -> None:
        for s in seeds:
            row_of(fast(s), s, model)

    def streams_only() -> None:
        for s in seeds:
            streams = Streams(s)
            streams.stream("chance")
            for seat in range(2):  # about 2.2 seats decide in a 4-player game
                streams.seat(seat)

    timings: dict[str, list[float]] = {"traced": [], "run": [], "rules": [], "streams": [], "fast": [], "rows": []}
    plays = (
        ("traced", driven),
        ("run", plain_run),
        ("rules", rules_only),
        ("streams", streams_only),
        ("fast", fast_only),
        ("rows", fast_rows),
    )
    for _ in range(args.rounds):
        for name, action in plays:
            timings[name].append(cpu_timed(action) / args.games * 1e6)
    median = {k: statistics.median(v) for k, v in timings.items()}
    print(f"4-player Jumanji, {args.games} games, CPU time, median of {args.rounds} interleaved rounds; {load()}")
    print(f"  traced game (analysis runner): {median['traced']:.0f} us/game")
    print(f"  core.play.run:                 {median['run']:.0f} us/game")
    print(f"  rules only (same actions):     {median['rules']:.0f} us/game")
    print(f"  driver share of a traced game: {median['traced'] - median['rules']:.0f} us "
          f"({100 * (1 - median['rules'] / median['traced']):.0f}%); stream creation {median['streams']:.0f} us")
    print(f"  fast random playout:           {median['fast']:.0f} us/game")
    print(f"  fast playout + its row:        {median['rows']:.0f} us/game (what the runner does per game)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("scaling")
    s.add_argument("--games", type=int, default=20_000)
    s.add_argument("--rounds", type=int, default=3)
    s.add_argument("--game", default="jumanji")
    s.add_argument("--players", type=int, default=4)
    m = sub.add_parser("million")
    m.add_argument("--games", type=int, default=1_000_000)
    m.add_argument("--workers", type=int, default=2)
    m.add_argument("--out", default=None)
    p = sub.add_parser("profile")
    p.add_argument("--games", type=int, default=3000)
    p.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    {"scaling": scaling, "million": million, "profile": profile}[args.command](args)


if __name__ == "__main__":
    main()
