"""Jumanji random playouts: steps per second, mean game length and the all-lose rate.

.venv/bin/python benchmarks/calibration/playouts.py --players 4 --games 5000
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import tabletop


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--challenge-cards", type=int, default=0)
    parser.add_argument("--rescue-rolls", type=int, default=None)
    parser.add_argument("--data", default=None)
    args = parser.parse_args()
    game = tabletop.make(
        "jumanji",
        players=args.players,
        challenge_cards=args.challenge_cards,
        rescue_rolls=args.rescue_rolls,
        data=args.data,
    )
    rng = random.Random(args.seed)
    steps = 0
    turns: list[int] = []
    lost = 0
    grid: list[int] = []
    start = time.perf_counter()
    for _ in range(args.games):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                a = s.chance_distribution().sample(rng)
            else:
                legal = s.legal_actions()
                a = legal[int(rng.random() * len(legal))]
            s.apply_action(a)
            steps += 1
        m = s.metrics()
        turns.append(s.turn_number())
        lost += int(m["rate:all_lose"])
        grid.append(int(m["grid_cards"]))
    elapsed = time.perf_counter() - start
    print(f"players={args.players} games={args.games} steps={steps} seconds={elapsed:.2f}")
    print(f"steps/s={steps / elapsed:,.0f}")
    print(
        f"turns: mean={statistics.mean(turns):.1f} median={statistics.median(turns)} "
        f"rounds(mean turns/players)={statistics.mean(turns) / args.players:.1f}"
    )
    print(f"all-lose rate={lost / args.games:.3f}  mean grid cards at end={statistics.mean(grid):.2f}")


if __name__ == "__main__":
    main()
