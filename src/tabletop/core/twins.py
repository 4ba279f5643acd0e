"""A game's fast engine and its readable twin: the two ways of playing a seed that must agree.

A game that plays faster than its readable rules (tables instead of arithmetic, a loop instead
of a method per step, a whole game in one function) keeps the readable rules beside it and
proves the two equal, game after game (style habit 11). :meth:`Game.twins()
<tabletop.core.game.Game.twins>` declares the pair; :mod:`tabletop.testing.differential` plays
both on the same seeds and compares them.

An *engine* plays one game for a seed, with a uniformly random player in every seat, exactly
as :func:`~tabletop.core.play.play_summary` plays it with
:func:`~tabletop.core.play.random_decision` (the seed's :class:`~tabletop.core.play.Streams`,
every chance node sampled by :meth:`Distribution.sample
<tabletop.core.chance.Distribution.sample>`). Two kinds:

* :class:`StateEngine`: a :class:`~tabletop.core.state.State` (the game's own, or a readable
  subclass of it) that the driver plays action by action. It shows every position.
* :class:`PlayoutEngine`: a function that plays a whole game for a seed by itself and returns
  what it came to (a :class:`~tabletop.core.play.PlayoutSummary`, rows ...). If it can report
  each step as a :class:`TraceStep` (``traces=True``) its positions are compared too; otherwise
  only its result is.
* :class:`KernelEngine`: a compiled kernel (a game's ``playout.py``, Numba) stepped one action
  at a time on its position row (:class:`KernelSteps`), drawing from the same streams; its
  positions are rows, compared with the readable state packed into a row (:meth:`KernelEngine.view`),
  its options and actions the encoding's integers, compared by their notation; at the end the
  kernel's own whole-game loop must have played the same actions, and its summary is the result.
  :func:`kernel_twins` pairs it with the readable rules.

:class:`Twins` pairs a fast engine with its readable twin and says what must be equal: the
``view`` of the position before every action, the options there (the legal actions, or the
chance outcomes with their probabilities), the action taken, the ``final`` view at the end, and
the engines' results.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from tabletop.core.actions import Action
from tabletop.core.chance import uniform_index
from tabletop.core.play import Streams, play_summary, random_decision
from tabletop.core.state import State

if TYPE_CHECKING:
    from tabletop.core.game import Game


@dataclass(frozen=True)
class TraceStep:
    """One action of a whole-game engine's trace: the position it was taken in, the legal actions (or chance
    outcomes) there in the rules' order, and the action; at the end the final position, ``()`` and ``None``."""

    position: State
    options: tuple[Action, ...]
    action: Action | None


#: what a traced whole-game engine calls with each step
Trace = Callable[[TraceStep], None]

#: who watches an engine play (:data:`tabletop.core.play.Watcher`): before each action the position (a state, or
#: a kernel's :class:`Row`), the options there and the action; at the end the final position, ``()`` and ``None``
Observer = Callable[[Any, Any, Any], None]


class Sampled:
    """The options at a chance node of an engine that samples it without listing its outcomes (a compiled
    kernel: the outcome it draws for the stream's number is compared, as the action taken)."""

    def __repr__(self) -> str:
        return "SAMPLED"


SAMPLED = Sampled()


class Engine(Protocol):
    """One way of playing a game's seeds (random players in every seat)."""

    @property
    def shows_positions(self) -> bool:
        """Whether :meth:`run` reports every step to its watcher (else only the result is compared)."""
        ...

    def run(self, seed: int, observe: Observer | None) -> object:
        """Play the game of ``seed``, reporting each step to ``observe`` (if given); what it came to."""
        ...


@dataclass(frozen=True)
class StateEngine:
    """The rules as a :class:`State` made by ``make()``, played by the driver (:func:`play_summary`)."""

    make: Callable[[], State]
    shows_positions = True

    def run(self, seed: int, observe: Observer | None) -> object:
        state = self.make()
        deciders = [random_decision] * state.game.num_players
        return play_summary(state.game, deciders, seed, observe, start=state)[1]


@dataclass(frozen=True)
class PlayoutEngine:
    """A function that plays a whole game: ``play(seed)``, or with ``traces`` ``play(seed, trace)`` calling
    ``trace`` with every :class:`TraceStep` (``trace`` may be ``None``: no report)."""

    play: Callable[..., object]
    traces: bool = True

    @property
    def shows_positions(self) -> bool:
        return self.traces

    def run(self, seed: int, observe: Observer | None) -> object:
        if not self.traces:
            return self.play(seed)
        if observe is None:
            return self.play(seed, None)

        def report(step: TraceStep) -> None:
            observe(step.position, step.options, step.action)

        return self.play(seed, report)


def notation(state: State) -> object:
    """The default view of a position: its notation."""
    return state.to_text()


def ending(state: State) -> object:
    """The default final view: the notation, the returns and the whole log."""
    return state.to_text(), state.returns(), state.log()


@dataclass(frozen=True)
class Twins:
    """A game's fast engine and its readable twin (:meth:`Game.twins() <tabletop.core.game.Game.twins>`).

    ``view(state)`` is what must be equal before every action (cheap: it runs at every step of
    10^5 games), ``final(state)`` what must be equal at the end. Both must return a snapshot that
    later actions leave alone (tuples, not the state's own lists): the fast engine's views are kept
    while the readable one plays.
    """

    fast: Engine
    readable: Engine
    view: Callable[[State], object] = notation
    final: Callable[[State], object] = ending


