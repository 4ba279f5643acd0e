"""Train a policy with MaskablePPO on a tabletop game, then rate it with `tabletop tournament`.

Usage (the `train` extra installed, see the README):

    python examples/train.py                      # Doodle Jump, 2 players, against random, 25 minutes
    python examples/train.py --minutes 5 --game pig --out runs/pig.zip

The learner plays one seat (drawn at each episode) of the Gymnasium environment
(`tabletop/<Name>-v0`, tabletop.rl.gymnasium) against the `--opponents` agent, seeing
its observation vector and choosing among the legal actions' integers (the action mask).
The saved policy is a tabletop agent (`policy:model=PATH`), so it is rated by the same
tournament command as every other agent, against `random` and `heuristic`, with 95%
intervals.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

import gymnasium
from gymnasium.wrappers import RecordEpisodeStatistics
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

import tabletop.rl.gymnasium as tabletop_gym


class Budget(BaseCallback):
    """Stops learning after a wall-clock budget; prints the recent win rate now and then."""

    def __init__(self, seconds: float, every: float = 60.0) -> None:
        super().__init__()
        self.deadline = time.monotonic() + seconds
        self.every = every
        self.next_report = time.monotonic() + every
        self.start = time.monotonic()
        self.rewards: list[float] = []

    def _on_step(self) -> bool:
        for info in self.locals.get("infos", []):
            episode = info.get("episode")
            if episode is not None:
                self.rewards.append(float(episode["r"]))
        now = time.monotonic()
        if now >= self.next_report:
            recent = self.rewards[-500:]
            wins = sum(r > 0 for r in recent) / max(len(recent), 1)
            print(
                f"{(now - self.start) / 60:5.1f} min  {self.num_timesteps:>9,} steps  "
                f"{len(self.rewards):>6,} games  recent win rate {wins:.3f}",
                flush=True,
            )
            self.next_report = now + self.every
        return now < self.deadline


def make_env(game: str, players: int, opponents: str, seed: int) -> gymnasium.Env:  # type: ignore[type-arg]
    env = gymnasium.make(tabletop_gym.env_id(game), players=players, opponents=opponents)
    env = RecordEpisodeStatistics(env)
    env.reset(seed=seed)
    return env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="doodle-jump")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponents", default="random", help="the agent spec in the other seats while learning")
    parser.add_argument("--minutes", type=float, default=25.0, help="wall-clock budget for learning")
    parser.add_argument("--envs", type=int, default=8, help="environments stepped together")
    parser.add_argument("--processes", action="store_true", help="step the environments in worker processes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="runs/doodle-jump-2p-ppo.zip")
    parser.add_argument("--evaluate", type=int, default=400, help="tournament games per opponent (0: none)")
    args = parser.parse_args()

    import torch

    torch.set_num_threads(1)
    factories = [
        (lambda k=k: make_env(args.game, args.players, args.opponents, args.seed * 1000 + k)) for k in range(args.envs)
    ]
    venv = SubprocVecEnv(factories) if args.processes else DummyVecEnv(factories)
    model = MaskablePPO(
        "MlpPolicy",
        venv,
        n_steps=512,
        batch_size=512,
        n_epochs=4,
        learning_rate=3e-4,
        gamma=0.995,
        gae_lambda=0.95,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [256, 256]},
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    started = time.monotonic()
    model.learn(total_timesteps=10**10, callback=Budget(args.minutes * 60))
    minutes = (time.monotonic() - started) / 60
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    model.save(out)
    print(f"learnt for {minutes:.1f} minutes, {model.num_timesteps:,} steps; policy saved to {out}", flush=True)

    if args.evaluate:
        tabletop = str(Path(sys.executable).with_name("tabletop"))
        for opponent in ("random", "heuristic"):
            command = [tabletop, "tournament", args.game, "-p", str(args.players), "-n", str(args.evaluate),
                       "-a", f"policy:model={out},{opponent}", "--seed", "1"]  # fmt: skip
            print("$ tabletop " + " ".join(command[1:]), flush=True)
            subprocess.run(command, check=True, env={**os.environ, "COLUMNS": "160"})


if __name__ == "__main__":
    main()
