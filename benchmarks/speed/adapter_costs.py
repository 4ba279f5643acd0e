"""What a learning adapter's step costs, piece by piece: CPU microseconds per call at mid-game positions.

Usage:  python benchmarks/speed/adapter_costs.py [--games jumanji,doodle-jump,donkey-kong] [--positions 20]

For each game (2 players), at ``--positions`` mid-game positions (``harness.positions.mid_game``):
the observation vector (``observer.vector``: the game's encoding part in Python), the legal-action
mask, the legal actions' integers, one action applied (on a clone; the clone alone beside it), and,
where the game has a compiled kernel for learners and Numba is installed, the two halves of a vector
made through the kernel instead: the state packed into a row (``KernelRules.pack``) and the kernel's
``encode`` on it, with a check that the two ways give the same numbers at every position and viewer.
The figures explain ``benchmarks/speed/rl.py``'s fractions (docs/learning.md).
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/, for the harness

from harness.positions import mid_game
from harness.timing import load, per_call_microseconds

import tabletop
from tabletop.core.compiled import COMPILED, struct_of
from tabletop.core.state import State

#: the chance outcomes of the positions measured (seeded: the same every run)
_RANDOM = random.Random(1)

def costs(name: str, positions: int) -> str:
    game = tabletop.make(name, players=2)
    states = [mid_game(game, seed) for seed in range(positions)]
    turn = iter(range(10**9))

    def pick() -> State:
        return states[next(turn) % len(states)]

    def apply_one() -> None:
        state = pick().clone()
        if state.is_terminal():
            return
        legal = state.legal_actions()
        state.apply_action(state.chance_distribution().sample(_RANDOM) if state.is_chance_node() else legal[0])

    figures = {
        "vector": per_call_microseconds(lambda: game.observer.vector(pick(), 0)),
        "mask": per_call_microseconds(lambda: game.encoding.mask(pick())),
        "legal ints": per_call_microseconds(lambda: pick().legal_action_ints()),
        "clone+apply": per_call_microseconds(apply_one),
        "clone": per_call_microseconds(lambda: pick().clone()),
    }
    if COMPILED and game.compiled_learner is not None:
        module, _, attribute = game.compiled_learner.partition(":")
        learner = getattr(importlib.import_module(module), attribute)
        tables = learner.rules.build_tables(game)
        struct = struct_of(tables)
        out = np.zeros(game.encoding.size, np.float32)
        row = learner.rules.pack(tables, states[0])
        learner.encode(struct, row, 0, out)  # compiled (or loaded) before timing
        figures["pack"] = per_call_microseconds(lambda: learner.rules.pack(tables, pick()))
        figures["kernel encode"] = per_call_microseconds(lambda: learner.encode(struct, row, 0, out))
        for state in states:
            for viewer in (0, 1):
                learner.encode(struct, learner.rules.pack(tables, state), viewer, out)
                assert np.array_equal(out, game.observer.vector(state, viewer)), f"{name}: the two ways differ"
    return f"{name:<12} " + ", ".join(f"{what} {us:.1f}" for what, us in figures.items())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="jumanji,doodle-jump,donkey-kong")
    parser.add_argument("--positions", type=int, default=20)
    args = parser.parse_args()
    print(f"CPU microseconds per call, 2 players, {args.positions} mid-game positions; {load()}")
    for name in args.games.split(","):
        print(costs(name, args.positions), flush=True)


if __name__ == "__main__":
    main()
