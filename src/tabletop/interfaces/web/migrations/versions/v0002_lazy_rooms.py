"""Games are loaded on demand: each header keeps its action count and whom it waits for; boards table.

``moves`` and ``waiting`` let the lobby list games and a restart find the games the server must
move (chance, bots) without reading every game's actions; ``boards`` keeps the text of the boards
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
        batch.add_column(sa.Column("moves", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("waiting", sa.String(16), nullable=True))
    games = sa.table("games", sa.column("id", sa.String), sa.column("status", sa.String),
                     sa.column("moves", sa.Integer), sa.column("waiting", sa.String))
    actions = sa.table("actions", sa.column("game_id", sa.String))
    count = sa.select(sa.func.count()).select_from(actions).where(actions.c.game_id == games.c.id).scalar_subquery()
    op.execute(games.update().values(moves=count))
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
        batch.drop_column("moves")
