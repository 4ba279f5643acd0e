"""The differential harness: a fast engine and its readable twin play the same games, or the check fails.

A game declares its pair with :meth:`Game.twins() <tabletop.core.game.Game.twins>` (the engines
and what to compare: :mod:`tabletop.core.twins`). :func:`play_both` plays one seed through both
with random players in every seat; where both engines show their positions it compares, before
every action, the position's view, the options (the legal actions, or the chance outcomes and
their exact probabilities) and the action, then the final view; always the engines' results (a
:class:`~tabletop.core.play.PlayoutSummary` is compared with its standings written out, however
the engine recorded them). The first difference raises :class:`Divergence`, which says where.

:func:`check_games` plays many seeds, in worker processes if asked; :func:`must_catch` proves a
check is not vacuous: a deliberately altered engine (a planted mutation) must diverge
(:func:`uncompiled_copy` plants one in a compiled kernel).
:func:`twins_of` makes the pairs of an installed game, one per option set it declares
(``Game.twin_options``), or of its compiled kernel (``Game.kernel_twins``);
``benchmarks/equivalence/equivalence.py --game NAME [--kernel]`` runs 10^5 games.

>>> import tabletop
>>> from tabletop.core.twins import PlayoutEngine, StateEngine, Twins
>>> game = tabletop.make(tabletop.list_games()[0], players=2)
>>> same = Twins(fast=StateEngine(game.new_initial_state), readable=StateEngine(game.new_initial_state))
>>> play_both(same, seed=1) > 0  # the actions compared
True
>>> check_games(lambda: [same], games=4).games
4

A planted mutation: an engine that plays no game at all is caught on the first seed, at the end.

>>> idle = Twins(fast=PlayoutEngine(lambda seed: None, traces=False), readable=same.readable)
>>> caught = must_catch(idle, seeds=range(3))
>>> caught.seed, caught.what
(0, 'results')
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from tabletop.core.actions import Action
from tabletop.core.chance import Distribution
from tabletop.core.play import PlayoutSummary, derive_seed
from tabletop.core.registry import game_class, make
from tabletop.core.state import State
from tabletop.core.twins import SAMPLED, Engine, Twins


class Divergence(AssertionError):
    """The two engines disagreed: on game ``seed``, before action ``step`` (or at the end), on ``what``."""

    def __init__(self, seed: int, step: int, what: str, fast: object, readable: object) -> None:
        self.seed, self.step, self.what, self.fast, self.readable = seed, step, what, fast, readable
        super().__init__(
            f"seed {seed}, step {step}: the {what} differ\n  fast:     {_shown(fast)}\n  readable: {_shown(readable)}"
        )


def _shown(value: object) -> str:
    if isinstance(value, Distribution):
        value = value.pairs()
    if isinstance(value, tuple) and value and isinstance(value[0], Action):
        return str([str(a) for a in value])
    if isinstance(value, Action):
        return str(value)
    text = repr(value)
    return text if len(text) < 2000 else text[:2000] + " ..."


def _same_options(a: object, b: object) -> bool:
    if a is b:
        return True
    if a is SAMPLED or b is SAMPLED:  # a kernel's chance node: its outcome is compared as the action
        return isinstance(b if a is SAMPLED else a, Distribution)
    if isinstance(a, Distribution) and isinstance(b, Distribution):
        return a.outcomes == b.outcomes and a.probabilities == b.probabilities
    return (a.outcomes if isinstance(a, Distribution) else a) == (b.outcomes if isinstance(b, Distribution) else b)


def comparable(result: object) -> object:
    """A result as the harness compares it: a summary's standings written out (``places`` on a ``scale`` is the
    same standings, recorded more cheaply)."""
    if isinstance(result, PlayoutSummary):
        standings = result.standings
        if result.places is not None:
            standings = [[result.scale[p] for p in places] for places in result.places]
        return dataclasses.replace(result, standings=standings, places=None, scale=())
    return result


def _run(engine: Engine, seed: int, step: Callable[[], int], watch: Callable[..., None] | None) -> object:
    try:
        return engine.run(seed, watch)
    except Divergence:
        raise
    except Exception as exc:  # an engine that fails is a divergence too: say where
        raise Divergence(seed, step(), "runs (one engine raised)", f"{type(exc).__name__}: {exc}", "") from exc


def play_both(twins: Twins, seed: int) -> int:
    """Play the game of ``seed`` through both engines and compare them (see the module's docstring); the number of
    actions compared (those of the readable engine's game, when only the results are compared). Raises
    :class:`Divergence` at the first difference."""
    fast, readable = twins.fast, twins.readable
    if not (fast.shows_positions and readable.shows_positions):
        results = _run(fast, seed, lambda: 0, None), _run(readable, seed, lambda: 0, None)
        if comparable(results[0]) != comparable(results[1]):
            raise Divergence(seed, 0, "results", *results)
        return results[1].actions if isinstance(results[1], PlayoutSummary) else 0
    view, final = twins.view, twins.final
    seen: list[tuple[object, object, Action | None]] = []

    def record(state: State, options: object, action: Action | None) -> None:
        seen.append((view(state) if action is not None else final(state), options, action))

    done = 0

    def check(state: State, options: object, action: Action | None) -> None:
        nonlocal done
        if done >= len(seen):
            raise Divergence(seed, done, "lengths", f"ended after {len(seen) - 1} actions", "goes on")
        position, offered, taken = seen[done]
        here = view(state) if action is not None else final(state)
        if here != position:
            raise Divergence(seed, done, "positions" if action is not None else "final positions", position, here)
        if not _same_options(offered, options):
            raise Divergence(seed, done, "options", offered, options)
        if taken is not action and taken != action:
            raise Divergence(seed, done, "actions", taken, action)
        done += 1

    fast_result = _run(fast, seed, lambda: len(seen), record)
    readable_result = _run(readable, seed, lambda: done, check)
    if done != len(seen):
        raise Divergence(seed, done, "lengths", "goes on", f"ended after {done - 1} actions")
    if comparable(fast_result) != comparable(readable_result):
        raise Divergence(seed, done, "results", fast_result, readable_result)
    return done - 1


def must_catch(twins: Twins, seeds: Iterable[int]) -> Divergence:
    """The first :class:`Divergence` over ``seeds``: for a pair with a planted mutation, which the harness must
    catch (an ``AssertionError`` if it does not)."""
    count = 0
    for seed in seeds:
        count += 1
        try:
            play_both(twins, seed)
        except Divergence as found:
            return found
    raise AssertionError(f"the planted change went unnoticed in {count} games")


@dataclass
class Tally:
    """What a run of many games came to: the games and actions compared, and the first divergence (text)."""

    games: int = 0
    actions: int = 0
    divergence: str = ""

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.actions += other.actions
        self.divergence = self.divergence or other.divergence


def check_games(
    pairs: Callable[[], Sequence[Twins]],
    games: int,
    seed: int = 0,
    first: int = 0,
    workers: int = 1,
    chunk: int = 500,
    progress: Callable[[Tally, float], None] | None = None,
) -> Tally:
    """Play games ``first`` to ``first + games - 1``: game ``i`` is ``pairs()[i % len(pairs())]`` played with the
    seed ``derive_seed(seed, i)``. Stops at the first divergence (in the tally). With ``workers`` > 1 the games are
    played in chunks in worker processes: ``pairs`` must then be picklable (a module's function, or a
    ``functools.partial`` of one, such as ``partial(twins_of, name)``). ``progress`` sees the tally after each
    chunk and the seconds since the start."""
    start = time.perf_counter()
    tally = Tally()
    starts = range(first, first + games, chunk)
    counts = [min(chunk, first + games - s) for s in starts]
    args = ([pairs] * len(starts), [seed] * len(starts), starts, counts)
    pool = ProcessPoolExecutor(workers) if workers > 1 else None
    try:
        results = pool.map(_check_chunk, *args) if pool is not None else map(_check_chunk, *args)
        for part in results:
            tally.add(part)
            if progress is not None:
                progress(tally, time.perf_counter() - start)
            if tally.divergence:
                break
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return tally


def _check_chunk(pairs: Callable[[], Sequence[Twins]], seed: int, first: int, count: int) -> Tally:
    made = pairs()
    tally = Tally()
    for i in range(first, first + count):
        twins = made[i % len(made)]
        try:
            tally.actions += play_both(twins, derive_seed(seed, i))
        except Divergence as exc:
            tally.divergence = f"game {i}: {exc}"
            break
        tally.games += 1
    return tally


def twins_of(name: str, kernel: bool = False) -> list[Twins]:
    """The fast/readable pairs of the installed game ``name``, one per option set it declares (``twin_options``):
    ``Game.twins()``, or with ``kernel`` ``Game.kernel_twins()`` (its compiled kernel stepped on rows); a
    ``ValueError`` if the game declares none (a kernel needs Numba, the ``fast`` extra)."""
    found = []
    for options in game_class(name).twin_options:
        game = make(name, **options)
        twins = game.kernel_twins() if kernel else game.twins()
        if twins is None:
            what = "compiled kernel (Game.kernel_twins; Numba installed?)" if kernel else "fast engine (Game.twins)"
            raise ValueError(f"{name} declares no {what} and readable twin")
        found.append(twins)
    return found


def uncompiled_copy(names: Iterable[str], mutate: Callable[[str, str], str] | None = None) -> dict[str, ModuleType]:
    """The modules ``names`` (a compiled kernel's, in import order) loaded afresh as plain Python, each source
    passed through ``mutate(name, source)`` first; they import one another's copies. The way to plant a mutation
    in a kernel for :func:`must_catch`.

    The copies run slowly (every number is a NumPy scalar) but exactly as compiled, so a planted change can be
    shown to be caught in a few games. The originals stay as they were.
    """
    copies: dict[str, ModuleType] = {}
    compiled: Any = importlib.import_module("tabletop.core.compiled")
    saved = {name: sys.modules.get(name) for name in names}
    kernel, uncounted, struct_of = compiled.kernel, compiled.uncounted_kernel, compiled.struct_of
    compiled.kernel = compiled.uncounted_kernel = compiled.struct_of = _plain  # no compiling, tables as they are
    try:
        for name in names:
            spec = importlib.util.find_spec(name)
            if spec is None or spec.origin is None:
                raise ImportError(f"no module {name}")
            with open(spec.origin, encoding="utf-8") as file:
                source = file.read()
            if mutate is not None:
                source = mutate(name, source)
            module = ModuleType(name)
            module.__file__ = spec.origin
            sys.modules[name] = module
            exec(compile(source, f"{spec.origin} (uncompiled copy)", "exec"), module.__dict__)
            copies[name] = module
    finally:
        compiled.kernel, compiled.uncounted_kernel, compiled.struct_of = kernel, uncounted, struct_of
        for name, original in saved.items():
            if original is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = original
    return copies


def _plain(thing: Any) -> Any:
    return thing
