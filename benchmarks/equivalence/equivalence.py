"""A game's fast engine against its readable twin, action by action, over many games.

Usage:  python benchmarks/equivalence/equivalence.py --game NAME [--kernel] [--games 100000] [--workers 2] [--seed 0]

The game declares its pair (``Game.twins()``: its fast state or whole-game playout, and the
readable rules; with ``--kernel`` ``Game.kernel_twins()``: its compiled kernel stepped on its
position rows, which needs Numba) and the option sets to cycle through (``Game.twin_options``); game ``i`` is
played with the seed ``derive_seed(seed, i)`` under option set ``i % len(options)``. Every game
goes through the differential harness (``tabletop.testing.differential.play_both``): random
players in every seat, the same chance outcomes and decisions for both engines, and before every
action the same position, legal actions or chance outcomes (with their probabilities) and action,
then the same final position and summary. Prints the games and actions compared as it goes, and
stops at the first difference with its seed and step (exit status 1). Run it under ``nice -n 10``
on a shared machine. The test suite plays a few hundred such games per game
(tests/games/*/test_*fast_path*.py, tests/games/*/test_*_kernel.py).
"""

from __future__ import annotations

import argparse
import functools
import sys
import time

import tabletop
from tabletop.testing.differential import Tally, check_games, twins_of


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True, choices=tabletop.list_games())
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--chunk", type=int, default=500, help="games per task")
    parser.add_argument("--kernel", action="store_true", help="the compiled kernel (Game.kernel_twins)")
    args = parser.parse_args()
    pairs = functools.partial(twins_of, args.game, kernel=args.kernel)
    try:
        options = len(pairs())  # a game without twins is refused here, before any worker starts
    except ValueError as exc:
        parser.error(str(exc))
    shown = max(args.games // 20, args.chunk)

    def progress(tally: Tally, seconds: float) -> None:
        if tally.games % shown < args.chunk or tally.divergence:
            print(f"  {tally.games} games, {tally.actions} actions agree ({seconds:.0f} s)", flush=True)

    start = time.perf_counter()
    tally = check_games(pairs, args.games, seed=args.seed, workers=args.workers, chunk=args.chunk, progress=progress)
    seconds = time.perf_counter() - start
    if tally.divergence:
        print(f"DIFFERENT after {tally.games} games: {tally.divergence}")
        sys.exit(1)
    engine = "compiled kernel" if args.kernel else "fast engine"
    print(f"{args.game}: {tally.games} games, {tally.actions} actions: the {engine} and the readable rules agree "
          f"before every action and at the end ({seconds:.0f} s with {args.workers} workers; {options} option sets, "
          f"seed {args.seed})")


if __name__ == "__main__":
    main()
