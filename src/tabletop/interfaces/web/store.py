"""Persistence of web games with SQLAlchemy (SQLite by default, any SQLAlchemy URL works).

A game is stored as its header (game name, options, seed, seats) and the list
of accepted actions in order, exactly what a :class:`~tabletop.core.record.Record`
holds. Every accepted action is written (and committed) before anyone is told
about it, so a restarted server rebuilds each game by replaying its actions
through the core API.

Seat tokens are never stored: only their SHA-256 hashes are.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Column,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection

metadata = MetaData()

games_table = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("seats", JSON, nullable=False),
    Column("status", String(16), nullable=False),
    Column("winners", JSON, nullable=True),
    Column("returns", JSON, nullable=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
)

actions_table = Table(
    "actions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("action", Text, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)

# built once: the hot path (one per action) skips SQLAlchemy's statement construction
_INSERT_ACTION = insert(actions_table)

#: statuses of a stored game
RUNNING, FINISHED = "running", "finished"


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    """A secret seat token (URL-safe, 192 bits)."""
    return secrets.token_urlsafe(24)


def now() -> datetime:
    return datetime.now(UTC)


@dataclass
class Seat:
    """One seat: a person (known by the hash of their token) or a bot (an agent spec)."""

    kind: str  # "human" or "bot"
    name: str
    bot: str | None = None
    token_hash: str | None = None
    expires: str | None = None  # ISO time after which the token is refused
    joined: bool = False  # has the token's holder ever opened the game?

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "bot": self.bot, "token_hash": self.token_hash,
                "expires": self.expires, "joined": self.joined}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        return cls(kind=str(data["kind"]), name=str(data["name"]), bot=data.get("bot"),
                   token_hash=data.get("token_hash"), expires=data.get("expires"), joined=bool(data.get("joined")))


@dataclass
class StoredGame:
    """A game's header and its actions, as read back from the database."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[Seat]
    status: str
    created: datetime
    actions: list[str] = field(default_factory=list)
    actors: list[int] = field(default_factory=list)  # who took each action (-1: chance)
    winners: list[int] | None = None
    returns: list[float] | None = None


class Store:
    """The games database. All methods are synchronous and short (one transaction each)."""

    def __init__(self, url: str) -> None:
        self.url = url
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False}
        self.engine: Engine = create_engine(url, **kwargs)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    # -- games ---------------------------------------------------------------------------
    def create_game(self, game: str, options: dict[str, Any], seed: int, seats: list[Seat]) -> str:
        game_id = secrets.token_hex(6)
        stamp = now()
        with self.engine.begin() as conn:
            conn.execute(insert(games_table).values(
                id=game_id, game=game, options=options, seed=seed, seats=[s.to_json() for s in seats],
                status=RUNNING, created=stamp, updated=stamp,
            ))
        return game_id

    def load(self, game_id: str) -> StoredGame | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(games_table).where(games_table.c.id == game_id)).mappings().first()
            if row is None:
                return None
            return _stored(conn, dict(row))

    def unfinished(self) -> list[StoredGame]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(games_table).where(games_table.c.status == RUNNING)).mappings().all()
            return [_stored(conn, dict(row)) for row in rows]

    def listing(self, limit: int = 200) -> list[dict[str, Any]]:
        """The most recent games' headers with their action counts (for the lobby)."""
        counts = (
            select(actions_table.c.game_id, func.count().label("n"), func.max(actions_table.c.at).label("last"))
            .group_by(actions_table.c.game_id)
            .subquery()
        )
        query = (
            select(games_table, func.coalesce(counts.c.n, 0).label("n"),
                   func.coalesce(counts.c.last, games_table.c.updated).label("last"))
            .select_from(games_table.outerjoin(counts, counts.c.game_id == games_table.c.id))
            .order_by(games_table.c.created.desc())
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [dict(row) for row in conn.execute(query).mappings().all()]

    def set_seats(self, game_id: str, seats: list[Seat]) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(games_table).where(games_table.c.id == game_id)
                         .values(seats=[s.to_json() for s in seats], updated=now()))

    def finish(self, game_id: str, winners: list[int], returns: list[float]) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(games_table).where(games_table.c.id == game_id)
                         .values(status=FINISHED, winners=winners, returns=returns, updated=now()))

    # -- actions -------------------------------------------------------------------------
    def append(self, game_id: str, number: int, action: str, seat: int) -> None:
        """Store action ``number`` (0-based); a second action under the same number fails."""
        with self.engine.begin() as conn:
            conn.execute(_INSERT_ACTION, {"game_id": game_id, "number": number, "action": action, "seat": seat,
                                          "at": now()})

    def truncate(self, game_id: str, length: int) -> None:
        """Forget every action from number ``length`` on (an undo)."""
        with self.engine.begin() as conn:
            conn.execute(delete(actions_table).where(actions_table.c.game_id == game_id,
                                                     actions_table.c.number >= length))


def _stored(conn: Connection, row: dict[str, Any]) -> StoredGame:
    rows = conn.execute(
        select(actions_table.c.number, actions_table.c.action, actions_table.c.seat)
        .where(actions_table.c.game_id == row["id"])
        .order_by(actions_table.c.number)
    ).all()
    actions = [str(a) for _, a, _ in rows]
    actors = [int(s) for _, _, s in rows]
    created = row["created"]
    if created.tzinfo is None:
        created = created.replace(tzinfo=UTC)
    options = row["options"]
    if isinstance(options, str):  # some drivers hand JSON back as text
        options = json.loads(options)
    return StoredGame(
        id=row["id"], game=row["game"], options=dict(options), seed=int(row["seed"]),
        seats=[Seat.from_json(s) for s in row["seats"]], status=row["status"], created=created,
        actions=actions, actors=actors, winners=row["winners"], returns=row["returns"],
    )


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL with synchronous=NORMAL: a commit is durable against a crash of the server process
    # (what a restart needs) without an fsync per action.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
