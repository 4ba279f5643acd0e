"""A game's compiled kernel against its readable rules over many games (issue 27: 10^5 per game).

Usage:  python benchmarks/equivalence/kernels.py --game doodle-jump [--games 100000] [--workers 2] [--seed 0]

Game ``i`` is played with seed ``game_seed(seed, i)`` under one of the game's option sets in turn
(:data:`OPTION_SETS`). Every game goes through :func:`tabletop.testing.kernels.lockstep`: the
readable rules and the kernel side by side, the position compared field by field after every
action, the legal actions in order at every decision, the outcome for the same uniform number at
every chance node, and then the compiled playout's own game (its loop and its streams) must be the
same game. The first divergence stops the run with its seed and step; at the end the games,
actions and option sets checked are printed. A smaller run is in ``make test``
(tests/games/<game>/test_<game>_kernel.py).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import tabletop
from tabletop.analysis.runner import game_seed
from tabletop.core.state import State
from tabletop.testing.kernels import lockstep

OPTION_SETS: dict[str, tuple[dict[str, Any], ...]] = {
    "doodle-jump": (
        {"players": 4, "tiles": "power"},
        {"players": 2, "tiles": "none"},
        {"players": 3, "tiles": "expert"},
        {"players": 2, "tiles": "power", "choose_shield": True},
        {"players": 4, "tiles": "expert", "choose_shield": True},
        {"players": 3, "tiles": "none", "first_player": 1},
        {"players": 2, "tiles": "expert", "turn_limit": 20},
    ),
    "jumanji": (
        {"players": 4},
        {"players": 2},
        {"players": 3},
        {"players": 4, "rescue_rolls": 4, "first_player": 2},
        {"players": 2, "rescue_rolls": 10},
        {"players": 3, "challenge_cards": 4, "rescue_rolls": 6},
        {"players": 4, "challenge_cards": 2, "first_player": 3, "turn_limit": 25},
    ),
}


def readable(game: Any) -> Callable[[], State] | None:
    """The game's readable twin of its rules, where it has one (else its own rules are followed)."""
    if game.name == "doodle-jump":
        from tabletop.games.doodle_jump.readable import ReadableDoodleJumpState

        return lambda: ReadableDoodleJumpState(game)
    return None


def check(name: str, seed: int, first: int, count: int) -> tuple[int, int]:
    """Games ``first .. first + count - 1``; returns (games, actions)."""
    games = [tabletop.make(name, **options) for options in OPTION_SETS[name]]
    twins = [game.random_playout().twin() for game in games]  # type: ignore[union-attr]
    rules = [readable(game) for game in games]
    actions = 0
    for i in range(first, first + count):
        k = i % len(games)
        actions += lockstep(twins[k], game_seed(seed, i), rules[k])
    return count, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True, choices=sorted(OPTION_SETS))
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--chunk", type=int, default=1_000)
    args = parser.parse_args()
    start = time.perf_counter()
    chunks = [(first, min(args.chunk, args.games - first)) for first in range(0, args.games, args.chunk)]
    games = actions = 0
    with ProcessPoolExecutor(args.workers) as pool:
        futures = [pool.submit(check, args.game, args.seed, first, count) for first, count in chunks]
        for future in futures:
            done, more = future.result()
            games += done
            actions += more
            elapsed = time.perf_counter() - start
            print(f"{games:>8} games, {actions:>12,} actions identical ({elapsed:.0f} s)", flush=True)
    sets = len(OPTION_SETS[args.game])
    print(
        f"{args.game}: the compiled kernel and the readable rules agree on all {games:,} games ({actions:,} actions, "
        f"run seed {args.seed}, {sets} option sets: {list(OPTION_SETS[args.game])}) "
        f"in {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
