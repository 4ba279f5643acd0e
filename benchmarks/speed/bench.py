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
import time
from collections.abc import Callable
from typing import Any

import tabletop


def pin_to_one_core() -> str:
    if hasattr(os, "sched_setaffinity"):
        cpu = sorted(os.sched_getaffinity(0))[0]
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    return "not pinned"


def tabletop_playouts(name: str, players: int, options: dict[str, Any]) -> Callable[[float], tuple[float, float]]:
    game = tabletop.make(name, players=players, **options)

    def measure(seconds: float) -> tuple[float, float]:
        rng = random.Random(1)
        steps = games = 0
        start = time.process_time()
        deadline = start + seconds
        while time.process_time() < deadline:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    action = state.chance_distribution().sample(rng)
                else:
                    legal = state.legal_actions()
                    action = legal[int(rng.random() * len(legal))]
                state.apply_action(action)
                steps += 1
            games += 1
        elapsed = time.process_time() - start
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

    def measure(seconds: float) -> tuple[float, float]:
        rng = random.Random(1)
        steps = games = 0
        start = time.process_time()
        deadline = start + seconds
        while time.process_time() < deadline:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    r = rng.random()
                    outcomes = state.chance_outcomes()
                    action = outcomes[-1][0]
                    for outcome, p in outcomes:
                        r -= p
                        if r < 0:
                            action = outcome
                            break
                else:
                    legal = state.legal_actions()
                    action = legal[int(rng.random() * len(legal))]
                state.apply_action(action)
                steps += 1
            games += 1
        elapsed = time.process_time() - start
        return steps / elapsed, games / elapsed

    return measure


def mid_game_state(name: str, players: int, options: dict[str, Any], seed: int = 5) -> tabletop.State:
    """A typical position: a random playout stopped at a decision about a third of the way in."""
    game = tabletop.make(name, players=players, **options)
    rng = random.Random(seed)
    full = game.new_initial_state()
    while not full.is_terminal():
        if full.is_chance_node():
            full.apply_action(full.chance_distribution().sample(rng))
        else:
            legal = full.legal_actions()
            full.apply_action(legal[rng.randrange(len(legal))])
    target = len(full.history()) // 3
    state = game.new_initial_state()
    for action in full.history()[:target]:
        state.apply_action(action)
    index = target
    history = full.history()
    while state.is_chance_node() and index < len(history):
        state.apply_action(history[index])
        index += 1
    return state


def per_call_microseconds(call: Callable[[], object], seconds: float = 0.5) -> float:
    calls = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        for _ in range(100):
            call()
        calls += 100
    return (time.process_time() - start) / calls * 1e6


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

    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in contenders}
    for _ in range(args.rounds):
        for name, measure in contenders.items():
            samples[name].append(measure(args.seconds))

    figures: dict[str, Any] = {"pinning": pinned, "seconds": args.seconds, "rounds": args.rounds, "games": {}}
    for name, runs in samples.items():
        figures["games"][name] = {
            "steps_per_second": statistics.median(r[0] for r in runs),
            "games_per_second": statistics.median(r[1] for r in runs),
        }
    for name in wanted:
        players, options = GAMES.get(name, (4, {}))
        state = mid_game_state(name, players, options)
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
    print(f"random playouts, {args.rounds} alternating rounds of {args.seconds:g} s, median; {pinned}")
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
