"""One viewer's WebSocket: checked frame by frame, answered in order, closed with the right code.

Each frame a client sends is checked before it costs anything: a binary frame is
closed with 1003, a frame over :attr:`Limits.frame_bytes` with 1009, a socket sending
faster than :attr:`Limits.messages_per_second` with 1008, and a message that is not
one of :data:`~.messages.ClientMessage` (not JSON, nested too deep, a number that is
not a finite bounded integer ...) with 1007. A refusal of the game (not your turn, an
illegal action) is an ``error`` answer and the socket stays open. An address holds at
most :attr:`Limits.sockets_per_address` sockets (more: 1008); a game that cannot be
opened closes with 4404 (none), 4403 (a bad link) or 1013 (the server is full).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import WebSocket

from tabletop.interfaces.web.connections import POLICY, Connection
from tabletop.interfaces.web.errors import Refused
from tabletop.interfaces.web.hub import Hub
from tabletop.interfaces.web.limits import Limits, TokenBucket, client_key
from tabletop.interfaces.web.messages import (
    Act,
    BadMessage,
    ChatMessage,
    Message,
    Mute,
    Prefs,
    Press,
    Rematch,
    RemoveSpectator,
    Rename,
    Start,
    Undo,
    parse_message,
)
from tabletop.interfaces.web.rooms import Room
from tabletop.interfaces.web.seating import Hand
from tabletop.interfaces.web.tables import rematch, stand_in

UNSUPPORTED, INVALID, TOO_BIG, TRY_LATER = 1003, 1007, 1009, 1013
#: close codes of the application, for a game that cannot be opened
FORBIDDEN, NOT_FOUND = 4403, 4404


def fit_reason(text: str) -> str:
    """A close reason fits in 123 bytes of UTF-8."""
    return text.encode("utf-8")[:123].decode("utf-8", errors="ignore")


async def serve_socket(
    ws: WebSocket, hub: Hub, limits: Limits, open_sockets: dict[str, int], game_id: str, token: str | None
) -> None:
    await serve_bounded(ws, limits, open_sockets, lambda: _serve(ws, hub, limits, game_id, token))


async def serve_bounded(
    ws: WebSocket, limits: Limits, open_sockets: dict[str, int], serve: Callable[[], Awaitable[None]]
) -> None:
    """Accept ``ws`` and ``serve`` it, if its address and the server hold fewer sockets than allowed (a game's
    and the lobby's count alike); else close it with 1008."""
    address = client_key(ws.client.host) if ws.client else "unknown"
    await ws.accept()
    if open_sockets.get(address, 0) >= limits.sockets_per_address or sum(open_sockets.values()) >= limits.sockets:
        await ws.close(code=POLICY, reason=fit_reason(f"too many open connections (at most "
                                                   f"{limits.sockets_per_address} from one address)"))
        return
    open_sockets[address] = open_sockets.get(address, 0) + 1
    try:
        await serve()
    finally:
        open_sockets[address] -= 1
        if open_sockets[address] <= 0:
            del open_sockets[address]


class Broken(Exception):
    """A frame broke the server's rules: the socket is closed with ``code``."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code, self.reason = code, reason


async def read_message(ws: WebSocket, limits: Limits, bucket: TokenBucket) -> Message | None:
    """The client's next message, checked before it costs anything (``None``: it left); :class:`Broken` when
    a frame is binary (1003), too big (1009), too soon (1008) or not a message (1007)."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is None:
        raise Broken(UNSUPPORTED, "binary frames are not accepted: send JSON text")
    if len(text) > limits.frame_bytes or len(text.encode("utf-8")) > limits.frame_bytes:
        raise Broken(TOO_BIG, f"a message may be at most {limits.frame_bytes} bytes")
    if not bucket.take():
        raise Broken(POLICY, f"more than {limits.messages_per_second:g} messages a second")
    try:
        return parse_message(text)
    except BadMessage as exc:
        raise Broken(INVALID, f"invalid message: {exc}") from None


async def _serve(ws: WebSocket, hub: Hub, limits: Limits, game_id: str, token: str | None) -> None:
    try:
        room = await hub.room(game_id)
        hand = room.hand_for_token(token)
    except Refused as exc:
        code = FORBIDDEN if exc.status == 403 else TRY_LATER if exc.status == 503 else NOT_FOUND
        with contextlib.suppress(Exception):
            await ws.send_text(json.dumps({"type": "error", "fatal": True, "message": exc.message}))
            await ws.close(code=code)
        return
    if hub.services.players is not None:
        await hub.services.players.claim(room, hand, ws.cookies)
    conn = Connection(hand=hand, send=ws.send_text, queue=limits.send_queue, send_timeout=limits.send_timeout)
    chat = hub.services.chat
    if chat is not None:  # before the first message is read: it may be a line of chat
        await chat.join(room, conn, ws.cookies)
    sender = asyncio.create_task(conn.pump(room.audience))
    conn.watch(sender)
    receiver = asyncio.create_task(_receive(ws, hub, room, conn, limits))
    try:
        await room.attach(conn)
        await asyncio.wait({sender, receiver}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        if chat is not None:
            chat.leave(room.id, conn)
        room.detach(conn)
        conn.close()
        for task in (sender, receiver):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
    if conn.close_code is not None:
        with contextlib.suppress(Exception):
            # a viewer that does not read may never take the close frame: do not wait for it long
            await asyncio.wait_for(ws.close(code=conn.close_code, reason=fit_reason(conn.close_reason)), timeout=2.0)


async def _receive(ws: WebSocket, hub: Hub, room: Room, conn: Connection, limits: Limits) -> None:
    """Read, check and answer the client's messages until it leaves or breaks a rule."""
    bucket = TokenBucket(limits.messages_per_second, limits.message_burst)
    while not conn.closed:
        try:
            request = await read_message(ws, limits, bucket)
        except Broken as exc:
            conn.kill(exc.code, exc.reason)
            return
        if request is None:
            conn.close()
            return
        if isinstance(request, ChatMessage | Mute | RemoveSpectator):
            if hub.services.chat is not None:
                conn.reply(await hub.services.chat.answer(room, conn, request))
            continue
        conn.reply(await _answer(hub, room, conn.hand, request))


async def _answer(hub: Hub, room: Room, hand: Hand, request: Message) -> dict[str, Any]:
    ident = request.id
    try:
        if isinstance(request, Act):
            n = await room.act(hand, request.action, request.n)
            return {"type": "ack", "id": ident, "n": n}
        if isinstance(request, Undo):
            n = await room.undo(hand)
            return {"type": "ack", "id": ident, "n": n}
        if isinstance(request, Press):
            await room.press(hand, request.what, request.seat)
        elif isinstance(request, Start):
            await room.start(hand, stand_in(room.game.name))
        elif isinstance(request, Rename):
            await room.rename(hand, request.name, request.seat)
        elif isinstance(request, Prefs):
            await room.set_prefs(hand, request.auto_roll, request.hints)
        elif isinstance(request, Rematch):
            return {"type": "ack", "id": ident, "rematch": await rematch(hub, room, hand)}
        else:
            return {"type": "pong", "id": ident, "now": round(time.time(), 3)}  # the server's clock, for a page to sync
        return {"type": "ack", "id": ident}
    except Refused as exc:
        return {"type": "error", "id": ident, "message": exc.message}
