"""The lobby's open tables, pushed on ``/ws/lobby``: a table opened by one client reaches a listening lobby
without polling and leaves it when it fills; other servers' changes arrive within ``lobby_seconds``; frames
are checked as on a game's socket; a listener costs no listing of its own; the server still stops at once."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tabletop.interfaces.web.app import create_app
from tabletop.interfaces.web.limits import Limits
from tabletop.interfaces.web.rooms import Settings
from web_api import INSTANT

FAST = Settings(bot_delay=0.05, chance_delay=0.02)
#: no listing but after a change of this server's: what arrives was pushed by the change itself
PUSH_ONLY = Limits(bot_workers=0, analysis_workers=0, lobby_seconds=3600.0)


@pytest.fixture
def live(start_server: Any) -> Any:
    return start_server(FAST, PUSH_ONLY)


def tables(ws: ClientConnection, timeout: float = 5.0) -> list[dict[str, Any]]:
    """The next list the lobby is sent."""
    message = json.loads(ws.recv(timeout=timeout))
    assert message["type"] == "tables" and isinstance(message["now"], float), message
    listed: list[dict[str, Any]] = message["tables"]
    return listed


def no_frame(ws: ClientConnection, seconds: float = 0.6) -> None:
    with pytest.raises(TimeoutError):
        ws.recv(timeout=seconds)


def test_a_table_opened_by_one_client_reaches_a_listening_lobby_and_leaves_it_when_filled(live: Any) -> None:
    with connect(live.url.replace("http", "ws") + "/ws/lobby") as lobby, httpx.Client(base_url=live.url) as http:
        assert tables(lobby) == []
        opened = http.post("/api/play", json={"game": "duel", "wait": 600, "name": "Ann"}).json()
        [table] = tables(lobby)  # pushed: the server lists again only after a change (lobby_seconds is an hour)
        assert (table["id"], table["game"], table["free"], table["host"]["name"]) == (opened["id"], "duel", 1, "Ann")
        assert "fill_in" not in table and 590 < table["fill_at"] - time.time() <= 601
        no_frame(lobby)  # an unchanged list is not sent again (its countdown runs in the page)
        sat = http.post(f"/api/tables/{opened['id']}/sit", json={"name": "Bob"})
        assert sat.status_code == 200
        assert tables(lobby) == []  # full, so it started: no longer waiting
        assert http.get("/api/server").json()["lobby_listings"] <= 4


def test_a_name_given_at_a_waiting_table_and_a_private_table_are_pushed_as_they_are(live: Any) -> None:
    with connect(live.url.replace("http", "ws") + "/ws/lobby") as lobby, httpx.Client(base_url=live.url) as http:
        assert tables(lobby) == []
        seats = [{"kind": "human", "host": True, "name": "Dee"}, {"kind": "human"}, {"kind": "human"}]
        private = http.post("/api/games", json={"game": "duel", "seats": seats[:2], "start": "joined"})
        assert private.status_code == 201
        no_frame(lobby)  # a private table is never listed: nothing new to send
        public = http.post("/api/games", json={"game": "duel", "seats": seats[:2], "start": "joined",
                                                "public": True}).json()
        [table] = tables(lobby)
        assert table["id"] == public["id"] and table["seats"][0]["name"] == "Dee"
        host_token = public["seats"][0]["link"].split("token=")[1]
        renamed = http.post(f"/api/games/{public['id']}/name", json={"token": host_token, "name": "Dee Dee"})
        assert renamed.status_code == 200
        assert tables(lobby)[0]["seats"][0]["name"] == "Dee Dee"
        started = http.post(f"/api/games/{public['id']}/start", json={"token": host_token})
        assert started.status_code == 200
        assert tables(lobby) == []


def test_what_another_server_changes_reaches_the_lobby_within_lobby_seconds(start_server: Any,
                                                                          tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'shared.db'}"
    listening = start_server(FAST, Limits(bot_workers=0, analysis_workers=0, lobby_seconds=0.3), database)
    with connect(listening.url.replace("http", "ws") + "/ws/lobby") as lobby:
        assert tables(lobby) == []
        # another server on the same database (another shard): the listening server hears of no change
        with TestClient(create_app(database, INSTANT, limits=Limits(bot_workers=0))) as other:
            opened = other.post("/api/play", json={"game": "duel", "wait": 600}).json()
            assert [t["id"] for t in tables(lobby)] == [opened["id"]]


def test_the_server_stops_at_once_with_lobbies_listening(live: Any) -> None:
    url = live.url.replace("http", "ws") + "/ws/lobby"
    with connect(url) as first, connect(url) as second:
        tables(first)
        tables(second)
        thread = live._thread
        live.stop()
        assert thread is not None and not thread.is_alive(), "uvicorn waited for the lobby's sockets"
        for ws in (first, second):
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012  # going away: a restart


# -- what a client may send --------------------------------------------------------------------------
@pytest.fixture
def client(open_client: Callable[..., TestClient]) -> TestClient:
    return open_client(limits=Limits(bot_workers=0, lobby_seconds=3600.0, messages_per_second=5, message_burst=10,
                                     sockets_per_address=3))


def closed_with(client: TestClient, *frames: str | bytes) -> tuple[int, str]:
    """Send frames on a lobby's socket; the code and reason the server closed it with."""
    with client.websocket_connect("/ws/lobby") as ws:
        assert ws.receive_json()["type"] == "tables"
        with pytest.raises(WebSocketDisconnect) as closed:
            for frame in frames:
                if isinstance(frame, bytes):
                    ws.send_bytes(frame)
                else:
                    ws.send_text(frame)
            while True:
                ws.receive_json()
    return closed.value.code, closed.value.reason