class KernelSteps(Protocol):
    """A compiled kernel's face to the harness (:class:`tabletop.core.batch.RowSteps`): its position as a row of
    integers, and one action at a time on it."""

    @property
    def game(self) -> Game:
        """The game (its options) the kernel plays."""
        ...

    def new_row(self) -> Any:
        """The initial position as a row."""
        ...

    def pack(self, state: State) -> Any:
        """``state`` (of the readable rules) as a row, field for field."""
        ...

    def fields(self, row: Any) -> dict[str, list[int]]:
        """A row's fields by name (how a :class:`Row` is shown in a divergence)."""
        ...

    def is_chance(self, row: Any) -> bool: ...

    def is_over(self, row: Any) -> bool: ...

    def seat(self, row: Any) -> int:
        """The seat to decide."""
        ...

    def legal(self, row: Any) -> list[int]:
        """The legal decisions' integers, in the kernel's order."""
        ...

    def sample(self, row: Any, u: float) -> int:
        """The chance outcome's integer for the uniform number ``u``."""
        ...

    def apply_decision(self, row: Any, action: int) -> None: ...

    def apply_outcome(self, row: Any, outcome: int) -> None: ...

    def played(self, seed: int) -> Sequence[int]:
        """Every action's integer in the game of ``seed`` as the kernel's own whole-game loop plays it."""
        ...

    def summary(self, seed: int) -> object:
        """What the kernel's whole-game loop reports for ``seed`` (its :class:`~tabletop.core.play.PlayoutSummary`)."""
        ...


@dataclass(frozen=True)
class Row:
    """A kernel's position as the harness compares it: the row's integers (shown field by field)."""

    values: tuple[int, ...]
    steps: KernelSteps = field(compare=False)

    def __repr__(self) -> str:
        return f"Row({self.steps.fields(list(self.values))})"


def _values(row: Any) -> tuple[int, ...]:
    """A kernel's row (a NumPy array of integers) as a tuple of Python integers, in one call."""
    return tuple(row.tolist())


@dataclass(frozen=True)
class KernelEngine:
    """A compiled kernel stepped one action at a time (see the module's docstring).

    Each chance node takes one number of the seed's chance stream, each decision one of the
    seat's stream, chosen by :func:`~tabletop.core.chance.uniform_index` as
    :func:`~tabletop.core.play.random_decision` chooses. ``start`` is a position's text to play
    from instead of the initial one (for rules random games rarely reach); the whole-game loop,
    which starts at the beginning, is then not compared and the result is ``None``.
    """

    steps: KernelSteps
    start: str | None = None
    shows_positions = True

    def view(self, position: object) -> Row:
        """What is compared before every action and at the end: the kernel's row, or a state packed into one."""
        if isinstance(position, Row):
            return position
        return Row(_values(self.steps.pack(position)), self.steps)  # type: ignore[arg-type]

    def run(self, seed: int, observe: Observer | None) -> object:
        steps = self.steps
        game = steps.game
        initial = game.new_initial_state()
        if type(initial).chance_stream is not State.chance_stream:
            raise ValueError(f"a kernel draws every chance node of {game.name} from one stream")
        row = steps.new_row() if self.start is None else steps.pack(game.state_from_text(self.start))
        streams = Streams(seed)
        chance = streams.stream(initial.chance_stream())
        decisions, outcomes = game.encoding.action_texts, game.encoding.chance_texts
        limit = game.max_game_length()
        actions: list[int] = []
        while not steps.is_over(row):
            if len(actions) > limit:
                raise RuntimeError(f"the kernel's game of seed {seed} did not end within {limit} actions")
            here = Row(_values(row), steps) if observe is not None else None
            if steps.is_chance(row):
                action = steps.sample(row, chance.random())
                if observe is not None:
                    observe(here, SAMPLED, outcomes[action])
                steps.apply_outcome(row, action)
            else:
                legal = steps.legal(row)
                action = legal[uniform_index(streams.seat(steps.seat(row)).random(), len(legal))]
                if observe is not None:
                    observe(here, tuple(decisions[a] for a in legal), decisions[action])
                steps.apply_decision(row, action)
            actions.append(action)
        if observe is not None:
            observe(Row(_values(row), steps), (), None)
        if self.start is not None:
            return None
        played = list(steps.played(seed))
        if played != actions:
            at = next((k for k, (a, b) in enumerate(zip(played, actions, strict=False)) if a != b), len(actions))
            raise AssertionError(
                f"the kernel's whole-game loop leaves the stepped game at action {at} ({len(played)} actions "
                f"against {len(actions)})"
            )
        return steps.summary(seed)


@dataclass(frozen=True)
class NamedStateEngine:
    """The readable rules as a kernel's twin: a :class:`StateEngine` that reports the options and the action by
    their notation (the kernel knows actions as the encoding's integers, whose texts are the notation). From a
    ``start`` position its result is ``None``, as the kernel's is."""

    make: Callable[[], State]
    start: str | None = None
    shows_positions = True

    def run(self, seed: int, observe: Observer | None) -> object:
        start = self.start

        def made() -> State:
            state = self.make()
            if start is not None:
                state.game.state_from_text(start)._copy_into(state)
            return state

        def named(state: State, options: Any, action: Action | None) -> None:
            if isinstance(options, tuple):
                options = tuple(str(a) for a in options)
            assert observe is not None
            observe(state, options, None if action is None else str(action))

        result = StateEngine(made).run(seed, None if observe is None else named)
        return result if start is None else None


def kernel_twins(steps: KernelSteps, readable: Callable[[], State], start: str | None = None) -> Twins:
    """A compiled kernel (:class:`KernelEngine`) against the readable rules made by ``readable()``, compared as
    rows; from the position ``start`` (text) if given."""
    engine = KernelEngine(steps, start)
    return Twins(engine, NamedStateEngine(readable, start), view=engine.view, final=engine.view)
