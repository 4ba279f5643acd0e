"""Fuzz every game's readers: mutated positions, actions, options, data files and records.

Usage:
  python benchmarks/fuzz/fuzz.py [--count 2000] [--seed 0] [--games jumanji,...]
                            [--kinds positions,actions,options,data,records]
                            [--workers 1] [--timeout 10] [--examples 2]
  python benchmarks/fuzz/fuzz.py --games G --kinds K --seed S --index I    (one input, in full)

For each registered game (``tabletop.list_games()``) and each kind, ``--count`` inputs
are made by mutating real ones: positions and records from random playouts of every
option combination, legal action texts applied at real states, the option dicts, and the
game's shipped data files (loaded through the ``data`` option). Input ``i`` of a game
and kind depends only on ``--seed``, so ``--workers`` never changes the figures.

Each input is *refused* (the error the contract names: NotationError for positions and
records, ReplayError for records that do not replay, IllegalActionError leaving the state
exactly as it was for actions, InvalidOptionError for options and data files, whose
DataFileError names the file), *accepted* (and then checked: the position, game or record
reads back from its own text and plays on to its end under random choices, every position
on the way reading back), or *failed*: another exception, the core's last-resort
"not a playable ..." message, a crash, a hang beyond ``--timeout`` seconds, an accepted
input that cannot be continued. Failures are grouped by problem and a few of each are
shrunk to a minimal example. The exit status is 1 when anything failed.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import signal
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fuzzing import corpus as corpus_module
from fuzzing.kinds import (
    KINDS,
    Input,
    Outcome,
    check_action,
    check_data,
    check_options,
    check_position,
    check_record,
    make_action,
    make_data,
    make_options,
    make_position,
    make_record,
)
from fuzzing.shrink import Budget, shown, shrink

import tabletop

CHUNK = 250


class Hang(BaseException):
    """An input took longer than the time limit (a BaseException, so no handler in the engine eats it)."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise Hang


