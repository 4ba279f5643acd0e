"""Doodle Jump figures: random-playout speed, game length, and legal_actions() cost.

Run: .venv/bin/python benchmarks/calibration/doodle_jump_lengths.py [games]
Prints figures only; nothing here is asserted by the tests.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import tabletop
from tabletop.core.state import State


def playout(state: State, rng: random.Random, policy: str = "random") -> int:
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.chance_distribution().sample(rng)
        else:
            legal = state.legal_actions()
            action = legal[int(rng.random() * len(legal))] if policy == "random" else _steady(state, legal)
        state.apply_action(action)
        steps += 1
    return steps


def _steady(state: State, legal: tuple[object, ...]) -> object:
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
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    for players, tiles in ((4, "power"), (2, "none"), (3, "power"), (4, "expert")):
        game = tabletop.make("doodle-jump", players=players, tiles=tiles)
        rng = random.Random(2026)
        lengths, turns, falls, rolls = [], [], [], []
        start = time.perf_counter()
        for _ in range(games):
            state = game.new_initial_state()
            lengths.append(playout(state, rng))
            m = state.metrics()
            turns.append(m["turns"])
            falls.append(m["fall_rate"])
            rolls.append(m["rolls_per_turn"])
        elapsed = time.perf_counter() - start
        steady = []
        for _ in range(max(games // 3, 10)):
            state = game.new_initial_state()
            playout(state, rng, "steady")
            steady.append(state.metrics()["turns"])
        print(
            f"{players}p {tiles:6}: {sum(lengths) / elapsed:8.0f} steps/s, {games / elapsed:6.1f} games/s | random: "
            f"{statistics.mean(lengths):5.0f} actions (max {max(lengths)}), {statistics.mean(turns):5.1f} turns "
            f"(median {statistics.median(turns):.0f}, max {max(turns):.0f}), {statistics.mean(rolls):.2f} rolls/turn, "
            f"fall rate {statistics.mean(falls):.3f} | steady: {statistics.mean(steady):5.1f} turns"
        )
    # legal_actions() at typical mid-game decisions (fresh states, so nothing is cached)
    game = tabletop.make("doodle-jump", players=4, tiles="power")
    rng = random.Random(7)
    texts = []
    while len(texts) < 2000:
        state = game.new_initial_state()
        for _ in range(150):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(state.chance_distribution().sample(rng))
            else:
                legal = state.legal_actions()
                if len(state.history()) > 60:
                    texts.append(state.to_text())
                state.apply_action(legal[int(rng.random() * len(legal))])
    fresh = [game.state_from_text(t) for t in texts]
    start = time.perf_counter()
    count = sum(len(s.legal_actions()) for s in fresh)
    elapsed = time.perf_counter() - start
    print(
        f"legal_actions() at {len(fresh)} mid-game decisions: {elapsed / len(fresh) * 1e6:.1f} µs each, "
        f"{count / len(fresh):.1f} actions on average"
    )


if __name__ == "__main__":
    main()
