"""The authoritative game rooms: one per game, in memory, driven by asyncio.

A room holds the position, the server's random streams (chance and one per
seat, from :class:`tabletop.core.play.Streams`), the bots, the live event in
progress (a Jumanji rescue countdown ...) and the open WebSocket connections.
Every change goes through :meth:`Room.act` or :meth:`Room.commit`: it is checked by the core API,
stored, and only then broadcast.

Chance nodes are sampled by the server and bots play their seats after a short
pause, so people can follow; a person's seat waits for that person.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from tabletop.agents.registry import from_spec
from tabletop.core.actions import Action
from tabletop.core.agent import Agent
from tabletop.core.errors import IllegalActionError, TabletopError
from tabletop.core.game import Game
from tabletop.core.play import Streams
from tabletop.core.registry import make
from tabletop.core.state import CHANCE, State
from tabletop.interfaces.web import views
from tabletop.interfaces.web.boards import static_board
from tabletop.interfaces.web.store import FINISHED, Seat, Store, StoredGame, hash_token

log = logging.getLogger("tabletop.web")

#: ``actor`` of an action chosen by chance (dice, draws, live events settled by the server)
BY_CHANCE = -1


class Refused(Exception):
    """A request that changes nothing: a bad token, an action out of turn, an illegal action ..."""

    def __init__(self, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


@dataclass
class Settings:
    """How the server paces a game (seconds)."""

    bot_delay: float = 0.9
    chance_delay: float = 0.35
    rescue_seconds: float = 8.0
    #: the least time between two rolls of one rescuer's die (tossing, landing and reading it)
    rescue_roll_seconds: float = 1.0
    #: a bot's rescue die roll every this many seconds, give or take a third (never faster than the above)
    bot_roll_interval: float = 1.1
    #: how long a bot takes to press JUMANJI, at least and at most
    bot_press_delay: tuple[float, float] = (0.6, 2.0)
    token_days: float = 30.0


class LiveEvent(Protocol):
    """A chance node settled in real time by the players (see :mod:`tabletop.interfaces.web.live`)."""

    def view(self) -> dict[str, Any]: ...

    async def run(self) -> None:
        """Drive the event until its outcomes are committed (or the room changes under it)."""

    async def press(self, seat: int, what: str) -> None:
        """A seat's button press; raise :class:`Refused` if it means nothing now."""


LiveFactory = Callable[["Room"], "LiveEvent | None"]


@dataclass(eq=False)
class Connection:
    """One open WebSocket: whose seat (``None``: a spectator) and what it has been sent.

    Views are built when they are sent, not when the game changes: a viewer that
    is behind gets one message with everything new since its last one (the log
    and the actions as deltas from what it has seen), so a burst of moves costs
    one frame, and a slow viewer never holds up the room.
    """

    seat: int | None
    send: Callable[[str], Awaitable[None]]
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    dirty: bool = False
    closed: bool = False
    replies: list[dict[str, Any]] = field(default_factory=list)
    n_seen: int = -1
    log_seen: int = -1

    def changed(self) -> None:
        self.dirty = True
        self.wake.set()

    def reply(self, message: dict[str, Any]) -> None:
        """An answer to this viewer's request (an ack or a refusal), sent after the view it concerns."""
        self.replies.append(message)
        self.wake.set()

    def close(self) -> None:
        self.closed = True
        self.wake.set()

    async def pump(self, room: Room) -> None:
        """Send this viewer what is new, until the connection closes."""
        while True:
            await self.wake.wait()
            # let changes queued in the same instant land first (a move and the dice it triggers: one frame)
            await asyncio.sleep(0)
            await asyncio.sleep(0)
            self.wake.clear()
            if self.closed:
                return
            if self.dirty:
                self.dirty = False
                frames = [room.message_for(self)]
            else:
                frames = [json.dumps(r) for r in self.replies]
            self.replies.clear()
            try:
                for frame in frames:
                    await self.send(frame)
            except Exception:
                return


