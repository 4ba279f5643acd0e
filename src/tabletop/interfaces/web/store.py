"""Persistence of web games with SQLAlchemy: SQLite by default, PostgreSQL (psycopg 3) for deployments.

A game is stored as its header (game name, options, seed, seats) and the list
of accepted actions in order, exactly what a :class:`~tabletop.core.record.Record`
holds. Every accepted action is written (and committed) before anyone is told
about it, so a restarted server rebuilds each game by replaying its actions
through the core API. The header also says whether the server plays in the game (``bots``: a
seat is a bot), so a restart finds the games it must move on without reading every game.

The schema is created and changed by Alembic migrations (:mod:`.migrations`):
opening a database brings it to the newest revision, and a database made before
migrations existed is recognised as the first revision.

Seat tokens are never stored: only their SHA-256 hashes are. Seats played on one device (pass
and play) share one token, and a rematch gives each seat the hash it had, so a player's link to
the old game, with the new game's id, opens their seat in the new one. Custom boards given by the
server's operator (``tabletop serve --data GAME=FILE``) are stored by the SHA-256 of their text.

A game waits (status ``waiting``) until every person has joined or its host starts it; it
has a turn clock (``clock``: the seconds a person has for a turn, ``None``: no limit) and may
name the game that rematches it (``rematch``). An action the server took for a person (their
turn clock ran out) carries a ``note`` saying so.
"""

from __future__ import annotations

import functools
import hashlib
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Engine,
    create_engine,
    func,
    insert,
    inspect,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Dialect
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from tabletop.interfaces.web import sqlite_connections
from tabletop.interfaces.web.schema import actions_table, analyses_table, boards_table, games_table
from tabletop.interfaces.web.shards import Shard

#: statuses of a stored game: waiting for its people (a waiting room), being played, over
WAITING, RUNNING, FINISHED = "waiting", "running", "finished"
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
#: failures of the database that trying again later may cure (SQLite locked, the server restarting, the pool
#: exhausted); a write that failed so committed nothing
TRANSIENT: tuple[type[Exception], ...] = (OperationalError, PoolTimeout)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    """A secret seat token (URL-safe, 192 bits)."""
    return secrets.token_urlsafe(24)


def now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class Seat:
    """One seat: a person (known by the hash of their token) or a bot (an agent spec).

    A person's preferences ride along: ``auto_roll`` (the server rolls their dice at once
    instead of waiting for their press), ``hints`` (the odds hints for learners are on) and
    ``hints_used`` (they were on at some point: the record says so). ``host`` may start the
    game before everyone has joined. A value: a change makes a new seat (``dataclasses.replace``).
    """

    kind: str  # "human" or "bot"
    name: str
    bot: str | None = None
    token_hash: str | None = None
    expires: str | None = None  # ISO time after which the token is refused
    joined: bool = False  # has the token's holder ever opened the game?
    host: bool = False
    auto_roll: bool = False
    hints: bool = False
    hints_used: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "bot": self.bot, "token_hash": self.token_hash,
                "expires": self.expires, "joined": self.joined, "host": self.host, "auto_roll": self.auto_roll,
                "hints": self.hints, "hints_used": self.hints_used}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        return cls(kind=str(data["kind"]), name=str(data["name"]), bot=data.get("bot"),
                   token_hash=data.get("token_hash"), expires=data.get("expires"), joined=bool(data.get("joined")),
                   host=bool(data.get("host")), auto_roll=bool(data.get("auto_roll")),
                   hints=bool(data.get("hints")), hints_used=bool(data.get("hints_used")))


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
    bots: bool = False
    clock: float | None = None
    rematch: str | None = None
    notes: dict[int, str] = field(default_factory=dict)  # action number -> what the server says of it


@dataclass(frozen=True)
class Append:
    """An accepted action to store, and the game's header fields it changes (``None``: none)."""

    game_id: str
    number: int
    action: str
    seat: int
    header: dict[str, Any] | None = None
    note: str | None = None


