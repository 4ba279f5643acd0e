"""The batched learning environment's steps per CPU second on one core, beside backgammon (issue 27).

Usage:  python benchmarks/speed/vector_env.py [--envs 4096] [--seconds 2] [--rounds 3] [--games doodle-jump]

``gymnasium.make_vec("tabletop/<Game>-v0", num_envs=N)`` (the compiled vector environment,
tabletop.rl.vector) is stepped with a uniformly random legal action per game; the figure is
environment steps (one learner decision each, with the other seats' moves and the chance nodes
that follow it) per CPU second of ``env.step``, the random choice of the actions not counted.
Each game is measured as Gymnasium's API hands the arrays over (copies) and with ``copy=False`` (the
environment's own arrays, which the next step overwrites: Gymnasium's vector environments' option).
Rounds alternate with OpenSpiel's backgammon (benchmarks/speed/reference.py). Target: at least
10^6 steps per second at N = 4,096. Pinned to one core.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import gymnasium
import numpy as np
from reference import beside_backgammon, pin_to_one_core, stamp

import tabletop.rl.gymnasium as tabletop_gym
from tabletop.rl.vector import TabletopVectorEnv, has_vector_env


def uniform_legal(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action per row of ``masks``."""
    counts = masks.cumsum(axis=1)
    picks = (rng.random(len(masks)) * counts[:, -1]).astype(np.int64)
    picked: np.ndarray = (counts > picks[:, None]).argmax(axis=1)
    return picked


def stepping(name: str, envs: int, seconds: float, copy: bool = True) -> Callable[[], float]:
    env = gymnasium.make_vec(tabletop_gym.env_id(name), num_envs=envs, players=2, copy=copy)
    assert isinstance(env, TabletopVectorEnv)
    env.reset(seed=0)
    rng = np.random.default_rng(0)

    def measure() -> float:
        steps, spent = 0, 0.0
        while spent < seconds:
            actions = uniform_legal(env.action_masks(), rng)
            start = time.process_time()
            env.step(actions)
            spent += time.process_time() - start
            steps += envs
        return steps / spent

    return measure


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--envs", type=int, default=4096)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", default="jumanji,doodle-jump,donkey-kong")
    args = parser.parse_args()
    pinned = pin_to_one_core()
    print(f"vector environments, N = {args.envs}, 2 players, random legal actions; {pinned}; {stamp()}")
    measures: dict[str, Callable[[], float]] = {}
    for name in args.games.split(","):
        if has_vector_env(name):
            measures[name] = stepping(name, args.envs, args.seconds)
            measures[f"{name}, copy=False"] = stepping(name, args.envs, args.seconds, copy=False)
        else:
            print(f"{name}: no compiled vector environment here")
    beside_backgammon(measures, args.rounds, args.seconds, "at least 1,000,000 env steps/s at N = 4,096")


if __name__ == "__main__":
    main()
