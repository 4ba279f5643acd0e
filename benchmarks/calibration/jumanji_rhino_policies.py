"""How much does the rhino decision matter? Seat 0 plays one rhino policy, the others play randomly.

Usage: python benchmarks/calibration/jumanji_rhino_policies.py [--games 20000] [--seed 5] [--workers 2]

Policies: ``random`` (uniform over the legal rhino choices), ``heuristic`` (block the
leading rival) and ``decline`` (never move the rhino). Prints seat 0's win rate with its
95% Wilson interval, the other seats' mean win rate, and the all-lose rate.
"""

from __future__ import annotations

import argparse
import random

import tabletop
from tabletop.agents import RandomAgent, make
from tabletop.analysis.simulate import simulate
from tabletop.core.actions import Action
from tabletop.core.agent import Agent
from tabletop.core.state import State
from tabletop.games.jumanji.actions import NO_RHINO


class Decline:
    """Never moves the rhino."""

    name = "decline"

    def reset(self, seat: int) -> None:
        """No memory."""

    def step(self, state: State, rng: random.Random) -> Action:
        return NO_RHINO


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    for players in (2, 3, 4):
        game = tabletop.make("jumanji", players=players)
        policies: list[Agent] = [RandomAgent(), make("heuristic"), Decline()]
        for policy in policies:
            agents: list[Agent] = [policy] + [RandomAgent() for _ in range(players - 1)]
            report = simulate(game, args.games, seed=args.seed, agents=agents, workers=args.workers)
            seat = report.seats[0]
            others = sum(s.rate for s in report.seats[1:]) / (players - 1)
            print(
                f"{players} players, seat 0 {policy.name:<9}: wins {seat.rate:.3f}"
                f" [{seat.low:.3f}, {seat.high:.3f}]; other seats {others:.3f};"
                f" everyone lost {report.all_lose_rate:.3f}"
            )


if __name__ == "__main__":
    main()