class Worker:
    """Per process: the corpora (built once per game) and a scratch directory."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.corpora: dict[str, corpus_module.Corpus] = {}
        self.workdir = Path(tempfile.mkdtemp(prefix="tabletop-fuzz-"))
        self.serial = 0

    def corpus(self, name: str) -> corpus_module.Corpus:
        if name not in self.corpora:
            self.corpora[name] = corpus_module.build(name, self.seed)
        return self.corpora[name]

    def make(self, name: str, kind: str, index: int) -> Input | None:
        corpus = self.corpus(name)
        rng = random.Random(f"fuzz:{self.seed}:{name}:{kind}:{index}")
        if kind == "positions":
            return make_position(corpus, rng)
        if kind == "actions":
            return make_action(corpus, rng)
        if kind == "options":
            return make_options(corpus, rng, corpus.data[0][0] if corpus.data else Path("none.toml"))
        if kind == "data":
            return make_data(corpus, rng)
        return make_record(corpus, rng)

    def check(self, name: str, kind: str, index: int, item: Input, timeout: float) -> Outcome:
        corpus = self.corpus(name)
        rng = random.Random(f"fuzz-play:{self.seed}:{index}")
        self.serial += 1
        signal.setitimer(signal.ITIMER_REAL, timeout)
        try:
            if kind == "positions":
                return check_position(corpus, item, rng)
            if kind == "actions":
                return check_action(corpus, item, rng)
            if kind == "options":
                return check_options(corpus, item, rng)
            if kind == "data":
                return check_data(corpus, item, rng, self.workdir, self.serial)
            return check_record(corpus, item, rng, self.workdir)
        except Hang:
            return Outcome("failed", f"hang: more than {timeout:g} s")
        except RecursionError:
            return Outcome("failed", "crash: RecursionError")
        except MemoryError:
            return Outcome("failed", "crash: MemoryError")
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)


_WORKER: Worker | None = None


def _init(seed: int) -> None:
    global _WORKER
    _WORKER = Worker(seed)
    signal.signal(signal.SIGALRM, _alarm)


@dataclass
class Tally:
    counts: Counter[str] = field(default_factory=Counter)
    problems: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    problem_counts: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0


def _run_chunk(job: tuple[str, str, int, int, float, int]) -> tuple[str, str, Tally]:
    name, kind, start, stop, timeout, keep = job
    assert _WORKER is not None
    tally = Tally()
    began = time.perf_counter()
    _WORKER.corpus(name)  # built outside the loop: a fault there stops the run
    for index in range(start, stop):
        try:
            item = _WORKER.make(name, kind, index)
        except Exception as exc:  # the fuzzer's own fault: report it, never hide it
            outcome = Outcome("failed", f"fuzzer could not make the input: {type(exc).__name__}: {exc}")
        else:
            if item is None:  # nothing of this kind to mutate (a game without a data file)
                tally.counts["skipped"] += 1
                continue
            outcome = _WORKER.check(name, kind, index, item, timeout)
        tally.counts[outcome.status] += 1
        if outcome.status == "failed":
            tally.problem_counts[outcome.problem] += 1
            if len(tally.problems[outcome.problem]) < keep:
                tally.problems[outcome.problem].append(index)
    tally.seconds = time.perf_counter() - began
    return name, kind, tally


def _merge(into: Tally, part: Tally, keep: int) -> None:
    into.counts.update(part.counts)
    into.problem_counts.update(part.problem_counts)
    into.seconds += part.seconds
    for problem, indices in part.problems.items():
        into.problems[problem] = sorted(into.problems[problem] + indices)[:keep]


def shrunk_example(worker: Worker, name: str, kind: str, index: int, problem: str, timeout: float) -> tuple[Any, Any]:
    item = worker.make(name, kind, index)
    assert item is not None

    def fails(payload: Any) -> bool:
        trial = Input(item.combo, payload, item.base, item.note)
        return worker.check(name, kind, index, trial, timeout).problem == problem

    small = shrink(item.payload, fails, Budget(tries=600, seconds=30))
    return item, small


def describe(worker: Worker, name: str, kind: str, item: Input) -> str:
    corpus = worker.corpus(name)
    where = f"options {corpus.combos[item.combo]}"
    if kind == "actions":
        where += f", at {corpus.samples[item.base].state.to_text()!r}"
    return where + (f", {item.note}" if item.note else "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=2000, help="inputs per game and kind (default 2000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", default=",".join(tabletop.list_games()))
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds allowed per input (default 10)")
    parser.add_argument("--examples", type=int, default=2, help="failures shrunk and shown per problem (default 2)")
    parser.add_argument("--index", type=int, default=None, help="run this one input and show it in full")
    args = parser.parse_args(argv)
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    unknown = [g for g in games if g not in tabletop.list_games()] + [k for k in kinds if k not in KINDS]
    if unknown:
        parser.error(f"unknown game or kind {unknown[0]!r}; games: {tabletop.list_games()}, kinds: {list(KINDS)}")

    _init(args.seed)
    assert _WORKER is not None
    worker = _WORKER
    if args.index is not None:
        for name in games:
            for kind in kinds:
                item = worker.make(name, kind, args.index)
                if item is None:
                    print(f"{name} {kind} #{args.index}: nothing of this kind to mutate")
                    continue
                outcome = worker.check(name, kind, args.index, item, args.timeout)
                print(f"{name} {kind} #{args.index}: {outcome.status} {outcome.problem}")
                print(f"  input: {shown(item.payload, 4000)}\n  {describe(worker, name, kind, item)}")
                if outcome.detail:
                    print(f"  detail: {outcome.detail}")
        return 0

    print(
        f"fuzz: seed {args.seed}, {args.count} inputs per game and kind, {args.workers} workers, "
        f"time limit {args.timeout:g} s per input"
    )
    jobs = [
        (name, kind, start, min(start + CHUNK, args.count), args.timeout, args.examples)
        for name in games
        for kind in kinds
        for start in range(0, args.count, CHUNK)
    ]
    totals: dict[tuple[str, str], Tally] = {(n, k): Tally() for n in games for k in kinds}
    began = time.perf_counter()
    done = 0
    last_note = time.monotonic()

    def progress(name: str, kind: str, part: Tally) -> None:
        nonlocal done, last_note
        _merge(totals[(name, kind)], part, args.examples)
        done += 1
        if time.monotonic() - last_note > 60 or done == len(jobs):
            last_note = time.monotonic()
            failed = sum(t.counts["failed"] for t in totals.values())
            print(f"  ... {done}/{len(jobs)} chunks of {CHUNK} inputs, {failed} failed so far", file=sys.stderr)

    if args.workers > 1:
        with multiprocessing.get_context("fork").Pool(args.workers, _init, (args.seed,)) as pool:
            for name, kind, part in pool.imap_unordered(_run_chunk, jobs):
                progress(name, kind, part)
    else:
        for job in jobs:
            progress(*_run_chunk(job))
    elapsed = time.perf_counter() - began

    print(f"\n{'game':<13} {'kind':<10} {'inputs':>8} {'refused':>8} {'accepted':>9} {'failed':>7} {'cpu s':>7}")
    failures = 0
    for (name, kind), tally in totals.items():
        c = tally.counts
        total = c["refused"] + c["accepted"] + c["failed"]
        failures += c["failed"]
        if c["skipped"] and not total:
            print(f"{name:<13} {kind:<10} {'-':>8}  (the game has no data file to mutate)")
            continue
        print(
            f"{name:<13} {kind:<10} {total:>8} {c['refused']:>8} {c['accepted']:>9} {c['failed']:>7}"
            f" {tally.seconds:>7.1f}"
        )
    print(f"wall time {elapsed:.1f} s")
    if failures:
        print("\nfailures (grouped by problem; examples shrunk):")
    for (name, kind), tally in totals.items():
        for problem, count in tally.problem_counts.most_common():
            print(f"\n  {name} {kind}: {count} x {problem}")
            for index in tally.problems[problem]:
                try:
                    item, small = shrunk_example(worker, name, kind, index, problem, args.timeout)
                    print(f"    input #{index} ({describe(worker, name, kind, item)})")
                    print(f"      minimal: {shown(small)}")
                except Exception as exc:  # the input itself could not be made again: say so
                    print(f"    input #{index}: {type(exc).__name__}: {str(exc)[:200]}")
                print(
                    f"      reproduce: python benchmarks/fuzz/fuzz.py --games {name} --kinds {kind} "
                    f"--seed {args.seed} --index {index}"
                )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