def resume_seed(seed: int, actions: int) -> int:
    """The seed of the streams for a room rebuilt after ``actions`` actions.

    A fresh game uses ``seed`` itself; a rebuilt one (after a restart) gets streams
    derived from the seed and the point it resumes at, so they are still the server's
    own and unknown to the players.
    """
    if actions == 0:
        return seed
    digest = hashlib.sha256(f"tabletop-web:{seed}:{actions}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


class Room:
    """One game being played."""

    def __init__(
        self, stored: StoredGame, store: Store, settings: Settings, live: LiveFactory | None, game: Game | None = None
    ) -> None:
        self.id = stored.id
        self.store = store
        self.settings = settings
        self.seed = stored.seed
        self.seats: list[Seat] = stored.seats
        self.created = stored.created
        self.game: Game = game if game is not None else make(stored.game, **stored.options)
        self.board = static_board(self.game)
        self.state: State = self.game.new_initial_state()
        for text in stored.actions:
            self.state.apply_action(text)
        self.log_lines: list[str] = self.state.log()
        self.actors: list[int] = list(stored.actors)
        self._reseed()
        self.agents: dict[int, Agent] = {}
        for seat, info in enumerate(self.seats):
            if info.kind == "bot":
                agent = from_spec(info.bot or "random")
                agent.reset(seat)
                self.agents[seat] = agent
        self.connections: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.version = 0
        self._live_factory = live
        self.live: LiveEvent | None = None
        self._driver: asyncio.Task[None] | None = None
        self.closed = False
        self.revision = 0
        self._shared: tuple[int, str] = (-1, "")

    def _reseed(self) -> None:
        self.streams = Streams(resume_seed(self.seed, len(self.actors)))

    # -- who may act -----------------------------------------------------------------
    def seat_for_token(self, token: str | None) -> int | None:
        """The seat a token belongs to; ``None`` for no token (a spectator); refuses a bad one."""
        if token is None or token == "":
            return None
        digest = hash_token(token)
        for seat, info in enumerate(self.seats):
            if info.kind == "human" and info.token_hash == digest:
                if info.expires and datetime.fromisoformat(info.expires) < datetime.now(UTC):
                    raise Refused(f"this join link for seat {seat + 1} of game {self.id} has expired; "
                                  "you can still watch the game as a spectator", 403)
                return seat
        raise Refused(f"this join link is not valid for game {self.id} (no seat has this token); "
                      "check that you copied the whole link, or watch as a spectator", 403)

    def _check_turn(self, seat: int | None) -> None:
        if seat is None:
            raise Refused("spectators cannot act: open your seat's secret join link to play", 403)
        if self.state.is_terminal():
            raise Refused("the game is over; nothing more can be played", 409)
        mover = self.state.current_player()
        if mover != seat:
            raise Refused(f"it is not your turn: waiting for {views.describe_mover(self, mover)}", 409)

    def mark_joined(self, seat: int) -> None:
        if not self.seats[seat].joined:
            self.seats[seat].joined = True
            self.store.set_seats(self.id, self.seats)

    # -- changes -----------------------------------------------------------------------
    async def act(self, seat: int | None, text: str, expected: int | None = None) -> int:
        """A person's decision: checked, stored, broadcast. Returns the new action count."""
        async with self.lock:
            self._check_turn(seat)
            if self.live is not None:
                raise Refused("wait: a live event is being played out", 409)
            if expected is not None and expected != len(self.actors):
                raise Refused(f"the game has moved on (you saw {expected} actions, there are "
                              f"{len(self.actors)}); look again and choose", 409)
            try:
                action = self.state.parse_action(text)
            except IllegalActionError as exc:
                raise Refused(str(exc), 422) from None
            assert seat is not None
            self._commit_locked(action, seat)
        self.kick()
        return len(self.actors)

    async def commit(self, action: Action, actor: int, version: int | None = None) -> bool:
        """Apply an action chosen by the server (chance, a bot, a live event); False if stale."""
        async with self.lock:
            if version is not None and version != self.version:
                return False
            if self.closed or action not in self.state.legal_actions():
                return False
            self._commit_locked(action, actor)
        return True

    def _commit_locked(self, action: Action, actor: int) -> None:
        number = len(self.actors)
        after = self.state.clone()
        after.apply_action(action)  # raises before anything changed if illegal
        self.store.append(self.id, number, str(action), actor)
        self.state = after
        self.log_lines.extend(after.log(len(self.log_lines)))
        self.actors.append(actor)
        self.version += 1
        if after.is_terminal():
            self.store.finish(self.id, list(after.winners()), [float(r) for r in after.returns()])
        self.broadcast()

    async def undo(self, seat: int | None) -> int:
        """Take back the seat's own last decision, as Board Game Arena allows."""
        async with self.lock:
            if seat is None:
                raise Refused("spectators cannot undo", 403)
            reason = views.undo_refusal(self, seat)
            if reason is not None:
                raise Refused(reason, 409)
            keep = len(self.actors) - 1
            state = self.game.new_initial_state()
            for action in self.state.history()[:keep]:
                state.apply_action(action)
            self.store.truncate(self.id, keep)
            self.state = state
            self.log_lines = state.log()
            self.actors = self.actors[:keep]
            self.version += 1
            for conn in self.connections:
                conn.log_seen = -1
                conn.n_seen = -1
            self.broadcast()
        self.kick()
        return len(self.actors)

    async def press(self, seat: int | None, what: str) -> None:
        """A button of a live event (roll the rescue die, call JUMANJI)."""
        if seat is None:
            raise Refused("spectators cannot take part in a live event", 403)
        live = self.live
        if live is None:
            raise Refused("there is no live event to take part in right now", 409)
        await live.press(seat, what)

    # -- the driver: chance, bots, live events ------------------------------------------
    def kick(self) -> None:
        """Make sure the driver runs if the game waits for the server (chance or a bot)."""
        if self.closed:
            return
        if self._driver is None or self._driver.done():
            self._driver = asyncio.get_running_loop().create_task(self._drive())

    async def _drive(self) -> None:
        try:
            while not self.closed:
                state, version = self.state, self.version
                if state.is_terminal():
                    return
                mover = state.current_player()
                if mover == CHANCE:
                    live = self._live_factory(self) if self._live_factory is not None else None
                    if live is not None:
                        self.live = live
                        self.broadcast()
                        try:
                            await live.run()
                        finally:
                            self.live = None
                        self.broadcast()
                        continue
                    await self._pause(self.settings.chance_delay)
                    if version == self.version:
                        await self.commit(self.streams.chance(state), BY_CHANCE, version)
                elif mover in self.agents:
                    await self._pause(self.settings.bot_delay)
                    if version != self.version:
                        continue
                    agent, rng = self.agents[mover], self.streams.seat(mover)
                    action = await asyncio.to_thread(agent.step, state.clone(), rng)
                    await self.commit(action, mover, version)
                else:
                    return  # a person's turn: their action kicks the driver again
        except asyncio.CancelledError:
            raise
        except Exception:  # a bug must not kill the server; the game waits and the log says why
            log.exception("the driver of game %s stopped", self.id)

    async def _pause(self, seconds: float) -> None:
        # even without a pause, yield: a run of chance nodes must not hold up every other room
        await asyncio.sleep(max(seconds, 0.0))

    async def close(self) -> None:
        self.closed = True
        if self._driver is not None:
            self._driver.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._driver
        for conn in list(self.connections):
            conn.close()

    # -- connections --------------------------------------------------------------------
    def attach(self, conn: Connection) -> None:
        self.connections.add(conn)
        if conn.seat is not None:
            self.mark_joined(conn.seat)
        self.broadcast()  # the newcomer gets everything; the others see who is connected

    def detach(self, conn: Connection) -> None:
        self.connections.discard(conn)
        self.broadcast()

    def broadcast(self) -> None:
        """Tell every connection that the game changed (each is sent only what its seat may see)."""
        self.revision += 1
        for conn in self.connections:
            conn.changed()

    def message_for(self, conn: Connection) -> str:
        """The view for ``conn`` now, with what is new since its last one, as JSON text."""
        if self._shared[0] != self.revision:  # the common part is encoded once per change
            self._shared = (self.revision, json.dumps(views.shared_view(self)))
        shared = self._shared[1]
        full = conn.log_seen < 0
        personal = views.personal_view(self, conn.seat, log_from=max(conn.log_seen, 0),
                                       actions_from=max(conn.n_seen, 0), with_board=full)
        personal["type"] = "view"
        personal["full"] = full
        if conn.replies:
            personal["replies"] = list(conn.replies)
        conn.log_seen = len(self.log_lines)
        conn.n_seen = len(self.actors)
        # the seat's own fields after the shared ones (a seat's private state dict overrides the shared one)
        return shared[:-1] + ", " + json.dumps(personal)[1:]

    def connected_seats(self) -> set[int]:
        return {c.seat for c in self.connections if c.seat is not None}


class Hub:
    """Every room of the server, created from the store on demand or at start-up."""

    def __init__(self, store: Store, settings: Settings, live: LiveFactory | None = None) -> None:
        self.store = store
        self.settings = settings
        self.live = live
        self.rooms: dict[str, Room] = {}

    def room(self, game_id: str, game: Game | None = None) -> Room:
        """The room of a game (``game``: the configuration, when the caller has just made it)."""
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        stored = self.store.load(game_id)
        if stored is None:
            raise Refused(f"there is no game {game_id!r} on this server", 404)
        room = self.rooms[game_id] = Room(stored, self.store, self.settings, self.live, game)
        if stored.status != FINISHED:
            room.kick()
        return room

    def resume_all(self) -> int:
        """Rebuild every unfinished game (after a restart) and let its bots and dice go on."""
        count = 0
        for stored in self.store.unfinished():
            if stored.id not in self.rooms:
                try:
                    self.rooms[stored.id] = room = Room(stored, self.store, self.settings, self.live)
                except TabletopError:
                    log.exception("game %s cannot be rebuilt from its stored actions", stored.id)
                    continue
                room.kick()
                count += 1
        return count

    async def close(self) -> None:
        for room in list(self.rooms.values()):
            await room.close()
        self.rooms.clear()


def new_seed() -> int:
    return random.SystemRandom().randrange(2**62)
