"""Random-playout speed of Donkey Kong (CPU time of this process, so other load does not count).

Usage:  python benchmarks/donkey_kong_speed.py [players] [games]
"""

from __future__ import annotations

import random
import sys
import time

import tabletop


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    game = tabletop.make("donkey-kong", players=players)
    rng = random.Random(1)
    steps = 0
    lengths = []
    turns = []
    start = time.process_time()
    for _ in range(games):
        s = game.new_initial_state()
        n = 0
        while not s.is_terminal():
            if s.is_chance_node():
                a = s.chance_distribution().sample(rng)
            else:
                legal = s.legal_actions()
                a = legal[int(rng.random() * len(legal))]
            s.apply_action(a)
            n += 1
        steps += n
        lengths.append(n)
        turns.append(s.turn_number())
    seconds = time.process_time() - start
    lengths.sort()
    print(
        f"donkey-kong, {players} players, {games} games: {steps / seconds:,.0f} steps/s, "
        f"{games / seconds:.1f} games/s; actions per game mean {sum(lengths) / games:.0f}, "
        f"median {lengths[games // 2]}, max {lengths[-1]}; turns per game mean {sum(turns) / games:.0f}"
    )


if __name__ == "__main__":
    main()
