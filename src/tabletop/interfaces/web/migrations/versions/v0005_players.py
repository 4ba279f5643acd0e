"""Players: names, sessions, which seats were whose, ratings and their changes; rated and public games; chat.

``players`` (a name, its key for uniqueness, an Argon2id password hash), ``passkeys`` (WebAuthn
credentials: id, public key, signature count), ``sessions`` (the SHA-256
of each session cookie), ``seat_owners`` (a seat's player, or a guest until they sign up),
``ratings`` (OpenSkill's mu and sigma per player and game), ``rating_changes`` (each seat's place
and rating before and after a rated game), ``chat`` (the messages at each table, with the number of
actions played when each was said, so the replay shows them in place). ``games`` gains ``rated``,
``public`` and ``fill_at`` (when bots fill a quick-play table's free seats); older games are
neither rated nor public.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMNs (SQLite too): rebuilding the table would trip the foreign key of actions
    op.add_column("games", sa.Column("rated", sa.Boolean(create_constraint=False), nullable=False,
                                     server_default=sa.false()))
    op.add_column("games", sa.Column("public", sa.Boolean(create_constraint=False), nullable=False,
                                     server_default=sa.false()))
    op.add_column("games", sa.Column("fill_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("key", sa.String(128), nullable=False, unique=True),
        sa.Column("password", sa.Text, nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_sessions_player", "sessions", ["player_id"])
    op.create_table(
        "passkeys",
        sa.Column("credential_id", sa.String(1400), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("public_key", sa.Text, nullable=False),
        sa.Column("sign_count", sa.BigInteger, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "seat_owners",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
    )
    op.create_index("ix_seat_owners_owner", "seat_owners", ["owner"])
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ratings_game", "ratings", ["game", "mu"])
    op.create_table(
        "rating_changes",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.String(32), nullable=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu_after", sa.Float, nullable=False),
        sa.Column("sigma_after", sa.Float, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rating_changes_player", "rating_changes", ["player_id", "game", "at"])
    op.create_table(
        "chat",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("author", sa.String(64), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat")
    op.drop_index("ix_rating_changes_player", "rating_changes")
    op.drop_table("rating_changes")
    op.drop_index("ix_ratings_game", "ratings")
    op.drop_table("ratings")
    op.drop_index("ix_seat_owners_owner", "seat_owners")
    op.drop_table("seat_owners")
    op.drop_table("passkeys")
    op.drop_index("ix_sessions_player", "sessions")
    op.drop_table("sessions")
    op.drop_table("players")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("fill_at")
        batch.drop_column("public")
        batch.drop_column("rated")
