"""The table: a turn clock and a rematch per game, a note per action (the server played for someone).

``games.clock``: the seconds a person has for a turn (``NULL``: no limit, as every game had
before); ``games.rematch``: the id of the game that rematches this one; ``actions.note``: what
the server says of an action it took for a person ("the turn clock ran out"). Waiting rooms use
the ``status`` column's new value ``waiting``; the seats' new fields (host, auto roll, hints)
live in the seats' JSON, which older rows simply lack (read as false).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMNs (SQLite too): rebuilding a table would trip the foreign key of actions
    op.add_column("games", sa.Column("clock", sa.Float, nullable=True))
    op.add_column("games", sa.Column("rematch", sa.String(32), nullable=True))
    op.add_column("actions", sa.Column("note", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("note")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rematch")
        batch.drop_column("clock")
