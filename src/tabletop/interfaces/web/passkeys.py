"""Passkeys: signing up and logging in with WebAuthn (py_webauthn), instead of or beside a password.

Each ceremony is two requests: the server hands out options with a fresh challenge (kept in memory
for :data:`CHALLENGE_SECONDS`, at most :data:`CHALLENGES` at once, each usable once), and the
browser's answer is verified against it. ``POST /api/passkeys/signup/options`` (``{"name"}``: a
new player with no password), ``POST /api/passkeys/register/options`` (a signed-in player adds a
passkey), ``POST /api/passkeys/login/options`` (any passkey of this site: a discoverable
credential), each followed by ``.../verify`` with ``{"challenge": id, "credential": ...}``. The
relying party is the host the page was served from (a proxy must pass ``Host`` and the scheme);
credentials are kept in ``passkeys`` (id, public key, signature count). Log-ins share the password
log-in's limits per address.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import BigInteger, Column, DateTime, ForeignKey, String, Table, Text, insert, select, update
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import AuthenticatorSelectionCriteria, ResidentKeyRequirement

from tabletop.core.i18n import _
from tabletop.interfaces.web.accounts import AccountError, Player, player_json
from tabletop.interfaces.web.errors import Refused
from tabletop.interfaces.web.names import BadName, check_name
from tabletop.interfaces.web.players import Players
from tabletop.interfaces.web.schema import metadata

passkeys_table = Table(
    "passkeys", metadata,
    Column("credential_id", String(1400), primary_key=True),
    Column("player_id", String(32), ForeignKey("players.id"), nullable=False),
    Column("public_key", Text, nullable=False),
    Column("sign_count", BigInteger, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    extend_existing=True,  # a doctest run imports this module again, under another name
)

CHALLENGE_SECONDS, CHALLENGES = 300.0, 10_000
RP_NAME = "tabletop"


@dataclass(frozen=True)
class Pending:
    challenge: bytes
    kind: str  # "signup", "register", "login"
    name: str | None
    player_id: str | None
    user_id: bytes
    expires: float


class NameBody(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: Annotated[str, Field(max_length=64)] = ""


class VerifyBody(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    challenge: Annotated[str, Field(max_length=64)]
    credential: dict[Annotated[str, Field(max_length=64)], Any] = Field(max_length=16)


def _site(request: Request) -> tuple[str, str]:
    """The relying party's id (the host) and the origin the page came from."""
    host = request.url.hostname or "localhost"
    port = request.url.port
    origin = f"{request.url.scheme}://{host}" + (f":{port}" if port else "")
    return host, origin


class Passkeys:
    def __init__(self, players: Players) -> None:
        self.players = players
        self.engine = players.engine
        self.pending: OrderedDict[str, Pending] = OrderedDict()

    def _keep(self, pending: Pending) -> str:
        now = time.monotonic()
        while self.pending and (len(self.pending) >= CHALLENGES or next(iter(self.pending.values())).expires < now):
            self.pending.popitem(last=False)
        ident = secrets.token_urlsafe(18)
        self.pending[ident] = pending
        return ident

    def _take(self, ident: str, kind: str) -> Pending:
        pending = self.pending.pop(ident, None)
        if pending is None or pending.kind != kind or pending.expires < time.monotonic():
            raise Refused(_("that passkey request has expired; try again"), 409)
        return pending

    def registration(self, request: Request, kind: str, name: str, player: Player | None) -> dict[str, Any]:
        rp_id, _origin = _site(request)
        user_id = (player.id if player else secrets.token_hex(8)).encode()
        options = generate_registration_options(
            rp_id=rp_id, rp_name=RP_NAME, user_name=player.name if player else name, user_id=user_id,
            authenticator_selection=AuthenticatorSelectionCriteria(resident_key=ResidentKeyRequirement.REQUIRED))
        ident = self._keep(Pending(options.challenge, kind, name, player.id if player else None, user_id,
                                   time.monotonic() + CHALLENGE_SECONDS))
        return {"challenge": ident, "options": json.loads(options_to_json(options))}

    def verify_registration(self, request: Request, pending: Pending,
                            credential: dict[str, Any]) -> tuple[str, str, int]:
        rp_id, origin = _site(request)
        try:
            verified = verify_registration_response(credential=credential, expected_challenge=pending.challenge,
                                                    expected_rp_id=rp_id, expected_origin=origin)
        except (WebAuthnException, ValueError, KeyError, TypeError) as exc:
            raise Refused(_("the passkey was not accepted: {why}").format(why=str(exc)[:200]), 422) from None
        return (bytes_to_base64url(verified.credential_id), bytes_to_base64url(verified.credential_public_key),
                verified.sign_count)

    def store(self, player_id: str, credential: tuple[str, str, int]) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(passkeys_table).values(credential_id=credential[0], player_id=player_id,
                                                       public_key=credential[1], sign_count=credential[2],
                                                       created=datetime.now(UTC)))

    def login_options(self, request: Request) -> dict[str, Any]:
        rp_id, _origin = _site(request)
        options = generate_authentication_options(rp_id=rp_id)
        ident = self._keep(Pending(options.challenge, "login", None, None, b"", time.monotonic() + CHALLENGE_SECONDS))
        return {"challenge": ident, "options": json.loads(options_to_json(options))}

    def verify_login(self, request: Request, pending: Pending, credential: dict[str, Any]) -> Player:
        rp_id, origin = _site(request)
        ident = str(credential.get("id", ""))[:1400]
        with self.engine.connect() as conn:
            row = conn.execute(select(passkeys_table).where(passkeys_table.c.credential_id == ident)).mappings().first()
        if row is None:
            raise Refused(_("this passkey is not known here"), 401)
        try:
            verified = verify_authentication_response(
                credential=credential, expected_challenge=pending.challenge, expected_rp_id=rp_id,
                expected_origin=origin, credential_public_key=base64url_to_bytes(row["public_key"]),
                credential_current_sign_count=int(row["sign_count"]))
        except (WebAuthnException, ValueError, KeyError, TypeError) as exc:
            raise Refused(_("the passkey was not accepted: {why}").format(why=str(exc)[:200]), 401) from None
        with self.engine.begin() as conn:
            conn.execute(update(passkeys_table).where(passkeys_table.c.credential_id == ident)
                         .values(sign_count=verified.new_sign_count))
        player = self.players.accounts.by_id(str(row["player_id"]))
        if player is None:
            raise Refused(_("this passkey is not known here"), 401)
        return player


