"""The store's SQLite connections: their settings, and no statement outliving its checkout.

The engine keeps its connections in SQLAlchemy's ``QueuePool`` (the default for a file database): a
connection is checked out by one thread at a time (the event loop's writes, the reads of
``asyncio.to_thread``), and goes back to the pool for the next one. The writer's checkpoints use a
connection of their own, outside the pool (:func:`checkpoint`), and its transactions one kept out of the pool
(:class:`Kept`).

A statement that has returned a row but was not stepped to its end stays *in progress* on its
connection until its cursor is closed or freed. Python's ``sqlite3`` no longer resets statements on
rollback (3.11), so the pool's reset on return does not end it: the next thread to check the
connection out inherits it. If it writes (``PRAGMA wal_checkpoint`` does, for SQLite), every commit
on that connection fails with ``cannot commit transaction - SQL statements in progress``; if it reads,
it holds an old snapshot, and every write on the connection fails at once with ``database is locked``
(no busy wait: the snapshot cannot be upgraded). Relying on the cursor being freed is not enough:
anything that holds a reference for a moment (a memory probe's ``gc.get_objects()``, a traceback, a
reference cycle) keeps it alive after its connection is gone (issue 22's soak: both errors, and a game
whose driver stopped). So every cursor is remembered, weakly, on its connection's record, and closed
when the connection goes back to the pool (closing resets its statement).
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
import weakref
from collections.abc import Iterator
from typing import Any

from sqlalchemy import Engine, event
from sqlalchemy.engine import Connection

#: where a connection's record keeps the cursors executed on it since its checkout
CURSORS = "tabletop_cursors"


def configure(engine: Engine) -> None:
    """Set every new connection's pragmas, and close the cursors a connection still has when it is checked in."""
    event.listen(engine, "connect", _pragmas)
    event.listen(engine, "after_cursor_execute", _remember_cursor)
    event.listen(engine.pool, "checkin", _close_cursors)


def _pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL with synchronous=NORMAL: a commit is durable against a crash of the server process
    # (what a restart needs) without an fsync per action. No commit checkpoints the log (copies it into the
    # database and syncs it to disk: the slow part, in the event loop where the writer commits): the writer
    # does, on its thread (writer.py).
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def _remember_cursor(conn: Connection, cursor: Any, _statement: str, _parameters: Any, _context: Any,
                     _executemany: bool) -> None:
    conn.info.setdefault(CURSORS, []).append(weakref.ref(cursor))  # (a list of references: a WeakSet costs more)


def _close_cursors(dbapi_connection: Any, record: Any) -> None:
    if record is None:
        return
    if dbapi_connection is None:  # invalidated: closing it finalized its statements
        record.info.pop(CURSORS, None)
        return
    _close_remembered(record.info)


def _close_remembered(info: dict[Any, Any]) -> None:
    cursors: list[weakref.ref[Any]] = info.pop(CURSORS, [])
    for held in cursors:
        cursor = held()
        if cursor is not None:  # still alive: someone holds it, maybe with its statement in progress
            with contextlib.suppress(sqlite3.ProgrammingError):  # its connection closed meanwhile
                cursor.close()  # a closed cursor's close does nothing


class Kept:
    """One of the engine's connections, kept checked out for the writer's transactions (the actions' inserts, in
    the event loop).

    Checking a connection out of the pool and back in for each transaction (the pool's bookkeeping, the rollback
    that resets it, the events) cost the event loop more than the transaction itself: about 130 µs against 50 at a
    thousand games, where a few hundred transactions a second commit. Its cursors are closed at the end of each
    transaction, as the pool closes them at a check-in (see the module's docstring). A thread-safe lock keeps
    two threads from ever sharing it (the writer writes from one at a time, but a test or a tool may not).
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._connection: Connection | None = None
        self._lock = threading.Lock()

    @contextlib.contextmanager
    def begin(self) -> Iterator[Connection]:
        """A transaction on the kept connection (committed at the end of the block, rolled back if it raises)."""
        with self._lock:
            conn = self._connection
            if conn is None or conn.closed or conn.invalidated:
                conn = self._connection = self.engine.connect()
            try:
                with conn.begin():
                    yield conn
            finally:
                if not conn.invalidated:
                    _close_remembered(conn.info)

    def close(self) -> None:
        with self._lock:
            if self._connection is not None:
                self._connection.close()  # back to the pool, which closes its cursors
                self._connection = None


#: each engine's connection for checkpoints (outside its pool; see :func:`checkpoint`)
_checkpointers: weakref.WeakKeyDictionary[Engine, sqlite3.Connection] = weakref.WeakKeyDictionary()


def checkpoint(engine: Engine) -> int:
    """A passive checkpoint of the engine's write-ahead log; the log's length in pages.

    It runs on a connection of its own, outside the pool, in one call into SQLite (which lets go of the
    interpreter lock meanwhile): beside the event loop's writes (writer.py), a checkpoint through a pooled
    connection takes the lock back at each of SQLAlchemy's steps and hands it to and fro with the loop. Its
    row is read to the end, so its statement ends here.
    """
    conn = _checkpointers.get(engine)
    if conn is None:
        conn = sqlite3.connect(engine.url.database or ":memory:", check_same_thread=False, isolation_level=None)
        conn.execute("PRAGMA busy_timeout=10000").fetchall()
        _checkpointers[engine] = conn
    rows = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
    return int(rows[0][1]) if rows else 0


def close_checkpointer(engine: Engine) -> None:
    conn = _checkpointers.pop(engine, None)
    if conn is not None:
        conn.close()
