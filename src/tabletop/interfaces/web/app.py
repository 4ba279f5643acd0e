"""The web server: a lobby, game pages, replays, a JSON API and one WebSocket per viewer.

``create_app(database_url)`` builds the FastAPI application; ``tabletop serve``
runs it with uvicorn. The server is authoritative: clients send actions (by
their notation) and receive views; the rules, the dice and the bots run here.

WebSocket protocol (``/ws/{game_id}?token=...``, JSON text frames):

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
import html
import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from tabletop._version import __version__
from tabletop.agents.registry import from_spec
from tabletop.core.errors import TabletopError
from tabletop.core.record import Record
from tabletop.core.registry import game_class, has_part, list_games, make
from tabletop.interfaces.web import boards, views
from tabletop.interfaces.web.live import live_event_for
from tabletop.interfaces.web.rooms import Connection, Hub, Refused, Room, Settings, new_seed
from tabletop.interfaces.web.store import FINISHED, Seat, Store, hash_token, new_token

STATIC = Path(__file__).resolve().parent / "static"

_PROBLEM_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>tabletop</title>
<link rel="stylesheet" href="/static/style.css"></head>
<body><header class="top"><h1><a href="/">tabletop</a></h1></header>
<main class="lobby-main"><p class="panel error">{message}</p><p><a href="/">Back to the lobby</a></p></main>
</body></html>"""


class SeatRequest(BaseModel):
    kind: str = Field(pattern="^(human|bot)$")
    name: str = Field(default="", max_length=40)
    bot: str | None = Field(default=None, max_length=100)


class CreateRequest(BaseModel):
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatRequest]


class ActRequest(BaseModel):
    token: str | None = None
    action: str
    n: int | None = None


class TokenRequest(BaseModel):
    token: str | None = None


class PressRequest(BaseModel):
    token: str | None = None
    what: str


def heuristic_available(game: str) -> bool:
    return has_part(game, "heuristic")


def bot_choices(game: str) -> list[dict[str, str]]:
    """The bot strengths offered for a game, weakest first."""
    choices = [{"spec": "random", "label": "Easy (random)"}]
    if heuristic_available(game):
        choices.append({"spec": "heuristic", "label": "Medium (heuristic)"})
        choices.append({"spec": "mcts:iterations=200:rollout=heuristic", "label": "Strong (MCTS + heuristic)"})
    else:
        choices.append({"spec": "mcts:iterations=200", "label": "Strong (MCTS)"})
    return choices


def catalog() -> list[dict[str, Any]]:
    games = []
    for name in list_games():
        info = game_class(name).info
        games.append({
            "name": name,
            "title": info.title,
            "description": info.description,
            "min_players": info.min_players,
            "max_players": info.max_players,
            "options": [
                {"name": o.name, "kind": o.kind if isinstance(o.kind, str) else o.kind.__name__,
                 "default": o.default, "help": o.help, "choices": list(o.choices) if o.choices else None,
                 "minimum": o.minimum, "maximum": o.maximum, "nullable": o.nullable, "allowed": o.describe_allowed()}
                for o in info.options
                if o.name != "players" and o.kind != "path"
            ],
            "bots": bot_choices(name),
        })
    return games


def _check_bot(game: str, spec: str) -> None:
    try:
        from_spec(spec)
    except TabletopError as exc:
        raise Refused(f"bot {spec!r}: {exc}", 422) from None
    if ("heuristic" in spec.split(":")[0] or "rollout=heuristic" in spec) and not heuristic_available(game):
        raise Refused(f"there is no heuristic bot for {game} yet; choose random or mcts", 422)