def passkeys_router(passkeys: Passkeys, signed_in: Any, carry_over: Any) -> APIRouter:
    """``signed_in(response, player)`` opens a session; ``carry_over(request, player)`` moves a guest's seats."""
    router = APIRouter()
    players = passkeys.players

    def throttle(request: Request) -> None:
        wait = players.logins.take(request.client.host if request.client else "unknown")
        if wait:
            raise Refused(_("too many log-in attempts from you; try again in {seconds} s").format(
                seconds=f"{wait:.0f}"), 429, retry_after=wait)

    @router.post("/api/passkeys/signup/options")
    async def signup_options(body: NameBody, request: Request) -> dict[str, Any]:
        wait = players.signups.take(request.client.host if request.client else "unknown")
        if wait:
            raise Refused(_("too many sign-ups from you; try again in {seconds} s").format(
                seconds=f"{wait:.0f}"), 429, retry_after=wait)
        try:
            name = check_name(body.name)
        except BadName as exc:
            raise Refused(str(exc), 422) from None
        if await asyncio.to_thread(players.accounts.find, name) is not None:
            raise Refused(_('the name "{name}" is taken (or looks too much like one that is)').format(name=name), 409)
        return passkeys.registration(request, "signup", name, None)

    @router.post("/api/passkeys/register/options")
    async def register_options(request: Request) -> dict[str, Any]:
        player = await players.player(request.cookies)
        if player is None:
            raise Refused(_("log in first to add a passkey"), 401)
        return passkeys.registration(request, "register", player.name, player)

    @router.post("/api/passkeys/login/options")
    async def login_options(request: Request) -> dict[str, Any]:
        throttle(request)
        return passkeys.login_options(request)

    @router.post("/api/passkeys/{kind}/verify")
    async def verify(kind: str, body: VerifyBody, request: Request, response: Response) -> dict[str, Any]:
        if kind not in ("signup", "register", "login"):
            raise Refused(_("unknown passkey request"), 404)
        pending = passkeys._take(body.challenge, kind)
        if kind == "login":
            player = await asyncio.to_thread(passkeys.verify_login, request, pending, body.credential)
        else:
            credential = await asyncio.to_thread(passkeys.verify_registration, request, pending, body.credential)
            if kind == "signup":
                try:
                    player = await players.writer.call(players.accounts.create_player, pending.name or "", None)
                except AccountError as exc:
                    raise Refused(str(exc), exc.status) from None
            else:
                current = await players.player(request.cookies)
                if current is None or current.id != pending.player_id:
                    raise Refused(_("log in first to add a passkey"), 401)
                player = current
            await players.writer.call(passkeys.store, player.id, credential)
            if kind == "register":
                return {**player_json(player), "passkey": True}
        await signed_in(response, player)
        return {**player_json(player), "passkey": True, "games_carried_over": await carry_over(request, player)}

    return router
