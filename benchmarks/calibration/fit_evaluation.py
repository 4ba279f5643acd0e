"""Fit a game's win model (its ``evaluation`` part) to the outcomes of many games, and write its weights.

Usage:  python benchmarks/calibration/fit_evaluation.py GAME [--games 3000] [--players 2,3,4] [--seed 1]
                                           [--epsilon 0.1] [--agent heuristic] [--write]

Plays ``--games`` games (spread over the player counts) with ``--agent`` in every seat, each
decision replaced by a random legal one with probability ``--epsilon`` so that the positions
are varied. At the start of every turn it records each seat's figures (the evaluation's
``figures(state)``) and, at the end, who won. The weights of the conditional-logit win model
(:class:`tabletop.core.evaluation.WinModel`) are the maximum-likelihood ones (Newton's method,
with a small ridge penalty), fitted on 80% of the games; the other 20% measure it: log-loss
against the base rates, and how often the seat it rates most likely wins. ``--write`` saves
the weights with that provenance to the game's ``data/evaluation.toml``.
"""

from __future__ import annotations

import argparse
import inspect
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

import tabletop
from tabletop.agents import from_spec
from tabletop.core.actions import Action
from tabletop.core.agent import Agent
from tabletop.core.hooks import FEATURES, FIGURES, NOBODY_FEATURES
from tabletop.core.play import run
from tabletop.core.registry import evaluation, hook
from tabletop.core.state import State

RIDGE = 1e-3


class Noisy:
    """An agent that plays ``agent``, except for a random legal action with probability ``epsilon``."""

    def __init__(self, agent: Agent, epsilon: float) -> None:
        self.agent, self.epsilon, self.name = agent, epsilon, agent.name

    def reset(self, seat: int) -> None:
        self.agent.reset(seat)

    def step(self, state: State, rng: random.Random) -> Action:
        if rng.random() < self.epsilon:
            legal = state.legal_actions()
            return legal[int(rng.random() * len(legal))]
        return self.agent.step(state, rng)


class TurnStarts:
    """Called after every action: keeps the evaluation's figures at the start of every turn."""

    def __init__(self, figures: Callable[[State], tuple[list[list[float]], list[float]]]) -> None:
        self.figures = figures
        self.turn = 0
        self.seen: list[tuple[list[list[float]], list[float]]] = []

    def __call__(self, state: State) -> None:
        if state.turn_number() != self.turn and not state.is_terminal():
            self.turn = state.turn_number()
            self.seen.append(self.figures(state))


def samples(game_name: str, games: int, players: list[int], seed: int, epsilon: float, agent: str) -> list[Any]:
    """Per game: the list of (seat figures, nobody figures) at every turn's start, and the outcome."""
    figures = hook(game_name, FIGURES)
    assert figures is not None, f"{game_name}'s evaluation has no figures"
    played = []
    for i in range(games):
        n = players[i % len(players)]
        game = tabletop.make(game_name, players=n)
        agents = [Noisy(from_spec(agent), epsilon) for _ in range(n)]
        recorder = TurnStarts(figures)
        final = run(game, agents, seed * 1_000_003 + i, on_step=recorder)
        winners = final.winners()
        outcome = [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]
        played.append((recorder.seen, [*outcome, 0.0 if winners else 1.0]))
    return played


