"""Doodle Jump: the fast rules against the readable ones over many games (issue 14: at least 10^5).

Usage:  python benchmarks/doodle_jump_differential.py [--games 100000] [--workers 2] [--seed 0]

Game ``i`` is played with seed ``seed + i`` under one of several configurations in turn (2 to 4
players, no tiles, Power Tiles, Expert Tiles, a Shield's holder choosing or not). Every game goes
through :func:`tabletop.games.doodle_jump.readable.play_both`: the same chance outcomes and decisions
applied to the fast state and to the readable one, with the legal actions, every field of the position
and the log compared at every step. The first divergence stops the run with its seed and step.
A smaller run of the same check is part of ``make test`` (tests/games/doodle_jump/test_doodle_jump_fast_path.py).
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import tabletop
from tabletop.games.doodle_jump import DoodleJumpGame
from tabletop.games.doodle_jump.readable import play_both

CONFIGS: tuple[dict[str, Any], ...] = (
    {"players": 4, "tiles": "power"},
    {"players": 2, "tiles": "none"},
    {"players": 3, "tiles": "expert"},
    {"players": 2, "tiles": "power", "choose_shield": True},
    {"players": 4, "tiles": "expert", "choose_shield": True},
    {"players": 3, "tiles": "none"},
)


def check(first: int, count: int) -> tuple[int, int]:
    """Play games ``first .. first + count - 1`` through both rules; return (games, steps)."""
    games = [tabletop.make("doodle-jump", **options) for options in CONFIGS]
    steps = 0
    for seed in range(first, first + count):
        game = games[seed % len(games)]
        assert isinstance(game, DoodleJumpGame)
        steps += play_both(game, seed)
    return count, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--chunk", type=int, default=2_000, help="games per task")
    args = parser.parse_args()
    start = time.perf_counter()
    end = args.seed + args.games
    chunks = [(first, min(args.chunk, end - first)) for first in range(args.seed, end, args.chunk)]
    games = steps = 0
    with ProcessPoolExecutor(args.workers) as pool:
        for done, more in pool.map(check, *zip(*chunks, strict=True)):
            games += done
            steps += more
            print(f"{games:>8} games, {steps:>11,} steps identical ({time.perf_counter() - start:.0f} s)", flush=True)
    print(
        f"fast and readable Doodle Jump rules agree on all {games} games ({steps:,} steps, seeds {args.seed}.."
        f"{args.seed + games - 1}, {len(CONFIGS)} configurations) in {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