def create_app(
    database_url: str = "sqlite:///tabletop.db",
    settings: Settings | None = None,
    live: bool = True,
) -> FastAPI:
    """The web application, storing its games at ``database_url`` (any SQLAlchemy URL)."""
    settings = settings or Settings()
    store = Store(database_url)
    hub = Hub(store, settings, live_event_for if live else None)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        hub.resume_all()
        yield
        await hub.close()
        store.close()

    app = FastAPI(title="tabletop", version=__version__, lifespan=lifespan)
    app.state.hub = hub
    app.state.store = store
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(Refused)
    async def refused(request: Request, exc: Refused) -> Response:
        if request.url.path.startswith(("/game/", "/replay/")):  # a page: say it in a page
            page = _PROBLEM_PAGE.format(message=html.escape(exc.message, quote=False))
            return HTMLResponse(page, status_code=exc.status)
        return JSONResponse({"detail": exc.message}, status_code=exc.status)

    # -- pages -------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "lobby.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    @app.get("/game/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> FileResponse:
        hub.room(game_id)
        return FileResponse(STATIC / "game.html")

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str) -> FileResponse:
        hub.room(game_id)
        return FileResponse(STATIC / "replay.html")

    @app.get("/boards/{game}/{path:path}", include_in_schema=False)
    async def board_file(game: str, path: str) -> FileResponse:
        found = boards.asset(game, path)
        if found is None:
            raise Refused(f"the board of {game!r} has no file {path!r}", 404)
        return FileResponse(found)

    # -- the API -------------------------------------------------------------------------
    @app.get("/api/catalog")
    async def api_catalog() -> dict[str, Any]:
        return {"games": catalog()}

    @app.get("/api/games")
    async def api_games() -> dict[str, Any]:
        listed = []
        for row in store.listing():
            seats = [Seat.from_json(s) for s in row["seats"]]
            room = hub.rooms.get(row["id"])
            status = row["status"]
            if status != FINISHED and any(s.kind == "human" and not s.joined for s in seats):
                status = "open"
            listed.append({
                "id": row["id"], "game": row["game"], "status": status, "actions": row["n"],
                "seats": [{"kind": s.kind, "name": s.name, "bot": s.bot, "joined": s.joined} for s in seats],
                "watchers": len(room.connections) if room else 0,
                "winners": row["winners"], "updated": str(row["last"]),
                "spectate": f"/game/{row['id']}", "replay": f"/replay/{row['id']}",
            })
        return {"games": listed}

    @app.post("/api/games", status_code=201)
    async def api_create(body: CreateRequest) -> dict[str, Any]:
        if body.game not in list_games():
            raise Refused(f"unknown game {body.game!r}; available games: {', '.join(list_games())}", 422)
        options = dict(body.options)
        options.setdefault("players", len(body.seats))
        if options["players"] != len(body.seats):
            raise Refused(f"{options['players']} players need {options['players']} seats, got {len(body.seats)}", 422)
        try:
            game = make(body.game, **options)
        except TabletopError as exc:
            raise Refused(str(exc), 422) from None
        expires = (datetime.now(UTC) + timedelta(days=settings.token_days)).isoformat()
        seats: list[Seat] = []
        tokens: dict[int, str] = {}
        for number, request in enumerate(body.seats):
            if request.kind == "bot":
                spec = request.bot or "random"
                _check_bot(body.game, spec)
                seats.append(Seat(kind="bot", name=request.name or f"bot {number + 1}", bot=spec))
            else:
                token = tokens[number] = new_token()
                seats.append(Seat(kind="human", name=request.name or f"player {number + 1}",
                                  token_hash=hash_token(token), expires=expires))
        game_id = store.create_game(body.game, game.options, new_seed(), seats)
        hub.room(game_id, game)
        return {
            "id": game_id,
            "spectate": f"/game/{game_id}",
            "replay": f"/replay/{game_id}",
            "seats": [
                {"seat": s, "kind": seat.kind, "name": seat.name, "bot": seat.bot,
                 "link": f"/game/{game_id}?token={tokens[s]}" if s in tokens else None}
                for s, seat in enumerate(seats)
            ],
        }

    @app.get("/api/games/{game_id}")
    async def api_view(game_id: str, token: str | None = None) -> dict[str, Any]:
        room = hub.room(game_id)
        return views.seat_view(room, room.seat_for_token(token))

    @app.post("/api/games/{game_id}/act")
    async def api_act(game_id: str, body: ActRequest) -> dict[str, Any]:
        room = hub.room(game_id)
        n = await room.act(_actor(room, body.token), body.action, body.n)
        return {"ok": True, "n": n}

    @app.post("/api/games/{game_id}/undo")
    async def api_undo(game_id: str, body: TokenRequest) -> dict[str, Any]:
        room = hub.room(game_id)
        n = await room.undo(_actor(room, body.token))
        return {"ok": True, "n": n}

    @app.post("/api/games/{game_id}/press")
    async def api_press(game_id: str, body: PressRequest) -> dict[str, Any]:
        room = hub.room(game_id)
        await room.press(_actor(room, body.token), body.what)
        return {"ok": True}

    @app.get("/api/games/{game_id}/replay")
    async def api_replay(game_id: str, step: int = 0) -> dict[str, Any]:
        return views.replay_view(hub.room(game_id), step)

    @app.get("/api/games/{game_id}/record")
    async def api_record(game_id: str) -> Response:
        room = hub.room(game_id)
        record = record_of(room)
        return Response(
            record.to_json() + "\n",
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="tabletop-{room.game.name}-{room.id}.json"'},
        )

    # -- the WebSocket --------------------------------------------------------------------
    @app.websocket("/ws/{game_id}")
    async def websocket(ws: WebSocket, game_id: str, token: str | None = None) -> None:
        await ws.accept()
        try:
            room = hub.room(game_id)
            seat = room.seat_for_token(token)
        except Refused as exc:
            await ws.send_text(json.dumps({"type": "error", "fatal": True, "message": exc.message}))
            await ws.close(code=4403 if exc.status == 403 else 4404)
            return
        conn = Connection(seat=seat, send=ws.send_text)
        sender = asyncio.create_task(conn.pump(room))
        room.attach(conn)
        try:
            while True:
                raw = await ws.receive_text()
                reply = await _handle(room, seat, raw)
                if reply is not None:
                    conn.reply(reply)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            room.detach(conn)
            conn.close()
            with contextlib.suppress(Exception):
                await sender

    return app


