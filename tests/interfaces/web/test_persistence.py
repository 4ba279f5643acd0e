"""The server's database, on SQLite and on PostgreSQL: restarts, games loaded on demand, migrations.

Each test runs twice (``any_database``): on an SQLite file and on a PostgreSQL schema of its own
(``make test`` starts Debian's PostgreSQL with .ci/postgres.sh).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa
from fastapi.testclient import TestClient

from tabletop.interfaces.web.app import create_app
from tabletop.interfaces.web.limits import Limits
from tabletop.interfaces.web.rooms import Settings
from tabletop.interfaces.web.store import Store
from web_api import create, token_of, view

INSTANT = Settings(bot_delay=0.0, chance_delay=0.0)
HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
FAST_BOTS = Limits(bot_workers=0)


def wait_until(check: Callable[[], Any], timeout: float = 10.0) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for the server")
        time.sleep(0.01)


def test_a_restarted_server_resumes_every_game_exactly(any_database: str) -> None:
    with TestClient(create_app(any_database, INSTANT, limits=FAST_BOTS)) as client:
        created = create(client, "duel", HUMANS)
        game_id, ann, bob = created["id"], token_of(created, 0), token_of(created, 1)
        for token, action in [(ann, "left"), (bob, "right"), (ann, "right")]:
            assert client.post(f"/api/games/{game_id}/act", json={"token": token, "action": action}).status_code == 200
        bots = create(client, "race", [{"kind": "bot", "bot": "random"}] * 2)
        before = view(client, game_id, bob)
    with TestClient(create_app(any_database, INSTANT, limits=FAST_BOTS)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        after = view(client, game_id, bob)
        assert after["state"] == before["state"] and after["log"] == before["log"] and after["n"] == 3
        assert after["legal"] == ["left", "right"]
        assert client.post(f"/api/games/{game_id}/act", json={"token": bob, "action": "left"}).status_code == 200
        # the bot-only game went on by itself after the restart and finished
        assert wait_until(lambda: view(client, bots["id"])["terminal"])
        listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
        assert listed[game_id]["actions"] == 4 and listed[bots["id"]]["status"] == "finished"
        assert hub.loaded == 2


def test_start_up_reads_no_game_of_people_only_and_loads_it_when_opened(any_database: str) -> None:
    with TestClient(create_app(any_database, INSTANT, limits=FAST_BOTS)) as client:
        people = [create(client, "duel", HUMANS) for _ in range(5)]
        bots = create(client, "race", [{"kind": "bot", "bot": "random"}] * 2)
        client.post(f"/api/games/{people[0]['id']}/act", json={"token": token_of(people[0], 0), "action": "left"})
    with TestClient(create_app(any_database, INSTANT, limits=FAST_BOTS)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        wait_until(lambda: view(client, bots["id"])["terminal"])
        assert set(hub.rooms) == {bots["id"]}  # only the game the server had to move was read
        assert view(client, people[0]["id"])["n"] == 1
        assert set(hub.rooms) == {bots["id"], people[0]["id"]}


def test_idle_and_finished_games_leave_memory_and_come_back_unchanged(any_database: str) -> None:
    limits = Limits(bot_workers=0, idle_seconds=0.05, finished_seconds=0.05)
    with TestClient(create_app(any_database, INSTANT, limits=limits)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        created = create(client, "duel", HUMANS)
        game_id, ann = created["id"], token_of(created, 0)
        client.post(f"/api/games/{game_id}/act", json={"token": ann, "action": "left"})
        before = view(client, game_id, ann)
        wait_until(lambda: game_id not in hub.rooms)
        after = view(client, game_id, ann)
        assert after["state"] == before["state"] and after["log"] == before["log"]
        bots = create(client, "race", [{"kind": "bot", "bot": "random"}] * 2)
        wait_until(lambda: bots["id"] not in hub.rooms)  # finished, nobody watching: put away
        assert view(client, bots["id"])["terminal"]


def test_a_full_server_puts_the_least_recently_used_idle_games_away(any_database: str) -> None:
    limits = Limits(bot_workers=0, rooms=3)
    with TestClient(create_app(any_database, INSTANT, limits=limits)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        ids = [create(client, "duel", HUMANS)["id"] for _ in range(5)]
        assert list(hub.rooms) == ids[2:]
        assert all(view(client, i)["n"] == 0 for i in ids)
        assert list(hub.rooms) == ids[2:]  # each view loaded one and put the least recently used away


def test_a_full_server_of_busy_games_refuses_more_with_503(any_database: str) -> None:
    limits = Limits(bot_workers=0, rooms=2)
    with TestClient(create_app(any_database, INSTANT, limits=limits)) as client:
        first, second = create(client, "duel", HUMANS), create(client, "duel", HUMANS)
        with client.websocket_connect(f"/ws/{first['id']}") as a, client.websocket_connect(f"/ws/{second['id']}") as b:
            a.receive_json(), b.receive_json()
            refused = client.post("/api/games", json={"game": "duel", "seats": HUMANS})
            assert refused.status_code == 503 and "as many games as it can (2)" in refused.json()["detail"]
        assert client.post("/api/games", json={"game": "duel", "seats": HUMANS}).status_code == 201


def baseline_database(url: str) -> None:
    """A database as the server made it before migrations existed (the schema of revision 0001)."""
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.execute(sa.text(
            "CREATE TABLE games (id VARCHAR(32) PRIMARY KEY, game VARCHAR(64) NOT NULL, options JSON NOT NULL, "
            "seed BIGINT NOT NULL, seats JSON NOT NULL, status VARCHAR(16) NOT NULL, winners JSON, returns JSON, "
            "created TIMESTAMP WITH TIME ZONE NOT NULL, updated TIMESTAMP WITH TIME ZONE NOT NULL)"))
        conn.execute(sa.text(
            "CREATE TABLE actions (game_id VARCHAR(32) NOT NULL REFERENCES games (id), number INTEGER NOT NULL, "
            "action TEXT NOT NULL, seat INTEGER NOT NULL, at TIMESTAMP WITH TIME ZONE NOT NULL, "
            "PRIMARY KEY (game_id, number))"))
        seats = json.dumps([{"kind": "human", "name": "Ann", "token_hash": None, "joined": True},
                            {"kind": "bot", "name": "Bot", "bot": "random"}])
        stamp = "2026-01-01 00:00:00+00:00"
        conn.execute(sa.text("INSERT INTO games VALUES ('beef01', 'duel', :options, 7, :seats, 'running', NULL, NULL, "
                             ":stamp, :stamp)"), {"options": json.dumps({"players": 2, "rounds": 3}), "seats": seats,
                                                  "stamp": stamp})
        conn.execute(sa.text("INSERT INTO actions VALUES ('beef01', 0, 'left', 0, :stamp)"), {"stamp": stamp})
    engine.dispose()


def test_an_older_database_is_migrated_and_its_games_go_on(any_database: str) -> None:
    baseline_database(any_database)
    store = Store(any_database)
    assert store.revision() == "0004"
    with store.engine.connect() as conn:
        row = conn.execute(sa.text("SELECT bots FROM games WHERE id = 'beef01'")).one()
    assert tuple(row) == (True,)  # to be looked at when resumed
    store.close()
    with TestClient(create_app(any_database, INSTANT, limits=FAST_BOTS)) as client:
        # the bot's turn: the resumed game goes on by itself and waits for Ann again
        assert wait_until(lambda: view(client, "beef01")["n"] == 2)
        assert view(client, "beef01")["actions"][1]["by"] == 1
    assert Store(any_database).revision() == "0004"  # opening it again changes nothing
