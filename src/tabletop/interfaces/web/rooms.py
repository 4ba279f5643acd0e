"""The authoritative game rooms: one per game, in memory, driven by asyncio.

A room holds the position, the server's random streams (chance and one per
seat, from :class:`tabletop.core.play.Streams`), the bots, the live event in
progress (a race against a timer ...) and the open WebSocket connections.
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
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from tabletop.agents.ladder import LEVELS, level_spec
from tabletop.agents.registry import from_spec
from tabletop.core.actions import Action
from tabletop.core.agent import Agent
from tabletop.core.errors import IllegalActionError
from tabletop.core.game import Game
from tabletop.core.play import Streams
from tabletop.core.state import CHANCE, State
from tabletop.interfaces.web import views
from tabletop.interfaces.web.boards import static_board
from tabletop.interfaces.web.bots import BotPool, within_budget
from tabletop.interfaces.web.limits import Limits
from tabletop.interfaces.web.options import Boards
from tabletop.interfaces.web.store import (
    Append,
    Seat,
    Store,
    StoredGame,
    finished_header,
    hash_token,
)
from tabletop.interfaces.web.writer import Writer

log = logging.getLogger("tabletop.web")

#: ``actor`` of an action chosen by chance (dice, draws, live events settled by the server)
BY_CHANCE = -1
#: the WebSocket close code for a client breaking the server's rules (a rate, an unread queue)
POLICY = 1008


class Refused(Exception):
    """A request that changes nothing: a bad token, an action out of turn, an illegal action ..."""

    def __init__(self, message: str, status: int = 409, retry_after: float = 0.0) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.retry_after = retry_after


@dataclass
class Settings:
    """How the server paces a game (seconds)."""

    bot_delay: float = 0.9
    chance_delay: float = 0.35
    #: a live event's timed window (a race against the rules' timer); None: as long as the rules say
    live_seconds: float | None = None
    #: the least time between two acts of one seat in a live event (a die takes a moment to land);
    #: None: as the game says
    live_act_seconds: float | None = None
    #: a live event without a timer in the rules that nobody settles is decided by chance after this long
    live_patience: float = 30.0
    #: a bot acts in a live event every this many seconds, give or take a third (never faster than allowed)
    bot_act_interval: float = 1.1
    #: how long a bot takes to press a button it presses once, at least and at most
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
    one frame, and a slow viewer never holds up the room. What waits for a viewer
    is bounded: at most one view and ``queue`` answers; a viewer with more waiting,
    or whose frame takes longer than ``send_timeout`` to leave, is not reading and
    is disconnected (``close_code`` 1008).
    """

    seat: int | None
    send: Callable[[str], Awaitable[None]]
    queue: int = 32
    send_timeout: float = 20.0
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    dirty: bool = False
    closed: bool = False
    replies: list[dict[str, Any]] = field(default_factory=list)
    n_seen: int = -1
    log_seen: int = -1
    close_code: int | None = None
    close_reason: str = ""

    def changed(self) -> None:
        self.dirty = True
        self.wake.set()

    def reply(self, message: dict[str, Any]) -> None:
        """An answer to this viewer's request (an ack or a refusal), sent after the view it concerns."""
        if len(self.replies) >= self.queue:
            self.kill(POLICY, f"more than {self.queue} answers wait unread: read what the server sends")
            return
        self.replies.append(message)
        self.wake.set()

    def kill(self, code: int, reason: str) -> None:
        """End this connection with a close code (its queue is dropped at once)."""
        if self.close_code is None:
            self.close_code, self.close_reason = code, reason
        self.replies.clear()
        self.close()

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
                async with asyncio.timeout(self.send_timeout):  # no task per frame, unlike wait_for
                    for frame in frames:
                        await self.send(frame)
            except TimeoutError:
                self.kill(POLICY, f"a frame waited {self.send_timeout:g} s to leave: the viewer is not reading")
                return
            except Exception:
                self.close()
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


@dataclass
class Services:
    """What every room shares: the store and its writer, the bot pool, the limits, the pacing, boards."""

    store: Store
    writer: Writer
    pool: BotPool
    boards: Boards
    settings: Settings
    limits: Limits
    live: LiveFactory | None = None
    games: dict[str, tuple[Game, dict[str, Any] | None]] = field(default_factory=dict)

    def game(self, name: str, options: dict[str, Any]) -> tuple[Game, dict[str, Any] | None]:
        """The game for stored options and its static board, shared by every room with these options."""
        key = json.dumps([name, options], sort_keys=True, default=str)
        found = self.games.get(key)
        if found is None:
            game = self.boards.make(name, options)
            found = (game, static_board(game))
            if len(self.games) >= 256:
                self.games.pop(next(iter(self.games)))
            self.games[key] = found
        return found


