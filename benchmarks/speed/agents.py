"""Search speed: MCTS iterations per second at the initial position of each game, beside OpenSpiel's Python MCTS.

Usage:  python benchmarks/speed/agents.py [--seconds 2] [--games jumanji,doodle-jump] [--players 2]
                                         [--before CHECKOUT]
        (``benchmarks/speed/bench.py`` prints the same figures after its playout figures)

"The initial position" is a game's first decision with a choice, reached from a new game
by the chance outcomes of seed 1 (a search cannot start at a chance node). Every figure is
iterations per second of this process's CPU time, so other programs on the machine do not
lower it. Agents measured, for each game:

- ``mcts``: the search as shipped (the game's fast playout policy, playouts cut after two
  turns and scored by the game's evaluation, common random numbers, tree reuse);
- ``mcts:rollout=heuristic``: the same with the heuristic playing the playouts;
- ``mcts:rollout=random:cutoff=none:crn=false``: random playouts to the end of the game, as
  the search before issue 15 ran them;

``--before CHECKOUT`` also measures ``mcts`` (default options) of another checkout of tabletop
(for example one at the commit before issue 15: ``git worktree add /tmp/before <commit>``) in a
subprocess with that checkout's ``src`` first on the path, at the same positions, in the same run;

and, for reference, OpenSpiel's Python ``MCTSBot`` (``open_spiel.python.algorithms.mcts``,
random-rollout evaluator, one rollout) on its C++ backgammon at that game's first decision.
Also the heuristic's time per decision over the same positions.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/, for the harness

from harness.positions import first_decision
from harness.timing import cpu_loop

import tabletop
from tabletop.agents import from_spec
from tabletop.core.state import State

SPECS = ("mcts", "mcts:rollout=heuristic", "mcts:rollout=random:cutoff=none:crn=false")


def iterations_per_second(spec: str, state: State, seconds: float) -> float:
    """One search of ``seconds`` of CPU time from ``state``: its iterations per CPU second."""
    agent: Any = from_spec(f"{spec}:seconds={seconds}:clock=process")
    agent.reset(state.current_player())
    start = time.process_time()
    agent.step(state, random.Random(1))
    return float(agent.last_iterations) / (time.process_time() - start)


def heuristic_ms(state: State, seconds: float) -> float:
    """The heuristic's CPU time per decision at ``state``, in milliseconds."""
    agent = from_spec("heuristic")
    rng = random.Random(2)

    def decide() -> int:
        agent.step(state, rng)
        return 1

    decisions, _, elapsed = cpu_loop(decide, seconds)
    return 1000 * elapsed / decisions


def openspiel_mcts(seconds: float) -> float | None:
    """OpenSpiel's Python MCTS on backgammon at its first decision: iterations per CPU second."""
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts
    except ImportError:
        return None
    game = pyspiel.load_game("backgammon")
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])

    def search() -> int:
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
        bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=100, evaluator=evaluator,
                           random_state=np.random.RandomState(1), solve=False)
        bot.step(state)
        return 100

    done, _, elapsed = cpu_loop(search, seconds)
    return done / elapsed


BEFORE = """
import json, random, sys, time
import tabletop
from tabletop.agents import from_spec
name, players, seconds, text = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
state = tabletop.make(name, players=players).state_from_text(text)
agent = from_spec(f"mcts:seconds={seconds}")
agent.reset(state.current_player())
start = time.process_time()
agent.step(state, random.Random(1))
print(json.dumps([tabletop.__file__, agent.last_iterations / (time.process_time() - start)]))
"""


def before(checkout: Path, state: State, seconds: float) -> float:
    """``mcts`` of another checkout at ``state`` (given by its text): iterations per CPU second."""
    env = {**os.environ, "PYTHONPATH": str(checkout / "src")}
    args = [sys.executable, "-c", BEFORE, state.game.name, str(state.game.num_players), str(seconds), state.to_text()]
    out = subprocess.run(args, env=env, capture_output=True, text=True, check=True).stdout
    where, rate = json.loads(out.strip().splitlines()[-1])
    if not str(where).startswith(str(checkout)):
        raise RuntimeError(f"the subprocess imported tabletop from {where}, not from {checkout}")
    return float(rate)


def figures(games: list[str], players: int, seconds: float, checkout: Path | None = None) -> dict[str, Any]:
    result: dict[str, Any] = {"players": players, "seconds": seconds, "games": {}}
    for name in games:
        state = first_decision(tabletop.make(name, players=players), seed=1)
        entry = {spec: iterations_per_second(spec, state, seconds) for spec in SPECS}
        if checkout is not None:
            entry["before"] = before(checkout, state, seconds)
        entry["heuristic_ms_per_decision"] = heuristic_ms(state, min(seconds, 1.0))
        result["games"][name] = entry
    result["openspiel_python_mcts_backgammon"] = openspiel_mcts(seconds)
    return result


def print_figures(result: dict[str, Any]) -> None:
    print(f"MCTS iterations per CPU second at the initial position ({result['players']} players, "
          f"{result['seconds']:g} s searches):")
    for name, entry in result["games"].items():
        shown = ", ".join(f"{entry[spec]:,.0f} ({spec})" for spec in SPECS)
        if "before" in entry:
            shown += f", {entry['before']:,.0f} (mcts before; {entry[SPECS[0]] / entry['before']:.1f}x)"
        print(f"  {name:<14} {shown}; heuristic {entry['heuristic_ms_per_decision']:.3f} ms/decision")
    reference = result["openspiel_python_mcts_backgammon"]
    if reference is None:
        print("  OpenSpiel is not installed: `make bench` installs it (pip install open_spiel).")
    else:
        print(f"  {'backgammon':<14} {reference:,.0f} (OpenSpiel's Python MCTSBot, random rollouts)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--games", default=",".join(tabletop.list_games()))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--before", type=Path, default=None, help="another checkout of tabletop to measure too")
    args = parser.parse_args()
    wanted = [g for g in args.games.split(",") if g in tabletop.list_games()]
    print_figures(figures(wanted, args.players, args.seconds, args.before))


if __name__ == "__main__":
    main()
