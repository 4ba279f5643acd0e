"""Donkey Kong's fast rules against the readable reference, action by action, over many games.

Usage:  python benchmarks/donkey_kong_equivalence.py [games] [workers]   (default: 100000 games, 2 workers)

Every game is played through both ``DonkeyKongState`` (the fast movement) and
``reference.ReferenceState`` (the plain one, one step per round) with the same decisions and
chance outcomes, drawn from ``random.Random(seed)``: after every action the two must agree on
every field of the position, the log, the legal actions and the chance node, and their notations
every 64 actions and at the end (``reference.play_both``). The games cycle through 2, 3 and 4
players, with the first player fixed (seat 0) on even seeds and decided by the opening roll on
odd ones. Prints the games and actions compared and stops at the first difference (exit status 1).
The test suite plays a few hundred such games (tests/games/donkey_kong/test_dk_fast_paths.py).
"""

from __future__ import annotations

import sys
import time
from concurrent.futures import ProcessPoolExecutor

import tabletop
from tabletop.games.donkey_kong.game import DonkeyKongGame
from tabletop.games.donkey_kong.reference import Divergence, play_both

CHUNK = 500


def make_game(players: int, opening_roll: bool) -> DonkeyKongGame:
    game = tabletop.make("donkey-kong", players=players, first_player=None if opening_roll else 0)
    assert isinstance(game, DonkeyKongGame)
    return game


def chunk(start: int, stop: int) -> tuple[int, int, str]:
    """Games ``start`` to ``stop - 1``: (games, actions, the first divergence or "")."""
    games = {(players, rolled): make_game(players, rolled) for players in (2, 3, 4) for rolled in (False, True)}
    actions = 0
    for seed in range(start, stop):
        try:
            actions += play_both(games[2 + seed % 3, seed % 2 == 1], seed)
        except Divergence as exc:
            return seed - start, actions, str(exc)
    return stop - start, actions, ""


def main() -> None:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    start = time.perf_counter()
    games = actions = 0
    with ProcessPoolExecutor(workers) as pool:
        starts = range(0, total, CHUNK)
        for done, steps, problem in pool.map(chunk, starts, [min(s + CHUNK, total) for s in starts]):
            games += done
            actions += steps
            if games % 2_000 == 0:
                print(f"  {games} games, {actions} actions agree ({time.perf_counter() - start:.0f} s)", flush=True)
            if problem:
                print(f"DIFFERENT after {games} games: {problem}")
                sys.exit(1)
    seconds = time.perf_counter() - start
    print(f"{games} games, {actions} actions: the fast rules and the reference agree after every action "
          f"({seconds:.0f} s with {workers} workers)")


if __name__ == "__main__":
    main()
