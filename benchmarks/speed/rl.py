"""Speed of the learning adapters beside the raw engine: actions per second in random playouts.

Usage:  python benchmarks/speed/rl.py [--seconds 3] [--rounds 3] [--games jumanji,doodle-jump,donkey-kong] [--players 2]

For each game, random playouts are driven five ways, and the figure is the number of the
engine's actions (decisions and chance outcomes alike) applied per second, the median of the
rounds (the ways alternate within each round, so a drift in the machine's speed hits all alike):

- ``engine``: the core API, chance sampled by ``Distribution.sample``, decisions uniform;
- ``pettingzoo``: ``env.step`` with a random legal integer from the action mask (chance inside);
- ``gymnasium``: ``env.step`` likewise, the other seat played by the ``random`` agent;
- ``openspiel``: the ``pyspiel`` API as OpenSpiel's algorithms use it: ``chance_outcomes()`` at
  every chance node (floats prepared once per distribution) and ``legal_actions()``;
- ``openspiel-fractions``: the same, but each chance node's list made afresh from the exact
  ``Fraction`` probabilities (what preparing them once saves).

Each adapter's figure is also given as a fraction of the engine's. The process is pinned to one core.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import numpy as np
import pyspiel

import tabletop
from tabletop.rl.gymnasium import TabletopEnv
from tabletop.rl.openspiel import OpenSpielState, load
from tabletop.rl.pettingzoo import raw_env

Measure = Callable[[float], float]


def pin_to_one_core() -> None:
    import os

    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})


def engine(name: str, players: int) -> Measure:
    game = tabletop.make(name, players=players)

    def measure(seconds: float) -> float:
        rng = random.Random(1)
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(state.chance_distribution().sample(rng))
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[int(rng.random() * len(legal))])
                steps += 1
        return steps / (time.perf_counter() - start)

    return measure


def pettingzoo(name: str, players: int) -> Measure:
    env = raw_env(name, players=players)

    def measure(seconds: float) -> float:
        rng = np.random.default_rng(1)
        steps, seed = 0, 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            env.reset(seed=seed)
            seed += 1
            while not env.state.is_terminal():
                mask = env.observe(env.agent_selection)["action_mask"]
                legal = np.flatnonzero(mask)
                env.step(int(legal[rng.integers(len(legal))]))
            steps += len(env.state.history())
        return steps / (time.perf_counter() - start)

    return measure


def gymnasium_env(name: str, players: int) -> Measure:
    env = TabletopEnv(name, players=players, opponents="random")

    def measure(seconds: float) -> float:
        rng = np.random.default_rng(1)
        steps, seed = 0, 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            _, info = env.reset(seed=seed)
            seed += 1
            done = False
            while not done:
                legal = np.flatnonzero(info["action_mask"])
                _, _, done, _, info = env.step(int(legal[rng.integers(len(legal))]))
            steps += len(env.state.history())
        return steps / (time.perf_counter() - start)

    return measure


def openspiel(name: str, players: int, fractions: bool = False) -> Measure:
    game = load(name, players=players)

    def measure(seconds: float) -> float:
        rng = random.Random(1)
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state: OpenSpielState = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    if fractions:
                        dist = state.state.chance_distribution()
                        to_int = game.encoding.to_int
                        pairs = sorted((to_int(a, True), float(p)) for a, p in dist.pairs())
                    else:
                        pairs = state.chance_outcomes()
                    r, total = rng.random(), 0.0
                    action = pairs[-1][0]
                    for outcome, p in pairs:
                        total += p
                        if r < total:
                            action = outcome
                            break
                    state.apply_action(action)
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[int(rng.random() * len(legal))])
                steps += 1
        return steps / (time.perf_counter() - start)

    return measure


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", default="jumanji,doodle-jump,donkey-kong")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    pin_to_one_core()
    rounds = f"median of {args.rounds} rounds of {args.seconds:g} s"
    print(f"actions per second, random playouts, {args.players} players, {rounds}, pyspiel {pyspiel.__version__}")
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
        figures: dict[str, list[float]] = {way: [] for way in ways}
        for _ in range(args.rounds):
            for way, measure in ways.items():
                figures[way].append(measure(args.seconds))
        base = statistics.median(figures["engine"])
        for way, values in figures.items():
            rate = statistics.median(values)
            print(f"{name:<12} {way:<20} {rate:>10,.0f} {rate / base:>9.2f}", flush=True)


if __name__ == "__main__":
    main()
