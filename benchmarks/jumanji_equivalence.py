"""Jumanji's fast random playout against the readable rules, action by action, over many games.

Usage:  python benchmarks/jumanji_equivalence.py [games] [workers]   (default: 100000 games, 2 workers)

Game ``i`` is played with seed ``game_seed(0, i)`` three ways and all must agree:

* by the fast playout (``tabletop.games.jumanji.playout.RandomPlayout``) in trace mode, which
  reports every action with the position it was taken in and the legal actions or chance
  outcomes there;
* by the readable path the analysis uses (``analysis.metrics.play_traced`` with random agents:
  ``JumanjiState``, ``Streams``, ``Distribution.sample``, ``RandomAgent``): the same actions;
* by replaying the playout's actions through ``JumanjiState`` (``playout.replay``): after every
  action the same position (notation, draw pile order, Wait rolls), the same legal actions or
  chance outcomes, the same final position;

and the game's row (``analysis.metrics.row_of`` of the playout's summary) must equal the traced
game's, every figure included. The games cycle through 2, 3 and 4 players, rescue rolls 4, 6, 8
and 10, and a few other options (first player, Challenge cards, a short turn limit). Prints the
games and actions compared; stops at the first difference (exit status 1). The test suite plays
a few hundred such games (tests/games/jumanji/test_jumanji_playout.py).
"""

from __future__ import annotations

import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import tabletop
from tabletop.agents import RandomAgent
from tabletop.analysis.metrics import play_traced, row_of
from tabletop.analysis.runner import game_seed
from tabletop.games.jumanji.game import JumanjiGame
from tabletop.games.jumanji.playout import Divergence, RandomPlayout, Step, replay

CHUNK = 500

#: the options the games cycle through: every player count with every rescue roll count, then a few others
OPTIONS: list[dict[str, Any]] = [
    *({"players": players, "rescue_rolls": rolls} for players in (2, 3, 4) for rolls in (4, 6, 8, 10)),
    {"players": 4, "first_player": 2},
    {"players": 3, "challenge_cards": 4, "rescue_rolls": 6},
    {"players": 2, "turn_limit": 12},
    {"players": 4, "challenge_cards": 2, "first_player": 3, "turn_limit": 25},
]


def make_game(options: dict[str, Any]) -> JumanjiGame:
    game = tabletop.make("jumanji", **options)
    assert isinstance(game, JumanjiGame)
    return game


def compare(game: JumanjiGame, seed: int) -> int:
    """Play game ``seed`` the fast way and the readable way; the actions compared (Divergence if any differ)."""
    steps: list[Step] = []
    summary = RandomPlayout(game).play(seed, steps.append)
    final, row = play_traced(game, [RandomAgent() for _ in range(game.num_players)], seed)
    actions = [step.action for step in steps[:-1]]
    history = final.history()
    if list(history) != actions:
        at = next((i for i, (a, b) in enumerate(zip(history, actions, strict=False)) if a is not b), len(actions))
        raise Divergence(f"seed {seed} ({game!r}): action {at} differs from the rules' game")
    try:
        replay(game, steps)
    except Divergence as exc:
        raise Divergence(f"seed {seed} ({game!r}): {exc}") from None
    fast = row_of(summary, seed, game.time_model())
    if fast != row:
        raise Divergence(f"seed {seed} ({game!r}): the rows differ:\n  playout {fast}\n  rules   {row}")
    return len(actions)


def chunk(start: int, stop: int) -> tuple[int, int, str]:
    """Games ``start`` to ``stop - 1``: (games, actions, the first divergence or "")."""
    games = [make_game(options) for options in OPTIONS]
    actions = 0
    for index in range(start, stop):
        try:
            actions += compare(games[index % len(games)], game_seed(0, index))
        except Divergence as exc:
            return index - start, actions, f"game {index}: {exc}"
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
            if games % 10_000 == 0:
                print(f"  {games} games, {actions} actions agree ({time.perf_counter() - start:.0f} s)", flush=True)
            if problem:
                print(f"DIFFERENT after {games} games: {problem}")
                sys.exit(1)
    seconds = time.perf_counter() - start
    print(
        f"{games} games, {actions} actions: the fast playout and the readable rules agree after every action, "
        f"and every game's row ({seconds:.0f} s with {workers} workers; {len(OPTIONS)} option sets)"
    )


if __name__ == "__main__":
    main()
