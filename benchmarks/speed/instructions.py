"""Instructions per unit of work: bench.py's operations counted by valgrind, not timed.

Usage:  python benchmarks/speed/instructions.py [--workloads playouts,mcts-random,mcts-heuristic,heuristic]
                                          [--src DIR] [--python PATH]

On a shared machine a wall-clock figure can move by half between two runs; the number of
instructions a fixed piece of work takes does not. Each workload (the random playouts,
MCTS with random or heuristic rollouts, the heuristic's decisions, on the games and
positions bench.py uses) runs under ``valgrind --tool=callgrind`` once at scale 1 and once
at scale 3; the difference, halved, is the instructions of one unit of work, without the
interpreter's start and the imports. ``--src`` measures another checkout (for example
``git worktree add /tmp/before main``, then ``--src /tmp/before/src``) with this script
and this interpreter, so two trees are compared on the same work.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/, for the harness

from harness.positions import mid_game, random_playout

WORKLOADS = ("playouts", "mcts-random", "mcts-heuristic", "heuristic")
GAMES: dict[str, tuple[int, dict[str, Any]]] = {
    "jumanji": (4, {}),
    "doodle-jump": (4, {"tiles": "power"}),
    "donkey-kong": (4, {}),
}
#: random playouts per unit of work (about equal time for each game)
PLAYOUTS = {"jumanji": 8, "doodle-jump": 2, "donkey-kong": 1}


def work(workload: str, scale: int) -> None:
    """Do ``scale`` units of the workload (the operations bench.py times)."""
    import tabletop
    from tabletop.agents import make as make_agent

    for name, (players, options) in GAMES.items():
        if name not in tabletop.list_games():
            continue
        if workload == "playouts":
            game = tabletop.make(name, players=players, **options)
            rng = random.Random(1)
            for _ in range(PLAYOUTS[name] * scale):
                random_playout(game.new_initial_state(), rng)
            continue
        positions = [mid_game(tabletop.make(name, players=2, **options), seed) for seed in (1, 2)]
        positions = [p for p in positions if not p.is_terminal() and len(p.legal_actions()) > 1] or positions
        if workload.startswith("mcts-"):
            agent = make_agent("mcts", iterations=20 * scale, rollout=workload.removeprefix("mcts-"))
            for position in positions:
                agent.reset(position.current_player())
                agent.step(position, random.Random(1))
        else:
            agent = make_agent("heuristic")
            rng = random.Random(2)
            for _ in range(20 * scale):
                for position in positions:
                    agent.step(position, rng)


def count(python: str, src: str | None, workload: str, scale: int) -> int:
    """The instructions valgrind counts for one run of the workload at ``scale``."""
    env = dict(os.environ, PYTHONPATH=src) if src else dict(os.environ)
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", python, __file__, "--run",
         workload, str(scale)],
        capture_output=True, text=True, env=env, check=True,
    )
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise RuntimeError(f"valgrind printed no count:\n{run.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workloads", default=",".join(WORKLOADS), help="comma-separated workloads")
    parser.add_argument("--src", default=None, help="the src/ directory of the checkout to measure")
    parser.add_argument("--python", default=sys.executable, help="the interpreter to run it with")
    parser.add_argument("--run", nargs=2, metavar=("WORKLOAD", "SCALE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.run:
        work(args.run[0], int(args.run[1]))
        return
    print(f"instructions per unit of work (valgrind callgrind; scale 3 minus scale 1, halved); src: {args.src or '-'}")
    for workload in args.workloads.split(","):
        if workload not in WORKLOADS:
            parser.error(f"unknown workload {workload!r}; workloads: {', '.join(WORKLOADS)}")
        one, three = (count(args.python, args.src, workload, scale) for scale in (1, 3))
        print(f"{workload:<16} {(three - one) / 2:>16,.0f}   (start and imports: {one - (three - one) / 2:,.0f})")


if __name__ == "__main__":
    main()
