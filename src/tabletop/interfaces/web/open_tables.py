"""Open tables and quick play: games anyone may join, listed in the lobby while they wait for players.

A host makes a table **public** (``"public": true`` when creating it): while it waits, the lobby
lists it (``GET /api/tables``: the game, its options, the seats free, the host's rating) and anyone
may take a free seat (``POST /api/tables/{id}/sit``: a new secret link for that seat, which counts
as joined; the game starts when every seat is taken). A lobby is sent the list as it changes
(``/ws/lobby``, :mod:`.lobby_feed`). **Play now** (``POST /api/play``) seats the
player at the oldest waiting public table of their game with a seat free, or opens one: the player
hosts it, the other seats are free, and after the wait they chose (``wait``, seconds) bots of the
lobby's usual level take the seats nobody took. Private invite links are unchanged.

Everything is bounded: the listing is at most :data:`LISTED` tables; sitting and playing now are
rate-limited per address like creating a game.
"""

from __future__ import annotations

import asyncio
import contextlib
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import and_, select

from tabletop.core.i18n import _
from tabletop.core.registry import game_class, list_games
from tabletop.interfaces.web.accounts import ratings_table, seat_owners_table
from tabletop.interfaces.web.driver import new_seed
from tabletop.interfaces.web.errors import Refused
from tabletop.interfaces.web.hub import Hub
from tabletop.interfaces.web.limits import AddressLimiter
from tabletop.interfaces.web.messages import MAX_CLOCK, MAX_FILL, MIN_CLOCK, MIN_FILL
from tabletop.interfaces.web.players import Players
from tabletop.interfaces.web.ratings import provisional, shown
from tabletop.interfaces.web.schema import games_table
from tabletop.interfaces.web.store import WAITING, Seat, StoredGame, hash_token, new_token
from tabletop.interfaces.web.tables import expiry

#: the most tables the lobby lists
LISTED = 50
#: the level of the bots that fill a quick-play table nobody joined (the lobby's usual level)
FILL_LEVEL = "medium"


