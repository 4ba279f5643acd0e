"""Alembic migrations of the web server's database (run by :meth:`tabletop.interfaces.web.store.Store.migrate`).

A schema change is a new file in ``versions/`` whose ``down_revision`` is the newest one
before it; ``0001`` is the schema as it was before migrations existed.
"""
