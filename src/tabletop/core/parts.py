"""A game's parts for each front end and agent, and the small protocols they follow.

A game keeps everything that is that game in its own package: besides its rules,
its terminal view, its web board, its heuristic, its live events, its evaluation and its
encoding. Its ``Game`` class names them in ``parts``, each as an import path (``"module"`` or
``"module:attribute"``) or as the object itself::

    class MyGame(Game):
        parts = GameParts(
            terminal="my_game.terminal",
            web="my_game.web",
            heuristic="my_game.heuristic:choose",
        )

Every part is loaded and checked against the part contract (:mod:`tabletop.core.hooks`: every
hook, required or optional, with its signature, its purpose and its callers) when the game
loads, so a part imports only tabletop's base dependencies at its top (an extra, such as
NumPy for vectors, is imported where it is used). The front ends (``tabletop.interfaces``) and the
agents find the parts through the registry (:func:`tabletop.core.registry.part` and, hook by
hook, :func:`tabletop.core.registry.hook`) and drive them through these protocols; a game's
parts depend only on the core and on libraries (Rich), never on the front ends. Every part is
optional: without a terminal view the terminal prints the observer's text, without a web board
the page shows that text, without a heuristic the ``heuristic`` agent is not offered, without
live events every chance node is sampled at once, without an evaluation a search plays every
playout to the end, without an encoding the game has no integer actions nor vectors, so the
learning environments do not list it, and without a data part the game has no data file for
designers to export, validate and edit. A game's ``simulate`` figures are its states'
:meth:`~tabletop.core.state.State.metrics`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from tabletop.core.actions import Action
from tabletop.core.hooks import KINDS, required_names

if TYPE_CHECKING:
    from pydantic import BaseModel
    from rich.console import RenderableType

    from tabletop.core.game import Game
    from tabletop.core.live import LiveEvent
    from tabletop.core.observation import Viewer
    from tabletop.core.state import State


@dataclass(frozen=True)
class GameParts:
    """Where a game keeps each part: an import path, the object itself, or ``None`` (no such part)."""

    #: a :class:`TerminalView`, usually the game's ``terminal`` module
    terminal: object = None
    #: a :class:`WebBoard`, usually the game's ``web`` package (its ``board.js`` beside it)
    web: object = None
    #: a :data:`Policy`, usually ``"<game>.heuristic:choose"``
    heuristic: object = None
    #: a :class:`LiveRules`, usually the game's ``live`` module
    live: object = None
    #: an :class:`Evaluation`, usually the game's ``evaluation`` module
    evaluation: object = None
    #: an :class:`~tabletop.core.encoding.EncodingPart`, usually the game's ``encoding`` module:
    #: integer actions and observation vectors for learning
    encoding: object = None
    #: a :class:`DataPart`, usually the game's ``datafile`` module: its data file for designers
    data: object = None


class TerminalView(Protocol):
    """A game's board in a terminal (a module with these functions will do).

    The module may also define the optional hooks ``describe`` and ``chance_prompt``
    (:data:`~tabletop.core.hooks.DESCRIBE`, :data:`~tabletop.core.hooks.CHANCE_PROMPT`).
    """

    def render(self, state: State, viewer: Viewer = None) -> RenderableType:
        """The position as ``viewer`` (a seat, or ``None``: a spectator) may see it, drawn with Rich."""
        ...


class WebBoard(Protocol):
    """A game's board in the browser (a package with these names will do).

    ``ASSETS`` is a directory of static files served at ``/boards/<game>/``; its
    ``board.js`` is an ES module exporting ``draw(view, ctx) -> Element`` and the optional
    functions :data:`~tabletop.core.hooks.BOARD_JS` lists. The page's ``view.state`` is the
    observer's dict for the viewer, and ``view.board`` is what ``layout`` returns. The package
    may also define the optional hooks ``summary`` and ``hint``
    (:data:`~tabletop.core.hooks.SUMMARY`, :data:`~tabletop.core.hooks.HINT`).
    """

    ASSETS: Path

    def layout(self, game: Game) -> dict[str, Any]:
        """The board's fixed parts (paths, levels, decks' contents ...), JSON-ready and public."""
        ...


class LiveRules(Protocol):
    """Chance nodes that people settle in real time, such as a race against a timer."""

    def event_for(self, state: State) -> LiveEvent | None:
        """The live event for this chance node, or ``None``: the driver samples it at once."""
        ...


class Evaluation(Protocol):
    """How a position stands, for searches that stop their playouts early (a module will do).

    The module may also define the optional hooks ``rollout`` (a fast playout policy),
    ``LADDER`` and ``LADDER_NOTE`` (the difficulty ladder in this game) and ``FEATURES``,
    ``NOBODY_FEATURES`` and ``figures`` (the win model's inputs), each declared in
    :mod:`tabletop.core.hooks`.
    """

    def evaluate(self, state: State) -> list[float]:
        """Each seat's chance of winning from ``state`` (not a terminal state), best at a turn's start."""
        ...


class DataPart(Protocol):
    """A game's data file for the people who make boards (a module with these names will do).

    ``MODEL`` is the pydantic model of the whole file (:class:`~tabletop.core.data.DataModel`s,
    a docstring under every field), whose JSON Schema ``tabletop data schema`` prints;
    ``default_path()`` is the packaged file. The module may also define
    ``unreachable(game) -> list[tuple[str, str]]``: the places of the game's board that no
    pawn can ever reach, each as (the place's name, why), checked by ``tabletop data validate``
    and the board editor beside the game's own checks at load (the game's option of kind
    ``path`` reads the file).
    """

    MODEL: type[BaseModel]

    def default_path(self) -> Path:
        """The data file shipped with the game."""
        ...


#: A game's heuristic: given a decision state and a random stream, a legal action (the state unchanged).
Policy = Callable[["State", random.Random], Action]

#: The parts every front end may ask for, with the names each must define (:mod:`tabletop.core.hooks`).
REQUIRED: dict[str, tuple[str, ...]] = {kind: required_names(kind) for kind in KINDS}
