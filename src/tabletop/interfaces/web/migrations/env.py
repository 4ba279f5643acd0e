"""Alembic's environment: migrations run on the connection the store hands over."""

from __future__ import annotations

from typing import Any

from alembic import context

from tabletop.interfaces.web.schema import metadata


def run(connection: Any) -> None:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if hasattr(context, "config"):  # run by Alembic, not merely imported (by a test collector, say)
    run(context.config.attributes["connection"])
