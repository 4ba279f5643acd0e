"""Speed figures for tabletop's games, with OpenSpiel's C++ backgammon as the reference.

Then the search's speed at each game's initial position, beside OpenSpiel's Python MCTS on
backgammon in the same run (``agent_speed.py``; ``--no-agents`` skips it).

Usage:  python benchmarks/bench.py [--seconds 2] [--rounds 3] [--games jumanji,doodle-jump] [--json]

Every figure is a random playout driven from Python the same way for every game:
chance nodes sampled from the node's outcome list, decisions uniform over the legal
actions. Rounds alternate between the games (A B A B ...) and the median of the
rounds is reported, so a drift in the machine's speed affects both sides alike.
The process is pinned to one core where the OS allows it.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
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
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
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
        elapsed = time.perf_counter() - start
        return steps / elapsed, games / elapsed

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
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
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
        elapsed = time.perf_counter() - start
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
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(100):
            call()
        calls += 100
    return (time.perf_counter() - start) / calls * 1e6


def agent_figures(games: list[str], seconds: float) -> dict[str, Any]:
    """MCTS iterations per second at each game's initial position (2 players), beside OpenSpiel's
    Python MCTS on backgammon, and the heuristic's time per decision (see agent_speed.py)."""
    from agent_speed import figures

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
    args = parser.parse_args()

    pinned = pin_to_one_core()
    wanted = [g for g in args.games.split(",") if g in tabletop.list_games()]
    contenders: dict[str, Callable[[float], tuple[float, float]]] = {}
    for name in wanted:
        players, options = GAMES.get(name, (4, {}))
        contenders[name] = tabletop_playouts(name, players, options)
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
    if reference is not None and "jumanji" in figures["games"]:
        ours = figures["games"]["jumanji"]["steps_per_second"]
        theirs = figures["games"]["openspiel backgammon (C++)"]["steps_per_second"]
        figures["jumanji_vs_openspiel_backgammon"] = ours / theirs

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
        from agent_speed import print_figures

        print_figures(figures["agents"])
    if "jumanji_vs_openspiel_backgammon" in figures:
        ratio = figures["jumanji_vs_openspiel_backgammon"]
        print(f"Jumanji / OpenSpiel backgammon steps per second: {ratio:.2f}x (target: at least 0.70x)")
    elif reference is None:
        print("OpenSpiel is not installed: `make bench` installs it (pip install open_spiel).")


if __name__ == "__main__":
    main()