@pytest.mark.parametrize(("frame", "code", "reason"), [
    (b"\x00binary", 1003, "binary frames are not accepted"),
    ("not json", 1007, "Invalid JSON"),
    ("[" * 4000 + "]" * 4000, 1007, "recursion limit exceeded"),
    ('{"type": "shout"}', 1007, "does not match any of the expected tags"),
    ('{"type": "act", "action": "left", "n": 1}', 1007, "the lobby's socket takes only pings, not 'act'"),
    ('{"type": "chat", "text": "hello"}', 1007, "takes only pings"),
    (json.dumps({"type": "ping", "id": "x" * 20_000}), 1009, "at most 8192 bytes"),
])
def test_a_malformed_frame_closes_the_lobbys_socket_with_its_code_and_no_traceback(
        client: TestClient, caplog: pytest.LogCaptureFixture, frame: str | bytes, code: int, reason: str) -> None:
    with caplog.at_level(logging.WARNING):
        got_code, got_reason = closed_with(client, frame)
    assert got_code == code and reason in got_reason
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


def test_pings_are_answered_and_a_flood_is_closed_with_1008(client: TestClient) -> None:
    with client.websocket_connect("/ws/lobby") as ws:
        ws.receive_json()
        ws.send_text('{"type": "ping", "id": 7}')
        pong = ws.receive_json()
        assert pong["type"] == "pong" and pong["id"] == 7
    code, reason = closed_with(client, *['{"type": "ping"}'] * 50)
    assert code == 1008 and "more than 5 messages a second" in reason


def test_listeners_cost_no_listing_of_their_own_and_count_against_the_socket_bounds(client: TestClient) -> None:
    game = client.post("/api/games", json={"game": "duel", "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    with client.websocket_connect("/ws/lobby") as first, client.websocket_connect("/ws/lobby") as second, \
            client.websocket_connect(f"/ws/{game['id']}") as spectator:
        assert first.receive_json()["tables"] == [] and second.receive_json()["tables"] == []
        spectator.receive_json()
        for _ in range(8):
            first.send_text('{"type": "ping"}')
            assert first.receive_json()["type"] == "pong"
        # one listing for every listener, however many listen and ping (and none since: nothing changed)
        assert client.get("/api/server").json()["lobby_listings"] == 1
        with client.websocket_connect("/ws/lobby") as fourth, pytest.raises(WebSocketDisconnect) as refused:
            fourth.receive_json()  # three sockets from this address already: a game's and two lobbies'
        assert refused.value.code == 1008 and "too many open connections" in refused.value.reason
        assert client.get("/api/server").json()["sockets"] == 3
