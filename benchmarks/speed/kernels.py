"""Compiled random playouts beside OpenSpiel's C++ backgammon: steps per CPU second on one core (issue 27).

Usage:  python benchmarks/speed/kernels.py [--seconds 2] [--rounds 3] [--games doodle-jump,...]

For every game with a compiled random playout (``Game.random_playout()`` is a ``BatchPlayout``:
Numba installed), batches of whole games by random players are played in one call each
(``playout.batch(seeds)``) and their actions (decisions and chance outcomes alike) counted per
CPU second; rounds alternate with backgammon's random playouts, the median of each is reported,
and each game's figure is set against backgammon's of the same run (the target: at least 20x).
The configurations are the simulation targets' (Jumanji 4 players, Doodle Jump 4 players with
Power Tiles, Donkey Kong 4 players). The process is pinned to one core.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from reference import beside_backgammon, pin_to_one_core, stamp

import tabletop
from tabletop.core.batch import ACTIONS, BatchPlayout

CONFIGS: dict[str, dict[str, Any]] = {
    "jumanji": {"players": 4},
    "doodle-jump": {"players": 4, "tiles": "power"},
    "donkey-kong": {"players": 4},
}


def batched(name: str, options: dict[str, Any], seconds: float) -> Callable[[], float] | None:
    playout = tabletop.make(name, **options).random_playout()
    if not isinstance(playout, BatchPlayout):
        return None
    playout.batch(range(10))  # compiled (or loaded from the cache) before any timing
    first = [0]

    def measure() -> float:
        steps = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            batch = playout.batch(range(first[0], first[0] + 500))
            first[0] += 500
            steps += int(batch.columns[:, ACTIONS].sum())
        return steps / (time.process_time() - start)

    return measure


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", default=",".join(CONFIGS))
    args = parser.parse_args()
    pinned = pin_to_one_core()
    print(f"compiled random playouts beside OpenSpiel's backgammon; {pinned}; {stamp()}")
    measures: dict[str, Callable[[], float]] = {}
    for name in args.games.split(","):
        measure = batched(name, CONFIGS.get(name, {}), args.seconds)
        if measure is None:
            print(f"{name}: no compiled playout here (Numba missing, or the game has none)")
        else:
            measures[name] = measure
    beside_backgammon(measures, args.rounds, args.seconds, "at least 20x backgammon's steps/s")


if __name__ == "__main__":
    main()
