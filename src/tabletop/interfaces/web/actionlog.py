"""A game's action log: every accepted action in order, who took it, the server's notes, and the one replay.

The log is what the database keeps (the ``actions`` table) and what everything else is
rebuilt from: the position is the game's initial state with the actions applied, its
log is the engine's events for each (:mod:`tabletop.core.events`: a message and its fields,
put in words in each viewer's language when a view is built), with the server's notes (it
played for someone whose clock ran out ...) after the actions they concern. A note is stored
as the English text of its event and read back into the event by its message (:data:`NOTES`). :func:`replay` is that
rebuilding, the only one: a room loaded from the database, an undo and the replay page
all call it. The log keeps the position every :data:`SNAPSHOT_EVERY` actions (positions are
never changed in place, so keeping one costs nothing) and where each action's events end, so
an undo or a replay step rebuilds at most :data:`SNAPSHOT_EVERY` actions, however long the
game.

**What a held game costs.** A server keeps every game in play in memory, so what the log keeps
per action is the server's memory per action (issue 22, finding 7): the position's own event log
(:mod:`tabletop.core.state`: one flat tuple per event), the position's history (one reference),
where the action's events end and who took it (4 bytes and 1, in arrays: no object each), and a
position every :data:`SNAPSHOT_EVERY` actions. The log's lines are not a second copy of the events:
:class:`Lines` reads them from the position when a view asks, with the server's notes (rare) put in
after the actions they concern. ``benchmarks/web/held.py`` measures the bytes per action.

:attr:`ActionLog.version` counts the changes of the log (an action committed, one taken
back): a move the server planned at one version (a bot's, the dice, a turn clock running
out) is dropped if the version moved on meanwhile. Nothing else changes it: a seat
joining, a live race's timer or a viewer arriving are not changes of the game.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Iterator, Mapping, MutableSequence, Sequence
from types import MappingProxyType
from typing import TypeVar, overload

from tabletop.core.actions import Action
from tabletop.core.events import Event, english, read_english
from tabletop.core.game import Game
from tabletop.core.i18n import N_
from tabletop.core.state import State
from tabletop.interfaces.web.store import Append, Store, StoredGame, finished_header
from tabletop.interfaces.web.writer import Writer

T = TypeVar("T")

#: a position is kept every this many actions (a replay step or an undo applies fewer than this)
SNAPSHOT_EVERY = 32


#: the server's notes: what it did for a person (messages of the shared catalog; a note is stored as its English text)
CLOCK_ROLLED = N_("{seat}'s turn clock ran out: the server rolled for them")
CLOCK_PLAYED = N_("{seat}'s turn clock ran out: the server played for them")
AWAY_IN_RACE = N_("{seat} is away: the server played the race for them")
#: every note's message, to read a stored note back into its event
NOTES = (CLOCK_ROLLED, CLOCK_PLAYED, AWAY_IN_RACE)


def note(message: str, seat: int) -> str:
    """A note about ``seat`` as it is stored (its English text).

    >>> note(CLOCK_ROLLED, 0)
    "seat 0's turn clock ran out: the server rolled for them"
    >>> note_events(note(CLOCK_ROLLED, 0) + "; " + note(AWAY_IN_RACE, 2))[1]
    Event(message='{seat} is away: the server played the race for them', fields={'seat': 2})
    """
    return english(Event(message, {"seat": seat}))


def note_events(note: str) -> list[Event]:
    """A stored note as events: each part (``"; "`` between them) read back by the first of :data:`NOTES` it matches."""
    return [read_english(part, NOTES) for part in note.split("; ")]


def replay(game: Game, actions: Sequence[Action | str], notes: Mapping[int, str]) -> tuple[State, list[Event]]:
    """The state after ``actions`` and its log's events, with the server's notes after the actions they concern.

    >>> import tabletop
    >>> state, log = replay(tabletop.make(tabletop.list_games()[0]), [], {})
    >>> state.history(), log
    ((), [])
    """
    state = game.new_initial_state()
    first = state.log_size()
    state, marks, _snapshots = _replay(state, actions)
    lines = state.events(first)
    for number in sorted((n for n in notes if n < len(marks)), reverse=True):  # from the last: the others stay put
        at = marks[number] - first
        lines[at:at] = note_events(notes[number])
    return state, lines


def _replay(state: State, actions: Sequence[Action | str]) -> tuple[State, array[int], list[State]]:
    """Apply ``actions`` to ``state`` in place: the state, where its event log ends after each action, and a
    copy of the position after every :data:`SNAPSHOT_EVERY`-th."""
    marks = array("I")
    snapshots: list[State] = []
    for number, action in enumerate(actions, start=1):
        state.apply_action(action)
        marks.append(state.log_size())
        if number % SNAPSHOT_EVERY == 0:
            snapshots.append(state.clone())
    return state, marks, snapshots


class ReadOnlyList(Sequence[T]):
    """A list (or an array) seen through a window that cannot change it (a slice is a list).

    >>> items = array("b", [1, 2])
    >>> seen = ReadOnlyList(items)
    >>> items.append(3)
    >>> len(seen), seen[-1], seen[1:]
    (3, 3, [2, 3])
    """

    __slots__ = ("_items",)

    def __init__(self, items: MutableSequence[T]) -> None:
        self._items = items

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return list(self._items[index])
        return self._items[index]

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[T]:
        return iter(self._items)

    def __eq__(self, other: object) -> bool:
        return list(self._items) == list(other) if isinstance(other, Sequence) else NotImplemented

    __hash__ = None  # type: ignore[assignment]  # it follows a list that changes

    def __repr__(self) -> str:
        return f"ReadOnlyList({self._items!r})"


class Lines(Sequence[Event]):
    """The log's lines, read when asked: the position's events since the game began, with the server's notes
    after the actions they concern (a window on :class:`ActionLog`, made by :attr:`ActionLog.lines`).

    Line ``i`` is a note's event if a note was put there (:attr:`ActionLog._note_at`, in order), and
    otherwise the position's event ``first + i - (notes before it)``.
    """

    __slots__ = ("_log",)

    def __init__(self, log: ActionLog) -> None:
        self._log = log

    def __len__(self) -> int:
        log = self._log
        return log.state.log_size() - log.first_event + len(log._note_at)

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | list[Event]:
        size = len(self)
        if isinstance(index, slice):
            start, stop, step = index.indices(size)
            if step != 1:
                return self[start:max(start, stop)][::step] if step > 0 else list(self)[index]
            return self._between(start, max(start, stop))
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("the log has no line " + str(index))
        return self._between(index, index + 1)[0]

    def __iter__(self) -> Iterator[Event]:
        return iter(self._between(0, len(self)))

    def _between(self, start: int, stop: int) -> list[Event]:
        """Lines ``start`` to ``stop`` (0 <= start <= stop <= len)."""
        log = self._log
        at = log._note_at
        first, last = bisect_left(at, start), bisect_left(at, stop)
        events = log.state.events(log.first_event + start - first, log.first_event + stop - last)
        if first == last:
            return events
        out: list[Event] = []
        taken, line = 0, start
        for k in range(first, last):  # the notes between, each at its line
            gap = at[k] - line
            out.extend(events[taken:taken + gap])
            out.append(log._note_events[k])
            taken, line = taken + gap, at[k] + 1
        out.extend(events[taken:])
        return out

    def __eq__(self, other: object) -> bool:
        return list(self) == list(other) if isinstance(other, Sequence) else NotImplemented

    __hash__ = None  # type: ignore[assignment]  # it follows a log that changes

    def __repr__(self) -> str:
        return f"Lines({list(self)!r})"


class ActionLog:
    """The actions of one game, stored before they count: the position, the log's events, who acted, notes."""

    def __init__(self, stored: StoredGame, game: Game, writer: Writer, store: Store) -> None:
        self.game_id = stored.id
        self.game = game
        self._writer = writer
        self._store = store
        self._notes: dict[int, str] = {}
        #: the notes' events, each at its line of the log (in order), and the action each concerns
        self._note_at: list[int] = []
        self._note_events: list[Event] = []
        self._note_of: list[int] = []
        initial = game.new_initial_state()
        #: the position's events before the first action (the log shows those after)
        self.first_event = initial.log_size()
        state, marks, snapshots = _replay(initial.clone(), stored.actions)
        #: where the position's events end after each action (an index of its event log)
        self._marks = marks
        #: the position after every SNAPSHOT_EVERY actions (0 first)
        self._snapshots = [initial, *snapshots]
        #: who took each action (a seat, or -1: chance), one byte each
        self._actors = array("b", stored.actors)
        for number in sorted(stored.notes):
            self._add_note(number, stored.notes[number])
        #: the position now; replaced (never changed in place) by every change, so a reader may keep it
        self.state = state
        #: the changes of the log so far (see the module's docstring)
        self.version = 0
        #: who took each action (a seat, or -1: chance)
        self.actors: Sequence[int] = ReadOnlyList(self._actors)
        #: action number -> the server's word on it
        self.notes: Mapping[int, str] = MappingProxyType(self._notes)

    @property
    def lines(self) -> Lines:
        """The game's log: its events, with the server's notes (:class:`Lines`, read when asked)."""
        return Lines(self)

    def __len__(self) -> int:
        return len(self._actors)

    def _add_note(self, number: int, text: str) -> None:
        """The server's word on action ``number``, the newest (its events go after the action's)."""
        self._notes[number] = text
        if number >= len(self._marks):  # (a note past the actions: nothing to show)
            return
        line = self._marks[number] - self.first_event + len(self._note_at)
        for event in note_events(text):
            self._note_at.append(line)
            self._note_events.append(event)
            self._note_of.append(number)
            line += 1

    async def commit(self, action: Action, actor: int, note: str | None = None) -> State:
        """Store ``action`` (raises, changing nothing, if it is illegal or cannot be stored), then apply it.

        Returns the position before it.
        """
        number = len(self._actors)
        before = self.state
        after = before.clone()
        after.apply_action(action)  # raises before anything changed if illegal
        header = None
        if after.is_terminal():  # the header changes only when the game ends
            header = finished_header(list(after.winners()), [float(r) for r in after.returns()])
        await self._writer.append(Append(self.game_id, number, str(action), actor, header, note))
        self.state = after
        self._marks.append(after.log_size())
        if note is not None:
            self._add_note(number, note)
        if (number + 1) % SNAPSHOT_EVERY == 0:
            self._snapshots.append(after)
        self._actors.append(actor)
        self.version += 1
        return before

    async def take_back(self) -> None:
        """Forget the last action, in the store and here (the position is replayed without it)."""
        keep = len(self._actors) - 1
        await self._writer.call(self._store.truncate, self.game_id, keep)
        for number in [n for n in self._notes if n >= keep]:
            del self._notes[number]
        dropped = bisect_left(self._note_of, keep)
        del self._note_at[dropped:], self._note_events[dropped:], self._note_of[dropped:]
        self.state = self._position(keep)
        del self._marks[keep:]
        del self._snapshots[keep // SNAPSHOT_EVERY + 1:]
        del self._actors[keep:]
        self.version += 1

    def _line_count(self, step: int) -> int:
        """The log's lines after the first ``step`` actions (their notes included)."""
        events = self._marks[step - 1] if step else self.first_event
        return events - self.first_event + bisect_left(self._note_of, step)

    def _position(self, step: int) -> State:
        """A new position after the first ``step`` actions: the nearest kept one, and fewer than
        :data:`SNAPSHOT_EVERY` actions applied to a copy of it."""
        start = step // SNAPSHOT_EVERY
        state = self._snapshots[start].clone()
        for action in self.state.history(start * SNAPSHOT_EVERY)[:step - start * SNAPSHOT_EVERY]:
            state.apply_action(action)
        return state

    def lines_of(self, step: int) -> list[Event]:
        """What the ``step``-th action (counted from 1) added to the log, the server's note included."""
        step = max(1, min(step, len(self._actors)))
        return self.lines[self._line_count(step - 1):self._line_count(step)]

    def replay(self, step: int) -> tuple[State, list[Event]]:
        """The position after the first ``step`` actions (clamped to the game) and its log."""
        step = max(0, min(step, len(self._actors)))
        return self._position(step), self.lines[:self._line_count(step)]
