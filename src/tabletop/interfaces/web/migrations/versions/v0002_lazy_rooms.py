"""Games are loaded on demand: each header says whether a bot plays in it; boards table; indexes.

``bots`` lets a restart find the games the server must move on (those with a bot seat) without
reading every game; ``boards`` keeps the text of the boards
the operator gave with ``tabletop serve --data``. A running game of an older database is marked as
having bots: the server loads it once after the upgrade and puts the mark right.

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
    # a plain ADD COLUMN (SQLite too): rebuilding the table would trip the foreign key of actions
    op.add_column("games", sa.Column("bots", sa.Boolean(create_constraint=False), nullable=False,
                                     server_default=sa.false()))
    games = sa.table("games", sa.column("status", sa.String), sa.column("bots", sa.Boolean))
    op.execute(games.update().where(games.c.status == "running").values(bots=True))
    op.create_index("ix_games_created", "games", ["created"])
    op.create_index("ix_games_status_bots", "games", ["status", "bots"])
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
    op.drop_index("ix_games_status_bots", "games")
    op.drop_index("ix_games_created", "games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("bots")
