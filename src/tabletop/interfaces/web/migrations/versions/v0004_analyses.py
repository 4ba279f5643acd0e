"""Analyses: each finished game's analysis (the replay page's "Analyse the game"), computed once, kept.

``analyses.game_id``: the game; ``analysis``: the analysis as JSON (``tabletop.analysis.annotate``);
``created``: when it was computed. An analysis is computed by the server's analysis workers once per
game and then served to everyone who asks.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "analyses",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("analysis", sa.JSON, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("analyses")
