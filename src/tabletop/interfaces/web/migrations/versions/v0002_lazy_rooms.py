"""Games are loaded on demand: each header says whom it waits for; boards table; indexes.

``waiting`` lets a restart find the games the server must move (chance, bots) without reading
every game; ``boards`` keeps the text of the boards
the operator gave with ``tabletop serve --data``. A running game of an older database is marked as
waiting for the server: the first look at it (when it is loaded) puts it right.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("waiting", sa.String(16), nullable=True))
    games = sa.table("games", sa.column("status", sa.String), sa.column("waiting", sa.String))
    op.execute(games.update().where(games.c.status == "running").values(waiting="server"))
    op.create_index("ix_games_created", "games", ["created"])
    op.create_index("ix_games_status_waiting", "games", ["status", "waiting"])
    op.create_table(
        "boards",
        sa.Column("digest", sa.String(64), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("name", sa.String(255), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("boards")
    op.drop_index("ix_games_status_waiting", "games")
    op.drop_index("ix_games_created", "games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("waiting")
