"""CPU time the server spends on one viewer's message per action: the view built and encoded as JSON.

Every action of every game is followed by a message to each of its viewers, so at 1,000 games
this is a large part of the server's time (py-spy: about a third, before issue 22's fixes).
The script plays ``--games`` random games of each real game through a room of the app (two
people's seats, so the server moves nothing by itself; each action committed through
``Room.commit``, as the server commits its own moves), and after each action builds the
message of one seated viewer (``Audience.message_for``), and with ``--spectators N`` those of N
spectators too, timing them in CPU time of this process (a busy machine does not inflate it).
``--src`` runs another checkout's code (the figures before a change), in a child process.

    .venv/bin/python benchmarks/web/messages.py --games 5
    .venv/bin/python benchmarks/web/messages.py --games 5 --src ../old/src
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/, for the harness

from harness.checkout import rerun_with

GAMES = ("jumanji", "doodle-jump", "donkey-kong")
PEOPLE = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def measure(games: int, seed: int, spectators: int = 0) -> dict[str, tuple[int, float, float]]:
    """Per game: (actions, CPU microseconds per action for the seated viewer's message and ``spectators``
    spectators' ones, bytes of the seated viewer's message)."""
    from fastapi.testclient import TestClient

    from tabletop.core.state import CHANCE
    from tabletop.interfaces.web.app import create_app
    from tabletop.interfaces.web.connections import Connection
    from tabletop.interfaces.web.rooms import Settings

    still = Settings(bot_delay=3600.0, chance_delay=3600.0)  # the server moves nothing by itself
    rng = random.Random(seed)
    found: dict[str, tuple[int, float, float]] = {}
    with tempfile.TemporaryDirectory() as folder, \
            TestClient(create_app(f"sqlite:///{folder}/games.db", still)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        for name in GAMES:
            count, cpu, size = 0, 0.0, 0
            for _ in range(games):
                created = client.post("/api/games", json={"game": name, "seats": PEOPLE, "options": {}}).json()
                room = hub.rooms[created["id"]]
                token = created["seats"][0]["link"].split("token=", 1)[1]
                conn = Connection(hand=room.hand_for_token(token), send=None)  # type: ignore[arg-type]
                conn.log_seen = conn.n_seen = 0
                watchers = [Connection(hand=(), send=None) for _ in range(spectators)]  # type: ignore[arg-type]
                for watcher in watchers:
                    watcher.log_seen = watcher.n_seen = 0
                while not room.state.is_terminal():
                    state = room.state
                    mover = state.current_player()
                    if mover == CHANCE:
                        outcomes = state.chance_outcomes()
                        action = rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
                    else:
                        action = rng.choice(state.legal_actions())
                    client.portal.call(room.commit, action, max(mover, -1))  # type: ignore[union-attr]
                    started = time.process_time()
                    message = room.audience.message_for(conn)
                    for watcher in watchers:
                        room.audience.message_for(watcher)
                    cpu += time.process_time() - started
                    count += 1
                    size += len(message)
            found[name] = (count, cpu / max(1, count) * 1e6, size / max(1, count))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5, help="random games of each game (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--spectators", type=int, default=0, help="spectators also sent a message after each "
                        "action (timed with the seated viewer's: the CPU an action costs the room's viewers)")
    parser.add_argument("--src", help="run another checkout's code (its src directory)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.src and not args.child:
        rerun_with(args.src, __file__)
    import tabletop

    print(f"messages of one seated viewer and {args.spectators} spectators, {args.games} random games each "
          f"({Path(tabletop.__file__).parent}); {time.strftime('%H:%M UTC', time.gmtime())}, load average "
          f"{os.getloadavg()[0]:.1f}")
    for name, (count, micros, size) in measure(args.games, args.seed, args.spectators).items():
        print(f"{name:12} {count:6} actions  {micros:7.0f} us CPU each  {size:6.0f} bytes a seated viewer's message")


if __name__ == "__main__":
    main()
