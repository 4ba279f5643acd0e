"""`tabletop simulate GAME -n 1000000 --workers 2` for every game, scaled by backgammon of the same run (issue 27).

Usage:  python benchmarks/speed/simulate.py [--games 1000000] [--workers 2] [--only doodle-jump,...]

Each game's simulation runs as the command a user types (a subprocess, wall-clock time, random
bots, the runner's compiled playout when Numba is installed), between two measurements of
OpenSpiel's C++ backgammon (random playouts, one core, CPU time: benchmarks/speed/reference.py).
The target is 60 s with backgammon at 100k steps/s: a run's time is scaled by backgammon's
figure of that run (``seconds * backgammon / 100,000``), so a slow hour of a shared machine slows
both alike. The raw time, backgammon's figure and the load are printed beside it.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

from reference import backgammon, stamp

#: the configurations of the target: Jumanji 4 players, Doodle Jump 4 players with Power Tiles, Donkey Kong 4 players
COMMANDS = {
    "jumanji": ["-p", "4"],
    "doodle-jump": ["-p", "4", "-o", "tiles=power"],
    "donkey-kong": ["-p", "4"],
}
REFERENCE = 100_000.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", default=",".join(COMMANDS))
    parser.add_argument("--seconds", type=float, default=3.0, help="each backgammon measurement")
    args = parser.parse_args()
    tabletop = str(Path(sys.executable).with_name("tabletop"))
    print(f"tabletop simulate GAME -n {args.games:,} --workers {args.workers}; {stamp()}")
    rows = []
    for name in args.only.split(","):
        before = backgammon(args.seconds)
        command = [tabletop, "simulate", name, "-n", str(args.games), "-w", str(args.workers), *COMMANDS[name]]
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        seconds = time.perf_counter() - start
        after = backgammon(args.seconds)
        reference = statistics.mean((before, after))
        scaled = seconds * reference / REFERENCE
        rows.append((name, seconds, reference, scaled))
        print(f"  {' '.join(command[1:])}: {seconds:.1f} s; backgammon {reference:,.0f} steps/s; "
              f"scaled to 100k: {scaled:.1f} s ({'met' if scaled <= 60 else 'missed'}); {stamp()}", flush=True)
    print(f"{'game':<12} {'seconds':>8} {'backgammon':>11} {'scaled':>7}  (target: scaled <= 60 s)")
    for name, seconds, reference, scaled in rows:
        print(f"{name:<12} {seconds:>8.1f} {reference:>11,.0f} {scaled:>7.1f}")


if __name__ == "__main__":
    main()
