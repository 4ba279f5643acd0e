"""The writer on SQLite (issue 22, finding 8): commits in the event loop, the log's checkpoints on its thread.

A commit that fills SQLite's write-ahead log past its threshold would checkpoint it (copy its pages into the
database and sync both to disk) in the event loop. The store's connections never do (``wal_autocheckpoint``
is 0); the writer checkpoints on its own thread between two transactions. These tests check that no commit
checkpoints, that the writer's checkpoints keep the log from growing without end, that they run off the
event loop's thread, and that a checkpoint that fails loses no action.

And that no statement outlives its connection's checkout. The soak (issue 22) logged ``cannot commit
transaction - SQL statements in progress`` (a new game's commit, the writer's shared transactions), then
``database is locked`` at once on the writer's inserts: a checkpoint's ``PRAGMA wal_checkpoint`` statement,
its row never read, stayed in progress on a pooled connection while the soak's memory probe
(``gc.get_objects()``) held its cursor, and the event loop's next writes on that connection failed
(:mod:`tabletop.interfaces.web.sqlite_connections`).
"""

from __future__ import annotations

import asyncio
import struct
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, select
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from tabletop.interfaces.web import writer as writer_module
from tabletop.interfaces.web.schema import actions_table
from tabletop.interfaces.web.store import Append, Seat, Store
from tabletop.interfaces.web.writer import Writer

SEATS = [Seat(kind="human", name="Ann"), Seat(kind="bot", name="Bot", bot="random")]


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(f"sqlite:///{tmp_path / 'games.db'}")


def write_many(store: Store, games: int, actions: int) -> Writer:
    """``games`` games each storing ``actions`` actions through one writer, all at once."""
    ids = [store.create_game("duel", {}, 1, SEATS) for _ in range(games)]
    writer = Writer(store)

    async def run() -> None:
        async def game(game_id: str) -> None:
            for number in range(actions):
                await writer.append(Append(game_id, number, f"left {number}", number % 2))
                await asyncio.sleep(0)

        await asyncio.gather(*(game(g) for g in ids))
        await writer.close()

    run_in_own_thread(run())
    return writer


def run_in_own_thread(coroutine: Any) -> None:
    """``asyncio.run`` on a thread of its own: the browser tests' Playwright keeps an event loop running on the
    main thread for the whole session, where ``asyncio.run`` refuses to start."""
    failed: list[BaseException] = []

    def main() -> None:
        try:
            asyncio.run(coroutine)
        except BaseException as error:
            failed.append(error)

    thread = threading.Thread(target=main)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]


def test_no_commit_checkpoints_the_log(store: Store) -> None:
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 0
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"


