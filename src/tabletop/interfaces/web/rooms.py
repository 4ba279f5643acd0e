"""The authoritative game rooms: one per game, in memory, driven by asyncio.

A room holds the position, the server's random streams (chance and one per
seat, from :class:`tabletop.core.play.Streams`), the bots, the live event in
progress (a race against a timer ...) and the open WebSocket connections.
Every change goes through :meth:`Room.act` or :meth:`Room.commit`: it is checked by the core API,
stored, and only then broadcast.

Chance nodes are sampled by the server and bots play their seats after a short
pause, so people can follow; a person's seat waits for that person, who also rolls their own
dice, within the game's turn clock (:mod:`.turns`). A game of people waits in its waiting room
(status ``waiting``) until everyone has joined or its host starts it.

A token may hold several seats (pass and play: one device, several people); a viewer's
``hand`` is the tuple of its seats (empty: a spectator).
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
from tabletop.interfaces.web.boards import hint_for, static_board
from tabletop.interfaces.web.bots import BotPool, within_budget
from tabletop.interfaces.web.limits import Limits
from tabletop.interfaces.web.options import Boards
from tabletop.interfaces.web.store import (
    FINISHED,
    RUNNING,
    WAITING,
    Append,
    Seat,
    Store,
    StoredGame,
    finished_header,
    hash_token,
)
from tabletop.interfaces.web.turns import DECIDE, ROLL, TurnClock, clock_note, roll_waits_for, stand_in_move
from tabletop.interfaces.web.writer import Writer

log = logging.getLogger("tabletop.web")

#: ``actor`` of an action chosen by chance (dice, draws, live events settled by the server)
BY_CHANCE = -1
#: the WebSocket close code for a client breaking the server's rules (a rate, an unread queue)
POLICY = 1008
#: the seats one viewer holds (empty: a spectator)
Hand = tuple[int, ...]


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

    def may_act(self, seat: int) -> bool:
        """Whether ``seat`` still has something to do in the event."""


LiveFactory = Callable[["Room"], "LiveEvent | None"]


@dataclass(eq=False)
class Connection:
    """One open WebSocket: whose seats (``()``: a spectator) and what it has been sent.

    Views are built when they are sent, not when the game changes: a viewer that
    is behind gets one message with everything new since its last one (the log
    and the actions as deltas from what it has seen), so a burst of moves costs
    one frame, and a slow viewer never holds up the room. What waits for a viewer
    is bounded: at most one view and ``queue`` answers; a viewer with more waiting,
    or whose frame takes longer than ``send_timeout`` to leave, is not reading and
    is disconnected (``close_code`` 1008).
    """

    hand: Hand
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
        self.status = stored.status
        self.clock = stored.clock
        self.rematch = stored.rematch
        self.notes: dict[int, str] = dict(stored.notes)
        self.state, self.log_lines = self._replay(stored.actions)
        self.actors: list[int] = list(stored.actors)
        self._reseed()
        self.agents: dict[int, Agent] = {}
        self._make_agents()
        #: the roll under way: (seat, turn) once a seat pressed "roll" or decided in this turn
        self.rolling: tuple[int, int] | None = None
        self.turns = TurnClock(self)
        self._hints: dict[tuple[int, int], str | None] = {}  # (version, seat) -> the learner's odds hint
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

    def _make_agents(self) -> None:
        for seat, info in enumerate(self.seats):
            if info.kind == "bot" and seat not in self.agents:
                agent = within_budget(from_spec(info.bot or "random"), self.services.limits)
                agent.reset(seat)
                self.agents[seat] = agent

    def _replay(self, actions: list[str]) -> tuple[State, list[str]]:
        """The state after ``actions`` and its log, with the server's notes after the actions they concern."""
        state = self.game.new_initial_state()
        lines: list[str] = []
        for number, text in enumerate(actions):
            size = state.log_size()
            state.apply_action(text)
            lines.extend(state.log(size))
            if number in self.notes:
                lines.append(self.notes[number])
        return state, lines

    def busy(self) -> bool:
        """Is anything going on here (a viewer, the server's move, a live event, a change being stored)?"""
        driving = self._driver is not None and not self._driver.done()
        timed = self.turns.wait is not None and self.turns.wait.deadline is not None  # the clock will play
        return bool(self.connections) or driving or timed or self.live is not None or self.lock.locked()

    # -- who may act -----------------------------------------------------------------
    def hand_for_token(self, token: str | None) -> Hand:
        """The seats a token holds (several when people share a device); ``()`` for no token; refuses a bad one."""
        if token is None or token == "":
            return ()
        digest = hash_token(token)
        hand = tuple(s for s, info in enumerate(self.seats) if info.kind == "human" and info.token_hash == digest)
        if not hand:
            raise Refused(f"this join link is not valid for game {self.id} (no seat has this token); "
                          "check that you copied the whole link, or watch as a spectator", 403)
        expires = self.seats[hand[0]].expires
        if expires and datetime.fromisoformat(expires) < datetime.now(UTC):
            raise Refused(f"this join link for seat {hand[0] + 1} of game {self.id} has expired; "
                          "you can still watch the game as a spectator", 403)
        return hand

    def _check_turn(self, hand: Hand) -> int:
        """The seat of ``hand`` whose turn it is (refused if none is)."""
        if not hand:
            raise Refused("spectators cannot act: open your seat's secret join link to play", 403)
        if self.closed:
            raise Refused("this game was just put away; try again", 503)
        if self.status == WAITING:
            raise Refused("the game has not started: it waits for every player to join (or the host to start it)",
                          409)
        if self.state.is_terminal():
            raise Refused("the game is over; nothing more can be played", 409)
        mover = self.state.current_player()
        if mover not in hand:
            raise Refused(f"it is not your turn: waiting for {views.describe_mover(self, mover)}", 409)
        return mover

    def is_away(self, seat: int) -> bool:
        """A person with no page open on the game."""
        return self.seats[seat].kind == "human" and seat not in self.connected_seats()

    async def mark_joined(self, hand: Hand) -> None:
        """The holder of ``hand`` opened the game; a waiting game starts once everyone has."""
        fresh = [s for s in hand if not self.seats[s].joined]
        if not fresh:
            return
        for seat in fresh:
            self.seats[seat].joined = True
        if self.status == WAITING and all(s.joined for s in self.seats if s.kind == "human"):
            await self._start_locked()
        else:
            await self.services.writer.call(self.services.store.set_seats, self.id, self.seats)
        self.broadcast()

    # -- the waiting room and the people's settings ----------------------------------------------
    async def start(self, hand: Hand, stand_in: str) -> None:
        """The host starts a waiting game: seats nobody has joined are played by ``stand_in`` bots."""
        if not hand:
            raise Refused("spectators cannot start a game", 403)
        if self.status != WAITING:
            raise Refused("the game has already started", 409)
        hosts = [s for s, info in enumerate(self.seats) if info.host]
        if hosts and not set(hosts) & set(hand):
            raise Refused(f"only the host ({views.seat_label(self, hosts[0])}) can start the game early", 403)
        for info in self.seats:
            if info.kind == "human" and not info.joined:
                info.kind, info.bot, info.token_hash = "bot", stand_in, None
                info.name = f"{info.name} (bot)"
        await self._start_locked()
        self.broadcast()

    async def _start_locked(self) -> None:
        self.status = RUNNING
        self._make_agents()
        await self.services.writer.call(self.services.store.start, self.id, self.seats)
        self.kick()

    async def rename(self, hand: Hand, name: str, seat: int | None = None) -> None:
        """The holder of a seat gives their name (``seat``: which one, when one device holds several)."""
        name = " ".join(name.split())[:40]
        if not hand:
            raise Refused("spectators have no seat to name", 403)
        if seat is None and len(hand) > 1:
            raise Refused("this link plays several seats: say which seat the name is for", 422)
        seat = hand[0] if seat is None else seat
        if seat not in hand:
            raise Refused(f"seat {seat + 1} is not yours", 403)
        if not name:
            raise Refused("a name needs at least one letter or digit", 422)
        self.seats[seat].name = name
        await self.services.writer.call(self.services.store.set_seats, self.id, self.seats)
        self.broadcast()

    async def set_prefs(self, hand: Hand, auto_roll: bool | None, hints: bool | None) -> None:
        """A person's settings: the server rolls their dice at once (``auto_roll``), odds hints (``hints``)."""
        if not hand:
            raise Refused("spectators have no settings to change", 403)
        for seat in hand:
            info = self.seats[seat]
            if auto_roll is not None:
                info.auto_roll = auto_roll
            if hints is not None:
                info.hints = hints
                info.hints_used = info.hints_used or hints
        await self.services.writer.call(self.services.store.set_seats, self.id, self.seats)
        self.broadcast()
        self.kick()

    # -- changes -----------------------------------------------------------------------
    async def act(self, hand: Hand, text: str, expected: int | None = None) -> int:
        """A person's decision: checked, stored, broadcast. Returns the new action count."""
        async with self.lock:
            seat = self._check_turn(hand)
            if self.live is not None:
                raise Refused("wait: a live event is being played out", 409)
            if expected is not None and expected != len(self.actors):
                raise Refused(f"the game has moved on (you saw {expected} actions, there are "
                              f"{len(self.actors)}); look again and choose", 409)
            try:
                action = self.state.parse_action(text)
            except IllegalActionError as exc:
                raise Refused(str(exc), 422) from None
            await self._commit_locked(action, seat)
        self.kick()
        return len(self.actors)

    async def commit(self, action: Action, actor: int, version: int | None = None, note: str | None = None) -> bool:
        """Apply an action chosen by the server (chance, a bot, a live event); False if stale."""
        async with self.lock:
            if version is not None and version != self.version:
                return False
            if self.closed or action not in self.state.legal_actions():
                return False
            await self._commit_locked(action, actor, note)
        return True

    async def _commit_locked(self, action: Action, actor: int, note: str | None = None) -> None:
        number = len(self.actors)
        before = self.state
        after = before.clone()
        after.apply_action(action)  # raises before anything changed if illegal
        header = None
        if after.is_terminal():  # the header changes only when the game ends
            header = finished_header(list(after.winners()), [float(r) for r in after.returns()])
        await self.services.writer.append(Append(self.id, number, str(action), actor, header, note))
        if actor >= 0:  # a decision: a roll it sets off in the same turn needs no press
            self.rolling = (actor, before.turn_number())
        self.state = after
        self.log_lines.extend(after.log(before.log_size()))
        if note is not None:
            self.notes[number] = note
            self.log_lines.append(note)
        self.actors.append(actor)
        if after.is_terminal():
            self.status = FINISHED
        self.version += 1
        self.used = time.monotonic()
        self.turns.stop()
        self.broadcast()

    async def undo(self, hand: Hand) -> int:
        """Take back the seat's own last decision, as Board Game Arena allows."""
        async with self.lock:
            if not hand:
                raise Refused("spectators cannot undo", 403)
            seat = self.actors[-1] if self.actors and self.actors[-1] in hand else hand[0]
            reason = views.undo_refusal(self, seat)
            if reason is not None:
                raise Refused(reason, 409)
            keep = len(self.actors) - 1
            await self.services.writer.call(self.services.store.truncate, self.id, keep)
            self.notes = {n: text for n, text in self.notes.items() if n < keep}
            self.state, self.log_lines = self._replay([str(a) for a in self.state.history()[:keep]])
            self.actors = self.actors[:keep]
            self.rolling = None
            self.turns.stop()
            self.version += 1
            for conn in self.connections:
                conn.log_seen = -1
                conn.n_seen = -1
            self.broadcast()
        self.kick()
        return len(self.actors)

    async def press(self, hand: Hand, what: str, seat: int | None = None) -> None:
        """A button: roll your dice, or act in a live event (roll a die against the timer, call out first ...).

        ``seat`` says which of the hand's seats presses (pass and play); by default the first
        that may.
        """
        if not hand:
            raise Refused("spectators cannot take part in a live event or roll dice", 403)
        if seat is not None and seat not in hand:
            raise Refused(f"seat {seat + 1} is not yours", 403)
        live = self.live
        if live is None:
            if what == ROLL:
                await self._roll(hand if seat is None else (seat,))
                return
            raise Refused("there is no live event to take part in right now", 409)
        if seat is None:
            seat = next((s for s in hand if live.may_act(s)), hand[0])
        await live.press(seat, what)

    async def _roll(self, hand: Hand) -> None:
        """A person rolls the dice the server is waiting for them to roll."""
        async with self.lock:
            roller = roll_waits_for(self) if self.status == RUNNING else None
            if roller is None or roller not in hand:
                raise Refused("there is nothing for you to roll right now", 409)
            self.rolling = (roller, self.state.turn_number())
            self.turns.stop()
        self.kick()

    async def play_for(self, seat: int, kind: str, version: int) -> None:
        """The turn clock ran out: the server rolls or decides for the person, and the log says so."""
        state = self.state
        if version != self.version or state.is_terminal():
            return
        if kind == ROLL:
            if roll_waits_for(self) != seat:
                return
            self.rolling = (seat, state.turn_number())
            await self.commit(self.streams.chance(state), BY_CHANCE, version, clock_note(seat, ROLL))
        else:
            if state.current_player() != seat:
                return
            action = stand_in_move(self, seat, self.streams.seat(seat))
            await self.commit(action, seat, version, clock_note(seat, DECIDE))
        self.kick()

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
                if state.is_terminal() or self.status == WAITING:
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
                            self.rolling = None
                        self.broadcast()
                        continue
                    roller = roll_waits_for(self)
                    if roller is not None:
                        self.turns.start(roller, ROLL)
                        return  # the person's press kicks the driver again
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
                    self.turns.start(mover, DECIDE)
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
        self.turns.stop()
        if self._driver is not None:
            self._driver.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._driver
        for conn in list(self.connections):
            conn.close()

    # -- the learners' odds hints ------------------------------------------------------------
    def hint(self, seat: int) -> str | None:
        """The odds hint for ``seat`` at this position, once computed (in a thread: it may enumerate a roll)."""
        key = (self.version, seat)
        if key in self._hints:
            return self._hints[key]
        self._hints = {k: v for k, v in self._hints.items() if k[0] == self.version}
        self._hints[key] = None
        asyncio.get_running_loop().create_task(self._compute_hint(key, self.state))
        return None

    async def _compute_hint(self, key: tuple[int, int], state: State) -> None:
        text = await asyncio.to_thread(hint_for, self.game, state, key[1])
        if key[0] == self.version and text is not None:
            self._hints[key] = text
            self.broadcast()

    # -- connections --------------------------------------------------------------------
    async def attach(self, conn: Connection) -> None:
        if conn.hand:
            await self.mark_joined(conn.hand)  # stored before anyone sees the seat as joined
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
        personal = views.personal_view(self, conn.hand, log_from=max(conn.log_seen, 0),
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
        return {s for c in self.connections for s in c.hand}


def new_seed() -> int:
    return random.SystemRandom().randrange(2**62)
