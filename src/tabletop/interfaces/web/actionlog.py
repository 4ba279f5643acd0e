"""A game's action log: every accepted action in order, who took it, the server's notes, and the one replay.

The log is what the database keeps (the ``actions`` table) and what everything else is
rebuilt from: the position is the game's initial state with the actions applied, its
log is the engine's events for each (:mod:`tabletop.core.events`: a message and its fields,
put in words in each viewer's language when a view is built), with the server's notes (it
played for someone whose clock ran out ...) after the actions they concern. A note is stored
as the English text of its event and read back into the event by its message (:data:`NOTES`). :func:`replay` is that
rebuilding, the only one: a room loaded from the database, an undo and the replay page
all call it. The log keeps the position every :data:`SNAPSHOT_EVERY` actions (positions are
never changed in place, so keeping one costs nothing) and where each action's lines end, so
an undo or a replay step rebuilds at most :data:`SNAPSHOT_EVERY` actions, however long the
game.

:attr:`ActionLog.version` counts the changes of the log (an action committed, one taken
back): a move the server planned at one version (a bot's, the dice, a turn clock running
out) is dropped if the version moved on meanwhile. Nothing else changes it: a seat
joining, a live race's timer or a viewer arriving are not changes of the game.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
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
    state, lines, _marks, _snapshots = _replay(game.new_initial_state(), 0, actions, notes)
    return state, lines


def _replay(
    state: State, first: int, actions: Sequence[Action | str], notes: Mapping[int, str]
) -> tuple[State, list[Event], list[int], list[State]]:
    """Apply ``actions`` (numbered from ``first``) to ``state`` in place: the state, the lines they add,
    the number of lines after each, and a copy of the position after every :data:`SNAPSHOT_EVERY`-th."""
    lines: list[Event] = []
    marks: list[int] = []
    snapshots: list[State] = []
    for number, action in enumerate(actions, start=first):
        size = state.log_size()
        state.apply_action(action)
        lines.extend(state.events(size))
        if number in notes:  # the server's word on an action (it played for someone)
            lines.extend(note_events(notes[number]))
        marks.append(len(lines))
        if (number + 1) % SNAPSHOT_EVERY == 0:
            snapshots.append(state.clone())
    return state, lines, marks, snapshots


class ReadOnlyList(Sequence[T]):
    """A list seen through a window that cannot change it (a slice is a copy).

    >>> items = [1, 2]
    >>> seen = ReadOnlyList(items)
    >>> items.append(3)
    >>> len(seen), seen[-1], seen[1:]
    (3, 3, [2, 3])
    """

    __slots__ = ("_items",)

    def __init__(self, items: list[T]) -> None:
        self._items = items

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
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


class ActionLog:
    """The actions of one game, stored before they count: the position, the log's events, who acted, notes."""

    def __init__(self, stored: StoredGame, game: Game, writer: Writer, store: Store) -> None:
        self.game_id = stored.id
        self.game = game
        self._writer = writer
        self._store = store
        self._notes: dict[int, str] = dict(stored.notes)
        initial = game.new_initial_state()
        state, lines, marks, snapshots = _replay(initial.clone(), 0, stored.actions, self._notes)
        #: the position now; replaced (never changed in place) by every change, so a reader may keep it
        self.state = state
        self._lines = lines
        #: the number of lines after each action; the position after every SNAPSHOT_EVERY actions (0 first)
        self._marks = marks
        self._snapshots = [initial, *snapshots]
        self._actors: list[int] = list(stored.actors)
        #: the changes of the log so far (see the module's docstring)
        self.version = 0
        self.lines: Sequence[Event] = ReadOnlyList(self._lines)
        #: who took each action (a seat, or -1: chance)
        self.actors: Sequence[int] = ReadOnlyList(self._actors)
        #: action number -> the server's word on it
        self.notes: Mapping[int, str] = MappingProxyType(self._notes)

    def __len__(self) -> int:
        return len(self._actors)

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
        self._lines.extend(after.events(before.log_size()))
        if note is not None:
            self._notes[number] = note
            self._lines.extend(note_events(note))
        self._marks.append(len(self._lines))
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
        self.state = self._position(keep)
        del self._lines[self._line_count(keep):]
        del self._marks[keep:]
        del self._snapshots[keep // SNAPSHOT_EVERY + 1:]
        del self._actors[keep:]
        self.version += 1

    def _line_count(self, step: int) -> int:
        return self._marks[step - 1] if step else 0

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
        return list(self._lines[self._line_count(step - 1):self._line_count(step)])

    def replay(self, step: int) -> tuple[State, list[Event]]:
        """The position after the first ``step`` actions (clamped to the game) and its log."""
        step = max(0, min(step, len(self._actors)))
        return self._position(step), list(self._lines[:self._line_count(step)])