def finished_header(winners: list[int], returns: list[float]) -> dict[str, Any]:
    """The header of a game that just ended."""
    return {"status": FINISHED, "winners": winners, "returns": returns}


class Store:
    """The games database. Every method is synchronous and one short transaction (call it from a thread).

    ``shard``: the games this server owns (:mod:`.shards`): the ids it makes, the games it resumes.
    """

    def __init__(self, url: str, shard: Shard | None = None) -> None:
        self.url = url
        self.shard = shard or Shard()
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False}
        else:
            kwargs.update(pool_pre_ping=True, pool_size=8, max_overflow=8)
        self.engine: Engine = create_engine(url, **kwargs)
        #: the actions' transactions: on SQLite (written in the event loop) on a connection kept out of the pool
        self._kept: sqlite_connections.Kept | None = None
        if url.startswith("sqlite"):
            sqlite_connections.configure(self.engine)
            self._kept = sqlite_connections.Kept(self.engine)
        self.migrate()

    def migrate(self) -> None:
        """Bring the schema to the newest migration (a database older than migrations counts as the first)."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as conn:
            if conn.dialect.name == "postgresql":  # several servers starting at once migrate one at a time
                conn.execute(text("SELECT pg_advisory_xact_lock(72127)"))
            config.attributes["connection"] = conn
            tables = set(inspect(conn).get_table_names())
            if "games" in tables and "alembic_version" not in tables:
                command.stamp(config, "0001")
            command.upgrade(config, "head")

    @property
    def checkpoints(self) -> bool:
        """Must the writer checkpoint the write-ahead log (SQLite: the connections never do it by themselves)?"""
        return self.url.startswith("sqlite")

    def checkpoint(self) -> int:
        """Copy the write-ahead log's committed pages into the database (SQLite; PASSIVE: it waits for nobody and
        holds nobody back); the log's length in pages (:func:`.sqlite_connections.checkpoint`)."""
        return sqlite_connections.checkpoint(self.engine)

    def revision(self) -> str | None:
        from alembic.runtime.migration import MigrationContext

        with self.engine.connect() as conn:
            current: str | None = MigrationContext.configure(conn).get_current_revision()
            return current

    def close(self) -> None:
        if self._kept is not None:
            self._kept.close()
        sqlite_connections.close_checkpointer(self.engine)
        self.engine.dispose()

    # -- games ---------------------------------------------------------------------------
    def create_game(self, game: str, options: dict[str, Any], seed: int, seats: list[Seat],
                    status: str = RUNNING, clock: float | None = None) -> str:
        game_id = self.shard.new_id()
        stamp = now()
        with self.engine.begin() as conn:
            conn.execute(insert(games_table).values(
                id=game_id, game=game, options=options, seed=seed, seats=[s.to_json() for s in seats],
                status=status, created=stamp, updated=stamp, clock=clock,
                # the server moves on in it by itself: a bot plays, or a turn clock plays for absent people
                bots=any(s.kind == "bot" for s in seats) or clock is not None,
            ))
        return game_id

    def start(self, game_id: str, seats: list[Seat]) -> None:
        """A waiting game begins, with these seats (empty ones may have become bots)."""
        with self.engine.begin() as conn:
            conn.execute(update(games_table).where(games_table.c.id == game_id, games_table.c.status == WAITING)
                         .values(status=RUNNING, seats=[s.to_json() for s in seats], updated=now(),
                                 bots=any(s.kind == "bot" for s in seats) or games_table.c.clock.is_not(None)))

    def set_rematch(self, game_id: str, rematch: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(games_table).where(games_table.c.id == game_id).values(rematch=rematch))

    def load(self, game_id: str) -> StoredGame | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(games_table).where(games_table.c.id == game_id)).mappings().first()
            if row is None:
                return None
            return _stored(conn, dict(row))

    def with_bots(self, after: str = "", limit: int = 500) -> list[str]:
        """Ids of this shard's running games with a bot seat (the server plays in them), in id order from ``after``."""
        query = (select(games_table.c.id)
                 .where(games_table.c.status == RUNNING, games_table.c.bots.is_(True), games_table.c.id > after)
                 .order_by(games_table.c.id).limit(limit))
        if self.shard.prefix:
            own = games_table.c.id.startswith(self.shard.prefix, autoescape=True)
            if self.shard.unprefixed:  # games made before the deployment, by a server without shards
                own = or_(own, games_table.c.id.not_like("%-%"))
            query = query.where(own)
        with self.engine.connect() as conn:
            return [str(r) for r in conn.execute(query).scalars()]

    def listing(self, limit: int = 200) -> list[dict[str, Any]]:
        """The most recent games' headers with their action counts and last action times (for the lobby)."""
        with self.engine.connect() as conn:
            rows = [dict(r) for r in conn.execute(
                select(games_table).order_by(games_table.c.created.desc()).limit(limit)).mappings().all()]
            counts = {str(g): (int(n), last) for g, n, last in conn.execute(
                select(actions_table.c.game_id, func.count(), func.max(actions_table.c.at))
                .where(actions_table.c.game_id.in_([r["id"] for r in rows]))
                .group_by(actions_table.c.game_id)).all()} if rows else {}
        for row in rows:
            row["n"], row["last"] = counts.get(row["id"], (0, row["updated"]))
        return rows

    def set_seats(self, game_id: str, seats: list[Seat]) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(games_table).where(games_table.c.id == game_id)
                         .values(seats=[s.to_json() for s in seats], updated=now()))

    def finish(self, game_id: str, winners: list[int], returns: list[float]) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(games_table).where(games_table.c.id == game_id)
                         .values(status=FINISHED, winners=winners, returns=returns, updated=now()))

    def set_bots(self, game_id: str, bots: bool) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(games_table).where(games_table.c.id == game_id).values(bots=bots))

    # -- actions -------------------------------------------------------------------------
    def append_many(self, appends: list[Append]) -> None:
        """Store accepted actions, all in one transaction (a second action under one number fails)."""
        with self._kept.begin() if self._kept is not None else self.engine.begin() as conn:
            _append(conn, appends)

    def append(self, game_id: str, number: int, action: str, seat: int, header: dict[str, Any] | None = None) -> None:
        """Store action ``number`` (0-based) on its own; a second action under the same number fails."""
        self.append_many([Append(game_id, number, action, seat, header)])

    def holds(self, append: Append) -> bool:
        """Is ``append`` stored already, just as it is? A commit whose reply was lost (the database server's
        connection dropped after it committed) is tried again, and the second insert meets the first."""
        with self.engine.connect() as conn:
            row = conn.execute(select(actions_table.c.action, actions_table.c.seat, actions_table.c.note)
                               .where(actions_table.c.game_id == append.game_id,
                                      actions_table.c.number == append.number)).first()
        return row is not None and (str(row[0]), int(row[1]), row[2] or None) == (append.action, append.seat,
                                                                                   append.note or None)

    def truncate(self, game_id: str, length: int) -> None:
        """Forget every action from number ``length`` on (an undo)."""
        from sqlalchemy import delete

        with self.engine.begin() as conn:
            conn.execute(delete(actions_table).where(actions_table.c.game_id == game_id,
                                                     actions_table.c.number >= length))
            conn.execute(update(games_table).where(games_table.c.id == game_id)
                         .values(updated=now()))

    # -- analyses of finished games ----------------------------------------------------------
    def analysis(self, game_id: str) -> dict[str, Any] | None:
        """The stored analysis of a game, if it was computed."""
        with self.engine.connect() as conn:
            found = conn.execute(select(analyses_table.c.analysis).where(analyses_table.c.game_id == game_id)).scalar()
        if isinstance(found, str):  # some drivers hand JSON back as text
            found = json.loads(found)
        return dict(found) if found is not None else None

    def put_analysis(self, game_id: str, analysis: dict[str, Any]) -> None:
        with self.engine.begin() as conn:
            if conn.execute(select(analyses_table.c.game_id).where(analyses_table.c.game_id == game_id)).first():
                return
            conn.execute(insert(analyses_table).values(game_id=game_id, analysis=analysis, created=now()))

    # -- boards given by the operator ------------------------------------------------------
    def put_board(self, game: str, name: str, text: str) -> str:
        """Keep a board's text (once per distinct text); returns its SHA-256 digest."""
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        with self.engine.begin() as conn:
            known = conn.execute(select(boards_table.c.digest).where(boards_table.c.digest == digest)).first()
            if known is None:
                conn.execute(insert(boards_table).values(digest=digest, game=game, name=name[:255], text=text,
                                                         created=now()))
        return digest

    def board(self, digest: str) -> str | None:
        with self.engine.connect() as conn:
            text = conn.execute(select(boards_table.c.text).where(boards_table.c.digest == digest)).scalar()
            return str(text) if text is not None else None

    def board_of(self, digest: str) -> tuple[str, str] | None:
        """The game and the text of the board kept under ``digest``."""
        with self.engine.connect() as conn:
            row = conn.execute(select(boards_table.c.game, boards_table.c.text)
                               .where(boards_table.c.digest == digest)).first()
            return (str(row[0]), str(row[1])) if row is not None else None


