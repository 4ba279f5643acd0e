"""Doodle Jump's game length: random players, and a plain "steady" player, in four variants.

Usage:  python benchmarks/calibration/doodle_jump_lengths.py [--games 300]

For 4 players with Power Tiles, 2 players without tiles, 3 with Power Tiles and 4 with Expert
Tiles: ``--games`` games of random players (the actions, turns, rolls per turn and fall rate,
from ``State.metrics()``), then a third as many of a plain "steady" player who takes the highest
jump with the fewest dice and stops once two dice or fewer remain (its turns per game). The table
in ``docs/rules/doodle-jump.md`` ("Game length") comes from this script. One ``random.Random(2026)``
plays every game in turn, so the figures are reproducible.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/, for the harness

from harness.positions import random_playout

import tabletop
from tabletop.core.actions import Action
from tabletop.core.state import State


def steady_playout(state: State, rng: random.Random) -> int:
    """Play ``state`` to its end by steady players (chance as a random player's); returns the actions."""
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_distribution().sample(rng))
        else:
            state.apply_action(_steady(state, state.legal_actions()))
        steps += 1
    return steps


def _steady(state: State, legal: Sequence[Action]) -> Action:
    """A plain sensible player: the highest jump with the fewest dice; stop once two dice or fewer remain."""
    texts = [str(a) for a in legal]
    if "continue" in texts:
        numbered, symbol = state.dice_left()  # type: ignore[attr-defined]
        return legal[texts.index("stop" if numbered + symbol <= 2 else "continue")]
    view = state.to_dict()
    rows = {row["level"]: r for r, row in enumerate(view["ramp"]) if row}
    moves = [(i, t.split()) for i, t in enumerate(texts)]
    jumps = [(rows[w[1][0]], -w[-1].count("+"), i) for i, w in moves if w[0] in ("jump", "spring")]
    if jumps:
        return legal[max(jumps)[2]]
    if "roll" in texts:
        return legal[texts.index("roll")]
    return legal[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300, help="random games per variant")
    games = parser.parse_args().games
    for players, tiles in ((4, "power"), (2, "none"), (3, "power"), (4, "expert")):
        game = tabletop.make("doodle-jump", players=players, tiles=tiles)
        rng = random.Random(2026)
        lengths, turns, falls, rolls = [], [], [], []
        start = time.process_time()
        for _ in range(games):
            state = game.new_initial_state()
            lengths.append(random_playout(state, rng))
            m = state.metrics()
            turns.append(m["turns"])
            falls.append(m["fall_rate"])
            rolls.append(m["rolls_per_turn"])
        elapsed = time.process_time() - start
        steady = []
        for _ in range(max(games // 3, 10)):
            state = game.new_initial_state()
            steady_playout(state, rng)
            steady.append(state.metrics()["turns"])
        print(
            f"{players}p {tiles:6}: {sum(lengths) / elapsed:8.0f} steps/s, {games / elapsed:6.1f} games/s | random: "
            f"{statistics.mean(lengths):5.0f} actions (max {max(lengths)}), {statistics.mean(turns):5.1f} turns "
            f"(median {statistics.median(turns):.0f}, max {max(turns):.0f}), {statistics.mean(rolls):.2f} rolls/turn, "
            f"fall rate {statistics.mean(falls):.3f} | steady: {statistics.mean(steady):5.1f} turns"
        )


if __name__ == "__main__":
    main()
