"""Throughput of the analysis runner: worker scaling, the million-game run, and where a game's time goes.

Usage:
  python benchmarks/speed/workbench.py scaling [--games 20000] [--rounds 3] [--game jumanji] [--players 4]
  python benchmarks/speed/workbench.py million [--games 1000000] [--workers 2] [--out DIR]
  python benchmarks/speed/workbench.py profile [--games 3000]
  python benchmarks/speed/workbench.py stop [--rounds 5] [--workers 2]

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
``games/jumanji/playout.py``, compiled, proven equal by benchmarks/equivalence/equivalence.py --game jumanji),
alone and with the game's row made from it (``analysis.metrics.row_of``).

``stop`` starts ``tabletop compare`` on a long run with 2 workers and ``--out``, sends it
SIGINT (then SIGTERM) a few seconds in, and reports the wall-clock time from the signal
to the command's exit (the partial results written and printed, the workers ended),
the median of ``--rounds`` runs.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/, for the harness

from harness.timing import cpu_timed, load

import tabletop
from tabletop.agents import RandomAgent
from tabletop.analysis.backends import InProcess, LocalProcesses
from tabletop.analysis.compare import run_variants
from tabletop.analysis.metrics import play_traced, row_of
from tabletop.analysis.runner import RunSpec, Variant, game_seed
from tabletop.core.play import Streams, run


def spec_for(game: str, players: int, seed: int = 1) -> RunSpec:
    built = tabletop.make(game, players=players)
    return RunSpec((Variant(game, built, tuple(RandomAgent() for _ in range(players))),), seed)


def timed(action: Callable[[], object]) -> float:
    """Wall seconds: the workers' time is not this process's CPU time."""
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


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


def stop(args: argparse.Namespace) -> None:
    tabletop_command = str(Path(sys.executable).with_name("tabletop"))
    print(f"before: {load()}")
    for signum in (signal.SIGINT, signal.SIGTERM):
        walls = []
        for _ in range(args.rounds):
            out = Path(tempfile.mkdtemp(prefix="tabletop-stop-"))
            command = [tabletop_command, "compare", "jumanji", "-p", "2", "-v", "a", "-v", "b:rescue_rolls=6",
                       "-n", "50000000", "-w", str(args.workers), "--out", str(out / "results")]
            process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(args.after)
            sent = time.perf_counter()
            process.send_signal(signum)
            process.wait(timeout=120)
            walls.append(time.perf_counter() - sent)
            shutil.rmtree(out, ignore_errors=True)
            assert process.returncode == 128 + signum, f"exit status {process.returncode}"
        each = ", ".join(f"{w:.2f}" for w in walls)
        print(f"{signal.Signals(signum).name}: from the signal to the exit, results written and printed, workers "
              f"ended: median {statistics.median(walls):.2f} s of {args.rounds} ({each})")
    print(f"after: {load()}")


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
    t = sub.add_parser("stop")
    t.add_argument("--rounds", type=int, default=5)
    t.add_argument("--workers", type=int, default=2)
    t.add_argument("--after", type=float, default=5.0, help="seconds of play before the signal")
    args = parser.parse_args()
    {"scaling": scaling, "million": million, "profile": profile, "stop": stop}[args.command](args)


if __name__ == "__main__":
    main()
