"""What random games of a game look like: length, turns, each of the game's own figures, and their speed.

Usage:  python benchmarks/calibration/playouts.py GAME [--players 4] [--games 3000] [--seed 1]
                                                [--option NAME=VALUE ...]

Plays ``--games`` games by random players (chance sampled by ``Distribution.sample``, decisions
uniform over the legal actions, all from one ``random.Random(seed)``) with the game's options
(``--option rescue_rolls=4``, ``--option data=my_board.toml``: any option the game declares,
checked by the game). Prints the actions and turns per game, the mean of every figure the game's
``State.metrics()`` reports (Jumanji's all-lose rate and grid cards, Doodle Jump's fall rate ...),
and the steps per second of CPU time. This is how provisional game data was chosen: Jumanji's
board and rescue roll count (``docs/rules/jumanji.md``, ``games/jumanji/data/jumanji.toml``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/, for the harness

from harness.positions import random_playout

import tabletop


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=tabletop.list_games())
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option (repeatable)")
    args = parser.parse_args()
    options: dict[str, str] = {}
    for pair in args.option:
        name, sep, value = pair.partition("=")
        if not sep:
            parser.error(f"--option takes NAME=VALUE, not {pair!r}")
        options[name.strip().replace("-", "_")] = value.strip()
    try:
        game = tabletop.make(args.game, players=args.players, **options)
    except ValueError as exc:
        parser.error(str(exc))
    rng = random.Random(args.seed)
    lengths: list[int] = []
    turns: list[int] = []
    figures: dict[str, list[float]] = {}
    start = time.process_time()
    for _ in range(args.games):
        state = game.new_initial_state()
        lengths.append(random_playout(state, rng))
        turns.append(state.turn_number())
        for name, value in state.metrics().items():
            figures.setdefault(name, []).append(value)
    elapsed = time.process_time() - start
    shown = ", ".join(f"{k}={v}" for k, v in options.items()) or "default options"
    print(f"{args.game}, {args.players} players, {shown}, {args.games} games, seed {args.seed}: "
          f"{sum(lengths) / elapsed:,.0f} steps/s, {args.games / elapsed:,.1f} games/s (CPU time)")
    print(f"actions per game: mean {statistics.mean(lengths):.1f}, median {statistics.median(lengths):g}, "
          f"max {max(lengths)}")
    print(f"turns per game: mean {statistics.mean(turns):.1f}, median {statistics.median(turns):g}, "
          f"max {max(turns)}; rounds (mean turns / players) {statistics.mean(turns) / args.players:.1f}")
    print("the game's figures (State.metrics), mean per game:")
    for name, values in figures.items():
        print(f"  {name:<28} {statistics.mean(values):.4g}")


if __name__ == "__main__":
    main()
