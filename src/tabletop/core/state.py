"""The ``State``: a position, the OpenSpiel way.

The base class owns what every game shares: legality checks, the history,
cached legal actions, equality by notation and the readable event log.
Each game fills a few small hooks:

``current_player``, ``_legal_actions``, ``_chance_distribution``, ``_apply``,
``returns``, ``winners``, ``_copy_into``, ``to_text``, ``to_dict``, ``__str__``
and ``turn_number``; optional hooks (``chance_roller``, ``chance_stream``,
``standings``, ``metrics``) have safe defaults.

The history and the event log grow with the game, and every :meth:`State.clone` would copy them
whole: a server holding a thousand games makes a new position per action, and copying (and then
having the garbage collector walk) two lists of every action so far made each action cost more the
longer its game. So each is kept as full chunks of :data:`CHUNK` entries, tuples that a clone
shares, and a short list of the newest entries, the only part a clone copies.

An event is kept as one flat tuple, ``(message, names, *values)``, its field names a tuple shared by
every event with the same names (``names`` is ``None`` for positional fields): a server keeps every event
of every game it holds, and a tuple and a dictionary per event (the message's fields) cost four times as
much, and two objects the collector tracks, where a tuple of plain values is soon untracked (issue 22,
finding 7). :meth:`State.events` makes the :class:`~tabletop.core.events.Event` when it is read.
"""

from __future__ import annotations

import abc
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar

from tabletop.core.actions import Action
from tabletop.core.chance import Distribution
from tabletop.core.errors import IllegalActionError
from tabletop.core.events import Event, english

if TYPE_CHECKING:
    from tabletop.core.game import Game

#: ``current_player()`` at a chance node (the same value as OpenSpiel's).
CHANCE = -1
#: ``current_player()`` once the game is over (the same value as OpenSpiel's).
TERMINAL = -4
#: Past this many chance outcomes, :meth:`State.apply_action` checks an outcome by the distribution's
#: index (one look-up) rather than by comparing it with each outcome in turn.
LONG_SCAN = 32

#: The history and the event log are kept as tuples of this many entries, shared by clones, and a list of the
#: newest (fewer than this), copied by each clone (see the module's docstring).
CHUNK = 64

S = TypeVar("S", bound="State")
T = TypeVar("T")

#: an event as the log keeps it: ``(message, names, *values)`` (see the module's docstring)
Entry = tuple[Any, ...]
#: each tuple of field names logged, kept once: every event with these names holds this one
_NAMES: dict[tuple[str, ...], tuple[str, ...]] = {}


def _event(entry: Entry) -> Event:
    """The event a log entry keeps (see the module's docstring).

    >>> _event(("{seat} rolls {n}", ("seat", "n"), 1, 5)), _event(("{} wins", None, "Ann"))
    (Event(message='{seat} rolls {n}', fields={'seat': 1, 'n': 5}), Event(message='{} wins', fields=('Ann',)))
    """
    names = entry[1]
    if names is None:
        return Event(entry[0], entry[2:])
    return Event(entry[0], dict(zip(names, entry[2:], strict=True)))


def _since(chunks: tuple[tuple[T, ...], ...], tail: list[T], start: int) -> list[T]:
    """The entries from ``start`` on of a sequence kept as ``chunks`` of :data:`CHUNK` entries and a ``tail``.

    >>> _since(((1, 2) * 32, (3,) * 64), [4, 5], 127)
    [3, 4, 5]
    >>> _since((), [4, 5], 1), _since(((1,) * 64,), [], 64)
    ([5], [])
    """
    if start < 0:  # from the end, as a list's slice counts
        return _since(chunks, tail, max(0, len(chunks) * CHUNK + len(tail) + start))
    first, skip = divmod(start, CHUNK)
    if first >= len(chunks):
        return tail[start - len(chunks) * CHUNK:]
    out = list(chunks[first][skip:])
    for chunk in chunks[first + 1:]:
        out.extend(chunk)
    out.extend(tail)
    return out


