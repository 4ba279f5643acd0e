"""Where a step of the batched learning environment goes, game by game (issue 27): CPU µs per env step.

Usage:  python benchmarks/speed/vector_split.py [--envs 4096] [--seconds 2] [--games jumanji,doodle-jump,donkey-kong]

For each game, 2 players, ``gymnasium.make_vec(..., num_envs=N)`` stepped with random legal actions
(as ``vector_env.py``), the CPU time of one env step split into:

- ``env.step``: the whole step as the Gymnasium vector environment returns it;
- ``compiled``: the one compiled call alone (``LearnerGames.step``); the rest, ``wrapper``, is the
  Python around it (the copies of the observations, rewards and flags Gymnasium's API hands over, the
  info dict, the last observations of the episodes that ended);
- ``observe``: within the compiled call, the observation vector and the legal-action mask of every
  game (a compiled loop over the same rows, timed alone);
- ``play``: the compiled call minus ``observe``: the learner's decision, the other seats' random
  decisions and the chance nodes until the learner decides again, and the deals of new episodes.

Beside them, ``actions``: the engine's actions (decisions and chance outcomes) per env step, counted on
the rules playing the same kind of games (seeded, the learner's seat drawn, random players; a game in
which the learner never decides counts its actions and no step, as the environment plays it too), and
the compiled random playouts' actions per second (``Game.random_playout().batch``, the kernel ``kernels.py`` times), so
``bound`` = kernel actions/s / actions per env step is the most env steps/s the kernel allows.
The process is pinned to one core; the ways alternate within each round.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
from kernels import batched
from reference import medians_of, pin_to_one_core, stamp
from vector_env import uniform_legal

import tabletop
import tabletop.rl.gymnasium as tabletop_gym
from tabletop.core.compiled import kernel
from tabletop.core.learner import observe
from tabletop.core.play import Streams, mix64, random_decision
from tabletop.rl.vector import TabletopVectorEnv


@kernel
def observe_all(t: Any, rows: Any, seats: Any, buffer: Any, observations: Any, masks: Any) -> None:
    for e in range(rows.shape[0]):
        observe(t, e, rows, seats, buffer, observations, masks)


def actions_per_step(name: str, games: int = 200) -> float:
    """Engine actions per learner decision, counted as the batched environment plays: seeded games, the learner's
    seat drawn from the seed, random players elsewhere, every action counted, a game where the learner never
    decides (played all the same, then the next is dealt) included."""
    game = tabletop.make(name, players=2)
    actions = decisions = 0
    for seed in range(games):
        streams = Streams(seed)
        state = game.new_initial_state()
        sample = streams.sampler(state)
        learner = mix64(seed) % game.num_players
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample(state))
                continue
            seat = state.current_player()
            decisions += seat == learner
            state.apply_action(random_decision(state, streams.seat(seat)))
        actions += len(state.history())
    return actions / decisions


def ways(name: str, envs: int, seconds: float) -> dict[str, Callable[[float], float]]:
    """Each way's CPU µs per env step."""
    env = gymnasium.make_vec(tabletop_gym.env_id(name), num_envs=envs, players=2)
    assert isinstance(env, TabletopVectorEnv)
    games = env.games
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(20):  # into the games, past the first deals
        env.step(uniform_legal(env.action_masks(), rng))
    kernel_measure = batched(name, {"players": 2}, seconds)  # kernels.py's measure of the compiled playouts
    assert kernel_measure is not None, f"{name} has no compiled playout"

    def stepping(whole: bool) -> Callable[[float], float]:
        def measure(_: float) -> float:
            spent, steps = 0.0, 0
            while spent < seconds:
                actions = uniform_legal(env.action_masks(), rng)
                start = time.process_time()
                env.step(actions) if whole else games.step(actions)
                spent += time.process_time() - start
                steps += envs
            return spent / steps * 1e6

        return measure

    def observing(_: float) -> float:
        observations, masks = games.observations.copy(), games.masks.copy()
        spent, calls = 0.0, 0
        while spent < seconds:
            start = time.process_time()
            observe_all(games.struct, games.rows, games.seats, games.buffer, observations, masks)
            spent += time.process_time() - start
            calls += 1
        return spent / (calls * envs) * 1e6

    return {"env.step": stepping(True), "compiled": stepping(False), "observe": observing,
            "kernel": lambda _: kernel_measure()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--envs", type=int, default=4096)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", default="jumanji,doodle-jump,donkey-kong")
    args = parser.parse_args()
    pinned = pin_to_one_core()
    print(f"batched environment, N = {args.envs}, 2 players, CPU µs per env step, median of {args.rounds} rounds; "
          f"{pinned}; {stamp()}")
    print(f"{'game':<12} {'env.step':>9} {'compiled':>9} {'wrapper':>8} {'observe':>8} {'play':>7} "
          f"{'actions':>8} {'kernel a/s':>11} {'bound steps/s':>14} {'env steps/s':>12}")
    for name in args.games.split(","):
        figures = medians_of(ways(name, args.envs, args.seconds), args.rounds, args.seconds)
        per_step = actions_per_step(name)
        whole, compiled, observing = figures["env.step"], figures["compiled"], figures["observe"]
        bound = figures["kernel"] / per_step
        print(f"{name:<12} {whole:>9.2f} {compiled:>9.2f} {whole - compiled:>8.2f} {observing:>8.2f} "
              f"{compiled - observing:>7.2f} {per_step:>8.1f} {figures['kernel']:>11,.0f} {bound:>14,.0f} "
              f"{1e6 / whole:>12,.0f}", flush=True)
    print(f"after: {stamp()}")


if __name__ == "__main__":
    main()
