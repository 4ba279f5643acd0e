"""Memory that follows the games in play (issue 22, finding 7): what a finished game leaves behind.

A soak plays games for many minutes; whatever a game leaves in the server once it is over
and put away is a creep. These tests play many games to their end, let the hub put them
away, and check that nothing keeps them: no room, action log or connection is alive, and
every registry and cache the server keeps across games is empty or at its bound.
``duel`` (tests/interfaces/web/conftest.py): two seats pick left or right in turn.
"""

from __future__ import annotations

import gc
import random
import socket
import threading
import tracemalloc
import weakref
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner
from websockets.sync.client import connect

import tabletop
from tabletop.core.registry import installed_games
from tabletop.interfaces.cli.app import app as cli
from tabletop.interfaces.web import boards, collector, guard
from tabletop.interfaces.web.actionlog import ActionLog
from tabletop.interfaces.web.app import create_app
from tabletop.interfaces.web.limits import Limits
from tabletop.interfaces.web.rooms import Room, Settings
from tabletop.interfaces.web.services import GAMES_KEPT
from tabletop.interfaces.web.store import StoredGame
from web_api import create, token_of, wait_until

INSTANT = Settings(bot_delay=0.0, chance_delay=0.0)
#: finished games put away after 2 s (time to take a weak reference to each room); creation limits
#: out of the way of a test that creates many games
LIMITS = Limits(finished_seconds=2.0, games_per_minute=10_000, games_burst=10_000, server_games_per_minute=10_000,
                server_games_burst=10_000, analysis_workers=0)
BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
GAMES = 24


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}", INSTANT, limits=LIMITS)) as c:
        yield c


def play_and_put_away(client: TestClient, count: int, **options: int) -> list[weakref.ReferenceType[Room]]:
    """Create ``count`` bot games, wait until each is over and put away; weak references to their rooms."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    ids, rooms = [], []
    for _ in range(count):
        created = create(client, "duel", BOTS, options)
        ids.append(created["id"])
        rooms.append(weakref.ref(hub.rooms[created["id"]]))
    wait_until(lambda: all(client.get(f"/api/games/{g}").json()["terminal"] for g in ids), timeout=60)
    wait_until(lambda: not any(g in hub.rooms for g in ids), timeout=30)
    return rooms


def test_finished_games_put_away_leave_nothing_behind(client: TestClient) -> None:
    rooms = play_and_put_away(client, GAMES)
    gc.collect()
    alive = [ref() for ref in rooms if ref() is not None]
    assert alive == [], f"{len(alive)} of {GAMES} rooms put away are still kept alive"
    app = client.app
    assert not app.state.hub.rooms and not app.state.hub._loading  # type: ignore[attr-defined]
    assert not app.state.sockets  # type: ignore[attr-defined]


@pytest.fixture
def collector_off() -> Iterator[None]:
    """The cyclic garbage collector off: only reference counting frees anything."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def rooms_alive() -> int:
    return sum(1 for o in gc.get_objects() if type(o) is Room)  # not isinstance: a weak proxy passes for its room


def test_a_room_put_away_is_freed_at_once_without_the_collector(client: TestClient, collector_off: None) -> None:
    # a room and its parts make no reference cycle (see .rooms): freed by reference counting as it is
    # put away, not at the next full collection, which at a thousand games stops the event loop
    rooms = play_and_put_away(client, GAMES)
    alive = [ref() for ref in rooms if ref() is not None]
    assert alive == [], f"{len(alive)} of {GAMES} rooms put away wait for the garbage collector"
    assert not gc.isenabled()


def test_the_rooms_alive_are_the_games_in_memory(client: TestClient, collector_off: None) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    play_and_put_away(client, GAMES)
    kept = create(client, "duel", [{"kind": "human", "name": "Ann"}, BOTS[0]])["id"]  # one game stays, waiting
    assert list(hub.rooms) == [kept]
    assert rooms_alive() == 1
    assert not gc.isenabled()


