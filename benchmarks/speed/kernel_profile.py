"""Where a compiled kernel's work goes: its functions' calls per game and their share of its steps (issue 27).

Usage:  python benchmarks/speed/kernel_profile.py --game donkey-kong [--games 40] [--players 4] [-o tiles=power]

Numba inlines a kernel's small functions into its playout and ``perf`` cannot name the code it
compiles, so a profile of the compiled kernel has no functions in it. This one plays the same
games on the kernel's *uncompiled* copy (``tabletop.testing.differential.uncompiled_copy``: the
same source run as Python, the way the planted-mutation tests run it) under ``cProfile``, and
prints for each of the kernel's functions:

- its calls per game: exact, the compiled kernel makes the same calls for the same seeds;
- its share of the copy's own time (excluding the functions it calls): a proxy for the compiled
  code's, as each interpreted operation costs about the same. The shared kernels the copy still
  calls compiled (the streams' ``draw`` and ``pick``, the standings) are listed as ``[compiled]``:
  their calls exact, their share not comparable.

The playout's own figures (actions, decisions, chance nodes, turns per game) and the compiled
kernel's actions per CPU second on one core are printed first, so the calls can be read per
action. The configurations default to the simulation targets' (Jumanji 4 players, Doodle Jump 4
players with Power Tiles, Donkey Kong 4 players).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/, for the harness

from harness.timing import load, pin_to_one_core
from kernels import CONFIGS, batched

import tabletop
from tabletop.core.batch import ACTIONS, CHANCE, DECISIONS, TURNS, BatchPlayout
from tabletop.interfaces.cli.options import parse_pairs
from tabletop.testing.differential import uncompiled_copy

#: each game's kernel modules in import order, the playout last (as tests/games/*/test_*kernel.py load them);
#: the configurations are kernels.py's (the simulation targets')
MODULES = {
    "jumanji": ["kernel", "playout"],
    "doodle-jump": ["kernel", "kernel_turn", "kernel_chance", "playout"],
    "donkey-kong": ["kernel", "kernel_turn", "playout"],
}
#: how uncompiled_copy names the code of its copies
COPY = " (uncompiled copy)"
#: the shared kernels (tabletop.core) that the copies still call compiled: the streams and the standings
CORE = Path(tabletop.__file__).resolve().parent / "core"
COMPILED_MODULES = ("compiled", "standings")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(MODULES), required=True)
    parser.add_argument("--games", type=int, default=40, help="games played on the uncompiled copy")
    parser.add_argument("--players", type=int)
    parser.add_argument("-o", "--option", action="append", default=[], help="KEY=VALUE, as tabletop's CLI takes")
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    options = dict(CONFIGS[args.game])
    if args.players:
        options["players"] = args.players
    options.update(parse_pairs(args.option))
    pinned = pin_to_one_core()
    game = tabletop.make(args.game, **options)
    playout = game.random_playout()
    measure = batched(args.game, options, 3.0)
    if not isinstance(playout, BatchPlayout) or measure is None:
        raise SystemExit(f"{args.game} has no compiled playout here (Numba is missing)")
    package = type(game).__module__.rpartition(".")[0]
    names = [f"{package}.{module}" for module in MODULES[args.game]]
    copy = uncompiled_copy(names)[names[-1]].RandomPlayout(game)

    rows = playout.batch(range(args.games)).columns
    per_game = {
        column: float(rows[:, index].mean())
        for column, index in (("actions", ACTIONS), ("decisions", DECISIONS), ("chance", CHANCE), ("turns", TURNS))
    }
    rate = measure()
    print(f"{args.game} {options}; {pinned}; {load()}")
    print("per game: " + ", ".join(f"{value:,.1f} {column}" for column, value in per_game.items()))
    print(
        f"compiled: {rate:,.0f} actions per CPU second, {1e9 / rate:,.0f} ns an action, "
        f"{per_game['actions'] / rate * 1e6:,.1f} µs a game"
    )

    profile = cProfile.Profile()
    profile.enable()
    for seed in range(args.games):
        copy.record(seed)
    profile.disable()
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    found: list[tuple[str, float, float]] = []
    for (file, _, function), (_, calls, own, _, _) in stats.items():
        if file.endswith(COPY):  # the kernel's own modules, run as Python
            found.append((f"{Path(file.removesuffix(COPY)).stem}.{function}", calls / args.games, own))
        elif Path(file).parent == CORE and Path(file).stem in COMPILED_MODULES:  # the streams, the standings
            found.append((f"[compiled] {Path(file).stem}.{function}", calls / args.games, own))
    total = sum(own for _, _, own in found) or 1.0
    found.sort(key=lambda item: -item[2])
    print(
        f"\nthe uncompiled copy, {args.games} games: each function's calls per game and share of the kernel's "
        "own time (a proxy; [compiled]: called compiled, the share not comparable)"
    )
    print(f"{'function':<44} {'calls/game':>11} {'calls/action':>13} {'share':>7}")
    for function, calls, own in found[: args.top]:
        print(f"{function:<44} {calls:>11,.1f} {calls / per_game['actions']:>13.2f} {own / total:>7.1%}")


if __name__ == "__main__":
    main()
