"""What each part of the search buys: iterations per second and win rate against an opponent, per variant.

Usage:  python benchmarks/calibration/search_strength.py GAME --variants NAME=SPEC,NAME=SPEC ... [--opponent heuristic]
                                             [--games 200] [--players 2] [--seed 1] [--workers 2]
                                             [--out results.jsonl]

Each variant is an agent spec (``mcts:seconds=0.25:clock=process:crn=false`` ...). For each
one the script measures its iterations per second of CPU time at the first decision of a
seeded game and at five mid-game decisions (process time, so other programs on the machine
do not count), then plays ``--games`` games against ``--opponent`` with the seats rotated
(the ``tournament`` command's schedule and seeds) and prints the variant's win rate with its
95% Wilson interval. Every finished game is appended to ``--out`` as one JSON line, so a long
run that is stopped keeps what it played; a run started again with the same ``--out`` skips
the games already there.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/, for the harness

from harness.positions import first_decision
from harness.results import Results, play_tournament_games

import tabletop
from tabletop.agents import from_spec
from tabletop.analysis.stats import mean, mean_interval, wilson_interval
from tabletop.core.game import Game
from tabletop.core.state import State


def mid_game(game: Game, seed: int) -> State:
    """A decision about a third of the way into a game of heuristic players."""
    players = [from_spec("heuristic") for _ in range(game.num_players)]
    final = tabletop.play(game, players, seed=seed)
    state = game.new_initial_state()
    target = len(final.actions) // 3
    for text in final.actions[:target]:
        state.apply_action(text)
    index = target
    while (state.is_chance_node() or len(state.legal_actions()) < 2) and index < len(final.actions):
        state.apply_action(final.actions[index])
        index += 1
    return state


def iterations_per_second(spec: str, positions: list[State], seconds: float = 2.0) -> float:
    """Iterations per second of CPU time, over ``positions`` (``seconds`` of CPU time in all)."""
    agent: Any = from_spec(spec)
    done = 0
    start = time.process_time()
    for position in positions:
        agent.reset(position.current_player())
        agent.seconds, agent.clock = seconds / len(positions), "process"
        agent.step(position, random.Random(1))
        done += agent.last_iterations
    return done / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--variants", required=True, help="comma-separated NAME=SPEC")
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--speed-only", action="store_true", help="measure iterations per second only")
    parser.add_argument("--out", type=Path, default=None, help="append each game as a JSON line (and resume)")
    args = parser.parse_args()
    game = tabletop.make(args.game, players=args.players)
    positions = [first_decision(game, 1)] + [p for p in (mid_game(game, seed) for seed in range(1, 6))
                                             if not p.is_terminal()]
    variants = [tuple(v.split("=", 1)) for v in args.variants.split(",")]
    done = Results(args.out, "variant")
    for name, spec in variants:
        first = iterations_per_second(spec, positions[:1])
        mid = iterations_per_second(spec, positions[1:])
        print(f"{args.game} {name} ({spec}): {first:,.0f} iterations/s at the first decision, {mid:,.0f} mid-game",
              flush=True)
        if args.speed_only:
            continue
        played = play_tournament_games(game, [spec, args.opponent], args.games, args.seed, args.workers,
                                       done.indices(name))
        for result in played:
            done.add({"variant": name, "spec": spec, "index": result.index, "seating": result.seating,
                      "winners": list(result.winners), "seconds": result.decision_seconds,
                      "decisions": result.decisions})
        rows = done.of(name)
        print(summary(args.game, name, spec, args.opponent, rows), flush=True)


def summary(game: str, name: str, spec: str, opponent: str, rows: list[dict[str, Any]]) -> str:
    """The variant's win rate (Wilson interval), the opponent's, and their difference (normal interval on the
    per-game score: +1 the variant alone won, -1 the opponent alone, 0 otherwise)."""
    wins = sum(1.0 for row in rows for seat in row["winners"] if row["seating"][seat] == spec)
    theirs = sum(1.0 for row in rows for seat in row["winners"] if row["seating"][seat] != spec)
    low, high = wilson_interval(round(wins), len(rows))
    scores = []
    for row in rows:
        mine = any(row["seating"][seat] == spec for seat in row["winners"])
        other = any(row["seating"][seat] != spec for seat in row["winners"])
        scores.append(float(mine) - float(other))
    d_low, d_high = mean_interval(scores)
    return (f"{game} {name}: won {wins:g} of {len(rows)} against {opponent}: {wins / len(rows):.3f} "
            f"({low:.3f}-{high:.3f}); {opponent} won {theirs / len(rows):.3f}; difference "
            f"{mean(scores):+.3f} ({d_low:+.3f} to {d_high:+.3f})")


if __name__ == "__main__":
    main()