def play_with_a_person(client: TestClient) -> weakref.ReferenceType[Room]:
    """A person plays a game against a bot on a WebSocket to its end and leaves; a weak reference to its room,
    once the hub put it away."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    created = create(client, "duel", [{"kind": "human", "name": "Ann"}, BOTS[0]])
    game_id, token = created["id"], token_of(created, 0)
    room = weakref.ref(hub.rooms[game_id])
    with client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
        while True:
            view = ws.receive_json()
            if view.get("type") == "view" and view["terminal"]:
                break
            if view.get("type") == "view" and view["legal"]:
                ws.send_json({"type": "act", "action": view["legal"][0], "n": view["n"], "id": view["n"]})
    wait_until(lambda: game_id not in hub.rooms, timeout=30)
    return room


def test_a_person_s_game_watched_then_left_leaves_nothing_behind(client: TestClient) -> None:
    room = play_with_a_person(client)
    gc.collect()
    assert room() is None, "a room a person played and left is still kept alive"
    assert not client.app.state.sockets  # type: ignore[attr-defined]


def test_a_person_s_room_is_freed_at_once_without_the_collector(client: TestClient, collector_off: None) -> None:
    room = play_with_a_person(client)  # its socket's handler, connection and pump hold it in no cycle either
    assert room() is None, "a room a person played and left waits for the garbage collector"


#: the objects of one connection's protocols (uvicorn's and websockets'), counted by their type's name
PROTOCOL_PARTS = ("GuardedHttp", "GuardedWebSocket", "ServerProtocol", "HttpRequestParser", "RequestResponseCycle")
#: a WebSocket opening request, and the handshake's answer
UPGRADE = ("GET /ws/{game} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
           "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")


def protocol_parts() -> dict[str, int]:
    alive = dict.fromkeys(PROTOCOL_PARTS, 0)
    for o in gc.get_objects():
        name = type(o).__name__
        if name in alive:
            alive[name] += 1
    return alive


def test_a_closed_connection_s_protocols_are_freed_at_once_without_the_collector(
        tmp_path: Path, collector_off: None) -> None:
    # a protocol in a reference cycle when its connection closes waits for a full collection, which
    # tabletop serve makes rare (collector.py): the soak of issue 22 kept ~100 a minute (websockets' parser
    # generator holding its protocol; uvicorn's parser and request cycle holding theirs)
    limits = Limits(analysis_workers=0)
    port = _free_port()
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}", INSTANT, limits=limits)
    server = guard.server(app, "127.0.0.1", port, limits, log_level="warning")
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        wait_until(lambda: server.started, timeout=30)
        url, door = f"http://127.0.0.1:{port}", app.state.door
        created = httpx.post(f"{url}/api/games", json={"game": "duel", "seats": [
            {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]}).json()
        wait_until(lambda: door.total == 0)
        before = protocol_parts()
        for _ in range(15):
            with connect(f"ws://127.0.0.1:{port}/ws/{created['id']}") as ws:  # closed with the closing handshake
                ws.recv()
            with socket.create_connection(("127.0.0.1", port)) as raw:  # the TCP connection dropped mid-game
                raw.sendall(UPGRADE.format(game=created["id"]).encode())
                raw.settimeout(20)
                answer = b""
                while len(answer) < 12 and (more := raw.recv(12 - len(answer))):
                    answer += more
                assert answer == b"HTTP/1.1 101"
            assert httpx.get(f"{url}/api/server").status_code == 200  # a connection of its own each
        wait_until(lambda: door.total == 0, timeout=20)
        wait_until(lambda: not app.state.sockets, timeout=20)
        after = protocol_parts()
    finally:
        server.should_exit = True
        thread.join(timeout=20)
    grown = {name: after[name] - before[name] for name in PROTOCOL_PARTS}
    assert all(n <= 1 for n in grown.values()), f"left behind by 45 connections closed: {grown}"
    assert not gc.isenabled()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_the_games_made_for_new_games_stay_at_their_bound(client: TestClient) -> None:
    services = client.app.state.services  # type: ignore[attr-defined]
    for rounds in range(1, 21):  # twenty option sets: twenty games made, each once
        create(client, "duel", BOTS, {"rounds": rounds})
        create(client, "duel", BOTS, {"rounds": rounds})
    assert len(services.games) <= GAMES_KEPT
    made = {id(game) for game, _board in services.games.values()}
    assert len(made) <= 2 * 20  # a game made once per option set (a new game's, and its stored options')


def test_the_board_addresses_are_looked_up_once_per_game() -> None:
    boards.board_style.cache_clear()
    for _ in range(50):
        boards.board_style("duel"), boards.help_page("duel"), boards.board_module("duel")
    assert boards.board_style.cache_info().misses == 1
    assert boards.board_style.cache_info().maxsize is not None  # a bound, whatever names are asked for


#: what a game held in memory may cost per action played: its position's history and event log, where each
#: action's events end, who took it, and the positions kept for undo and replay (``benchmarks/web/held.py``
#: prints it; main 433a2d3 kept each event twice, as a tuple and a dictionary and again as the room's line,
#: with an int object per action: 500 to 560 bytes an action, 3 to 3.6 tracked objects)
BYTES_AN_ACTION = 300


def random_record(game: tabletop.Game, rng: random.Random) -> list[str]:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_distribution().sample(rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
    return [str(a) for a in state.history()]


@pytest.mark.parametrize("name", installed_games())
def test_a_game_held_costs_a_few_hundred_bytes_an_action(name: str) -> None:
    # a server's memory follows the actions its games hold (issue 22, finding 7): 200 games of random
    # players hold some 60,000 actions, so bytes an action are megabytes, and each object an action more
    # is one more for every full collection to walk
    game = tabletop.make(name)
    rng = random.Random(4)
    records = [random_record(game, rng) for _ in range(6)]
    actions = sum(map(len, records))

    def held() -> list[ActionLog]:
        return [ActionLog(StoredGame(id=f"g{i}", game=name, options=game.options, seed=1, seats=[],
                                     status="running", created=datetime.now(UTC), actions=record,
                                     actors=[i % 2] * len(record)), game, None, None)  # type: ignore[arg-type]
                for i, record in enumerate(records)]

    held()  # the game's own caches, filled once
    gc.collect()
    objects = len(gc.get_objects())
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        logs = held()
        gc.collect()
        cost = (tracemalloc.get_traced_memory()[0] - before) / actions
    finally:
        tracemalloc.stop()
    tracked = (len(gc.get_objects()) - objects) / actions
    assert all(len(log) == len(record) for log, record in zip(logs, records, strict=True))
    assert cost < BYTES_AN_ACTION, f"{cost:.0f} bytes an action held ({actions} actions)"
    assert tracked < 1.0, f"{tracked:.2f} objects tracked by the collector an action held"


@pytest.fixture
def collector_restored() -> Iterator[None]:
    thresholds = gc.get_threshold()
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)


def test_tabletop_serve_freezes_the_loaded_code_sets_the_thresholds_and_paces_the_collector(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, collector_restored: None
) -> None:
    seen: dict[str, object] = {}

    class Server:  # stands in for uvicorn's: what the collector is like as the server would start serving
        def run(self) -> None:
            seen["thresholds"], seen["frozen"] = gc.get_threshold(), gc.get_freeze_count()

    def server(*args: object, kind: object = None, **kwargs: object) -> Server:
        seen["kind"] = kind
        return Server()

    monkeypatch.setattr(guard, "server", server)
    gc.unfreeze()
    result = CliRunner().invoke(cli, ["serve", "--port", "1", "--database", f"sqlite:///{tmp_path / 'games.db'}"])
    assert result.exit_code == 0, result.output
    assert seen["thresholds"] == collector.THRESHOLDS != (700, 10, 10)
    assert isinstance(seen["frozen"], int) and seen["frozen"] > 10_000  # the app's code, at least
    assert gc.get_threshold() == collector.THRESHOLDS  # what the process serves with
    assert seen["kind"] is collector.Paced  # young collections on the event loop's clock
