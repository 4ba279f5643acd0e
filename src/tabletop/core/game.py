"""The ``Game``: an immutable, validated configuration that makes states.

Each game declares its facts as data first (a :class:`GameInfo`: name, player
counts, options, bounds on returns), in the manner of OpenSpiel's game types.
"""

from __future__ import annotations

import abc
import importlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from tabletop.core.errors import DataFileError, DataOptionError, InvalidOptionError, NotationError
from tabletop.core.notation import check_position_text
from tabletop.core.observation import Observer
from tabletop.core.options import Option, shown, validate_options
from tabletop.core.parts import GameParts

if TYPE_CHECKING:
    from pydantic import BaseModel

    from tabletop.core.encoding import Encoding
    from tabletop.core.play import PlayoutSummary
    from tabletop.core.state import State
    from tabletop.core.twins import Twins


@dataclass(frozen=True)
class GameInfo:
    """The facts of a game, declared once per game class."""

    name: str
    title: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    min_return: float
    max_return: float
    description: str = ""


@dataclass(frozen=True)
class TimeModel:
    """How long a game takes at a real table: setup plus seconds per turn, decision and chance event,
    and per unit of any of the game's own figures (``State.metrics()``: danger cards, rolls ...).

    A game's :meth:`Game.time_model` gives one (from its data file, with the
    source of its numbers); the analysis turns a played game's counts into
    minutes.

    >>> TimeModel(setup_minutes=5, seconds_per_turn=10, seconds_per_decision=6).minutes(turns=30, decisions=20)
    12.0
    >>> cards = TimeModel(seconds_per_turn=15, seconds_per_figure=(("cards", 40.0),))
    >>> cards.minutes(turns=20, figures={"cards": 3})
    7.0
    """

    setup_minutes: float = 0.0
    seconds_per_turn: float = 0.0
    seconds_per_decision: float = 0.0
    seconds_per_chance: float = 0.0
    seconds_per_figure: tuple[tuple[str, float], ...] = ()

    def minutes(
        self, turns: int, decisions: int = 0, chance: int = 0, figures: Mapping[str, float] | None = None
    ) -> float:
        """Estimated minutes at the table for a game of ``turns`` turns, ``decisions`` decisions,
        ``chance`` chance events (dice rolled, cards drawn) and the game's ``figures`` at its end."""
        seconds = turns * self.seconds_per_turn + decisions * self.seconds_per_decision
        for name, each in self.seconds_per_figure:
            if figures is None or name not in figures:
                raise ValueError(f"this time model counts seconds per {name!r}, a figure the game did not report")
            seconds += figures[name] * each
        return self.setup_minutes + (seconds + chance * self.seconds_per_chance) / 60


