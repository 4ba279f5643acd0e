"""What a game held by the server costs in memory: bytes and tracked objects per action, per game.

A server keeps every game in play in memory as its room's action log
(:class:`tabletop.interfaces.web.actionlog.ActionLog`: the position, its event log, who took each
action, the positions kept for undo and replay), so a soak's memory follows the actions its games
hold. This script plays ``--games`` games of each real game to their end (two random players, the
random player of every speed figure), then builds their action logs as the server does when it
loads a game and measures, with tracemalloc, the memory they hold, per action played; and the
objects the garbage collector tracks, per action (what its full collections walk). ``--src`` runs
another checkout's code (the figures before a change), in a child process.

    .venv/bin/python benchmarks/web/held.py
    .venv/bin/python benchmarks/web/held.py --src /work/main/src
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import time
import tracemalloc
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/, for the harness

from harness.checkout import rerun_with
from harness.positions import random_action

GAMES = ("jumanji", "doodle-jump", "donkey-kong")


def played(game: object, rng: random.Random) -> list[str]:
    """The actions of one game played to its end by random players."""
    state = game.new_initial_state()  # type: ignore[attr-defined]
    actions = []
    while not state.is_terminal():
        action = random_action(state, rng)
        actions.append(str(action))
        state.apply_action(action)
    return actions


def measure(name: str, games: int, seed: int) -> str:
    import tabletop
    from tabletop.interfaces.web.actionlog import ActionLog
    from tabletop.interfaces.web.store import StoredGame

    game = tabletop.make(name, players=2)
    rng = random.Random(seed)
    records = [played(game, rng) for _ in range(games)]
    actions = sum(map(len, records))
    ActionLog(StoredGame(id="warm", game=name, options={}, seed=1, seats=[], status="running",
                         created=datetime.now(UTC), actions=records[0], actors=[0] * len(records[0])),
              game, None, None)  # type: ignore[arg-type]  # the game's own caches filled before measuring
    gc.collect()
    objects = len(gc.get_objects())
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    logs = [ActionLog(StoredGame(id=f"g{i}", game=name, options={}, seed=1, seats=[], status="running",
                                 created=datetime.now(UTC), actions=record, actors=[i % 2] * len(record)),
                      game, None, None)  # type: ignore[arg-type]  # neither written nor stored here
            for i, record in enumerate(records)]
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    tracked = len(gc.get_objects()) - objects
    lines = sum(len(log.lines) for log in logs)
    return (f"{name}: {games} games, {actions / games:.0f} actions a game, {lines / actions:.2f} log lines an action: "
            f"{held / actions:.0f} bytes an action ({held / games / 1e3:.0f} kB a game), "
            f"{tracked / actions:.2f} tracked objects an action")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30, help="games of each (default 30)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--src", help="run another checkout's code (its src directory)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.src and not args.child:
        rerun_with(args.src, __file__)
    import tabletop

    print(f"{Path(tabletop.__file__).parent}; {time.strftime('%H:%M UTC', time.gmtime())}, load average "
          f"{os.getloadavg()[0]:.1f}")
    for name in GAMES:
        print(measure(name, args.games, args.seed), flush=True)


if __name__ == "__main__":
    main()
