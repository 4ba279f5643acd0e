"""Chat at the table: one channel for the seated players and one for the spectators.

Players talk among themselves; spectators talk among themselves and may read the players (they
watch the table), while players never see the spectators' channel (no coaching). Messages are
plain text: the server keeps the characters as typed, without control characters, and the
page shows them as text (never as HTML or markdown). A message is at most :data:`LENGTH`
characters, a person sends at most :data:`PER_SECOND` a second (bursts of :data:`BURST`), and a
table keeps :data:`KEPT` lines in memory (all are stored, with the number of actions played when
each was said, so the replay shows them in place: ``GET /api/games/{id}/chat?step=N``).

Each viewer may **mute** an author (their lines are no longer sent to that viewer), and the host
may **remove** a spectator (their socket is closed and they may not come back to this table as a
spectator). Authors are named by a per-table id (a hash of the table and the person), never by
anything that reaches another table, and a seat's secret token typed into a message is masked.
Chat lines are sent only to the viewers of their own table; a socket that joins is sent the kept lines it may
see (a page reads the chat over HTTP before its socket opens, and a socket opened again missed what was said
meanwhile: the page keeps each line once, by its number). Once the game is over its chat is closed
(a line is refused, 409; the page disables its field and says why), and it is read in the replay.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request
from sqlalchemy import Column, DateTime, ForeignKey, Integer, String, Table, Text, func, insert, select

from tabletop.core.i18n import N_, _, ngettext, using
from tabletop.interfaces.web.connections import Connection
from tabletop.interfaces.web.errors import Refused
from tabletop.interfaces.web.limits import TokenBucket
from tabletop.interfaces.web.messages import ChatMessage, Mute, RemoveSpectator
from tabletop.interfaces.web.schema import metadata
from tabletop.interfaces.web.store import Store, hash_token
from tabletop.interfaces.web.writer import Writer

if TYPE_CHECKING:
    from tabletop.interfaces.web.hub import Hub
    from tabletop.interfaces.web.players import Players
    from tabletop.interfaces.web.rooms import Room

chat_table = Table(
    "chat", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("channel", String(16), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("author", String(64), nullable=False),  # the per-table id of the person
    Column("name", String(64), nullable=False),  # their name when they said it
    Column("text", Text, nullable=False),
    Column("step", Integer, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    extend_existing=True,  # a doctest run imports this module again, under another name
)

LENGTH, PER_SECOND, BURST, KEPT = 300, 1.0, 5.0, 200
PLAYERS, SPECTATORS = "players", "spectators"
#: a close code of the application: the host removed this spectator
REMOVED = 4403
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")
_LINK_TOKEN = re.compile(r"(token=)[A-Za-z0-9_\-]+")
_BARE = re.compile(r"[A-Za-z0-9_\-]{20,}")
#: the quick phrases the table offers on phones (one tap each)
PHRASES = (N_("Good luck!"), N_("Well played"), N_("One moment"), N_("Thanks!"), N_("Nice move!"), N_("Good game"))


@dataclass
class Viewer:
    """One connection at a table: who it is (``owner``, ``None``: anonymous, may read only) and its name."""

    owner: str | None
    author: str  # the per-table id others see
    name: str
    hand: tuple[int, ...]
    bucket: TokenBucket = field(default_factory=lambda: TokenBucket(PER_SECOND, BURST))


@dataclass
class TableChat:
    game_id: str
    lines: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=KEPT))
    count: int = 0
    viewers: dict[Connection, Viewer] = field(default_factory=dict)
    muted: dict[str, set[str]] = field(default_factory=dict)  # owner -> authors they muted
    removed: set[str] = field(default_factory=set)  # owners the host removed as spectators


def clean_text(text: str) -> str:
    """A message as kept: control and direction characters removed, spaces trimmed.

    >>> clean_text("  <b>hi</b>\\u202e  ")
    '<b>hi</b>'
    """
    return _CONTROL.sub("", text).strip()


class Chats:
    """The chat of every table in memory (see the module's docstring)."""

    def __init__(self, store: Store, writer: Writer, players: Players) -> None:
        self.engine = store.engine
        self.writer = writer
        self.players = players
        self.tables: dict[str, TableChat] = {}

    def _author(self, game_id: str, owner: str) -> str:
        return hashlib.sha256(f"{game_id}:{owner}".encode()).hexdigest()[:12]

    async def _table(self, game_id: str) -> TableChat:
        table = self.tables.get(game_id)
        if table is None:
            lines, count = await asyncio.to_thread(self.load, game_id, KEPT)
            table = self.tables.setdefault(game_id, TableChat(game_id, deque(lines, maxlen=KEPT), count))
        return table

    def load(self, game_id: str, limit: int | None = None, step: int | None = None) -> tuple[list[dict[str, Any]], int]:
        """A table's last ``limit`` lines (those said by ``step`` actions, if given) and how many there are."""
        query = select(chat_table).where(chat_table.c.game_id == game_id)
        if step is not None:
            query = query.where(chat_table.c.step <= step)
        with self.engine.connect() as conn:
            rows = conn.execute(query.order_by(chat_table.c.number.desc()).limit(limit or KEPT)).mappings().all()
            count = conn.execute(select(func.count()).select_from(chat_table)
                                 .where(chat_table.c.game_id == game_id)).scalar_one()
        return [_line(dict(r)) for r in reversed(rows)], int(count)

    # -- viewers come and go ------------------------------------------------------------------------
    async def join(self, room: Room, conn: Connection, cookies: Mapping[str, str]) -> None:
        table = await self._table(room.id)
        owner, player = await self.players.owner(cookies)
        if owner is not None and not conn.hand and owner in table.removed:
            conn.kill(REMOVED, _("the host removed you from this table"))
            return
        if conn.hand:
            name = room.seats[conn.hand[0]].name
        elif player is not None:
            name = player.name
        else:
            name = (_("Spectator {id}").format(id=self._author(room.id, owner)[:4]) if owner else _("Spectator"))
        author = self._author(room.id, owner) if owner else ""
        table.viewers[conn] = Viewer(owner, author, name, conn.hand)
        # the lines kept so far that this viewer may see: a page reads the chat over HTTP before its socket joins,
        # and a socket that opens again missed what was said while it was away; the page keeps each line once
        said = [line for line in table.lines if self._visible(table, conn, line)]
        if said:
            conn.reply({"type": "chat", "lines": said})

    async def history(self, room: Room, hand: tuple[int, ...], cookies: Mapping[str, str],
                      step: int | None) -> dict[str, Any]:
        """What a page shows of the chat when it opens: a finished game's whole chat (by ``step`` actions:
        the replay); a running game's lines this viewer may see; and who they are in it."""
        owner, _player = await self.players.owner(cookies)
        if room.state.is_terminal():
            lines, _count = await asyncio.to_thread(self.load, room.id, None, step)
        else:
            table = await self._table(room.id)
            muted = table.muted.get(owner or "", set())
            lines = [ln for ln in table.lines
                     if not (hand and ln["channel"] == SPECTATORS) and ln["author"] not in muted]
        return {"lines": lines, "phrases": [_(phrase) for phrase in PHRASES],
                "me": self._author(room.id, owner) if owner else None,
                "can_post": owner is not None and not room.state.is_terminal(), "over": room.state.is_terminal(),
                "muted": sorted(
                    self.tables[room.id].muted.get(owner or "", set())) if room.id in self.tables else []}

    def leave(self, game_id: str, conn: Connection) -> None:
        table = self.tables.get(game_id)
        if table is None:
            return
        table.viewers.pop(conn, None)
        if not table.viewers and not table.removed and not table.muted:
            del self.tables[game_id]

    def _visible(self, table: TableChat, conn: Connection, line: dict[str, Any]) -> bool:
        viewer = table.viewers.get(conn)
        if viewer is None:
            return False
        if line["channel"] == SPECTATORS and conn.hand:
            return False  # players never see the spectators' channel
        return not (viewer.owner and line["author"] in table.muted.get(viewer.owner, set()))

    # -- requests ---------------------------------------------------------------------------------------
    async def answer(self, room: Room, conn: Connection, request: ChatMessage | Mute | RemoveSpectator
                     ) -> dict[str, Any]:
        try:
            table = await self._table(room.id)
            viewer = table.viewers.get(conn)
            if viewer is None or viewer.owner is None:
                raise Refused(_("open this page in a browser to chat (no cookie, no chat)"), 403)
            if isinstance(request, ChatMessage):
                await self._say(room, table, conn, viewer, request.text)
            elif isinstance(request, Mute):
                mine = table.muted.setdefault(viewer.owner, set())
                (mine.add if request.muted else mine.discard)(request.author)
            else:
                self._remove(room, table, conn, request.author)
            return {"type": "ack", "id": request.id}
        except Refused as exc:
            return {"type": "error", "id": request.id, "message": exc.message}

    async def _say(self, room: Room, table: TableChat, conn: Connection, viewer: Viewer, text: str) -> None:
        if room.state.is_terminal():
            raise Refused(_("the game is over: its chat is closed (it stays in the replay)"), 409)
        text = self._mask(room, clean_text(text))
        if not text:
            raise Refused(_("say something: the message is empty"), 422)
        if len(text) > LENGTH:
            raise Refused(ngettext("a message is at most {n} character", "a message is at most {n} characters",
                                   LENGTH).format(n=LENGTH), 422)
        if not viewer.bucket.take():
            raise Refused(ngettext("slow down: at most {n} message a second",
                                   "slow down: at most {n} messages a second",
                                   round(PER_SECOND)).format(n=f"{PER_SECOND:g}"), 429)
        channel = PLAYERS if conn.hand else SPECTATORS
        seat = conn.hand[0] if conn.hand else None
        name = room.seats[seat].name if seat is not None else viewer.name
        table.count += 1
        row = {"game_id": room.id, "number": table.count, "channel": channel, "seat": seat, "author": viewer.author,
               "name": name[:64], "text": text, "step": len(room.actors), "at": datetime.now(UTC)}
        await self.writer.call(self._store, row)
        line = _line(row)
        table.lines.append(line)
        for other in list(table.viewers):
            if self._visible(table, other, line):
                other.reply({"type": "chat", "lines": [line]})

    def _store(self, row: dict[str, Any]) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(chat_table).values(**row))

    def _mask(self, room: Room, text: str) -> str:
        """A seat's secret token typed into a message is masked (a link's token too)."""
        text = _LINK_TOKEN.sub(r"\1" + _("[hidden]"), text)
        hashes = {s.token_hash for s in room.seats if s.token_hash}
        return _BARE.sub(lambda m: _("[hidden]") if hash_token(m.group(0)) in hashes else m.group(0), text)

    def _remove(self, room: Room, table: TableChat, conn: Connection, author: str) -> None:
        if not any(room.seats[s].host for s in conn.hand):
            raise Refused(_("only the host may remove a spectator"), 403)
        targets = [(c, v) for c, v in table.viewers.items() if v.author == author and not c.hand]
        if not targets:
            raise Refused(_("no spectator of that name is here"), 404)
        for other, viewer in targets:
            if viewer.owner:
                table.removed.add(viewer.owner)
            with using(other.language):  # in the removed spectator's language, not the host's
                other.kill(REMOVED, _("the host removed you from this table"))


def chat_router(chats: Chats, hub: Hub) -> APIRouter:
    router = APIRouter()

    @router.get("/api/games/{game_id}/chat")
    async def api_chat(game_id: str, request: Request, token: str | None = None,
                       step: int | None = None) -> dict[str, Any]:
        """The chat as this viewer may see it now (a finished game's: all of it by ``step`` actions)."""
        room = await hub.room(game_id)
        return await chats.history(room, room.hand_for_token(token), request.cookies, step)

    return router


def _line(row: dict[str, Any]) -> dict[str, Any]:
    return {"n": row["number"], "channel": row["channel"], "seat": row["seat"], "author": row["author"],
            "name": row["name"], "text": row["text"], "step": row["step"]}
