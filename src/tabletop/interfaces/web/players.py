"""The server's side of players: cookies, sign-up and log-in, seats claimed, games rated when they end.

:class:`Players` is what the rooms and the routes share (``app.state.players``, and
``Services.players`` for the rooms): it knows a request's person from its cookies, records the
seats they open as theirs, and rates a rated game when it ends. The routes are in
:mod:`.players_api`. What a client may cost is bounded by :class:`PlayerLimits`: log-ins and
sign-ups per address and per name (token buckets; beyond them 429 with ``Retry-After``), and
at most ``hashing`` password hashes at once (Argon2id takes 64 MiB and a good fraction of a
second each); more wait, and a crowd beyond ``hashing_queue`` is refused with 503.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import select, update

from tabletop.core.i18n import _
from tabletop.interfaces.web.accounts import (
    GUEST_COOKIE,
    SESSION_COOKIE,
    Accounts,
    Player,
    guest_owner,
)
from tabletop.interfaces.web.errors import Refused
from tabletop.interfaces.web.league import League
from tabletop.interfaces.web.limits import AddressLimiter
from tabletop.interfaces.web.ratings import unrated_reason
from tabletop.interfaces.web.schema import games_table
from tabletop.interfaces.web.store import Seat, Store, StoredGame
from tabletop.interfaces.web.writer import Writer

if TYPE_CHECKING:
    from tabletop.interfaces.web.rooms import Room

T = TypeVar("T")


@dataclass(frozen=True)
class PlayerLimits:
    """What sign-ups and log-ins may cost (per minute, with bursts)."""

    logins_per_minute: float = 10.0
    login_burst: float = 10.0
    #: attempts on one name, from anywhere (slows a guess at one account spread over many addresses)
    name_attempts_per_minute: float = 5.0
    name_attempt_burst: float = 10.0
    signups_per_minute: float = 2.0
    signup_burst: float = 5.0
    hashing: int = 2
    hashing_queue: int = 32
    addresses: int = 100_000
    session_days: float = 30.0
    #: cookies only over HTTPS (Chromium and Firefox count http://localhost as secure too); ``False``: plain
    #: http elsewhere (``tabletop serve --http-cookies``: Safari on localhost, phones on the local network)
    secure_cookies: bool = True


class Players:
    """Players as the server sees them (see the module's docstring)."""

    def __init__(self, store: Store, writer: Writer, limits: PlayerLimits | None = None) -> None:
        self.limits = limits or PlayerLimits()
        self.accounts = Accounts(store, self.limits.session_days)
        self.league = League(store, self.accounts)
        self.writer = writer
        self.engine = store.engine
        self._hashing = asyncio.Semaphore(self.limits.hashing)
        self._waiting = 0
        lim = self.limits
        self.logins = AddressLimiter(lim.logins_per_minute / 60, lim.login_burst, lim.addresses)
        self.names = AddressLimiter(lim.name_attempts_per_minute / 60, lim.name_attempt_burst, lim.addresses)
        self.signups = AddressLimiter(lim.signups_per_minute / 60, lim.signup_burst, lim.addresses)
        self._tasks: set[asyncio.Task[None]] = set()

    # -- who is asking ------------------------------------------------------------------------------
    async def player(self, cookies: Mapping[str, str]) -> Player | None:
        token = cookies.get(SESSION_COOKIE)
        return await asyncio.to_thread(self.accounts.session, token) if token else None

    async def owner(self, cookies: Mapping[str, str]) -> tuple[str | None, Player | None]:
        """Whose seats a request's opener takes: a player's id, a guest's key, or nobody (no cookie)."""
        player = await self.player(cookies)
        if player is not None:
            return player.id, player
        guest = cookies.get(GUEST_COOKIE)
        return (guest_owner(guest) if guest and len(guest) <= 128 else None), None

    async def hashed(self, work: Callable[[], T]) -> T:
        """Run a password hash or check in a thread, at most ``hashing`` at once."""
        if self._waiting >= self.limits.hashing_queue:
            raise Refused(_("the server is busy checking passwords; try again in a moment"), 503,
                          retry_after=2.0)
        self._waiting += 1
        try:
            async with self._hashing:
                return await asyncio.to_thread(work)
        finally:
            self._waiting -= 1

    # -- seats and games -------------------------------------------------------------------------------
    async def claim(self, room: Room, hand: tuple[int, ...], cookies: Mapping[str, str]) -> None:
        """The opener of ``hand`` took these seats: they are theirs (if nobody's before); a player's seats
        take the player's name."""
        if not hand:
            return
        owner, player = await self.owner(cookies)
        if owner is None:
            return
        owners = await self.writer.call(self.accounts.claim, room.id, hand, owner)
        if player is None:
            return
        for seat in hand:
            if owners.get(seat) == player.id and room.seats[seat].name != player.name:
                with contextlib.suppress(Refused):
                    await room.rename(hand, player.name, seat)

    async def created(self, game_id: str, game: str, seats: list[Seat], rated: bool, public: bool,
                      fill_after: float | None) -> str | None:
        """Mark a new game rated (if it can be) and public; returns why it is not rated, if asked and not."""
        reason = unrated_reason(game, seats) if rated else None
        values: dict[str, Any] = {"rated": rated and reason is None, "public": public}
        if fill_after is not None:
            values["fill_at"] = datetime.now(UTC) + timedelta(seconds=fill_after)
        if values["rated"] or public:
            def mark() -> None:
                with self.engine.begin() as conn:
                    conn.execute(update(games_table).where(games_table.c.id == game_id).values(**values))
            await self.writer.call(mark)
        return reason

    async def rematched(self, finished: str, rematch: StoredGame) -> None:
        """A rematch of a rated game is rated too (its seats are the same people's, so it may be); it is not public:
        its seats are taken by the players of the game before."""
        if await asyncio.to_thread(self.rated, finished):
            await self.created(rematch.id, rematch.game, rematch.seats, True, False, None)

    def rated(self, game_id: str) -> bool:
        with self.engine.connect() as conn:
            return bool(conn.execute(select(games_table.c.rated).where(games_table.c.id == game_id)).scalar())

    async def rate(self, room: Room) -> list[dict[str, Any]]:
        """Rate a finished game, if it is rated (once: asked again, the stored changes), on the writer's thread."""
        state, seats = room.state, list(room.seats)
        actors, notes = list(room.actors), dict(room.log.notes)

        def record() -> list[dict[str, Any]]:
            if not state.is_terminal() or not self.rated(room.id):
                return []
            return self.league.record(room.id, room.game.name, seats, state, actors, notes)

        return await self.writer.call(record)

    def finished(self, room: Room) -> None:
        """A game just ended: rate it (if rated), then tell its viewers."""

        async def run() -> None:
            await self.rate(room)
            room.broadcast()

        task = asyncio.get_running_loop().create_task(run())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


def new_guest_token() -> str:
    return secrets.token_urlsafe(24)
