"""The yardstick every speed figure of benchmarks/speed/ is set against: OpenSpiel's C++ backgammon.

Random playouts driven from Python (chance sampled from ``chance_outcomes()``, decisions uniform
over ``legal_actions()``), timed in this process's CPU time, as ``bench.py`` times it; the timing
helpers themselves (pinning, alternating rounds, the load) are ``benchmarks/harness/timing.py``'s.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/, for the harness

from harness.positions import sample_pairs
from harness.timing import alternate, load, medians, pin_to_one_core

__all__ = ["backgammon", "beside_backgammon", "medians_of", "pin_to_one_core", "stamp"]


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
                action = sample_pairs(state.chance_outcomes(), rng.random())
            else:
                legal = state.legal_actions()
                action = legal[int(rng.random() * len(legal))]
            state.apply_action(action)
            steps += 1
    return steps / (time.process_time() - start)


def medians_of(measures: dict[str, Callable[[float], float]], rounds: int, seconds: float) -> dict[str, float]:
    """Each measure once per round, in turn (A B C A B C ...), so a drift in the machine's speed hits all
    alike; the median of each."""
    return medians(alternate(measures, rounds, seconds))


def _ignoring_seconds(measure: Callable[[], float]) -> Callable[[float], float]:
    """A measure that times itself, as ``medians_of`` calls a measure (with the seconds it may take)."""
    return lambda _seconds: measure()


def beside_backgammon(measures: dict[str, Callable[[], float]], rounds: int, seconds: float, target: str) -> None:
    """Measure each rate beside OpenSpiel's backgammon in the same rounds and print them as multiples of it,
    then ``target`` and when the run ended."""
    measures = {**measures, BACKGAMMON: lambda: backgammon(seconds)}
    rates = medians_of({name: _ignoring_seconds(m) for name, m in measures.items()}, rounds, seconds)
    print(f"{'game':<28} {'steps/s':>12} {'x backgammon':>13}")
    for name, rate in rates.items():
        print(f"{name:<28} {rate:>12,.0f} {rate / rates[BACKGAMMON]:>12.1f}x")
    print(f"target: {target}; after: {stamp()}")


BACKGAMMON = "backgammon (OpenSpiel C++)"


def stamp() -> str:
    """When, and how loaded the machine was."""
    return f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {load()}"