class Game(abc.ABC):
    """An immutable game configuration: which game, which options.

    Subclasses set ``info`` and implement :meth:`new_initial_state` and
    :meth:`_read_position`. Options arrive as keyword arguments and are
    validated before the game exists. ``parts`` says where the game keeps its
    parts for each front end and agent (its terminal view, web board,
    heuristic, live events); ``observer_class`` decides what each seat may see.
    """

    info: ClassVar[GameInfo]
    parts: ClassVar[GameParts] = GameParts()
    observer_class: ClassVar[type[Observer]] = Observer
    #: where the game's compiled random playout is ("package.module:Class", built with the game), if it has one
    compiled_playout: ClassVar[str | None] = None
    #: where the game's kernel for a learner is ("package.module:NAME", a ``tabletop.core.learner.Learner``), if any
    compiled_learner: ClassVar[str | None] = None
    _observer: Observer | None = None
    _encoding: Encoding | None = None
    _playout: Callable[[int], PlayoutSummary] | None = None

    def __init__(self, **options: Any) -> None:
        values = validate_options(self.info.name, self.info.options, options)
        players = values.get("players")
        if not isinstance(players, int) or not self.info.min_players <= players <= self.info.max_players:
            raise InvalidOptionError(
                f"{self.info.name} is for {self.info.min_players} to {self.info.max_players} players, "
                f"not {shown(players)}"
            )
        first = values.get("first_player")
        if isinstance(first, int) and not 0 <= first < players:
            raise InvalidOptionError(
                f"option 'first_player' of {self.info.name} must be a seat from 0 to {players - 1}, not {shown(first)}"
            )
        self._options: dict[str, Any] = values
        try:
            self._check_options(values)
        except DataFileError as exc:
            raise DataOptionError(f"option 'data' of {self.info.name}: {exc}", exc.problems) from None

    def _check_options(self, options: Mapping[str, Any]) -> None:  # noqa: B027
        """Hook: cross-option checks and loading of data files (raise on error)."""

    # -- configuration -------------------------------------------------------
    @property
    def name(self) -> str:
        return self.info.name

    @property
    def options(self) -> dict[str, Any]:
        """A copy of the validated options, every declared option included."""
        return dict(self._options)

    @property
    def num_players(self) -> int:
        return int(self._options["players"])

    @property
    def observer(self) -> Observer:
        """What each seat (or a spectator) may see of this game's states."""
        observer = self._observer
        if observer is None:
            observer = self._observer = self.observer_class(self)
        return observer

    @property
    def encoding(self) -> Encoding:
        """This game's actions as integers and positions as vectors (from its encoding part; see
        :mod:`tabletop.core.encoding`). Raises :class:`~tabletop.core.encoding.NoEncodingError`
        for a game that declares none."""
        encoding = self._encoding
        if encoding is None:
            from tabletop.core.encoding import encoding_of

            encoding = self._encoding = encoding_of(self)
        return encoding

    def num_distinct_actions(self) -> int:
        """How many different decisions the game can ever offer: actions are the integers below this."""
        return self.encoding.num_distinct_actions

    def max_chance_outcomes(self) -> int:
        """How many different chance outcomes the game can ever have: they are the integers below this."""
        return self.encoding.max_chance_outcomes

    def max_game_length(self) -> int:
        """An upper bound on the number of actions (chance included) in a game.

        Games whose chance loops are unbounded in principle declare a bound
        that no seeded playout of the conformance suite may exceed.
        """
        return 100_000

    def data_model(self) -> BaseModel | None:
        """The validated data this game was made with (the packaged data file's, or the ``data``
        option's): its board, dice, deck ...; ``None`` for a game without a data file."""
        return None

    def data_hash(self) -> str | None:
        """The content hash of :meth:`data_model` (:func:`tabletop.core.data.content_hash`): what
        identifies the board a result was played on, whatever file it came from."""
        model = self.data_model()
        if model is None:
            return None
        from tabletop.core.data import content_hash  # pydantic is imported with a game's data, not before

        return content_hash(model)

    def time_model(self) -> TimeModel | None:
        """How long this game takes at a table (``None``: no time model, minutes are not estimated)."""
        return None

    def random_playout(self) -> Callable[[int], PlayoutSummary] | None:
        """A fast twin of the rules for uniformly random players, if this game has one.

        The function it returns plays a whole game from the initial position with a seed and
        returns its :class:`~tabletop.core.play.PlayoutSummary`. It must play exactly the game
        that :func:`~tabletop.core.play.run` plays with that seed when every seat is a
        ``tabletop.agents.RandomAgent`` (the same :class:`~tabletop.core.play.Streams`, each
        chance node sampled as :meth:`Distribution.pick` says, each decision
        :func:`~tabletop.core.play.random_decision`), and :meth:`twins` or :meth:`kernel_twins` must
        declare it against the readable rules for the differential harness. ``None`` for options it
        does not cover.

        By default: the game's compiled playout (:attr:`compiled_playout`, a
        :class:`~tabletop.core.batch.BatchPlayout` that also plays many seeds in one call) when
        Numba is installed (the ``fast`` extra), made once per game; otherwise ``None``.
        """
        if self.compiled_playout is None:
            return None
        playout = self._playout
        if playout is None:
            if not _compiled_kernels():
                return None
            from tabletop.core.encoding import NoEncodingError

            try:
                playout = self._playout = _compiled(self.compiled_playout)(self)
            except NoEncodingError:  # a kernel plays the encoding's integers: a board without one, the rules play
                return None
        return playout

    #: the option sets a differential run of :meth:`twins` cycles through (``benchmarks/equivalence``)
    twin_options: ClassVar[tuple[dict[str, Any], ...]] = ({},)

    def twins(self) -> Twins | None:
        """This game's fast engine and its readable twin, if it has both (default: none).

        Whatever plays faster than the readable rules (:meth:`random_playout`, a state's fast
        paths) is declared here against them, and :mod:`tabletop.testing.differential` proves
        the two equal: :mod:`tabletop.core.twins` says how.
        """
        return None

    def kernel_twins(self) -> Twins | None:
        """The compiled playout (:meth:`random_playout` where it is a kernel), stepped one action at a
        time on its position row, against the readable rules: a second pair for the differential
        harness (``equivalence.py --game NAME --kernel``). ``None`` without a kernel or without Numba.
        """
        playout = self.random_playout() if self.compiled_playout is not None else None
        if playout is None:
            return None
        from tabletop.core.batch import BatchPlayout  # NumPy, with the kernels

        if not isinstance(playout, BatchPlayout):
            raise TypeError(f"{self.name}'s compiled playout is not a BatchPlayout")
        return playout.twins()

    def learner_games(self, num_envs: int, seat: int | None = None) -> Any:
        """``num_envs`` games of this game stepped at once for one learner, the other seats random players
        (:attr:`compiled_learner`; ``tabletop.rl.vector`` drives them), or ``None`` where the game has
        none or Numba is missing."""
        if self.compiled_learner is None or not _compiled_kernels():
            return None
        from tabletop.core.learner import LearnerGames  # NumPy, with the kernels

        return LearnerGames(self, _compiled(self.compiled_learner), num_envs, seat)

    # -- states ----------------------------------------------------------------
    @abc.abstractmethod
    def new_initial_state(self) -> State:
        """The position before anything has happened (often a chance node)."""

    def state_from_text(self, text: str) -> State:
        """Parse a position written by :meth:`State.to_text`.

        Only a position the rules can continue from is accepted: every invariant of
        the game holds, and a state that is not over has a legal action or a chance
        outcome. Anything else raises :class:`NotationError` naming what is wrong;
        never another exception type.
        """
        text = check_position_text(text, self.info.name)
        try:
            state = self._read_position(text)
            if not state.is_terminal() and not state.legal_actions():
                raise NotationError(f"this {self.info.name} position has no legal action and no chance outcome")
        except NotationError:
            raise
        except (ValueError, LookupError, TypeError, ArithmeticError, AttributeError) as exc:
            # A reader should have named the field; this is the last line of defence.
            raise NotationError(f"not a playable {self.info.name} position ({type(exc).__name__}: {exc})") from None
        return state

    @abc.abstractmethod
    def _read_position(self, text: str) -> State:
        """Hook: parse and validate a position text (already known to be bounded ASCII)."""

    def state_from_dict(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from :meth:`State.to_dict`; the dict carries the text."""
        text = data.get("text")
        if not isinstance(text, str):
            raise NotationError("a state dict must carry its position under the key 'text'")
        return self.state_from_text(text)

    # -- identity ----------------------------------------------------------------
    def _key(self) -> tuple[str, str]:
        return (self.info.name, json.dumps(self._options, sort_keys=True, default=str))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self._options.items())
        return f"tabletop.make({self.info.name!r}{args})"


def _compiled_kernels() -> bool:
    """Numba (and NumPy) are installed: compiled kernels run."""
    try:
        from tabletop.core.compiled import COMPILED
    except ImportError:  # no NumPy
        return False
    return COMPILED


def _compiled(where: str) -> Any:
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(module), name)
