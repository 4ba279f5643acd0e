"""Speed figures for tabletop's games, with OpenSpiel's C++ backgammon as the reference.

Then the search's speed at each game's initial position, beside OpenSpiel's Python MCTS on
backgammon in the same run (``agents.py``; ``--no-agents`` skips it).

Usage:  python benchmarks/speed/bench.py [--seconds 2] [--rounds 3] [--games jumanji,doodle-jump] [--json]
                                  [--before DIR]

Every figure is a random playout driven from Python the same way for every game:
chance nodes sampled from the node's outcome list, decisions uniform over the legal
actions. Rounds alternate between the games (A B A B ...) and the median of the
rounds is reported, so a drift in the machine's speed affects both sides alike. Playouts and
per-call figures are timed in CPU time of the process (``time.process_time``), so other load on
a shared machine slows them less than it would wall-clock figures.
The process is pinned to one core where the OS allows it. Every game's steps per second
are set against the backgammon's of the same run (the target is at least 1.5x).

``--before DIR`` measures the same playouts of another checkout's ``src`` (for example
``git worktree add /tmp/before main``, then ``--before /tmp/before/src``) side by side, in
the same alternating rounds: each of its measurements runs this script in a child process
(on the same core) that imports tabletop from DIR, so before and after share the machine's
ups and downs.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/, for the harness

from harness.positions import mid_game, random_playout, sample_pairs
from harness.timing import alternate, cpu_loop, load, per_call_microseconds, pin_to_one_core

import tabletop


def tabletop_playouts(name: str, players: int, options: dict[str, Any]) -> Callable[[float], tuple[float, float]]:
    game = tabletop.make(name, players=players, **options)

    def measure(seconds: float) -> tuple[float, float]:
        rng = random.Random(1)
        steps, games, elapsed = cpu_loop(lambda: random_playout(game.new_initial_state(), rng), seconds)
        return steps / elapsed, games / elapsed

    return measure


def other_tree_playouts(src: str, name: str) -> Callable[[float], tuple[float, float]]:
    """The playouts of ``name`` measured by a child process that imports tabletop from the checkout ``src``."""

    def measure(seconds: float) -> tuple[float, float]:
        env = {**os.environ, "PYTHONPATH": os.path.abspath(src)}
        command = [sys.executable, __file__, "--measure-one", name, "--seconds", str(seconds)]
        out = subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout
        figures = json.loads(out)
        return figures["steps_per_second"], figures["games_per_second"]

    return measure


def openspiel_playouts(name: str) -> Callable[[float], tuple[float, float]] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name)

    def playout(rng: random.Random) -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                action = sample_pairs(state.chance_outcomes(), rng.random())
            else:
                legal = state.legal_actions()
                action = legal[int(rng.random() * len(legal))]
            state.apply_action(action)
            steps += 1
        return steps

    def measure(seconds: float) -> tuple[float, float]:
        rng = random.Random(1)
        steps, games, elapsed = cpu_loop(lambda: playout(rng), seconds)
        return steps / elapsed, games / elapsed

    return measure


def agent_figures(games: list[str], seconds: float) -> dict[str, Any]:
    """MCTS iterations per second at each game's initial position (2 players), beside OpenSpiel's
    Python MCTS on backgammon, and the heuristic's time per decision (see agents.py)."""
    from agents import figures

    return figures(games, 2, seconds)


GAMES: dict[str, tuple[int, dict[str, Any]]] = {
    "jumanji": (4, {}),
    "doodle-jump": (4, {"tiles": "power"}),
    "donkey-kong": (4, {}),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one measurement")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds; the median is reported")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated games to measure")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--no-agents", action="store_true", help="skip the agent figures (MCTS, heuristic)")
    parser.add_argument("--before", metavar="DIR", help="also measure the playouts of another checkout's src")
    parser.add_argument("--measure-one", metavar="GAME", help=argparse.SUPPRESS)  # the child of --before
    args = parser.parse_args()

    if args.measure_one:
        players, options = GAMES.get(args.measure_one, (4, {}))
        steps, games = tabletop_playouts(args.measure_one, players, options)(args.seconds)
        print(json.dumps({"steps_per_second": steps, "games_per_second": games, "tabletop": tabletop.__file__}))
        return
    pinned = pin_to_one_core()
    wanted = [g for g in args.games.split(",") if g in tabletop.list_games()]
    contenders: dict[str, Callable[[float], tuple[float, float]]] = {}
    for name in wanted:
        players, options = GAMES.get(name, (4, {}))
        contenders[name] = tabletop_playouts(name, players, options)
        if args.before:
            contenders[f"{name} (before)"] = other_tree_playouts(args.before, name)
    reference = openspiel_playouts("backgammon")
    if reference is not None:
        contenders["openspiel backgammon (C++)"] = reference

    samples = alternate(contenders, args.rounds, args.seconds)

    figures: dict[str, Any] = {"pinning": pinned, "seconds": args.seconds, "rounds": args.rounds, "games": {},
                               "load": load()}
    for name, runs in samples.items():
        figures["games"][name] = {
            "steps_per_second": statistics.median(r[0] for r in runs),
            "games_per_second": statistics.median(r[1] for r in runs),
        }
    for name in wanted:
        players, options = GAMES.get(name, (4, {}))
        state = mid_game(tabletop.make(name, players=players, **options), seed=5)
        entry = figures["games"][name]
        entry["clone_us"] = per_call_microseconds(state.clone)

        def fresh_legal(s: tabletop.State = state) -> object:
            return s.clone().legal_actions()

        entry["legal_actions_us"] = max(0.0, per_call_microseconds(fresh_legal) - entry["clone_us"])
    if not args.no_agents:
        figures["agents"] = agent_figures(wanted, args.seconds)
    if reference is not None:
        theirs = figures["games"]["openspiel backgammon (C++)"]["steps_per_second"]
        figures["vs_openspiel_backgammon"] = {
            name: entry["steps_per_second"] / theirs
            for name, entry in figures["games"].items()
            if name != "openspiel backgammon (C++)"
        }

    if args.json:
        print(json.dumps(figures, indent=2))
        return
    print(f"random playouts, {args.rounds} alternating rounds of {args.seconds:g} s, median; {pinned}; "
          f"{figures['load']}")
    print(f"{'game':<30} {'steps/s':>12} {'games/s':>10} {'clone µs':>9} {'legal µs':>9}")
    for name, entry in figures["games"].items():
        clone = f"{entry['clone_us']:.2f}" if "clone_us" in entry else "-"
        legal = f"{entry['legal_actions_us']:.2f}" if "legal_actions_us" in entry else "-"
        steps, games = entry["steps_per_second"], entry["games_per_second"]
        print(f"{name:<30} {steps:>12,.0f} {games:>10,.1f} {clone:>9} {legal:>9}")
    if "agents" in figures:
        from agents import print_figures

        print_figures(figures["agents"])
    for name, ratio in figures.get("vs_openspiel_backgammon", {}).items():
        print(f"{name} / OpenSpiel backgammon steps per second: {ratio:.2f}x (target: at least 1.5x)")
    if reference is None:
        print("OpenSpiel is not installed: `make bench` installs it (pip install open_spiel).")


if __name__ == "__main__":
    main()