def test_the_writers_checkpoints_keep_the_log_small(store: Store, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(writer_module, "CHECKPOINT_SECONDS", 0.0)  # one before every transaction
    monkeypatch.setattr(writer_module, "CATCH_UP_PAGES", 16)  # and one holding the writes once the log is long
    threads: set[str] = set()
    checkpoint = store.checkpoint

    def seen_checkpoint() -> int:
        threads.add(threading.current_thread().name)
        return checkpoint()

    monkeypatch.setattr(store, "checkpoint", seen_checkpoint)
    writer = write_many(store, games=20, actions=150)
    wal = tmp_path / "games.db-wal"
    assert writer.appended == 3000 and writer.checkpoints > 10
    assert threads and all(name.startswith("tabletop-db") for name in threads), threads  # never the loop's
    # 3,000 actions written without checkpoints fill a log of 7.6 MB: once the log is past CATCH_UP_PAGES, a
    # checkpoint holding the writes lets the next transaction start it over (the log's header counts the
    # restarts), so it stays far smaller. How long it grows between two restarts depends on how often the
    # checkpoints' thread gets the CPU: 0.6 to 3.6 MB over runs on a busy machine, 15 to 27 restarts.
    restarts = struct.unpack(">I", wal.read_bytes()[12:16])[0]  # the header's checkpoint sequence number
    assert restarts >= 5, restarts
    assert wal.stat().st_size < 6 * 1024 * 1024, wal.stat().st_size
    assert sum(len(store.load(g).actions) for g in ids_of(store)) == 3000  # type: ignore[union-attr]


def overlaps(store: Store, monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Make each checkpoint last 50 ms longer; for each transaction written, was a checkpoint under way?"""
    checkpoint, append_many = store.checkpoint, store.append_many
    running = threading.Event()
    seen: list[bool] = []

    def slow_checkpoint() -> int:
        running.set()
        try:
            time.sleep(0.05)
            return checkpoint()
        finally:
            running.clear()

    def append_seen(appends: list[Append]) -> None:
        seen.append(running.is_set())
        append_many(appends)

    monkeypatch.setattr(store, "checkpoint", slow_checkpoint)
    monkeypatch.setattr(store, "append_many", append_seen)
    return seen


def test_a_checkpoint_runs_beside_the_writes_and_holds_none_back(store: Store,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(writer_module, "CHECKPOINT_SECONDS", 0.0)
    seen = overlaps(store, monkeypatch)
    writer = write_many(store, games=10, actions=60)
    assert writer.appended == 600 and writer.checkpoints >= 1
    assert sum(seen) >= 5, seen  # transactions committed while a checkpoint ran: no ack waited for it
    assert sum(len(store.load(g).actions) for g in ids_of(store)) == 600  # type: ignore[union-attr]


def test_once_the_log_is_long_a_checkpoint_holds_the_writes_back_and_the_log_starts_over(
        store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(writer_module, "CHECKPOINT_SECONDS", 0.0)
    monkeypatch.setattr(writer_module, "CATCH_UP_PAGES", 0)  # every log is long: every checkpoint holds the writes
    seen = overlaps(store, monkeypatch)
    writer = write_many(store, games=10, actions=60)
    assert writer.appended == 600 and writer.checkpoints >= 1
    assert not any(seen)  # no transaction beside a checkpoint
    assert (tmp_path / "games.db-wal").stat().st_size < 512 * 1024


def test_a_failed_checkpoint_loses_no_action(store: Store, monkeypatch: pytest.MonkeyPatch,
                                             caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(writer_module, "CHECKPOINT_SECONDS", 0.0)

    def broken() -> None:
        raise OSError("disk full")

    monkeypatch.setattr(store, "checkpoint", broken)
    writer = write_many(store, games=5, actions=20)
    assert writer.appended == 100 and writer.checkpoints == 0
    assert sum(len(store.load(g).actions) for g in ids_of(store)) == 100  # type: ignore[union-attr]
    assert "checkpointing the database's write-ahead log failed: disk full" in caplog.text


def ids_of(store: Store) -> list[str]:
    return [row["id"] for row in store.listing()]


# -- no statement outlives its connection's checkout (the soak's failed commits) ----------------------------
def test_a_result_left_unread_does_not_reach_the_next_user_of_its_connection(store: Store) -> None:
    with store.engine.connect() as conn:  # a writing statement, its row never read, its result kept
        kept = conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
    for _ in range(3):  # the pool hands the same connection back: its commits must not fail
        store.create_game("duel", {}, 1, SEATS)
    with store.engine.connect() as conn:  # a reading one, kept while others write: no stale snapshot
        other = conn.execute(select(actions_table.c.number))
    game_id = store.create_game("duel", {}, 1, SEATS)
    store.append_many([Append(game_id, 0, "left", 0)])
    assert len(store.listing()) == 4
    del kept, other



def test_an_invalidated_connection_with_a_result_left_unread_goes_back_quietly(store: Store) -> None:
    with store.engine.connect() as conn:  # a connection the pool drops (as on a disconnect): nothing to close
        kept = conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
        conn.invalidate()
    store.create_game("duel", {}, 1, SEATS)
    assert len(store.listing()) == 1
    del kept

def test_a_checkpoint_ends_its_statement_even_if_something_holds_its_result(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    held: list[Any] = []  # what the soak's memory probe did: a reference to every object, for a moment
    execute = Connection.exec_driver_sql

    def holding(self: Connection, *args: Any, **kwargs: Any) -> Any:
        result = execute(self, *args, **kwargs)
        held.append(result)
        return result

    monkeypatch.setattr(Connection, "exec_driver_sql", holding)
    store.checkpoint()  # (on a connection outside the pool now: it leaves no pooled connection anything to hold)
    assert store.engine.pool.checkedout() == 0
    game_id = store.create_game("duel", {}, 1, SEATS)
    store.append_many([Append(game_id, 0, "left", 0), Append(game_id, 1, "right", 1)])
    assert store.load(game_id) is not None


def test_readers_and_a_memory_probe_beside_the_writer_fail_no_write(store: Store,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The soak in small: the loop writes and creates games, the writer checkpoints before every transaction,
    threads read through the store, and a probe holds every cursor a moment longer than its user, as the soak's
    ``gc.get_objects()`` did (not that call itself: on a thread it may catch a tuple being built and make its
    builder fail with a SystemError). Before the fix it failed within a second."""
    monkeypatch.setattr(writer_module, "CHECKPOINT_SECONDS", 0.0)
    games, actions = 12, 40
    ids = [store.create_game("duel", {}, 1, SEATS) for _ in range(games)]
    stop = threading.Event()
    failures: list[str] = []

    def reader(offset: int) -> None:
        n = offset
        while not stop.is_set():
            try:
                store.load(ids[n % games])
                store.listing(50)
                store.with_bots()
            except Exception as exc:  # every failure is the finding
                failures.append(f"read: {exc}")
            n += 1

    held: list[Any] = []
    event.listen(store.engine, "after_cursor_execute", lambda _c, cursor, *_rest: held.append(cursor))

    def probe() -> None:
        while not stop.is_set():
            time.sleep(0.02)
            held.clear()

    async def run() -> None:
        writer = Writer(store)

        async def game(game_id: str) -> None:
            for number in range(actions):
                await writer.append(Append(game_id, number, f"left {number}", 0))
                await asyncio.sleep(0)

        async def creator() -> None:
            for _ in range(actions):
                await writer.call(store.create_game, "duel", {}, 1, SEATS)
                await asyncio.sleep(0)

        try:
            await asyncio.gather(creator(), *(game(g) for g in ids))
        except Exception as exc:
            failures.append(f"write: {exc}")
        await writer.close()

    threads = [threading.Thread(target=reader, args=(n,)) for n in range(3)] + [threading.Thread(target=probe)]
    for thread in threads:
        thread.start()
    try:
        run_in_own_thread(run())
    finally:
        stop.set()
        for thread in threads:
            thread.join()
    assert failures == []
    for game_id in ids:
        stored = store.load(game_id)
        assert stored is not None and stored.actions == [f"left {n}" for n in range(actions)]
    assert len(store.listing(1000)) == games + actions


def test_the_same_action_stored_again_counts_as_stored_and_another_is_refused(store: Store) -> None:
    """A commit whose reply was lost is tried again (test_rooms: the game goes on): the insert that meets the very
    same action under its number counts as stored; a different action or seat under a taken number still fails."""
    game_id = store.create_game("duel", {}, 1, SEATS)
    writer = Writer(store)
    first = Append(game_id, 0, "left 0", 0)
    outcomes: list[BaseException | None] = []

    async def run() -> None:
        await writer.append(first)
        outcomes.extend(await asyncio.gather(writer.append(first), writer.append(Append(game_id, 0, "left 1", 0)),
                                             writer.append(Append(game_id, 0, "left 0", 1)), return_exceptions=True))
        await writer.close()

    run_in_own_thread(run())
    same, other_action, other_seat = outcomes
    assert same is None
    assert isinstance(other_action, IntegrityError) and isinstance(other_seat, IntegrityError)
    stored = store.load(game_id)
    assert stored is not None and stored.actions == ["left 0"] and stored.actors == [0]