class PlayNow(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    game: str = Field(max_length=64)
    players: Annotated[int, Field(ge=2, le=8)] = 2
    wait: Annotated[float, Field(ge=MIN_FILL, le=MAX_FILL, allow_inf_nan=False)] = 60.0
    clock: Annotated[float, Field(ge=MIN_CLOCK, le=MAX_CLOCK, allow_inf_nan=False)] | None = 60.0
    rated: bool = True
    name: Annotated[str, Field(max_length=40)] = ""


class Sit(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: Annotated[str, Field(max_length=40)] = ""


def _aware(stamp: datetime | None) -> datetime | None:
    return stamp.replace(tzinfo=UTC) if stamp is not None and stamp.tzinfo is None else stamp


class OpenTables:
    """The public tables (see the module's docstring)."""

    def __init__(self, hub: Hub, players: Players) -> None:
        self.hub = hub
        self.players = players
        self.engine = hub.services.store.engine
        limits = hub.services.limits
        self.sittings = AddressLimiter(limits.games_per_minute / 60.0, limits.games_burst, limits.addresses)
        self._timers: dict[str, asyncio.Task[None]] = {}

    def waiting(self, game: str | None = None) -> list[dict[str, Any]]:
        """The public tables waiting for players, oldest first, with their host's rating in the game."""
        query = (select(games_table.c.id, games_table.c.game, games_table.c.options, games_table.c.seats,
                        games_table.c.rated, games_table.c.fill_at, games_table.c.clock, games_table.c.created)
                 .where(games_table.c.public.is_(True), games_table.c.status == WAITING)
                 .order_by(games_table.c.created).limit(LISTED))
        if game is not None:
            query = query.where(games_table.c.game == game)
        with self.engine.connect() as conn:
            rows = [dict(r) for r in conn.execute(query).mappings().all()]
            hosts = {(str(g), int(s)): (float(mu), int(n)) for g, s, mu, n in conn.execute(
                select(seat_owners_table.c.game_id, seat_owners_table.c.seat, ratings_table.c.mu, ratings_table.c.games)
                .join(ratings_table, and_(ratings_table.c.player_id == seat_owners_table.c.owner))
                .join(games_table, and_(games_table.c.id == seat_owners_table.c.game_id,
                                        games_table.c.game == ratings_table.c.game))
                .where(seat_owners_table.c.game_id.in_([r["id"] for r in rows]))).all()} if rows else {}
        tables = []
        for row in rows:
            seats = [Seat.from_json(s) for s in row["seats"]]
            host = next((s for s, info in enumerate(seats) if info.host), 0)
            rating = hosts.get((row["id"], host))
            fill_at = _aware(row["fill_at"])
            tables.append({
                "id": row["id"], "game": row["game"], "title": game_class(row["game"]).info.title
                if row["game"] in list_games() else row["game"],
                "options": {k: v for k, v in dict(row["options"]).items() if k != "players"},
                "players": len(seats),
                "free": sum(1 for s in seats if s.kind == "human" and not s.joined and not s.host),
                "seats": [{"name": s.name, "kind": s.kind, "taken": s.kind == "bot" or s.joined} for s in seats],
                "host": {"name": seats[host].name, "rating": shown(rating[0]) if rating else None,
                         "provisional": provisional(rating[1]) if rating else True},
                "rated": bool(row["rated"]), "clock": row["clock"],
                "fill_in": None if fill_at is None else max(0.0, (fill_at - datetime.now(UTC)).total_seconds()),
                "fill_at": None if fill_at is None else round(fill_at.timestamp(), 3),
            })
        return tables

    # -- taking a seat ------------------------------------------------------------------------------
    async def sit(self, game_id: str, request: Request, name: str) -> dict[str, Any]:
        room = await self.hub.room(game_id)
        if not await asyncio.to_thread(self._public, game_id):
            raise Refused(_("this game is not an open table: ask its host for a link"), 403)
        player = await self.players.player(request.cookies)
        token = new_token()
        shown_name = player.name if player else (" ".join(name.split()) or _("Guest"))
        seat = await room.sit(hash_token(token), shown_name, expiry(self.hub.services.settings.token_days))
        if seat is None:
            raise Refused(_("this table has no free seat any more; try another, or Play now"), 409)
        await self.players.claim(room, (seat,), request.cookies)
        return {"id": game_id, "seat": seat, "link": f"/game/{game_id}?token={token}"}

    def _public(self, game_id: str) -> bool:
        with self.engine.connect() as conn:
            return bool(conn.execute(select(games_table.c.public).where(games_table.c.id == game_id)).scalar())

    async def play_now(self, body: PlayNow, request: Request) -> dict[str, Any]:
        if body.game not in list_games():
            raise Refused(_("unknown game {game}; available games: {games}").format(
                game=repr(body.game), games=", ".join(list_games())), 422)
        info = game_class(body.game).info
        if not info.min_players <= body.players <= info.max_players:
            raise Refused(_("{game} is for {low} to {high} players").format(game=_(info.title), low=info.min_players,
                                                                       high=info.max_players), 422)
        for table in await asyncio.to_thread(self.waiting, body.game):
            if table["free"] and table["players"] == body.players:
                with contextlib.suppress(Refused):
                    return {**await self.sit(table["id"], request, body.name), "opened": False}
        return {**await self.open(body, request), "opened": True}

    async def open(self, body: PlayNow, request: Request) -> dict[str, Any]:
        """A new public table for ``body.game``: the player hosts it, bots fill it after ``body.wait``."""
        services = self.hub.services
        player = await self.players.player(request.cookies)
        token = new_token()
        expires = expiry(services.settings.token_days)
        seats = [Seat(kind="human", name=player.name if player else (" ".join(body.name.split()) or _("Host")),
                      token_hash=hash_token(token), expires=expires, joined=True, host=True)]
        seats += [Seat(kind="human", name=_("Free seat {n}").format(n=n + 2), token_hash=hash_token(new_token()),
                       expires=expires) for n in range(body.players - 1)]
        options = dict(services.boards.make(body.game, {"players": body.players}).options)
        seed = new_seed()
        game_id = await services.writer.call(services.store.create_game, body.game, options, seed, seats, WAITING,
                                             body.clock)
        await self.players.created(game_id, body.game, seats, body.rated, True, body.wait)
        room = self.hub.add(StoredGame(id=game_id, game=body.game, options=options, seed=seed, seats=seats,
                                       status=WAITING, created=datetime.now(UTC), bots=False, clock=body.clock))
        await self.players.claim(room, (0,), request.cookies)
        self.schedule(game_id, body.wait)
        return {"id": game_id, "seat": 0, "link": f"/game/{game_id}?token={token}"}

    # -- bots fill a table nobody joined -------------------------------------------------------------
    def schedule(self, game_id: str, seconds: float) -> None:
        async def later() -> None:
            await asyncio.sleep(seconds)
            self._timers.pop(game_id, None)
            await self.fill(game_id)

        self._timers[game_id] = asyncio.get_running_loop().create_task(later())

    async def fill(self, game_id: str) -> None:
        """Bots take the free seats of a waiting table whose wait is over (the host's start, done for them)."""
        with contextlib.suppress(Refused):
            room = await self.hub.room(game_id)
            if room.seating.status != WAITING:
                return
            host = tuple(s for s, info in enumerate(room.seats) if info.host) or (0,)
            await room.start(host, FILL_LEVEL)

    async def overdue(self, waiting: list[dict[str, Any]] | None = None) -> None:
        """Fill the tables whose wait ran out while no timer watched them (after a restart); ``waiting``: the
        tables just listed, if they were."""
        for table in waiting if waiting is not None else await asyncio.to_thread(self.waiting):
            if table["fill_in"] == 0.0 and table["id"] not in self._timers:
                await self.fill(table["id"])

    def close(self) -> None:
        for task in self._timers.values():
            task.cancel()
        self._timers.clear()


def tables_router(tables: OpenTables) -> APIRouter:
    router = APIRouter()

    def throttle(request: Request) -> None:
        wait = tables.sittings.take(request.client.host if request.client else "unknown")
        if wait:
            raise Refused(_("too many tables joined from your address; try again in {seconds} s").format(
                seconds=f"{wait:.0f}"), 429, retry_after=wait)

    @router.get("/api/tables")
    async def api_tables(game: str | None = None) -> dict[str, Any]:
        await tables.overdue()
        return {"tables": [t for t in await asyncio.to_thread(tables.waiting, game) if t["free"]]}

    @router.post("/api/tables/{game_id}/sit")
    async def api_sit(game_id: str, body: Sit, request: Request) -> dict[str, Any]:
        throttle(request)
        return await tables.sit(game_id, request, body.name)

    @router.post("/api/play")
    async def api_play(body: PlayNow, request: Request) -> dict[str, Any]:
        throttle(request)
        return await tables.play_now(body, request)

    return router

