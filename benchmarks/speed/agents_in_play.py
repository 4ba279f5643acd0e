"""Agent speed over whole games: the heuristic's time per decision and MCTS iterations per second.

Usage:  python benchmarks/speed/agents_in_play.py GAME [--players 2] [--games 20] [--iterations 100]

Decision positions come from heuristic self-play (seeded); every heuristic decision is
timed, and every tenth position with a real choice is searched by MCTS (random and
heuristic rollouts) for ``--iterations`` iterations. Where ``benchmarks/speed/agents.py``
measures at one position (a game's first decision), this measures over the positions of
whole games. Times are CPU time of this process, so other load on the machine does not count.
"""

from __future__ import annotations

import argparse
import random
import time

import tabletop
from tabletop.agents import make
from tabletop.agents.mcts import MCTSAgent
from tabletop.core.state import State


def positions(name: str, players: int, games: int) -> tuple[list[State], float, int]:
    """Decision positions of heuristic self-play, with the heuristic's total time over all its decisions."""
    game = tabletop.make(name, players=players)
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
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=tabletop.list_games())
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=20, help="heuristic self-play games")
    parser.add_argument("--iterations", type=int, default=100, help="MCTS iterations per searched position")
    args = parser.parse_args()
    found, seconds, decisions = positions(args.game, args.players, args.games)
    print(f"{args.game}, {args.players} players, {args.games} heuristic self-play games: {decisions} decisions, "
          f"{1000 * seconds / max(decisions, 1):.3f} ms per heuristic decision")
    sample = found[::10]
    if not sample:
        print("no decision with a choice in these games: nothing for MCTS to search")
        return
    for rollout in ("random", "heuristic"):
        agent = MCTSAgent(iterations=args.iterations, rollout=rollout)
        rng = random.Random(2)
        iterations = 0
        start = time.process_time()
        for state in sample:
            agent.step(state, rng)
            iterations += agent.last_iterations
        elapsed = time.process_time() - start
        print(f"mcts, {rollout} rollouts: {iterations / elapsed:,.0f} iterations/s "
              f"(CPU time) over {len(sample)} positions, {args.iterations} iterations each")


if __name__ == "__main__":
    main()