class State(abc.ABC):
    """A position of a game, with its history since it was created."""

    __slots__ = ("_distribution", "_event_chunks", "_events", "_history", "_history_chunks", "_legal", "_texts",
                 "game")

    def __init__(self, game: Game) -> None:
        self.game = game
        #: the actions applied: full chunks (shared with clones), then the newest (see the module's docstring)
        self._history_chunks: tuple[tuple[Action, ...], ...] = ()
        self._history: list[Action] = []
        self._legal: tuple[Action, ...] | None = None
        self._distribution: Distribution | None = None
        #: the event log, kept as the history is, each event an :data:`Entry`
        self._event_chunks: tuple[tuple[Entry, ...], ...] = ()
        self._events: list[Entry] = []
        self._texts: dict[str, Action] | None = None

    # -- hooks each game fills ----------------------------------------------------
    @abc.abstractmethod
    def current_player(self) -> int:
        """The seat to act, or :data:`CHANCE`, or :data:`TERMINAL`."""

    @abc.abstractmethod
    def _legal_actions(self) -> tuple[Action, ...]:
        """The decisions of the current seat, in a stable order (never at chance nodes)."""

    @abc.abstractmethod
    def _chance_distribution(self) -> Distribution:
        """The outcomes of the current chance node."""

    @abc.abstractmethod
    def _apply(self, action: Action) -> None:
        """Apply an action already known to be legal."""

    @abc.abstractmethod
    def returns(self) -> list[float]:
        """One number per seat; final once the game is over."""

    @abc.abstractmethod
    def winners(self) -> tuple[int, ...]:
        """Seats that won (empty while playing, and when everyone lost)."""

    @abc.abstractmethod
    def _copy_into(self, other: State) -> None:
        """Copy the position (not the history) into ``other``, a bare new state."""

    @abc.abstractmethod
    def to_text(self) -> str:
        """The position's notation; ``game.state_from_text`` reads it back."""

    @abc.abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view of the position, with its notation under ``"text"``."""

    @abc.abstractmethod
    def __str__(self) -> str:
        """A readable view of the position for people."""

    @abc.abstractmethod
    def turn_number(self) -> int:
        """How many turns have started so far (1 during the first turn)."""

    # -- the public API -----------------------------------------------------------
    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def legal_actions(self) -> tuple[Action, ...]:
        """The current seat's legal actions, or the chance outcomes at a chance node."""
        legal = self._legal
        if legal is None:
            player = self.current_player()
            if player >= 0:
                legal = self._legal = self._legal_actions()
            elif player == CHANCE:
                legal = self.chance_distribution().outcomes
            else:
                legal = self._legal = ()
        return legal

    def chance_distribution(self) -> Distribution:
        """The current chance node's distribution (raises elsewhere)."""
        dist = self._distribution
        if dist is None:
            if self.current_player() != CHANCE:
                raise IllegalActionError("this state is not a chance node")
            dist = self._distribution = self._chance_distribution()
            self._legal = dist.outcomes  # the legal actions of a chance node, for apply_action's check
        return dist

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """Every outcome of the current chance node with its exact probability."""
        return self.chance_distribution().pairs()

    def apply_action(self, action: Action | str) -> None:
        """Apply a decision or chance outcome, given as an action or its text.

        An illegal action raises :class:`IllegalActionError` and changes nothing.
        """
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        dist = self._distribution  # set at a chance node once its outcomes were asked for
        if action not in (legal if dist is None or len(legal) <= LONG_SCAN else dist):
            if isinstance(action, str):
                action = self.parse_action(action)  # the legal action with this notation, or an error
            elif not isinstance(action, Action):
                raise IllegalActionError(f"a {type(action).__name__} is not an action (give an action or its text)")
            else:
                raise self._illegal(str(action))
        self._legal = self._distribution = self._texts = None
        # here ``action`` is a legal Action (a text was parsed above); mypy narrows ``not in`` over a
        # list but not over the distribution's look-up, and a cast would cost a call on every step
        self._apply(action)  # type: ignore[arg-type]
        history = self._history
        history.append(action)  # type: ignore[arg-type]
        if len(history) == CHUNK:
            self._history_chunks += (tuple(history),)
            self._history = []

    def parse_action(self, text: str) -> Action:
        """The legal action (or chance outcome) whose notation is ``text``."""
        wanted = " ".join(text.split())
        texts = self._texts
        if texts is None:
            texts = self._texts = {str(a): a for a in self.legal_actions()}
        action = texts.get(wanted)
        if action is None:
            raise self._illegal(text)
        return action

    def _illegal(self, text: str) -> IllegalActionError:
        text = text if len(text) <= 60 else text[:57] + "..."
        legal = [str(a) for a in self.legal_actions()]
        if not legal:
            return IllegalActionError(f"{text!r} is not legal: the game is over")
        who = "chance outcome" if self.is_chance_node() else f"action for seat {self.current_player()}"
        shown = ", ".join(legal[:40]) + (f", ... ({len(legal)} in all)" if len(legal) > 40 else "")
        return IllegalActionError(f"{text!r} is not a legal {who} here; legal: {shown}")

    # -- actions as integers (tabletop.core.encoding) ----------------------------------------
    def action_to_int(self, action: Action) -> int:
        """The integer of a decision, or of a chance outcome at a chance node: the same in every position."""
        return self.game.encoding.to_int(action, self.is_chance_node())

    def int_to_action(self, index: int) -> Action:
        """The legal action (or chance outcome) numbered ``index``; :class:`IllegalActionError` if none is."""
        return self.game.encoding.from_int(self, index)

    def legal_action_ints(self) -> tuple[int, ...]:
        """The integers of :meth:`legal_actions`, in the same order."""
        return self.game.encoding.legal_ints(self)

    def history(self, start: int = 0) -> tuple[Action, ...]:
        """Every action applied since this state was created, in order (from number ``start`` on)."""
        chunks = self._history_chunks
        if not chunks:
            return tuple(self._history[start:] if start else self._history)
        return tuple(_since(chunks, self._history, start))

    def history_size(self) -> int:
        """How many actions were applied since this state was created (``len(history())``, without building it)."""
        return len(self._history_chunks) * CHUNK + len(self._history)

    def clone(self: S) -> S:
        """An independent copy: changing one never changes the other."""
        other = type(self).__new__(type(self))
        other.game = self.game
        other._history_chunks = self._history_chunks
        other._history = self._history.copy()
        other._legal = self._legal
        other._distribution = self._distribution
        other._event_chunks = self._event_chunks
        other._events = self._events.copy()
        other._texts = None
        self._copy_into(other)
        return other

    def chance_roller(self) -> int | None:
        """The seat that rolls the dice or draws the card at this chance node, if any.

        Front ends use it to let people roll their own dice (press Enter, click a
        die); the outcome is still sampled by the driver. ``None``: nobody in
        particular (a shuffle, a tie-break).
        """
        return None

    def chance_stream(self) -> str:
        """The name of the random stream that samples this chance node.

        A game that names its kinds of chance node (``"move"``, ``"deck"``,
        ``"rescue"`` ...) keeps them on separate streams, so variants that roll one
        kind more or less often still share the others' outcomes (common random
        numbers in comparisons). The default is one stream for everything.
        """
        return "chance"

    def standings(self) -> list[float] | None:
        """How well each seat stands now, higher is better (``None``: the game has no measure).

        Read at the start of every turn by the analysis metrics for lead changes
        and drama; a race can give progress along the track, a scoring game its
        scores. Only the order within one position matters, and the gap relative
        to the spread between the best and the worst seat.
        """
        return None

    def metrics(self) -> dict[str, float]:
        """Game-specific figures that ``simulate`` averages over many games.

        Read at the end of a game; for example rolls per turn, or a seat's
        score as ``"score[0]"``. A value named ``"rate:..."`` is a 0/1 flag
        reported as a rate.
        """
        return {}

    # -- the event log --------------------------------------------------------------
    def _log(self, message: str, /, *args: Any, **fields: Any) -> None:
        """Record an event: an English message with ``{name}`` fields given by name (see :mod:`tabletop.core.events`),
        read (and translated) only when someone reads it. A message with positional ``{}`` fields (``args``)
        still works, as it did before the log was translated, but reads the same in every language."""
        events = self._events
        if args:
            events.append((message, None, *args))
        else:
            names = tuple(fields)
            events.append((message, _NAMES.setdefault(names, names), *fields.values()))
        if len(events) == CHUNK:
            self._event_chunks += (tuple(events),)
            self._events = []

    def events(self, start: int = 0, stop: int | None = None) -> list[Event]:
        """What happened since this state was created (entries ``start`` to ``stop``, counted as a slice does),
        as events: each a message (its key) and its fields, for a front end to show in its reader's language."""
        entries = _since(self._event_chunks, self._events, start)
        if stop is not None:
            size = self.log_size()
            start = start if start >= 0 else max(0, size + start)
            stop = stop if stop >= 0 else size + stop
            del entries[max(0, stop - start):]
        return [_event(entry) for entry in entries]

    def log(self, start: int = 0) -> list[str]:
        """What happened, in the engine's English words, since this state was created (from entry ``start`` on).

        A viewer that has shown the first ``start`` entries asks only for the new ones,
        so only those are formatted.
        """
        return [english(event) for event in self.events(start)]

    def log_size(self) -> int:
        return len(self._event_chunks) * CHUNK + len(self._events)

    # -- equality by notation --------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.game == other.game and self.to_text() == other.to_text()

    def __hash__(self) -> int:
        return hash(self.to_text())

    def __repr__(self) -> str:
        return f"{self.game.info.name}.state_from_text({self.to_text()!r})"
