"""OpenSpiel's MCTSBot against tabletop's mcts at equal iterations: a small tournament with 95% intervals.

Usage:  python benchmarks/calibration/openspiel_mcts.py [--game doodle-jump] [--games 40] [--iterations 50] [--seed 1]

Two players; the bots swap seats every game. OpenSpiel's ``MCTSBot`` (UCT constant 2, random
rollouts through ``RandomRolloutEvaluator``, chance nodes sampled by its search) searches our
game through ``tabletop.rl.openspiel``; tabletop's ``mcts`` searches the core API (random
rollouts). Both get the same number of iterations per decision. The dice come from the game's
seeded streams, the same for both seatings of a seed.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from open_spiel.python.algorithms import mcts

from tabletop.agents import from_spec
from tabletop.analysis.stats import wilson_interval
from tabletop.core.play import Streams
from tabletop.rl.openspiel import OpenSpielState, load


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="doodle-jump")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--iterations", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = load(args.game, players=2)
    tabletop_game = game.tabletop
    wins = {"openspiel": 0.0, "tabletop": 0.0}
    seconds = {"openspiel": 0.0, "tabletop": 0.0}
    decisions = {"openspiel": 0, "tabletop": 0}
    for k in range(args.games):
        pair = k // 2
        openspiel_seat = k % 2
        rng = np.random.RandomState(args.seed * 1000 + k)
        bot = mcts.MCTSBot(game, 2.0, args.iterations, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
        ours = from_spec(f"mcts:iterations={args.iterations}")
        ours.reset(1 - openspiel_seat)
        streams = Streams(args.seed * 1000 + pair)
        state = tabletop_game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(streams.chance(state))
                continue
            seat = state.current_player()
            start = time.perf_counter()
            if seat == openspiel_seat:
                action = state.int_to_action(bot.step(OpenSpielState(game, state.clone())))
                who = "openspiel"
            else:
                action = ours.step(state, streams.seat(seat))
                who = "tabletop"
            seconds[who] += time.perf_counter() - start
            decisions[who] += 1
            state.apply_action(action)
        returns = state.returns()
        winners = state.winners()
        for who, seat in (("openspiel", openspiel_seat), ("tabletop", 1 - openspiel_seat)):
            if seat in winners and len(winners) == 1:
                wins[who] += 1.0
            elif returns[seat] == returns[1 - seat]:  # a draw (the turn limit) counts half
                wins[who] += 0.5
        print(f"game {k + 1}/{args.games}: openspiel seat {openspiel_seat}, returns {returns}", flush=True)
    print(f"\n{args.game}, 2 players, {args.games} games, {args.iterations} iterations per decision, seed {args.seed}")
    for who in ("openspiel", "tabletop"):
        low, high = wilson_interval(round(wins[who]), args.games)
        per = 1000 * seconds[who] / max(decisions[who], 1)
        rate = wins[who] / args.games
        print(f"{who + ' mcts':<15} win rate {rate:.3f}  95% CI {low:.3f}-{high:.3f}  {per:.1f} ms/decision")


if __name__ == "__main__":
    main()