class Room:
    """One game being played."""

    def __init__(self, stored: StoredGame, services: Services) -> None:
        self.id = stored.id
        self.services = services
        self.settings = services.settings
        self.seed = stored.seed
        self.seats: list[Seat] = stored.seats
        self.created = stored.created
        self.options = dict(stored.options)  # as stored: an operator's board by its digest, never a path
        self.game, self.board = services.game(stored.game, self.options)
        self.state: State = self.game.new_initial_state()
        for text in stored.actions:
            self.state.apply_action(text)
        self.log_lines: list[str] = self.state.log()
        self.actors: list[int] = list(stored.actors)
        self._reseed()
        self.agents: dict[int, Agent] = {}
        for seat, info in enumerate(self.seats):
            if info.kind == "bot":
                agent = within_budget(from_spec(info.bot or "random"), services.limits)
                agent.reset(seat)
                self.agents[seat] = agent
        self.connections: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.version = 0
        self._live_factory = services.live
        self.live: LiveEvent | None = None
        self._driver: asyncio.Task[None] | None = None
        self.closed = False
        self.revision = 0
        self._shared: tuple[int, str] = (-1, "")
        self.used = time.monotonic()

    def _reseed(self) -> None:
        self.streams = Streams(resume_seed(self.seed, len(self.actors)))

    def busy(self) -> bool:
        """Is anything going on here (a viewer, the server's move, a live event, a change being stored)?"""
        driving = self._driver is not None and not self._driver.done()
        return bool(self.connections) or driving or self.live is not None or self.lock.locked()

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
        if self.closed:
            raise Refused("this game was just put away; try again", 503)
        if self.state.is_terminal():
            raise Refused("the game is over; nothing more can be played", 409)
        mover = self.state.current_player()
        if mover != seat:
            raise Refused(f"it is not your turn: waiting for {views.describe_mover(self, mover)}", 409)

    async def mark_joined(self, seat: int) -> None:
        if not self.seats[seat].joined:
            self.seats[seat].joined = True
            await self.services.writer.call(self.services.store.set_seats, self.id, self.seats)

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
            await self._commit_locked(action, seat)
        self.kick()
        return len(self.actors)

    async def commit(self, action: Action, actor: int, version: int | None = None) -> bool:
        """Apply an action chosen by the server (chance, a bot, a live event); False if stale."""
        async with self.lock:
            if version is not None and version != self.version:
                return False
            if self.closed or action not in self.state.legal_actions():
                return False
            await self._commit_locked(action, actor)
        return True

    async def _commit_locked(self, action: Action, actor: int) -> None:
        number = len(self.actors)
        after = self.state.clone()
        after.apply_action(action)  # raises before anything changed if illegal
        header = None
        if after.is_terminal():  # the header changes only when the game ends
            header = finished_header(list(after.winners()), [float(r) for r in after.returns()])
        await self.services.writer.append(Append(self.id, number, str(action), actor, header))
        self.state = after
        self.log_lines.extend(after.log(len(self.log_lines)))
        self.actors.append(actor)
        self.version += 1
        self.used = time.monotonic()
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
            await self.services.writer.call(self.services.store.truncate, self.id, keep)
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
        """A button of a live event (roll a die against the timer, call out first ...)."""
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
                    action = await self._bot_move(state, mover)
                    await self.commit(action, mover, version)
                else:
                    return  # a person's turn: their action kicks the driver again
        except asyncio.CancelledError:
            raise
        except Exception:  # a bug must not kill the server; the game waits and the log says why
            log.exception("the driver of game %s stopped", self.id)

    async def _bot_move(self, state: State, seat: int) -> Action:
        """The bot's decision: a random bot here (it costs nothing), any other in the worker pool."""
        spec = self.seats[seat].bot or "random"
        rng = self.streams.seat(seat)
        if spec == "random" or (spec in LEVELS and level_spec(self.game.name, spec) == "random"):
            return self.agents[seat].step(state, rng)
        pool = self.services.pool
        answer = await pool.decide(pool.job(self.game, state.to_text(), seat, spec, rng))
        if answer is not None:
            try:
                return state.parse_action(answer.action)
            except IllegalActionError:
                log.error("the bot of seat %s in game %s answered an illegal %r", seat, self.id, answer.action)
        legal = state.legal_actions()  # the worker failed: play for the bot
        return legal[int(rng.random() * len(legal))]

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
    async def attach(self, conn: Connection) -> None:
        if conn.seat is not None:
            await self.mark_joined(conn.seat)  # stored before anyone sees the seat as joined
        self.connections.add(conn)
        self.used = time.monotonic()
        self.broadcast()  # the newcomer gets everything; the others see who is connected

    def detach(self, conn: Connection) -> None:
        self.connections.discard(conn)
        self.used = time.monotonic()
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


def new_seed() -> int:
    return random.SystemRandom().randrange(2**62)
