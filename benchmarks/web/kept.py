"""What a game keeps from one game to the next: the memory its caches hold as a server plays game after game.

A server makes one ``Game`` per game and options and plays every game of them on it, so whatever
the ``Game`` (its rules, its chance caches) keeps from a game stays for the next: with a bound it
levels off or saws (a cache cleared when full), without one it rises for as long as the server
runs. This script plays ``--games`` random games of each game on one ``Game`` and prints, every tenth
of them, the memory still allocated since the first game (tracemalloc, after a full collection):
the curve of what a soak's RSS gets from the games' caches, and its peak. ``--src`` runs another
checkout's code (in a child process).

    .venv/bin/python benchmarks/web/kept.py --games 300
    .venv/bin/python benchmarks/web/kept.py --games 300 --src /work/main/src
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/, for the harness

from harness.checkout import rerun_with
from harness.positions import random_action

GAMES = ("jumanji", "doodle-jump", "donkey-kong")


def play(game: object, rng: random.Random) -> None:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while not state.is_terminal():
        state.apply_action(random_action(state, rng))


def curve(name: str, games: int, seed: int) -> list[float]:
    """MB kept since the first game, after each tenth of ``games``."""
    import tabletop

    game = tabletop.make(name)
    rng = random.Random(seed)
    play(game, rng)  # what any first game loads (tables, modules) is not kept from game to game
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        kept = []
        for played in range(1, games + 1):
            play(game, rng)
            if played % max(1, games // 10) == 0:
                gc.collect()
                kept.append((tracemalloc.get_traced_memory()[0] - base) / 2**20)
    finally:
        tracemalloc.stop()
    return kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", choices=GAMES, help="one game (repeatable); all by default")
    parser.add_argument("--src", help="run another checkout's code (its src directory)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.src and not args.child:
        rerun_with(args.src, __file__)
    print(f"MB a game keeps from game to game, every {max(1, args.games // 10)} of {args.games} random games "
          f"({time.strftime('%H:%M UTC', time.gmtime())}, load {os.getloadavg()[0]:.1f}"
          f"{', code of ' + args.src if args.src else ''})")
    for name in args.game or GAMES:
        kept = curve(name, args.games, args.seed)
        print(f"{name:12} " + " ".join(f"{mb:5.2f}" for mb in kept) + f"   peak {max(kept):.2f}", flush=True)


if __name__ == "__main__":
    main()
