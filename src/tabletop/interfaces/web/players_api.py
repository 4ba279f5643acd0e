"""The players' routes: sign-up, log-in, log-out, who am I, leaderboards, profiles, a game's rating changes.

``POST /api/signup`` and ``POST /api/login`` take ``{"name", "password"}`` and set the session
cookie; a wrong name and a wrong password get the same answer, after the same work (no account
enumeration). ``GET /api/leaderboard/{game}`` and ``GET /api/players/{name}`` answer only what
the leaderboards show (a name without a rated game is unknown). Pages: ``/leaderboard/{game}``,
``/players/{name}``. A browser without a guest cookie gets one with its first page.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tabletop.core.i18n import _
from tabletop.core.registry import list_games
from tabletop.interfaces.web.accounts import (
    GUEST_COOKIE,
    SESSION_COOKIE,
    AccountError,
    Player,
    check_password,
    guest_owner,
    hash_password,
    player_json,
    verify,
)
from tabletop.interfaces.web.errors import Refused
from tabletop.interfaces.web.hub import Hub
from tabletop.interfaces.web.language import html_page
from tabletop.interfaces.web.names import key
from tabletop.interfaces.web.passkeys import Passkeys, passkeys_router
from tabletop.interfaces.web.players import Players, new_guest_token

#: the pages a browser opens (a guest cookie is set on them)
PAGES = ("/", "/game/", "/replay/", "/players/", "/leaderboard/")


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: Annotated[str, Field(max_length=64)]
    password: Annotated[str, Field(max_length=256)]


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _throttle(limiter_wait: float, refusal: str) -> None:
    """Refuse with ``refusal`` (a message with a ``{seconds}`` field) while a limiter says to wait."""
    if limiter_wait:
        raise Refused(refusal.format(seconds=f"{limiter_wait:.0f}"), 429, retry_after=limiter_wait)


def players_router(players: Players, hub: Hub) -> APIRouter:
    router = APIRouter()
    accounts, league = players.accounts, players.league

    def signed_in(response: Response, player: Player, token: str) -> None:
        response.set_cookie(SESSION_COOKIE, token, max_age=int(players.limits.session_days * 86400), httponly=True,
                            secure=players.limits.secure_cookies, samesite="lax", path="/")

    async def carry_over(request: Request, player: Player) -> int:
        guest = request.cookies.get(GUEST_COOKIE)
        if not guest or len(guest) > 128:
            return 0
        return await players.writer.call(accounts.carry_over, guest_owner(guest), player)

    async def open_session(response: Response, player: Player) -> None:
        token = await players.writer.call(accounts.open_session, player)
        signed_in(response, player, token)

    router.include_router(passkeys_router(Passkeys(players), open_session, carry_over))

    @router.post("/api/signup", status_code=201)
    async def signup(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        _throttle(players.signups.take(_address(request)), _("too many sign-ups from you; try again in {seconds} s"))
        try:
            check_password(body.password)
            password_hash = await players.hashed(lambda: hash_password(body.password))
            player = await players.writer.call(accounts.create_player, body.name, password_hash)
        except AccountError as exc:
            raise Refused(str(exc), exc.status) from None
        token = await players.writer.call(accounts.open_session, player)
        signed_in(response, player, token)
        return {**player_json(player), "games_carried_over": await carry_over(request, player)}

    @router.post("/api/login")
    async def login(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        _throttle(players.logins.take(_address(request)),
                  _("too many log-in attempts from you; try again in {seconds} s"))
        _throttle(players.names.take(key(body.name)[:128]),
                  _("too many log-in attempts for this name; try again in {seconds} s"))
        found = await asyncio.to_thread(accounts.find, body.name)
        stored = found[1] if found else None
        good = await players.hashed(lambda: verify(stored, body.password))  # the same work for an unknown name
        if not good or found is None:
            raise Refused(_("that name and password do not match an account"), 401)
        player = found[0]
        token = await players.writer.call(accounts.open_session, player)
        signed_in(response, player, token)
        return {**player_json(player), "games_carried_over": await carry_over(request, player)}

    @router.post("/api/logout")
    async def logout(request: Request, response: Response) -> dict[str, Any]:
        token = request.cookies.get(SESSION_COOKIE)
        if token and len(token) <= 128:
            await players.writer.call(accounts.close_session, token)
        response.delete_cookie(SESSION_COOKIE, path="/", secure=players.limits.secure_cookies, httponly=True,
                               samesite="lax")
        return player_json(None)

    @router.get("/api/me")
    async def me(request: Request) -> dict[str, Any]:
        return player_json(await players.player(request.cookies))

    @router.get("/api/leaderboard/{game}")
    async def leaderboard(game: str, limit: int = 100) -> dict[str, Any]:
        if game not in list_games():
            raise Refused(_("unknown game {game}; available games: {games}").format(
                game=repr(game[:64]), games=", ".join(list_games())), 404)
        return {"game": game, "players": await asyncio.to_thread(league.leaderboard, game, limit)}

    @router.get("/api/players/{name}")
    async def profile(name: str) -> dict[str, Any]:
        found = await asyncio.to_thread(league.profile, name[:64]) if len(name) <= 64 else None
        if found is None:
            raise Refused(_("no player of that name has played a rated game"), 404)
        return found

    @router.get("/api/games/{game_id}/ratings")
    async def game_ratings(game_id: str) -> dict[str, Any]:
        room = await hub.room(game_id)
        rated = await asyncio.to_thread(players.rated, room.id)
        changes = await asyncio.to_thread(league.changes, room.id) if rated else []
        if rated and not changes and room.state.is_terminal():  # ended as the server stopped: rate it now
            changes = await players.rate(room)
        return {"rated": rated, "changes": changes}

    @router.get("/leaderboard/{game}", include_in_schema=False)
    async def leaderboard_page(game: str) -> HTMLResponse:
        if game not in list_games():
            raise Refused(_("there is no game {game} on this server").format(game=repr(game[:64])), 404)
        return html_page("leaderboard.html")

    @router.get("/players/{name}", include_in_schema=False)
    async def profile_page(name: str) -> HTMLResponse:
        return html_page("profile.html")

    return router


class GuestCookie:
    """ASGI middleware: a browser opening a page without a guest cookie gets one (HTTP-only, a year),
    so the seats it opens as a guest can become its player's when it signs up."""

    def __init__(self, app: ASGIApp, secure: bool = True) -> None:
        self.app = app
        self.secure = secure

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] != "http" or scope.get("method") != "GET" or not (
                path == "/" or path.startswith(PAGES[1:])):
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        if GUEST_COOKIE.encode() in headers.get(b"cookie", b""):
            await self.app(scope, receive, send)
            return
        cookie = (f"{GUEST_COOKIE}={new_guest_token()}; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax"
                  + ("; Secure" if self.secure else ""))

        async def with_cookie(msg: Message) -> None:
            if msg["type"] == "http.response.start":
                msg = {**msg, "headers": [*msg.get("headers", []), (b"set-cookie", cookie.encode())]}
            await send(msg)

        await self.app(scope, receive, with_cookie)
