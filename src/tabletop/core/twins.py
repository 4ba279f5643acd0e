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

:class:`Twins` pairs a fast engine with its readable twin and says what must be equal: the
``view`` of the position before every action, the options there (the legal actions, or the
chance outcomes with their probabilities), the action taken, the ``final`` view at the end, and
the engines' results.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from tabletop.core.actions import Action
from tabletop.core.play import Watcher, play_summary, random_decision
from tabletop.core.state import State


@dataclass(frozen=True)
class TraceStep:
    """One action of a whole-game engine's trace: the position it was taken in, the legal actions (or chance
    outcomes) there in the rules' order, and the action; at the end the final position, ``()`` and ``None``."""

    position: State
    options: tuple[Action, ...]
    action: Action | None


#: what a traced whole-game engine calls with each step
Trace = Callable[[TraceStep], None]


class Engine(Protocol):
    """One way of playing a game's seeds (random players in every seat)."""

    @property
    def shows_positions(self) -> bool:
        """Whether :meth:`run` reports every step to its watcher (else only the result is compared)."""
        ...

    def run(self, seed: int, observe: Watcher | None) -> object:
        """Play the game of ``seed``, reporting each step to ``observe`` (if given); what it came to."""
        ...


@dataclass(frozen=True)
class StateEngine:
    """The rules as a :class:`State` made by ``make()``, played by the driver (:func:`play_summary`)."""

    make: Callable[[], State]
    shows_positions = True

    def run(self, seed: int, observe: Watcher | None) -> object:
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

    def run(self, seed: int, observe: Watcher | None) -> object:
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
