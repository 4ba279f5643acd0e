"""Calibrate the difficulty ladder: each level against the one below, and Elo ratings with intervals.

Usage:  python benchmarks/calibration/ladder.py GAME [--games 40] [--seed 1] [--workers 1] [--clock wall|process]
                                         [--pairs beginner-easy,easy-medium,...] [--out results.jsonl]

For each pair of adjacent levels (``tabletop.agents.ladder``) the script plays ``--games``
two-player games with the seats rotated (the ``tournament`` command's schedule and seeds) and
prints the upper level's score (a win 1, a shared result or nobody winning 1/2), its 95%
Wilson interval, and the Elo difference that score means, ``400 log10(s / (1 - s))``, with
the interval mapped the same way. The ladder's target is every step at least 100 Elo. Last,
the Elo ratings of all levels fitted to every game played (Bradley-Terry, beginner = 0).

``--clock process`` measures the timed levels (``expert``) by this process's CPU time instead
of the wall clock, so that a busy machine does not weaken them; the server uses the wall clock.
Every game is appended to ``--out`` as one JSON line; a run started again with the same file
skips the games already there.
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/, for the harness

from harness.results import Results, play_tournament_games

import tabletop
from tabletop.agents.ladder import LEVELS, level_spec
from tabletop.analysis.elo import fit_elo
from tabletop.analysis.stats import wilson_interval


def elo(score: float) -> float:
    """The Elo difference that an expected score means (clipped at +-800 for scores of 0 or 1)."""
    score = min(max(score, 1e-2), 1 - 1e-2)
    return 400 * math.log10(score / (1 - score))


def spec_of(game: str, level: str, clock: str) -> str:
    spec = level_spec(game, level)
    return f"{spec}:clock=process" if clock == "process" and "seconds=" in spec else spec


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--clock", choices=("wall", "process"), default="process")
    parser.add_argument("--pairs", default=",".join(f"{a}-{b}" for a, b in itertools.pairwise(LEVELS)))
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    game = tabletop.make(args.game, players=2)
    done = Results(args.out, "pair")
    print(f"{args.game}, 2 players, {args.games} games a pair, seed {args.seed}, timed levels by {args.clock} time")
    for pair in args.pairs.split(","):
        lower, upper = pair.split("-")
        specs = {lower: spec_of(args.game, lower, args.clock), upper: spec_of(args.game, upper, args.clock)}
        played = play_tournament_games(game, [specs[upper], specs[lower]], args.games, args.seed, args.workers,
                                       done.indices(pair))
        for result in played:
            levels = [upper if spec == specs[upper] else lower for spec in result.seating]
            done.add({"pair": pair, "index": result.index, "levels": levels, "winners": list(result.winners),
                      "seconds": result.decision_seconds, "decisions": result.decisions})
        rows = done.of(pair)
        if not rows:
            continue
        points = sum(score(row, upper) for row in rows)
        low, high = wilson_interval(round(points), len(rows))
        s = points / len(rows)
        print(f"  {upper:>8} vs {lower:<8} ({specs[upper]} vs {specs[lower]}): score {s:.3f} ({low:.3f}-{high:.3f}) "
              f"in {len(rows)} games: {elo(s):+.0f} Elo ({elo(low):+.0f} to {elo(high):+.0f})", flush=True)
    pair_scores: dict[tuple[str, str], float] = {}
    for row in done.rows.values():
        a, b = row["levels"]
        s = score(row, a)
        pair_scores[(a, b)] = pair_scores.get((a, b), 0.0) + s
        pair_scores[(b, a)] = pair_scores.get((b, a), 0.0) + 1 - s
    ratings = fit_elo(pair_scores)
    if ratings:
        base = ratings.get(LEVELS[0], 0.0)
        print("  Elo (beginner = 0): " + ", ".join(f"{lv} {ratings[lv] - base:+.0f}" for lv in LEVELS if lv in ratings))


def score(row: dict[str, Any], level: str) -> float:
    """The points of ``level`` in one game: 1 it alone won, 0 the other alone, 1/2 otherwise."""
    mine = any(row["levels"][seat] == level for seat in row["winners"])
    other = any(row["levels"][seat] != level for seat in row["winners"])
    return 1.0 if mine and not other else 0.0 if other and not mine else 0.5


if __name__ == "__main__":
    main()
