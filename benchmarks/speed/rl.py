"""Speed of the learning adapters beside the raw engine: actions per second in random playouts.

Usage:  python benchmarks/speed/rl.py [--seconds 3] [--rounds 3] [--games jumanji,doodle-jump,donkey-kong] [--players 2]

For each game, random playouts are driven five ways, and the figure is the number of the
engine's actions (decisions and chance outcomes alike) applied per second, the median of the
rounds (the ways alternate within each round, so a drift in the machine's speed hits all alike):

- ``engine``: the core API, chance sampled by ``Distribution.sample``, decisions uniform;
- ``pettingzoo``: ``env.observe`` of the agent to move (its vector and mask, as ``env.last()`` gives
  them), then ``env.step`` with a random legal integer from the mask (chance inside);
- ``gymnasium``: ``env.step`` likewise, the other seat played by the ``random`` agent; the first reset
  seeded, the others not (as a trainer resets);

Every way draws its decisions as the engine's does (``legal[int(rng.random() * len(legal))]``, one
``random.Random``), so the choosing costs the same everywhere and the fractions are the adapters' own.
- ``openspiel``: the ``pyspiel`` API as OpenSpiel's algorithms use it: ``chance_outcomes()`` at
  every chance node (floats prepared once per distribution) and ``legal_actions()``;
- ``openspiel-fractions``: the same, but each chance node's list made afresh from the exact
  ``Fraction`` probabilities (what preparing them once saves).

Each adapter's figure is also given as a fraction of the engine's. The process is pinned to one
core, and every figure is CPU time of this process, so other programs on the machine lower it less.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pyspiel

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/, for the harness

from harness.positions import random_playout, sample_pairs
from harness.timing import alternate, cpu_loop, load, medians, pin_to_one_core

import tabletop
from tabletop.rl.gymnasium import TabletopEnv
from tabletop.rl.openspiel import OpenSpielState
from tabletop.rl.openspiel import load as load_openspiel
from tabletop.rl.pettingzoo import raw_env

Measure = Callable[[float], float]


def rate(play_one: Callable[[], int], seconds: float) -> float:
    """Actions per CPU second of games played by ``play_one`` (which returns a game's actions)."""
    steps, _, elapsed = cpu_loop(play_one, seconds)
    return steps / elapsed


def engine(name: str, players: int) -> Measure:
    game = tabletop.make(name, players=players)

    def measure(seconds: float) -> float:
        rng = random.Random(1)
        return rate(lambda: random_playout(game.new_initial_state(), rng), seconds)

    return measure


def pettingzoo(name: str, players: int) -> Measure:
    env = raw_env(name, players=players)

    def measure(seconds: float) -> float:
        rng = random.Random(1)
        seeds = iter(range(10**9))

        def play_one() -> int:
            env.reset(seed=next(seeds))
            while not env.state.is_terminal():
                observation = env.observe(env.agent_selection)
                legal = np.flatnonzero(observation["action_mask"])
                env.step(int(legal[int(rng.random() * len(legal))]))
            return len(env.state.history())

        return rate(play_one, seconds)

    return measure


def gymnasium_env(name: str, players: int) -> Measure:
    env = TabletopEnv(name, players=players, opponents="random")

    def measure(seconds: float) -> float:
        rng = random.Random(1)
        seeds = iter([1])  # seeded once, as a trainer does: the next resets go on from the environment's generator

        def play_one() -> int:
            _, info = env.reset(seed=next(seeds, None))
            done = False
            while not done:
                legal = np.flatnonzero(info["action_mask"])
                _, _, done, _, info = env.step(int(legal[int(rng.random() * len(legal))]))
            return len(env.state.history())

        return rate(play_one, seconds)

    return measure


def openspiel(name: str, players: int, fractions: bool = False) -> Measure:
    game = load_openspiel(name, players=players)

    def measure(seconds: float) -> float:
        rng = random.Random(1)

        def play_one() -> int:
            state: OpenSpielState = game.new_initial_state()
            steps = 0
            while not state.is_terminal():
                if state.is_chance_node():
                    if fractions:
                        dist = state.state.chance_distribution()
                        to_int = game.encoding.to_int
                        pairs = sorted((to_int(a, True), float(p)) for a, p in dist.pairs())
                    else:
                        pairs = state.chance_outcomes()
                    state.apply_action(sample_pairs(pairs, rng.random()))
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[int(rng.random() * len(legal))])
                steps += 1
            return steps

        return rate(play_one, seconds)

    return measure


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", default="jumanji,doodle-jump,donkey-kong")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    pinned = pin_to_one_core()
    rounds = f"median of {args.rounds} rounds of {args.seconds:g} s of CPU time"
    print(f"actions per second, random playouts, {args.players} players, {rounds}, pyspiel {pyspiel.__version__}; "
          f"{pinned}; {load()}")
    header = f"{'game':<12} {'way':<20} {'actions/s':>10} {'of engine':>9}"
    print(header)
    print("-" * len(header))
    for name in args.games.split(","):
        ways: dict[str, Measure] = {
            "engine": engine(name, args.players),
            "pettingzoo": pettingzoo(name, args.players),
            "gymnasium": gymnasium_env(name, args.players),
            "openspiel": openspiel(name, args.players),
            "openspiel-fractions": openspiel(name, args.players, fractions=True),
        }
        figures = medians(alternate(ways, args.rounds, args.seconds))
        for way, figure in figures.items():
            print(f"{name:<12} {way:<20} {figure:>10,.0f} {figure / figures['engine']:>9.2f}", flush=True)


if __name__ == "__main__":
    main()
