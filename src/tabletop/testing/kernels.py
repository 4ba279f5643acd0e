"""Proving a compiled kernel plays the readable rules' game: step by step, seed by seed.

A game's kernel (its ``playout.py`` and the modules it compiles) is checked through a
:class:`KernelTwin`, the narrow face it shows to this module: a position as a row of
integers, the legal decisions' integers, a chance node's outcome for a uniform number, and
applying either. :func:`lockstep` plays one seed through the rules
(:func:`tabletop.core.play.run`'s streams, random players) and the twin side by side and
raises :class:`KernelDivergence` at the first step where the position (every field of the
row), the legal actions in their order, or a chance outcome differ; then it requires the
compiled playout's whole game (every action's integer, as the kernel's own loop chose it)
to be the same game. :func:`uncompiled_copy` loads a kernel's modules again as plain
Python with a planted change, so a test can show that the comparison catches it.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable, Iterable, Sequence
from types import ModuleType
from typing import Any, Protocol

from tabletop.core.game import Game
from tabletop.core.play import Streams
from tabletop.core.state import State


class KernelDivergence(AssertionError):
    """The kernel and the readable rules disagree; the message names the seed, the step and what differs."""


class KernelTwin(Protocol):
    """What :func:`lockstep` needs of a game's kernel."""

    game: Game

    def new_row(self) -> Any:
        """The initial position as a row."""
        ...

    def pack(self, state: State) -> Any:
        """``state`` (of the rules) as a row, field for field."""
        ...

    def fields(self, row: Any) -> dict[str, list[int]]:
        """A row's fields by name (for the report of a difference)."""
        ...

    def is_chance(self, row: Any) -> bool: ...

    def is_over(self, row: Any) -> bool: ...

    def legal(self, row: Any) -> list[int]:
        """The legal decisions' integers, in the kernel's order."""
        ...

    def sample(self, row: Any, u: float) -> int:
        """The chance outcome's integer for the uniform number ``u``."""
        ...

    def apply_decision(self, row: Any, action: int) -> None: ...

    def apply_outcome(self, row: Any, outcome: int) -> None: ...

    def played(self, seed: int) -> Sequence[int]:
        """Every action's integer of the compiled playout's game of ``seed``."""
        ...


class _Fixed:
    """A stream that gives one number: the rules' ``Distribution.sample`` on a chosen ``u``."""

    def __init__(self, u: float) -> None:
        self.u = u

    def random(self) -> float:
        return self.u


def lockstep(
    twin: KernelTwin, seed: int, rules: Callable[[], State] | None = None, start: str | None = None
) -> int:
    """Play ``seed`` through the rules and the twin side by side (see the module's docstring);
    returns the number of actions. Raises :class:`KernelDivergence` at the first difference.

    ``rules`` makes the initial state of the rules to follow (default: the game's own; a game
    with a readable twin of its rules passes that one). ``start`` is a position's text to play
    from instead of the initial one (for rules that random games rarely reach); the compiled
    playout, which always starts at the beginning, is then not compared.
    """
    game = twin.game
    encoding = game.encoding
    state = rules() if rules is not None else game.new_initial_state()
    if start is not None:
        given = game.state_from_text(start)
        given._copy_into(state)
    row = twin.new_row() if start is None else twin.pack(state)
    streams = Streams(seed)
    actions: list[int] = []
    limit = game.max_game_length()
    for step in range(limit + 1):
        _same_position(twin, seed, step, state, row)
        if state.is_terminal():
            if not twin.is_over(row):
                raise KernelDivergence(f"seed {seed}, step {step}: the rules' game is over, the kernel's is not")
            break
        if state.is_chance_node() != twin.is_chance(row):
            raise KernelDivergence(f"seed {seed}, step {step}: a chance node in one, a decision in the other")
        if state.is_chance_node():
            u = streams.stream(state.chance_stream()).random()
            outcome = state.chance_distribution().sample(_Fixed(u))  # type: ignore[arg-type]
            expected = encoding.to_int(outcome, True)
            got = twin.sample(row, u)
            if got != expected:
                raise KernelDivergence(
                    f"seed {seed}, step {step}: for u={u!r} the rules draw {outcome} ({expected}), the kernel "
                    f"{_text(game, got, True)} ({got})"
                )
            state.apply_action(outcome)
            twin.apply_outcome(row, got)
        else:
            legal = list(state.legal_action_ints())
            offered = twin.legal(row)
            if offered != legal:
                raise KernelDivergence(
                    f"seed {seed}, step {step} at {state.to_text()}: the rules offer "
                    f"{[_text(game, a) for a in legal]}, the kernel {[_text(game, a) for a in offered]}"
                )
            u = streams.seat(state.current_player()).random()
            expected = legal[min(int(u * len(legal)), len(legal) - 1)]
            state.apply_action(state.int_to_action(expected))
            twin.apply_decision(row, expected)
        actions.append(expected)
    else:
        raise KernelDivergence(f"seed {seed}: no end within {limit} actions")
    if start is not None:
        return len(actions)
    played = list(twin.played(seed))
    if played != actions:
        step = next((k for k, (a, b) in enumerate(zip(played, actions, strict=False)) if a != b), len(actions))
        raise KernelDivergence(
            f"seed {seed}: the compiled playout's game leaves the rules' at action {step} "
            f"({len(played)} actions against {len(actions)})"
        )
    return len(actions)


def _same_position(twin: KernelTwin, seed: int, step: int, state: State, row: Any) -> None:
    packed = twin.pack(state)
    if list(packed) != list(row):
        rules, kernel = twin.fields(packed), twin.fields(row)
        differ = {name: (rules[name], kernel[name]) for name in rules if rules[name] != kernel[name]}
        raise KernelDivergence(
            f"seed {seed}, step {step}: the positions differ in {differ} (rules, kernel) at {state.to_text()}"
        )


def _text(game: Game, index: int, chance: bool = False) -> str:
    try:
        return game.encoding.action_text(index, chance)
    except Exception:
        return f"#{index}"


def uncompiled_copy(
    names: Iterable[str], mutate: Callable[[str, str], str] | None = None
) -> dict[str, ModuleType]:
    """The modules ``names`` (a kernel's, in import order) loaded afresh as plain Python, each source
    passed through ``mutate(name, source)`` first; they import one another's copies.

    The copies run slowly (every number is a NumPy scalar) but exactly as compiled, so a planted
    change can be shown to be caught in a few games. The originals stay as they were.
    """
    copies: dict[str, ModuleType] = {}
    compiled: Any = importlib.import_module("tabletop.core.compiled")
    saved = {name: sys.modules.get(name) for name in names}
    kernel, struct_of = compiled.kernel, compiled.struct_of
    compiled.kernel = compiled.struct_of = _plain  # what the copies import: no compiling, tables as they are
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
        compiled.kernel, compiled.struct_of = kernel, struct_of
        for name, original in saved.items():
            if original is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = original
    return copies


def _plain(thing: Any) -> Any:
    return thing