def design(played: list[Any], k: int, m: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Arrays for the fit: D[sample, alternative, parameter], the mask of real alternatives, the outcomes."""
    rows = [(figs, outcome) for seen, outcome in played for figs in seen]
    width = max(len(figs[0]) for figs, _ in rows) + (1 if m else 0)
    d = np.zeros((len(rows), width, k + m))
    mask = np.zeros((len(rows), width), dtype=bool)
    y = np.zeros((len(rows), width))
    for i, ((seats, nobody), outcome) in enumerate(rows):
        n = len(seats)
        d[i, :n, :k] = seats
        mask[i, :n] = True
        y[i, :n] = outcome[:n]
        if m:
            d[i, n, k:] = nobody
            mask[i, n] = True
            y[i, n] = outcome[n]
    return d, mask, y


def probabilities(theta: np.ndarray, d: np.ndarray, mask: np.ndarray) -> np.ndarray:
    u = np.where(mask, d @ theta, -np.inf)
    u -= u.max(axis=1, keepdims=True)
    e = np.exp(u)
    shares: np.ndarray = e / e.sum(axis=1, keepdims=True)
    return shares


def fit(d: np.ndarray, mask: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Maximum-likelihood weights of the conditional logit, by Newton's method with a ridge penalty."""
    theta = np.zeros(d.shape[2])
    count = len(d)
    for _ in range(50):
        p = probabilities(theta, d, mask)
        gradient = np.einsum("sa,sak->k", y - p, d) / count - RIDGE * theta
        mean = np.einsum("sa,sak->sk", p, d)
        second = np.einsum("sa,sak,sal->kl", p, d, d) - np.einsum("sk,sl->kl", mean, mean)
        hessian = second / count + RIDGE * np.eye(len(theta))
        step = np.linalg.solve(hessian, gradient)
        theta += step
        if np.abs(step).max() < 1e-9:
            break
    return theta


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    return float(-(y * np.log(np.clip(p, 1e-12, 1.0))).sum(axis=1).mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--epsilon", type=float, default=0.1)
    parser.add_argument("--agent", default="heuristic")
    parser.add_argument("--write", action="store_true", help="save the weights to the game's data/evaluation.toml")
    args = parser.parse_args()
    named, nobody_named = hook(args.game, FEATURES), hook(args.game, NOBODY_FEATURES)
    if named is None or nobody_named is None:
        sys.exit(f"{args.game} has no evaluation part with FEATURES, NOBODY_FEATURES and figures to fit")
    features, nobody = tuple(named), tuple(nobody_named)
    players = [int(p) for p in args.players.split(",")]
    played = samples(args.game, args.games, players, args.seed, args.epsilon, args.agent)
    cut = len(played) * 4 // 5
    d, mask, y = design(played[:cut], len(features), len(nobody))
    theta = fit(d, mask, y)
    td, tmask, ty = design(played[cut:], len(features), len(nobody))
    p = probabilities(theta, td, tmask)
    base = probabilities(np.zeros_like(theta), td, tmask)
    base_rates = np.zeros_like(ty)  # the training outcomes' rates by alternative, per number of players
    for width in set(tmask.sum(axis=1)):
        rates = y[mask.sum(axis=1) == width].mean(axis=0)
        base_rates[tmask.sum(axis=1) == width] = rates
    hits = float((ty[np.arange(len(ty)), p.argmax(axis=1)] > 0).mean())
    report = (
        f"{args.games} games ({args.players} players) of {args.agent} with epsilon {args.epsilon}, seed {args.seed}: "
        f"{len(d)} turn starts fitted, {len(td)} held out; held-out log-loss {log_loss(p, ty):.4f} "
        f"(uniform {log_loss(base, ty):.4f}, base rates {log_loss(base_rates, ty):.4f}); "
        f"the seat rated most likely wins {hits:.3f} of the time"
    )
    print(report)
    for name, w in zip(features + tuple(f"nobody.{f}" for f in nobody), theta, strict=True):
        print(f"  {name:<24} {w:+.4f}")
    if args.write:
        fitted = evaluation(args.game)
        if fitted is None:
            raise SystemExit(f"{args.game} has no evaluation to write the weights of")
        path = Path(inspect.getfile(type(fitted))).parent / "data" / "evaluation.toml"
        lines = [
            "# The win model's weights (tabletop.core.evaluation.WinModel): each seat's utility is the sum of",
            "# its figures (named in the game's evaluation.py) times these weights; the chances of winning are",
            "# the conditional-logit shares of the utilities. Fitted by maximum likelihood, not measured facts",
            "# of the game: run the command in `source` again after changing the rules, data or heuristic.",
            f'source = "python benchmarks/calibration/fit_evaluation.py {args.game} --games {args.games}'
            f' --players {args.players} --seed {args.seed} --epsilon {args.epsilon} --agent {args.agent} --write"',
            f'fitted = "{report}"',
            "",
            "[weights]",
            *(f"{name} = {w:.6g}" for name, w in zip(features, theta[: len(features)], strict=True)),
        ]
        if nobody:
            lines += ["", "[nobody]", *(f"{n} = {w:.6g}" for n, w in zip(nobody, theta[len(features):], strict=True))]
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"written to {path}")


if __name__ == "__main__":
    main()