#: the actions' columns, in the order of :func:`_append`'s rows
ACTION_COLUMNS = ("game_id", "number", "action", "seat", "at", "note")


@functools.cache
def _insert_actions(dialect: Dialect) -> tuple[str, bool, Callable[[Any], Any] | None]:
    """The actions' INSERT as the database's driver takes it, whether its parameters are positional, and how the
    time is handed to it: compiled once, so that each transaction skips SQLAlchemy's statement cache, and its
    time is converted once for all its actions."""
    compiled = insert(actions_table).compile(dialect=dialect)
    assert list(compiled.positiontup or compiled.params) == list(ACTION_COLUMNS), "the actions' columns changed"
    return str(compiled), compiled.positional, actions_table.c.at.type.dialect_impl(dialect).bind_processor(dialect)


def _append(conn: Connection, appends: list[Append]) -> None:
    stamp = now()
    statement, positional, convert = _insert_actions(conn.dialect)
    at = convert(stamp) if convert is not None else stamp
    rows: list[Any] = [(a.game_id, a.number, a.action, a.seat, at, a.note) for a in appends]
    if not positional:  # a driver taking named parameters (psycopg)
        rows = [dict(zip(ACTION_COLUMNS, row, strict=True)) for row in rows]
    conn.exec_driver_sql(statement, rows)
    for a in appends:  # only when the game ends
        if a.header is not None:
            conn.execute(update(games_table).where(games_table.c.id == a.game_id).values(**a.header, updated=stamp))


def _stored(conn: Connection, row: dict[str, Any]) -> StoredGame:
    rows = conn.execute(
        select(actions_table.c.number, actions_table.c.action, actions_table.c.seat, actions_table.c.note)
        .where(actions_table.c.game_id == row["id"])
        .order_by(actions_table.c.number)
    ).all()
    actions = [str(a) for _, a, _, _ in rows]
    actors = [int(s) for _, _, s, _ in rows]
    notes = {int(n): str(note) for n, _, _, note in rows if note}
    created = row["created"]
    if created.tzinfo is None:
        created = created.replace(tzinfo=UTC)
    options = row["options"]
    if isinstance(options, str):  # some drivers hand JSON back as text
        options = json.loads(options)
    return StoredGame(
        id=row["id"], game=row["game"], options=dict(options), seed=int(row["seed"]),
        seats=[Seat.from_json(s) for s in row["seats"]], status=row["status"], created=created,
        actions=actions, actors=actors, winners=row["winners"], returns=row["returns"], bots=bool(row.get("bots")),
        clock=row.get("clock"), rematch=row.get("rematch"), notes=notes,
    )
