"""Speed of the learning adapters beside the raw engine: actions per second in random playouts.

Usage:  python benchmarks/speed/rl.py [--seconds 3] [--rounds 3] [--games jumanji,doodle-jump,donkey-kong]
                                      [--players 2] [--src OTHER/src]

For each game, random playouts are driven seven ways, and the figure is the number of the
engine's actions (decisions and chance outcomes alike) applied per second, the median of the
rounds (the ways alternate within each round, so a drift in the machine's speed hits all alike):

- ``engine``: the core API, chance sampled by ``Distribution.sample``, decisions uniform;
- ``pettingzoo``: ``env.observe`` of the agent to move (as ``env.last()`` gives it), the mask read
  and ``env.step`` with a random legal integer from it (chance inside): a player that reads only
  the mask (the vector is made when read: ``tabletop.rl.observation``);
- ``pettingzoo+obs``: the same, and the vector read too (``observation["observation"]``), as a learner
  reads it;
- ``gymnasium``: ``env.step`` likewise, the other seat played by the ``random`` agent; the first reset
  seeded, the others not (as a trainer resets). Gymnasium's API hands the observation over as an
  array at every step, so it is always made;
- ``openspiel``: the ``pyspiel`` API as OpenSpiel's algorithms use it: ``chance_outcomes()`` at
  every chance node (floats prepared once per distribution) and ``legal_actions()``;
- ``openspiel+obs``: the same, and ``observation_tensor(player)`` read at every decision;
- ``openspiel-fractions``: as ``openspiel``, but each chance node's list made afresh from the exact
  ``Fraction`` probabilities (what preparing them once saves).

Every way draws its decisions as the engine's does (``legal[int(rng.random() * len(legal))]``, one
``random.Random``), so the choosing costs the same everywhere and the fractions are the adapters' own.
The engine is the baseline of every adapter: the same games, the same random player, and nothing
an adapter adds (integers, masks, vectors, the environment's bookkeeping).

Each adapter's figure is also given as a fraction of the engine's. The process is pinned to one
core, and every figure is CPU time of this process, so other programs on the machine lower it less.
``--src`` runs another checkout's code too (its ``src`` directory, e.g. main's), game by game
beside this one's, each in its own process: the two tables of fractions come from one run.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
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


def pettingzoo(name: str, players: int, read_vector: bool = False) -> Measure:
    env = raw_env(name, players=players)

    def measure(seconds: float) -> float:
        rng = random.Random(1)
        seeds = iter(range(10**9))

        def play_one() -> int:
            env.reset(seed=next(seeds))
            while not env.state.is_terminal():
                observation = env.observe(env.agent_selection)
                if read_vector:
                    _ = observation["observation"]
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


def openspiel(name: str, players: int, fractions: bool = False, read_vector: bool = False) -> Measure:
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
                    if read_vector:
                        state.observation_tensor(state.current_player())
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
    parser.add_argument("--src", help="another checkout's src directory, measured game by game beside this one's")
    args = parser.parse_args()
    if args.src:
        beside(args)
        return
    pinned = pin_to_one_core()
    rounds = f"median of {args.rounds} rounds of {args.seconds:g} s of CPU time"
    print(f"actions per second, random playouts, {args.players} players, {rounds}, pyspiel {pyspiel.__version__}; "
          f"{pinned}; {load()}; code: {Path(tabletop.__file__).parents[1]}")
    header = f"{'game':<12} {'way':<20} {'actions/s':>10} {'of engine':>9}"
    print(header)
    print("-" * len(header))
    for name in args.games.split(","):
        ways: dict[str, Measure] = {
            "engine": engine(name, args.players),
            "pettingzoo": pettingzoo(name, args.players),
            "pettingzoo+obs": pettingzoo(name, args.players, read_vector=True),
            "gymnasium": gymnasium_env(name, args.players),
            "openspiel": openspiel(name, args.players),
            "openspiel+obs": openspiel(name, args.players, read_vector=True),
            "openspiel-fractions": openspiel(name, args.players, fractions=True),
        }
        figures = medians(alternate(ways, args.rounds, args.seconds))
        for way, figure in figures.items():
            print(f"{name:<12} {way:<20} {figure:>10,.0f} {figure / figures['engine']:>9.2f}", flush=True)


def beside(args: argparse.Namespace) -> None:
    """Each game measured by this checkout's code, then by ``args.src``'s, each in a process of its own."""
    here = Path(tabletop.__file__).resolve().parents[1]
    for name in args.games.split(","):
        for src in (here, Path(args.src).resolve()):
            command = [sys.executable, __file__, "--seconds", str(args.seconds), "--rounds", str(args.rounds),
                       "--games", name, "--players", str(args.players)]
            subprocess.run(command, env=dict(os.environ, PYTHONPATH=str(src)), check=True)


if __name__ == "__main__":
    main()
