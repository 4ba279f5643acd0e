"""The web store's tables (SQLAlchemy Core): games, their actions, operators' boards and stored analyses.

Other modules add their own tables to the same :data:`metadata` (accounts, chat, passkeys); the
Alembic migrations (:mod:`.migrations`) create and change them all. :mod:`.store` reads and writes these.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
)

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
    Column("bots", Boolean, nullable=False, server_default=false()),
    Column("clock", Float, nullable=True),
    Column("rematch", String(32), nullable=True),
    # players (migration 0005): a rated game changes its players' ratings when it ends; a public one is
    # listed in the lobby while it waits, and bots fill its free seats at fill_at (quick play)
    Column("rated", Boolean, nullable=False, server_default=false()),
    Column("public", Boolean, nullable=False, server_default=false()),
    Column("fill_at", DateTime(timezone=True), nullable=True),
    Index("ix_games_created", "created"),
    Index("ix_games_status_bots", "status", "bots"),
)

actions_table = Table(
    "actions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("action", Text, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("note", Text, nullable=True),
)

boards_table = Table(
    "boards",
    metadata,
    Column("digest", String(64), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("name", String(255), nullable=False),
    Column("text", Text, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

analyses_table = Table(
    "analyses",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("analysis", JSON, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)
