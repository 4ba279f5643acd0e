"""Donkey Kong agent speed: the heuristic's time per decision and MCTS iterations per second.

Usage:  python benchmarks/speed/agents_in_play.py [players] [games] [mcts_iterations]

Decision positions come from heuristic self-play (seeded); every heuristic decision is
timed, and every tenth position with a real choice is searched by MCTS (random and
heuristic rollouts) for ``mcts_iterations`` iterations. Times are CPU time of this
process, so other load on the machine does not count (MCTS's ``seconds`` budget is wall
time: on a busy machine it gets fewer iterations).
"""

from __future__ import annotations

import random
import sys
import time

import tabletop
from tabletop.agents import make
from tabletop.agents.mcts import MCTSAgent
from tabletop.core.state import State


def positions(players: int, games: int) -> tuple[list[State], float, int]:
    """Decision positions of heuristic self-play, with the heuristic's total time over all its decisions."""
    game = tabletop.make("donkey-kong", players=players)
    heuristic = make("heuristic")
    rng = random.Random(1)
    found: list[State] = []
    seconds, decisions = 0.0, 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.chance_distribution().sample(rng))
                continue
            if len(state.legal_actions()) > 1:
                found.append(state.clone())
            start = time.process_time()
            action = heuristic.step(state, rng)
            seconds += time.process_time() - start
            decisions += 1
            state.apply_action(action)
    return found, seconds, decisions


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    budget = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    found, seconds, decisions = positions(players, games)
    print(f"donkey-kong, {players} players, {games} heuristic self-play games: {decisions} decisions, "
          f"{1000 * seconds / decisions:.3f} ms per heuristic decision")
    sample = found[::10]
    for rollout in ("random", "heuristic"):
        agent = MCTSAgent(iterations=budget, rollout=rollout if rollout == "random" else make("heuristic"))
        rng = random.Random(2)
        iterations = 0
        start = time.process_time()
        for state in sample:
            agent.step(state, rng)
            iterations += agent.last_iterations
        elapsed = time.process_time() - start
        print(f"mcts, {rollout} rollouts: {iterations / elapsed:,.0f} iterations/s "
              f"(CPU time) over {len(sample)} positions, {budget} iterations each")


if __name__ == "__main__":
    main()
