"""Train a policy with MaskablePPO on a tabletop game, export it for NumPy, rate it with `tabletop tournament`.

Usage (the `train` extra installed: `make train` does it all, see the README):

    python examples/train.py                               # Doodle Jump, 2 players, 15 minutes
    python examples/train.py --minutes 1 --evaluate 0      # a smoke run
    python examples/train.py --game pig --minutes 5 --out runs/pig

The learner plays one seat (drawn at each episode) against random players. Where the game has
compiled games for a learner (Numba installed) it learns on the batched environment
(tabletop.rl.sb3.SB3VecEnv: `--envs` games stepped in one compiled call); otherwise on
Gymnasium's single environments. The policy is saved twice: the MaskablePPO file (`OUT.zip`,
needs PyTorch) and its network exported for NumPy (`OUT.npz`, a few hundred kB, played by the
`learned` agent's code: `policy:model=OUT.npz`), with a note of how it was made. Then it is
rated by the same tournament command as every other agent, against `heuristic` and `expert`,
with 95% intervals; `--ship` copies the export to the game's package (`data/policy.npz`), the
policy the `learned` agent plays.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

import tabletop


class Budget(BaseCallback):  # type: ignore[misc]
    """Stops learning after a wall-clock budget; prints the recent win rate now and then."""

    def __init__(self, seconds: float, every: float = 60.0) -> None:
        super().__init__()
        self.seconds = seconds
        self.every = every
        self.start = self.next_report = 0.0
        self.rewards: list[float] = []

    def _on_training_start(self) -> None:
        self.start = time.monotonic()
        self.next_report = self.start + self.every

    def _on_step(self) -> bool:
        for info in self.locals.get("infos", []):
            episode = info.get("episode")
            if episode is not None:
                self.rewards.append(float(episode["r"]))
        now = time.monotonic()
        if now >= self.next_report:
            self.report(now)
            self.next_report = now + self.every
        return now < self.start + self.seconds

    def report(self, now: float) -> None:
        recent = self.rewards[-2000:]
        wins = sum(r > 0 for r in recent) / max(len(recent), 1)
        print(f"{(now - self.start) / 60:5.1f} min  {self.num_timesteps:>10,} steps  {len(self.rewards):>8,} games  "
              f"recent win rate against random {wins:.3f}", flush=True)


def environments(game: str, players: int, envs: int, seed: int) -> Any:
    """The batched environment where the game has one here, else single environments side by side."""
    from tabletop.rl.vector import has_vector_env

    if has_vector_env(game):
        from tabletop.rl.sb3 import SB3VecEnv

        return SB3VecEnv(game, num_envs=envs, players=players, seed=seed)
    import gymnasium
    from gymnasium.wrappers import RecordEpisodeStatistics
    from stable_baselines3.common.vec_env import DummyVecEnv

    import tabletop.rl.gymnasium as tabletop_gym

    def make(k: int) -> Any:
        env = RecordEpisodeStatistics(gymnasium.make(tabletop_gym.env_id(game), players=players))
        env.reset(seed=seed * 1000 + k)
        return env

    return DummyVecEnv([lambda k=k: make(k) for k in range(min(envs, 16))])


def export(model: Any, path: Path, note: dict[str, Any]) -> None:
    """The policy network's layers as NumPy arrays (hidden layers with tanh, then the action logits)."""
    import torch

    layers = [m for m in model.policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
    layers.append(model.policy.action_net)
    arrays = {}
    for k, layer in enumerate(layers):
        arrays[f"w{k}"] = layer.weight.detach().cpu().numpy().T.astype(np.float32)
        arrays[f"b{k}"] = layer.bias.detach().cpu().numpy().astype(np.float32)
    note = {**note, "layers": len(layers), "activation": "tanh"}
    np.savez_compressed(path, note=np.array(json.dumps(note)), **arrays)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="doodle-jump")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=15.0, help="wall-clock budget for learning")
    parser.add_argument("--envs", type=int, default=256, help="games stepped together")
    parser.add_argument("--steps", type=int, default=64, help="steps per game between two updates")
    parser.add_argument("--width", type=int, default=128, help="units in each of the two hidden layers")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="runs/doodle-jump-2p", help="the files' path without suffix")
    parser.add_argument("--evaluate", type=int, default=400, help="tournament games against the heuristic (0: none)")
    parser.add_argument("--expert", type=int, default=40, help="tournament games against the expert (0: none)")
    parser.add_argument("--workers", type=int, default=2, help="tournament worker processes")
    parser.add_argument("--ship", action="store_true", help="copy the export into the game's package")
    args = parser.parse_args()

    import torch

    torch.set_num_threads(max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1))
    venv = environments(args.game, args.players, args.envs, args.seed)
    model = MaskablePPO(
        "MlpPolicy",
        venv,
        n_steps=args.steps,
        batch_size=min(4096, args.steps * venv.num_envs),
        n_epochs=4,
        learning_rate=3e-4,
        gamma=0.995,
        gae_lambda=0.95,
        ent_coef=0.01,
        policy_kwargs={"net_arch": {"pi": [args.width, args.width], "vf": [args.width, args.width]}},
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    started = time.monotonic()
    budget = Budget(args.minutes * 60)
    model.learn(total_timesteps=10**12, callback=budget)
    minutes = (time.monotonic() - started) / 60
    budget.report(time.monotonic())
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    model.save(out.with_suffix(".zip"))
    game = tabletop.make(args.game, players=args.players)
    note = {
        "game": args.game,
        "options": game.options | {"data": None},
        "trainer": "sb3-contrib MaskablePPO, MlpPolicy",
        "command": "python examples/train.py " + " ".join(sys.argv[1:]),
        "steps": int(model.num_timesteps),
        "minutes": round(minutes, 2),
        "environments": venv.num_envs,
        "opponents": "random",
        "trained": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }
    export(model, out.with_suffix(".npz"), note)
    print(f"learnt for {minutes:.1f} minutes, {model.num_timesteps:,} steps; saved {out}.zip and {out}.npz "
          f"({out.with_suffix('.npz').stat().st_size / 1024:.0f} kB)", flush=True)

    tabletop_command = str(Path(sys.executable).with_name("tabletop"))
    for opponent, games in (("heuristic", args.evaluate), ("expert", args.expert)):
        if games:
            command = [tabletop_command, "tournament", args.game, "-p", str(args.players), "-n", str(games),
                       "-a", f"policy:model={out}.npz,{opponent}", "--seed", "1", "-w", str(args.workers)]  # fmt: skip
            print("$ tabletop " + " ".join(command[1:]), flush=True)
            subprocess.run(command, check=True, env={**os.environ, "COLUMNS": "160"})
    if args.ship:
        target = Path(tabletop.make(args.game).__class__.__module__.replace(".", "/")).parent
        shipped = Path(__file__).resolve().parents[1] / "src" / target / "data" / "policy.npz"
        shutil.copyfile(out.with_suffix(".npz"), shipped)
        print(f"shipped as {shipped}")


if __name__ == "__main__":
    main()
