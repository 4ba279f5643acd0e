"""The web server: a lobby, game pages, replays, a JSON API and one WebSocket per viewer.

``create_app(database_url)`` builds the FastAPI application; ``tabletop serve``
runs it with uvicorn. The server is authoritative: clients send actions (by
their notation) and receive views; the rules, the dice and the bots run here.

WebSocket protocol (``/ws/{game_id}?token=...``, JSON text frames; the lobby's is :mod:`.lobby_feed`):

- server to client: ``{"type": "view", ...}`` (see :func:`views.seat_view`) after every
  change, ``{"type": "ack", "id": ..., "n": ...}`` when a request was accepted and
  ``{"type": "error", "id": ..., "message": ...}`` when it was refused;
- client to server: ``{"type": "act", "action": "advance", "n": 12, "id": 1}``,
  ``{"type": "undo", "id": 2}``, ``{"type": "press", "what": "roll", "id": 3}``,
  ``{"type": "ping"}``.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware

from tabletop._version import __version__
from tabletop.core.errors import TabletopError
from tabletop.core.i18n import LANGUAGES, _
from tabletop.core.registry import list_games
from tabletop.interfaces.web import boards as board_files
from tabletop.interfaces.web import views
from tabletop.interfaces.web.analysis import Analyses
from tabletop.interfaces.web.bots import BotPool
from tabletop.interfaces.web.bundle import add_game_page
from tabletop.interfaces.web.catalog import catalog, check_bot
from tabletop.interfaces.web.chat import Chats, chat_router
from tabletop.interfaces.web.driver import new_seed
from tabletop.interfaces.web.editor import add_editor
from tabletop.interfaces.web.errors import Refused
from tabletop.interfaces.web.hub import Hub
from tabletop.interfaces.web.language import (
    LANGUAGE_HEADERS,
    STATIC,
    LanguageMiddleware,
    html_page,
    js_catalog,
    page,
    problem_page,
    wants_page,
)
from tabletop.interfaces.web.limits import AddressLimiter, BodyLimit, Limits
from tabletop.interfaces.web.live import race_for
from tabletop.interfaces.web.lobby_feed import LobbyFeed, lobby_router
from tabletop.interfaces.web.messages import (
    ActRequest,
    CreateRequest,
    NameRequest,
    PrefsRequest,
    PressRequest,
    TokenRequest,
    problems,
)
from tabletop.interfaces.web.open_tables import OpenTables, tables_router
from tabletop.interfaces.web.options import Boards, board_of, board_option, check_client_options, file_options
from tabletop.interfaces.web.peers import Peers
from tabletop.interfaces.web.players import PlayerLimits, Players
from tabletop.interfaces.web.players_api import GuestCookie, players_router
from tabletop.interfaces.web.services import Services, Settings
from tabletop.interfaces.web.shards import Shard
from tabletop.interfaces.web.sockets import serve_socket
from tabletop.interfaces.web.store import RUNNING, TRANSIENT, WAITING, Seat, Store, StoredGame, hash_token, new_token
from tabletop.interfaces.web.tables import expiry, rematch, stand_in
from tabletop.interfaces.web.writer import Writer


class Assets(StaticFiles):
    """The pages' scripts, styles and images; not the pages' templates beside them (``*.html``: 404)."""

    async def get_response(self, path: str, scope: Any) -> Response:
        if path.endswith(".html"):
            raise StarletteHTTPException(status_code=404)
        return await super().get_response(path, scope)


def create_app(
    database_url: str = "sqlite:///tabletop.db",
    settings: Settings | None = None,
    live: bool = True,
    limits: Limits | None = None,
    data: Mapping[str, str | Path] | None = None,
    shard: str | None = None,
    shard_wait: float = 30.0,
    unprefixed: bool = False,
    player_limits: PlayerLimits | None = None,
) -> FastAPI:
    """The web application, storing its games at ``database_url`` (any SQLAlchemy URL).

    ``limits`` bound what clients may cost (:class:`~.limits.Limits`); ``data`` maps a game to the
    operator's own board file, read once here. ``shard`` names this server's shard in a deployment
    of several on one PostgreSQL database (:mod:`.shards`); ``None``: the only server. A shard waits up to
    ``shard_wait`` seconds for its lock (:mod:`.peers`) at start-up; ``unprefixed``: it also owns the games
    made by a server without shards; ``player_limits`` bound sign-ups and log-ins.
    """
    settings = settings or Settings()
    limits = limits or Limits()
    owned = Shard(shard, unprefixed=unprefixed and shard is not None)
    if shard is not None and not database_url.startswith("postgresql"):
        raise ValueError(f"shard {shard} needs the PostgreSQL database its peers share, not {database_url!r}")
    store = Store(database_url, owned)
    try:
        boards = Boards(store, data)
    except BaseException:
        store.close()
        raise
    services = Services(store=store, writer=Writer(store), pool=BotPool(limits), boards=boards, settings=settings,
                        limits=limits, races=race_for if live else None)
    players = Players(store, services.writer, player_limits)
    services.players = players
    hub = Hub(services)
    peers = Peers(database_url, owned, hub.watched, shard_wait) if shard is not None else None
    analyses = Analyses(store, services.writer, limits)
    creations = AddressLimiter(limits.games_per_minute / 60.0, limits.games_burst, limits.addresses,
                               limits.server_games_per_minute / 60.0, limits.server_games_burst)
    replays = AddressLimiter(limits.replays_per_second, limits.replays_burst, limits.addresses,
                             limits.server_replays_per_second, 2 * limits.server_replays_per_second)
    open_tables = OpenTables(hub, players)
    lobby = LobbyFeed(open_tables, limits)
    services.tables_changed = lobby.changed
    chats = Chats(store, services.writer, players)
    services.chat = chats

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if peers is not None:  # first the shard's lock: no game of the shard is touched without it
            await peers.start()
        hub.start()
        analyses.start()
        yield
        await analyses.close()
        await lobby.close()
        open_tables.close()
        await hub.close()
        await services.pool.close()
        await services.writer.close()
        if peers is not None:
            await peers.close()
        profiles.close()
        boards.close()
        store.close()

    app = FastAPI(title="tabletop", version=__version__, lifespan=lifespan)
    app.state.hub = hub
    app.state.store = store
    app.state.services = services
    app.state.peers = peers
    app.state.analyses = analyses
    app.state.sockets = {}
    app.add_middleware(BodyLimit, limit=limits.body_bytes, larger={
        "/api/editor/": limits.board_bytes, "/api/games": limits.body_bytes + 2 * limits.board_bytes})
    app.add_middleware(LanguageMiddleware)
    app.state.players = players
    app.add_middleware(GuestCookie, secure=players.limits.secure_cookies)
    app.include_router(players_router(players, hub))
    app.include_router(tables_router(open_tables))
    app.include_router(lobby_router(lobby, limits, app.state.sockets))  # before /ws/{game_id}
    app.include_router(chat_router(chats, hub))
    # pages, scripts, styles and JSON leave compressed (a phone on a slow network loads the table in a third of the
    # bytes); level 6, not 9: nearly as small, at a fraction of the server's time
    app.add_middleware(GZipMiddleware, minimum_size=500, compresslevel=6)
    app.mount("/static", Assets(directory=STATIC), name="static")

    @app.exception_handler(Refused)
    async def refused(request: Request, exc: Refused) -> Response:
        headers = {"Retry-After": str(max(1, round(exc.retry_after)))} if exc.retry_after else None
        if request.url.path.startswith(("/game/", "/replay/", "/editor/", "/leaderboard/", "/players/")):  # a page
            page = problem_page(exc.status, exc.message)
            page.headers.update(headers or {})
            return page
        return JSONResponse({"detail": exc.message}, status_code=exc.status, headers=headers)

    async def database_busy(_request: Request, _exc: Exception) -> Response:
        # a moment's failure of the database (issue 22's soak: SQLite locked): a 503 the client may retry, not a 500
        return JSONResponse({"detail": "the database is busy; try again in a moment"}, status_code=503,
                            headers={"Retry-After": "2"})

    for transient in TRANSIENT:
        app.add_exception_handler(transient, database_busy)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> Response:
        # the inputs are left out: they may be huge, or not even JSON (a number like 1e400 is infinite)
        return JSONResponse({"detail": f"invalid request: {problems(list(exc.errors()))}"}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_problem(request: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code == 400 and request.method == "POST":  # FastAPI could not parse the body
            return JSONResponse({"detail": "invalid request: the body is not JSON this server reads (nested too "
                                           "deep, or a number too long)"}, status_code=422)
        if exc.status_code == 404 and wants_page(request):
            return problem_page(404, _("There is no page at {path} on this server.").format(path=request.url.path[:80]))
        return await http_exception_handler(request, exc)

    # -- pages -------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def lobby_page(request: Request) -> HTMLResponse:
        # who you are and Play now are drawn with the page: their panels have their final size from the first frame
        me = await players.player(request.cookies)
        return html_page("lobby.html", me=me.name if me else None, games=catalog())

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    add_game_page(app, hub)  # and its scripts, bundled

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str) -> HTMLResponse:
        await hub.room(game_id)
        return html_page("replay.html")

    @app.get("/locales/{lang}.json", include_in_schema=False)
    async def language_catalog(lang: str) -> Response:
        """The pages' messages in ``lang``, compiled from its ``.po`` (``static/i18n.js`` loads it)."""
        if lang not in LANGUAGES:
            raise Refused(_("there is no language {lang} on this server").format(lang=repr(lang[:20])), 404)
        return Response(js_catalog(lang), media_type="application/json",
                        headers={"Cache-Control": "public, max-age=3600"})

    profiles = add_editor(app, limits, boards)

    @app.get("/boards/{game}/{path:path}", include_in_schema=False)
    async def board_file(game: str, path: str) -> Response:
        found = board_files.asset(game, path)
        if found is None:
            raise Refused(_("the board of {game} has no file {path}").format(game=repr(game), path=repr(path)), 404)
        if found.suffix == ".html":  # a board's guide is a template, in the viewer's language
            return HTMLResponse(page(found.parent, found.name), headers=LANGUAGE_HEADERS)
        return FileResponse(found)

    # -- the API -------------------------------------------------------------------------
    @app.get("/api/catalog")
    async def api_catalog() -> dict[str, Any]:
        return {"games": catalog()}

    @app.get("/api/server")
    async def api_server() -> dict[str, Any]:
        """What the server holds now (for operators and the load scripts)."""
        return {
            "shard": owned.name, "games_in_memory": len(hub.rooms), "games_loaded": hub.loaded,
            "games_put_away": hub.evicted, "lobby_listings": lobby.computed,
            "actions_in_memory": sum(len(room.log) for room in hub.rooms.values()),
            "sockets": sum(app.state.sockets.values()), "bot_decisions": services.pool.decisions,
            "bot_decisions_over_budget": services.pool.over_budget, "transactions": services.writer.transactions,
            "actions_stored": services.writer.appended,
            "analyses_queued": analyses.queued, "analyses_computed": analyses.computed,
            **({"connections": door.total, "connections_turned_away": door.turned_away,
                "requests_timed_out": door.timed_out, "connections_closed_idle": door.closed_idle}
               if (door := getattr(app.state, "door", None)) else {}),
        }

    @app.get("/api/games")
    async def api_games() -> dict[str, Any]:
        listed = []
        for row in await asyncio.to_thread(store.listing):
            seats = [Seat.from_json(s) for s in row["seats"]]
            room = hub.rooms.get(row["id"])
            status = row["status"]
            if status == WAITING or (status == RUNNING and any(s.kind == "human" and not s.joined for s in seats)):
                status = "open"  # waiting for a person to open their link
            listed.append({
                "id": row["id"], "game": row["game"], "status": status, "actions": row["n"],
                "board": board_of(row["game"], row["options"]),
                "seats": [{"kind": s.kind, "name": s.name, "bot": s.bot, "joined": s.joined} for s in seats],
                "watchers": room.readonly.viewers if room else peers.watchers(row["id"]) if peers else 0,
                "winners": row["winners"], "updated": str(row["last"]),
                "spectate": f"/game/{row['id']}", "replay": f"/replay/{row['id']}",
            })
        return {"games": listed}

    @app.post("/api/games", status_code=201)
    async def api_create(body: CreateRequest, request: Request) -> dict[str, Any]:
        address = request.client.host if request.client else "unknown"
        wait = creations.take(address)
        if wait:
            raise Refused(f"too many games created: at most {limits.games_per_minute:g} a minute from one address "
                          f"and {limits.server_games_per_minute:g} on the server; try again in {wait:.0f} s", 429,
                          retry_after=wait)
        if body.game not in list_games():
            raise Refused(f"unknown game {body.game!r}; available games: {', '.join(list_games())}", 422)
        try:
            check_client_options(body.game, body.options)
        except TabletopError as exc:
            raise Refused(str(exc), 422) from None
        options = boards.new_options(body.game, body.options)
        options.setdefault("players", len(body.seats))
        if options["players"] != len(body.seats):
            raise Refused(f"{options['players']} players need {options['players']} seats, got {len(body.seats)}", 422)
        if body.board is not None:  # a board of one's own, as content: checked as a file is, then kept
            try:
                options[board_option(body.game)] = await asyncio.to_thread(
                    boards.from_client, body.game, body.board, options["players"])
            except TabletopError as exc:
                raise Refused(str(exc), 422) from None
        try:  # made once per game and options (a Game checks its options and builds its tables: milliseconds)
            game, _board = services.game(body.game, options)
        except TabletopError as exc:
            raise Refused(str(exc), 422) from None
        stored_options = {**game.options, **{name: options.get(name) for name in file_options(body.game)}}
        expires = expiry(settings.token_days)
        seats: list[Seat] = []
        tokens: dict[int, str] = {}
        held: dict[int, str] = {}  # a holder's token: seats of one holder share it (pass and play)
        for number, seat_request in enumerate(body.seats):
            if seat_request.kind == "bot":
                spec = seat_request.bot or "random"
                check_bot(body.game, spec, limits)
                seats.append(Seat(kind="bot", name=seat_request.name.strip() or _("Bot {n}").format(n=number + 1),
                                  bot=spec))
                continue
            holder = seat_request.holder
            token = held.setdefault(holder, new_token()) if holder is not None else new_token()
            tokens[number] = token
            seats.append(Seat(kind="human", name=seat_request.name.strip() or _("Player {n}").format(n=number + 1),
                              token_hash=hash_token(token), expires=expires, host=seat_request.host,
                              auto_roll=seat_request.auto_roll))
        waits = body.start == "joined" and any(s.kind == "human" for s in seats)
        status = WAITING if waits else RUNNING
        seed = new_seed()
        game_id = await services.writer.call(store.create_game, body.game, stored_options, seed, seats, status,
                                             body.clock)
        unrated = await players.created(game_id, body.game, seats, body.rated, body.public, body.fill_after)
        hub.add(StoredGame(id=game_id, game=body.game, options=stored_options, seed=seed, seats=seats,
                           status=status, created=datetime.now(UTC), bots=any(s.kind == "bot" for s in seats),
                           clock=body.clock))
        if body.public and body.fill_after is not None and status == WAITING:
            open_tables.schedule(game_id, body.fill_after)
        return {
            "id": game_id,
            "rated": body.rated and unrated is None,
            "unrated": unrated,
            "spectate": f"/game/{game_id}",
            "replay": f"/replay/{game_id}",
            "seats": [
                {"seat": s, "kind": seat.kind, "name": seat.name, "bot": seat.bot,
                 "link": f"/game/{game_id}?token={tokens[s]}" if s in tokens else None}
                for s, seat in enumerate(seats)
            ],
        }

    @app.get("/api/games/{game_id}")
    async def api_view(game_id: str, request: Request, token: str | None = None) -> dict[str, Any]:
        room = await hub.room(game_id)
        hand = room.hand_for_token(token)
        await players.claim(room, hand, request.cookies)
        await room.mark_joined(hand)
        return views.seat_view(room.readonly, hand)

    @app.post("/api/games/{game_id}/act")
    async def api_act(game_id: str, body: ActRequest) -> dict[str, Any]:
        room = await hub.room(game_id)
        n = await room.act(room.hand_for_token(body.token), body.action, body.n)
        return {"ok": True, "n": n}

    @app.post("/api/games/{game_id}/undo")
    async def api_undo(game_id: str, body: TokenRequest) -> dict[str, Any]:
        room = await hub.room(game_id)
        n = await room.undo(room.hand_for_token(body.token))
        return {"ok": True, "n": n}

    @app.post("/api/games/{game_id}/press")
    async def api_press(game_id: str, body: PressRequest) -> dict[str, Any]:
        room = await hub.room(game_id)
        await room.press(room.hand_for_token(body.token), body.what, body.seat)
        return {"ok": True}

    @app.post("/api/games/{game_id}/start")
    async def api_start(game_id: str, body: TokenRequest) -> dict[str, Any]:
        room = await hub.room(game_id)
        await room.start(room.hand_for_token(body.token), stand_in(room.game.name))
        return {"ok": True}

    @app.post("/api/games/{game_id}/name")
    async def api_name(game_id: str, body: NameRequest) -> dict[str, Any]:
        room = await hub.room(game_id)
        await room.rename(room.hand_for_token(body.token), body.name, body.seat)
        return {"ok": True}

    @app.post("/api/games/{game_id}/prefs")
    async def api_prefs(game_id: str, body: PrefsRequest) -> dict[str, Any]:
        room = await hub.room(game_id)
        await room.set_prefs(room.hand_for_token(body.token), body.auto_roll, body.hints)
        return {"ok": True}

    @app.post("/api/games/{game_id}/rematch")
    async def api_rematch(game_id: str, body: TokenRequest) -> dict[str, Any]:
        room = await hub.room(game_id)
        new_id = await rematch(hub, room, room.hand_for_token(body.token))
        return {"id": new_id, "play": f"/game/{new_id}", "spectate": f"/game/{new_id}"}

    @app.get("/api/games/{game_id}/replay")
    async def api_replay(game_id: str, request: Request, step: int = 0) -> dict[str, Any]:
        wait = replays.take(request.client.host if request.client else "unknown")
        if wait:
            raise Refused(f"too many replay steps asked for: at most {limits.replays_per_second:g} a second; "
                          f"try again in {wait:.1f} s", 429, retry_after=wait)
        return views.replay_view((await hub.room(game_id)).readonly, step)

    @app.get("/api/games/{game_id}/analysis")
    async def api_analysis(game_id: str, request: Request) -> Response:
        """The analysis of a finished game: 200 when it is done, 202 (ask again after ``Retry-After``) while
        it waits or runs, 429 over a quota (see ``analysis.py``)."""
        room = await hub.room(game_id)
        status, body, wait = await analyses.of(room.id, room.record(), request.client.host if request.client
                                               else "unknown")
        headers = {"Retry-After": str(max(1, round(wait)))} if status == 202 else None
        return JSONResponse(body, status_code=status, headers=headers)

    @app.get("/api/games/{game_id}/record")
    async def api_record(game_id: str) -> Response:
        room = await hub.room(game_id)
        record = room.record()
        return Response(
            record.to_json() + "\n",
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="tabletop-{room.game.name}-{room.id}.json"'},
        )

    # -- the WebSocket --------------------------------------------------------------------
    @app.websocket("/ws/{game_id}")
    async def websocket(ws: WebSocket, game_id: str, token: str | None = None) -> None:
        await serve_socket(ws, hub, limits, app.state.sockets, game_id, token)

    @app.api_route("/{path:path}", methods=["GET", "HEAD"], include_in_schema=False)
    async def unknown_page(request: Request, path: str) -> Response:
        if not wants_page(request):
            return JSONResponse({"detail": "Not Found"}, status_code=404)
        return problem_page(404, _("There is no page at {path} on this server.").format(path=f"/{path[:80]}"))

    return app

