"""The authoritative game rooms: one per game, in memory, driven by asyncio.

A :class:`Room` is put together from parts, each with one job:

- :class:`~.seating.Seating`: who holds which seat (by token), the waiting room, each person's settings;
- :class:`~.actionlog.ActionLog`: the actions, stored before they count, the position, the log, the one replay;
- :class:`~.driver.Driver`: the server's part: the dice, the bots, live races, the turn clock;
- :class:`~.connections.Audience`: the viewers' WebSockets and the pump that sends each its view;
- :class:`~.hints.Hints`: the learners' odds hints.

The room itself takes the requests (an act, an undo, a press, starting, renaming ...): an
action is checked by the core API, stored, and only then broadcast, under the room's lock.
Everything else reads the room through :attr:`Room.readonly`, a
:class:`~.readonly.ReadOnlyRoom` that cannot change it.

**A room owns its parts; the parts point back weakly.** The read-only face, the driver's hold on
the room's moves and the turn clock's on the driver are weak references (:func:`weakref.proxy`),
and the hints tell the audience, not the room. So a room and its parts make no reference cycle:
the moment the hub puts a room away and the last request holding it ends, reference counting
frees it with its action log (thousands of events), without waiting for a full garbage
collection, which at a thousand games would stop the event loop for a second or more (issue 22,
findings 7 and 8; ``tests/interfaces/web/test_memory.py`` checks it with the collector off).
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections.abc import Awaitable, Callable, Sequence
from types import MappingProxyType

from tabletop._version import __version__
from tabletop.core.actions import Action
from tabletop.core.errors import IllegalActionError
from tabletop.core.i18n import _
from tabletop.core.record import SEEDED, Record
from tabletop.core.replay import drawn_from_seed
from tabletop.core.state import State
from tabletop.interfaces.web import views
from tabletop.interfaces.web.actionlog import ActionLog
from tabletop.interfaces.web.connections import Audience, Connection
from tabletop.interfaces.web.driver import Driver, resume_seed
from tabletop.interfaces.web.errors import Refused
from tabletop.interfaces.web.hints import Hints
from tabletop.interfaces.web.readonly import ReadOnlyRoom
from tabletop.interfaces.web.seating import Hand, Seating
from tabletop.interfaces.web.services import Services, Settings
from tabletop.interfaces.web.store import WAITING, Seat, StoredGame
from tabletop.interfaces.web.turns import DECIDE, ROLL

__all__ = ["Room", "Settings"]  # Settings: where the server's callers have always found it


class Room:
    """One game being played (see the module's docstring)."""

    def __init__(self, stored: StoredGame, services: Services) -> None:
        self.id = stored.id
        self.services = services
        self.seed = stored.seed
        self.created = stored.created
        self.options = dict(stored.options)  # as stored: an operator's board by its digest, never a path
        self.game, self.board = services.game(stored.game, self.options)
        #: the texts of the boards of one's own its options name (digest to text), for its record
        self.boards = MappingProxyType(services.boards.boards_of(self.options))
        self.clock = stored.clock
        self.rematch = stored.rematch
        self.log = ActionLog(stored, self.game, services.writer, services.store)
        self.seating = Seating(stored, services.writer, services.store)
        #: what every reader is given
        self.readonly = ReadOnlyRoom(self, self.log, self.seating)
        self.audience = Audience(self.readonly)
        self.hints = Hints(self.readonly, self.audience.changed)  # not self.broadcast: no cycle (module docstring)
        self.driver = Driver(self.readonly, weakref.proxy(self), services, resume_seed(self.seed, len(self.log)))
        self.driver.seat_bots(self.seating.seats)
        #: held by each change of the action log, a roll and a rematch (a seat changes at once, then is stored)
        self.lock = asyncio.Lock()
        self.closed = False
        self.used = time.monotonic()

    # -- reading (the owner's shortcuts; everyone else reads :attr:`readonly`) ------------------
    @property
    def state(self) -> State:
        return self.log.state

    @property
    def actors(self) -> Sequence[int]:
        return self.log.actors

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.seating.seats

    def hand_for_token(self, token: str | None) -> Hand:
        """The seats a token holds (several when people share a device); ``()`` for no token; refuses a bad one."""
        return self.seating.hand_for_token(token)

    def _check_turn(self, hand: Hand) -> int:
        """The seat of ``hand`` whose turn it is (refused if none is)."""
        if not hand:
            raise Refused(_("spectators cannot act: open your seat's secret join link to play"), 403)
        if self.closed:
            raise Refused(_("this game was just put away; try again"), 503)
        if self.seating.status == WAITING:
            raise Refused(_("the game has not started: it waits for every player to join (or the host to start it)"),
                          409)
        state = self.log.state
        if state.is_terminal():
            raise Refused(_("the game is over; nothing more can be played"), 409)
        mover = state.current_player()
        if mover not in hand:
            raise Refused(_("it is not your turn: waiting for {whom}").format(
                whom=views.describe_mover(self.readonly, mover)), 409)
        return mover

    # -- the waiting room and the people's settings ----------------------------------------------
    async def mark_joined(self, hand: Hand) -> None:
        """The holder of ``hand`` opened the game; a waiting game starts once everyone has."""
        everyone_in = self.seating.join(hand)
        if everyone_in is None:
            return
        if everyone_in:
            await self._begin()
        else:
            await self.seating.save()
        self.broadcast()
        self.services.tables_changed()

    async def sit(self, token_hash: str, name: str, expires: str) -> int | None:
        """A newcomer takes a free seat of this waiting public table (``None``: none free); the game
        starts once every seat is taken."""
        seat = self.seating.sit(token_hash, name, expires)
        if seat is None:
            return None
        if all(s.joined for s in self.seating.seats if s.kind == "human"):
            await self._begin()
        else:
            await self.seating.save()
        self.broadcast()
        self.services.tables_changed()
        return seat

    async def start(self, hand: Hand, stand_in: str) -> None:
        """The host starts a waiting game: seats nobody has joined are played by ``stand_in`` bots."""
        self.seating.seat_stand_ins(hand, stand_in, lambda seat: views.seat_label(self.readonly, seat))
        await self._begin()
        self.broadcast()
        self.services.tables_changed()

    async def _begin(self) -> None:
        self.seating.begin()
        self.driver.seat_bots(self.seating.seats)
        await self.seating.save_begun()
        self.kick()

    async def rename(self, hand: Hand, name: str, seat: int | None = None) -> None:
        """The holder of a seat gives their name (``seat``: which one, when one device holds several)."""
        self.seating.rename(hand, name, seat)
        await self.seating.save()
        self.broadcast()
        if self.seating.status == WAITING:  # the open tables show the seats' names
            self.services.tables_changed()

    async def set_prefs(self, hand: Hand, auto_roll: bool | None, hints: bool | None) -> None:
        """A person's settings: the server rolls their dice at once (``auto_roll``), odds hints (``hints``)."""
        self.seating.set_prefs(hand, auto_roll, hints)
        await self.seating.save()
        self.broadcast()
        self.kick()

    async def settle_rematch(
        self, make: Callable[[ReadOnlyRoom], Awaitable[StoredGame]]
    ) -> tuple[str, StoredGame | None]:
        """The id of the game that rematches this one: the one asked for before (and ``None``), or the
        game ``make`` stores now (and that game). Asked for twice at once, the rematch is one game."""
        async with self.lock:
            if self.rematch is not None:
                return self.rematch, None
            made = await make(self.readonly)
            await self.services.writer.call(self.services.store.set_rematch, self.id, made.id)
            self.rematch = made.id
            self.broadcast()
        return made.id, made

    # -- changes of the action log ------------------------------------------------------------
    async def act(self, hand: Hand, text: str, expected: int | None = None) -> int:
        """A person's decision: checked, stored, broadcast. Returns the new action count."""
        async with self.lock:
            seat = self._check_turn(hand)
            if self.driver.race is not None:
                raise Refused(_("wait: a live event is being played out"), 409)
            if self.driver.turns.ran_out(seat, DECIDE, len(self.log)):
                raise Refused("your turn clock ran out: the server plays for you", 409)
            if expected is not None and expected != len(self.log):
                moved = _("the game has moved on (you saw {seen} actions, there are {now}); look again and choose")
                raise Refused(moved.format(seen=expected, now=len(self.log)), 409)
            try:
                action = self.log.state.parse_action(text)
            except IllegalActionError as exc:
                raise Refused(str(exc), 422) from None
            await self._commit_locked(action, seat)
        self.kick()
        return len(self.log)

    async def commit(self, action: Action, actor: int, version: int | None = None, note: str | None = None) -> bool:
        """Apply an action chosen by the server (chance, a bot, a live event); False if stale."""
        async with self.lock:
            if version is not None and version != self.log.version:
                return False
            if self.closed or action not in self.log.state.legal_actions():
                return False
            await self._commit_locked(action, actor, note)
        return True

    async def _commit_locked(self, action: Action, actor: int, note: str | None = None) -> None:
        before = await self.log.commit(action, actor, note)
        self.driver.committed(actor, before)
        if self.log.state.is_terminal():
            self.seating.finish()
            if self.services.players is not None:
                self.services.players.finished(self)
        self.used = time.monotonic()
        self.broadcast()

    async def undo(self, hand: Hand) -> int:
        """Take back the seat's own last decision, as Board Game Arena allows."""
        async with self.lock:
            if not hand:
                raise Refused(_("spectators cannot undo"), 403)
            actors = self.log.actors
            seat = actors[-1] if actors and actors[-1] in hand else hand[0]
            reason = views.undo_refusal(self.readonly, seat)
            if reason is not None:
                raise Refused(reason, 409)
            if self.driver.turns.ran_out(seat, DECIDE, len(self.log) - 1):
                raise Refused("too late to undo: your turn clock for that decision ran out", 409)
            await self.log.take_back()
            self.driver.taken_back()
            self.audience.resend_all()
            self.broadcast()
        self.kick()
        return len(self.log)

    # -- the server's part -----------------------------------------------------------------------
    async def press(self, hand: Hand, what: str, seat: int | None = None) -> None:
        """A button: roll your dice, or act in a live event (roll a die against the timer, call out first ...).

        ``seat`` says which of the hand's seats presses (pass and play); by default the first
        that may.
        """
        if not hand:
            raise Refused(_("spectators cannot take part in a live event or roll dice"),
                          403)
        if seat is not None and seat not in hand:
            raise Refused(_("seat {n} is not yours").format(n=seat + 1), 403)
        race = self.driver.race
        if race is None:
            if what == ROLL:
                async with self.lock:
                    self.driver.roll(hand if seat is None else (seat,))
                self.kick()
                return
            raise Refused(_("there is no live event to take part in right now"), 409)
        if seat is None:
            seat = next((s for s in hand if race.may_act(s)), hand[0])
        await race.press(seat, what)

    def kick(self) -> None:
        """Make sure the driver runs if the game waits for the server (chance or a bot)."""
        self.driver.kick()

    # -- viewers -----------------------------------------------------------------------------------
    async def attach(self, conn: Connection) -> None:
        if conn.hand:
            await self.mark_joined(conn.hand)  # stored before anyone sees the seat as joined
        self.audience.add(conn)
        self.used = time.monotonic()
        self.broadcast()  # the newcomer gets everything; the others see who is connected

    def detach(self, conn: Connection) -> None:
        self.audience.discard(conn)
        self.used = time.monotonic()
        self.broadcast()

    def broadcast(self) -> None:
        """Tell every connection that the game changed (each is sent only what its seat may see)."""
        self.audience.changed()

    def record(self) -> Record:
        """The game's record; the seed is published only once the game is over. A board of one's own goes in
        it by content, and a finished game whose every chance outcome is its seed's says so (``chance``), so
        ``tabletop replay --strict`` checks it."""
        state = self.state
        over = state.is_terminal()
        record = Record(
            game=self.game.name,
            version=__version__,
            options=self.options,
            seed=self.seed if over else None,
            # a person who turned the learners' odds hints on at any time is recorded so
            agents=[seat.bot or ("human (odds hints on)" if seat.hints_used else "human") for seat in self.seats],
            actions=[str(a) for a in state.history()],
            winners=list(state.winners()) if over else None,
            returns=[float(r) for r in state.returns()] if over else None,
            boards=dict(self.boards) or None,
        )
        if over and drawn_from_seed(record):
            record.chance = SEEDED
        return record

    # -- its life in the hub ---------------------------------------------------------------------
    def touch(self) -> None:
        """Someone opened the game: it is not idle."""
        self.used = time.monotonic()

    def put_away(self) -> None:
        """The hub lets go of this room: nothing more happens in it (it is reloaded when opened again)."""
        self.closed = True

    async def close(self) -> None:
        self.closed = True
        await self.driver.close()
        self.audience.close()

