"""The yardstick every speed figure of benchmarks/speed/ is set against: OpenSpiel's C++ backgammon.

Random playouts driven from Python (chance sampled from ``chance_outcomes()``, decisions uniform
over ``legal_actions()``), timed in this process's CPU time, as ``benchmarks/bench.py`` times it;
and the helpers the scripts share (pinning to one core, alternating rounds, the machine's load).
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable


def pin_to_one_core() -> str:
    if hasattr(os, "sched_setaffinity"):
        cpu = sorted(os.sched_getaffinity(0))[0]
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    return "not pinned"


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


def backgammon(seconds: float) -> float:
    """OpenSpiel's C++ backgammon: steps (chance outcomes and decisions) per CPU second, random playouts."""
    import pyspiel

    game = pyspiel.load_game("backgammon")
    rng = random.Random(1)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
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
    return steps / (time.process_time() - start)


def alternate(measures: dict[str, Callable[[], float]], rounds: int) -> dict[str, float]:
    """Each measure once per round, in turn (A B C A B C ...), so a drift in the machine's speed hits all
    alike; the median of each."""
    samples: dict[str, list[float]] = {name: [] for name in measures}
    for _ in range(rounds):
        for name, measure in measures.items():
            samples[name].append(measure())
    return {name: statistics.median(values) for name, values in samples.items()}


def stamp() -> str:
    """When, and how loaded the machine was."""
    return f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {load()}"