def _actor(room: Room, token: str | None) -> int | None:
    return room.seat_for_token(token)


def record_of(room: Room) -> Record:
    """The game's record; the seed is published only once the game is over."""
    state = room.state
    over = state.is_terminal()
    return Record(
        game=room.game.name,
        version=__version__,
        options=room.game.options,
        seed=room.seed if over else None,
        agents=[seat.bot or "human" for seat in room.seats],
        actions=[str(a) for a in state.history()],
        winners=list(state.winners()) if over else None,
        returns=[float(r) for r in state.returns()] if over else None,
    )


async def _handle(room: Room, seat: int | None, raw: str) -> dict[str, Any] | None:
    try:
        message = json.loads(raw)
    except json.JSONDecodeError:
        return {"type": "error", "message": "messages must be JSON"}
    if not isinstance(message, dict):
        return {"type": "error", "message": "messages must be JSON objects"}
    kind = message.get("type")
    ident = message.get("id")
    try:
        if kind == "act":
            expected = message.get("n")
            n = await room.act(seat, str(message.get("action", "")), int(expected) if expected is not None else None)
            return {"type": "ack", "id": ident, "n": n}
        if kind == "undo":
            n = await room.undo(seat)
            return {"type": "ack", "id": ident, "n": n}
        if kind == "press":
            await room.press(seat, str(message.get("what", "")))
            return {"type": "ack", "id": ident}
        if kind == "ping":
            return {"type": "pong", "id": ident}
        return {"type": "error", "id": ident, "message": f"unknown message type {kind!r}"}
    except Refused as exc:
        return {"type": "error", "id": ident, "message": exc.message}
    except (TypeError, ValueError) as exc:
        return {"type": "error", "id": ident, "message": f"bad request: {exc}"}
