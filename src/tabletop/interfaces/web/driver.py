"""The server's part in a game: it rolls the dice, plays the bots, runs live races and keeps the turn clock.

Whenever the game waits for the server, :meth:`Driver.kick` makes sure one task drives
it: a chance node is rolled after a short pause (or played out as a live race, or left
for the person who rolls it to press "roll"), a bot's seat is played after a pause so
people can follow, and a person's turn starts the turn clock (:mod:`.turns`). Each move
is planned at the action log's version and dropped if the game moved on meanwhile.

The driver owns the server's random streams (chance, one per seat: :class:`Streams`),
derived from the game's seed; a game rebuilt after a restart gets streams derived from
the seed and the point it resumes at (:func:`resume_seed`), so they stay the server's own.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import random
import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from tabletop.agents.ladder import LEVELS, level_spec
from tabletop.agents.registry import from_spec
from tabletop.core.actions import Action
from tabletop.core.agent import Agent
from tabletop.core.errors import IllegalActionError
from tabletop.core.i18n import _
from tabletop.core.play import Streams
from tabletop.core.state import CHANCE, State
from tabletop.interfaces.web.bots import within_budget
from tabletop.interfaces.web.errors import Refused
from tabletop.interfaces.web.seating import Hand
from tabletop.interfaces.web.services import Services, Settings
from tabletop.interfaces.web.store import RUNNING, TRANSIENT, WAITING, Seat
from tabletop.interfaces.web.turns import DECIDE, ROLL, TurnClock, clock_note, roll_waits_for, stand_in_move

if TYPE_CHECKING:
    from tabletop.interfaces.web.live import LiveRace
    from tabletop.interfaces.web.readonly import ReadOnlyRoom

log = logging.getLogger("tabletop.web")

#: ``actor`` of an action chosen by chance (dice, draws, live events settled by the server)
BY_CHANCE = -1
#: the first pause before trying again to store a move the database refused for a moment, and the longest
STORE_RETRY_SECONDS, STORE_RETRY_MAX_SECONDS = 0.5, 30.0


def new_seed() -> int:
    """A new game's seed, from the operating system's randomness (published once the game is over)."""
    return random.SystemRandom().randrange(2**62)


async def wait_for(event: asyncio.Event, seconds: float) -> None:
    """Wait until ``event`` is set or ``seconds`` have passed, whichever comes first.

    A timer sets the event: unlike ``asyncio.timeout`` (a timeout cancels the task, and the
    cancellation is raised into it and turned into a ``TimeoutError``), a wait that runs its
    course raises nothing, and the pauses of a thousand games are most of the driver's waits.
    The event is set once either comes: callers clear it before they wait.
    """
    if event.is_set():
        return
    timer = asyncio.get_running_loop().call_later(seconds, event.set)
    try:
        await event.wait()
    finally:
        timer.cancel()


def resume_seed(seed: int, actions: int) -> int:
    """The seed of the streams for a room rebuilt after ``actions`` actions.

    A fresh game uses ``seed`` itself; a rebuilt one (after a restart) gets streams
    derived from the seed and the point it resumes at, so they are still the server's
    own and unknown to the players.

    >>> resume_seed(7, 0)
    7
    >>> resume_seed(7, 3) == resume_seed(7, 3) != resume_seed(7, 4)
    True
    """
    if actions == 0:
        return seed
    digest = hashlib.sha256(f"tabletop-web:{seed}:{actions}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


class Moves(Protocol):
    """What the driver may do to its room: commit an action and tell the viewers that something changed."""

    async def commit(self, action: Action, actor: int, version: int | None = None, note: str | None = None) -> bool:
        """Apply an action chosen by the server (checked, stored, broadcast); False if it came too late."""
        ...

    def broadcast(self) -> None:
        """Tell every viewer that the game changed."""
        ...


class Driver:
    """Plays the server's part in one room (see the module's docstring)."""

    def __init__(self, room: ReadOnlyRoom, moves: Moves, services: Services, seed: int) -> None:
        self._room = room
        self._moves = moves
        self._services = services
        self.settings: Settings = services.settings
        #: the server's random streams of this game
        self.streams = Streams(seed)
        self._agents: dict[int, Agent] = {}
        #: the roll under way: (seat, turn) once a seat pressed "roll" or decided in this turn
        self.rolling: tuple[int, int] | None = None
        #: the server's wait for a person, and the timer that plays for them
        self.turns = TurnClock(room, weakref.proxy(self))  # weakly: no cycle (see .rooms)
        #: the live race being played out, if any
        self.race: LiveRace | None = None
        self._task: asyncio.Task[None] | None = None
        #: set when a decision is taken back: a pause before a move planned at the old position ends at once
        self._moved = asyncio.Event()

    # -- what the driver is doing ---------------------------------------------------------
    @property
    def bot_seats(self) -> frozenset[int]:
        """The seats bots play (the server plays them)."""
        return frozenset(self._agents)

    @property
    def busy(self) -> bool:
        """Is the server about to do something here (a move, a live race, a turn clock that will play)?"""
        driving = self._task is not None and not self._task.done()
        wait = self.turns.wait
        return driving or (wait is not None and wait.deadline is not None) or self.race is not None

    def seat_bots(self, seats: Sequence[Seat]) -> None:
        """Make the agents of the bot seats (once each: a seat a stand-in took gets one when the game starts)."""
        for seat, info in enumerate(seats):
            if info.kind == "bot" and seat not in self._agents:
                agent = within_budget(from_spec(info.bot or "random"), self._services.limits)
                agent.reset(seat)
                self._agents[seat] = agent

    # -- what the room tells the driver -----------------------------------------------------
    def changed(self) -> None:
        """Tell the room's viewers that the driver's part changed (a race's timer, the clock started)."""
        self._moves.broadcast()

    async def commit(self, action: Action, actor: int, version: int | None = None, note: str | None = None) -> bool:
        """Commit a move of the server's (a live race's outcome ...) through the room.

        A database that fails for a moment (SQLite locked, the database server restarting) does not stop the game:
        the move, which the room applies only once it is stored (so nobody was told of it), is tried again after a
        pause that doubles each time, until it is stored, the game moved on without it (False) or the room is put
        away."""
        delay = STORE_RETRY_SECONDS
        while True:
            try:
                return await self._moves.commit(action, actor, version, note)
            except TRANSIENT as exc:
                if self._room.closed:
                    raise
                why = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                log.warning("storing a move of game %s failed (%s); trying again in %g s", self._room.id, why, delay)
            await asyncio.sleep(delay)
            delay = min(2 * delay, STORE_RETRY_MAX_SECONDS)

    def committed(self, actor: int, before: State) -> None:
        """An action was committed at ``before``: the clock stops; a roll a decision sets off needs no press."""
        if actor >= 0:
            self.rolling = (actor, before.turn_number())
        self.turns.stop()
        self.turns.settled(actor)

    def taken_back(self) -> None:
        """The last decision was taken back: nothing is being rolled, and the clock goes on from that
        decision's deadline (it does not start again)."""
        self.rolling = None
        self.turns.stop()
        self._moved.set()

    def roll(self, hand: Hand) -> None:
        """A person presses "roll": the server rolls the dice it waits for them to roll (call under the room's lock)."""
        room = self._room
        roller = roll_waits_for(room) if room.status == RUNNING else None
        if roller is None or roller not in hand:
            raise Refused(_("there is nothing for you to roll right now"), 409)
        self.rolling = (roller, room.state.turn_number())
        self.turns.stop()

    async def play_for(self, seat: int, kind: str, version: int) -> None:
        """The turn clock ran out: the server rolls or decides for the person, and the log says so."""
        room = self._room
        state = room.state
        if version != room.version or state.is_terminal():
            return
        if kind == ROLL:
            if roll_waits_for(room) != seat:
                return
            self.rolling = (seat, state.turn_number())
            await self.commit(self.streams.chance(state), BY_CHANCE, version, clock_note(seat, ROLL))
        else:
            if state.current_player() != seat:
                return
            action = stand_in_move(room, seat, self.streams.seat(seat))
            await self.commit(action, seat, version, clock_note(seat, DECIDE))
        self.kick()

    # -- the drive ----------------------------------------------------------------------------
    def kick(self) -> None:
        """Make sure the driver runs if the game waits for the server (chance or a bot)."""
        if self._room.closed:
            return
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._drive())

    async def _drive(self) -> None:
        room = self._room
        try:
            while not room.closed:
                state, version = room.state, room.version
                if state.is_terminal() or room.status == WAITING:
                    return
                mover = state.current_player()
                if mover == CHANCE:
                    races = self._services.races
                    race = races(room, self) if races is not None else None
                    if race is not None:
                        await self._race(race)
                        continue
                    roller = roll_waits_for(room)
                    if roller is not None:
                        self.turns.start(roller, ROLL)
                        return  # the person's press kicks the driver again
                    await self._pause(self.settings.chance_delay)
                    if version == room.version:
                        await self.commit(self.streams.chance(state), BY_CHANCE, version)
                elif mover in self._agents:
                    await self._pause(self.settings.bot_delay)
                    if version != room.version:
                        continue
                    action = await self._bot_move(state, mover)
                    await self.commit(action, mover, version)
                else:
                    self.turns.start(mover, DECIDE)
                    return  # a person's turn: their action kicks the driver again
        except asyncio.CancelledError:
            raise
        except Exception:  # a bug must not kill the server; the game waits and the log says why
            log.exception("the driver of game %s stopped", room.id)

    async def _race(self, race: LiveRace) -> None:
        self.race = race
        self.changed()
        try:
            await race.run()
        finally:
            self.race = None
            self.rolling = None
        self.changed()

    async def _bot_move(self, state: State, seat: int) -> Action:
        """The bot's decision: a random bot here (it costs nothing), any other in the worker pool."""
        spec = self._room.seats[seat].bot or "random"
        rng = self.streams.seat(seat)
        if spec == "random" or (spec in LEVELS and level_spec(self._room.game.name, spec) == "random"):
            return self._agents[seat].step(state, rng)
        pool = self._services.pool
        answer = await pool.decide(pool.job(self._room.game, state.to_text(), seat, spec, rng))
        if answer is not None:
            try:
                return state.parse_action(answer.action)
            except IllegalActionError:
                log.error("the bot of seat %s in game %s answered an illegal %r", seat, self._room.id, answer.action)
        legal = state.legal_actions()  # the worker failed: play for the bot
        return legal[int(rng.random() * len(legal))]

    async def _pause(self, seconds: float) -> None:
        # even without a pause, yield: a run of chance nodes must not hold up every other room
        self._moved.clear()
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        # an undo ends the pause: the drive goes on from the position it left (its clock included)
        await wait_for(self._moved, seconds)

    async def close(self) -> None:
        self.turns.stop()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
