"""What a server's positions cost its event loop: the CPU of one action in a room, and the collector's pauses.

A room makes a new position per action (``clone`` and ``apply_action``) and keeps it, with the
log's new lines, until the next one. This script holds ``--games`` games of one real game at
random points of their play (up to ``--length`` actions), then plays ``--steps`` actions, each
in a game drawn at random, as the rooms of a busy server do, with the collector tuned as
``tabletop serve`` tunes it (``collector.tune``). It prints the CPU per action and the
collector's pauses per generation in the thread's CPU time (a busy machine hardly inflates it):
the young collections walk every position made since the one before. ``--src`` runs another
checkout's code (the figures before a change), in a child process.

    .venv/bin/python benchmarks/web/positions.py --game donkey-kong
    .venv/bin/python benchmarks/web/positions.py --game donkey-kong --src /work/main/src
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/, for the harness

from harness.checkout import rerun_with


def advance(state: Any, rng: random.Random) -> Any:
    after = state.clone()
    if after.is_chance_node():
        after.apply_action(after.chance_distribution().sample(rng))
    else:
        legal = after.legal_actions()
        after.apply_action(legal[int(rng.random() * len(legal))])
    return after


def measure(name: str, games: int, length: int, steps: int, seed: int,
            thresholds: tuple[int, ...] | None = None, count: bool = False) -> str:
    import tabletop
    from tabletop.interfaces.web import collector

    game = tabletop.make(name, players=2)
    rng = random.Random(seed)
    rooms: list[list[Any]] = []
    for _ in range(games):
        lines: list[Any] = []
        state, target = game.new_initial_state(), rng.randrange(length)
        while len(state.history()) < target:
            if state.is_terminal():
                state, lines = game.new_initial_state(), []
            before, state = state, advance(state, rng)
            lines.extend(state.events(before.log_size()))
        rooms.append([state, lines])
    collector.tune()
    if thresholds is not None:
        gc.set_threshold(*thresholds)
    pauses = [[0, 0.0, 0.0, 0] for _ in range(3)]
    began = [0.0]
    examined = [0]

    def timed(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            # the objects the collection examines (listing them costs time of its own, outside the pause)
            examined[0] = sum(len(gc.get_objects(g)) for g in range(info["generation"] + 1)) if count else 0
            began[0] = time.thread_time()
            return
        took = time.thread_time() - began[0]
        seen = pauses[info["generation"]]
        seen[0] += 1
        seen[1] += took
        seen[2] = max(seen[2], took)
        seen[3] += examined[0]

    gc.callbacks.append(timed)
    cpu = time.process_time()
    for _ in range(steps):
        room = rooms[rng.randrange(games)]
        if room[0].is_terminal():
            room[0], room[1] = game.new_initial_state(), []
            continue
        after = advance(room[0], rng)
        room[1].extend(after.events(room[0].log_size()))
        room[0] = after
    cpu = time.process_time() - cpu
    gc.callbacks.remove(timed)
    held = sum(len(room[0].history()) for room in rooms)
    return (f"{name}: {games} games holding {held} actions, {steps} actions played, thresholds {gc.get_threshold()}: "
            f"{cpu / steps * 1e6:.1f} us CPU an action; the collector's pauses (CPU) " + "; ".join(
                f"generation {g}: {n} ({total * 1e3:.0f} ms, longest {longest * 1e3:.1f} ms"
                + (f", {seen / max(n, 1):.0f} objects examined a pause" if count else "") + ")"
                for g, (n, total, longest, seen) in enumerate(pauses)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="donkey-kong")
    parser.add_argument("--games", type=int, default=1000, help="games held (default 1,000)")
    parser.add_argument("--length", type=int, default=600, help="the most actions a held game has played")
    parser.add_argument("--steps", type=int, default=60_000, help="actions played while measured")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--thresholds", help="the collector's thresholds, as 700,10,100 (default: as tabletop "
                        "serve sets them, collector.THRESHOLDS)")
    parser.add_argument("--count", action="store_true", help="count the objects each collection examines")
    parser.add_argument("--src", help="run another checkout's code (its src directory)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.src and not args.child:
        rerun_with(args.src, __file__)
    import tabletop

    print(f"{Path(tabletop.__file__).parent}; {time.strftime('%H:%M UTC', time.gmtime())}, load average "
          f"{os.getloadavg()[0]:.1f}")
    thresholds = tuple(int(t) for t in args.thresholds.split(",")) if args.thresholds else None
    print(measure(args.game, args.games, args.length, args.steps, args.seed, thresholds, args.count))


if __name__ == "__main__":
    main()
