"""Issue 22: no request stalls the server; the protocol's edges; connections bounded per client and in all.

Each attack has its status or close code, and a bound on what it costs while it runs, loose
enough for a shared machine: work counted (positions rebuilt, processes used), file descriptors,
or this process's CPU time, never a wall-clock time. The server runs as ``tabletop serve`` runs
it (``guard.server``: uvicorn with the door's protocols) in a thread on a loopback port.
"""

from __future__ import annotations

import contextlib
import logging
import os
import random
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
import websockets
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import tabletop
from tabletop.core.events import plain
from tabletop.interfaces.web.actionlog import SNAPSHOT_EVERY, replay
from tabletop.interfaces.web.app import create_app
from tabletop.interfaces.web.guard import server as guarded_server
from tabletop.interfaces.web.limits import AddressLimiter, Limits, client_key
from tabletop.interfaces.web.rooms import Settings
from tabletop.interfaces.web.store import Seat, Store, hash_token
from web_api import create, run_async, token_of, view

INSTANT = Settings(bot_delay=0.0, chance_delay=0.0)
ANN, BOB = {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}


def wait_until(check: Callable[[], Any], timeout: float = 20.0) -> Any:
    deadline = time.monotonic() + timeout
    while not (value := check()):
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for the server")
        time.sleep(0.01)
    return value


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Guarded:
    """The app served as ``tabletop serve`` serves it, in a thread."""

    def __init__(self, database: str, limits: Limits, settings: Settings = INSTANT, **options: Any) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.app = create_app(database, settings, limits=limits)
        self.server: uvicorn.Server = guarded_server(self.app, "127.0.0.1", self.port, limits, log_level="info",
                                                     **options)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> Guarded:
        self.thread.start()
        wait_until(lambda: self.server.started, timeout=30)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.db'}"


def stored_finished_game(database: str, name: str = "jumanji", seed: int = 3,
                         least: int = 200) -> tuple[str, list[str]]:
    """A finished game of ``name`` (seeded random play, at least ``least`` actions) stored as if played."""
    game = tabletop.make(name, players=2)
    for attempt in range(200):
        rng = random.Random(seed + attempt)
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(state.chance_distribution().sample(rng) if state.is_chance_node()
                               else legal[int(rng.random() * len(legal))])
        if len(state.history()) >= least:
            break
    actions = [str(a) for a in state.history()]
    store = Store(database)
    seats = [Seat(kind="human", name=f"p{s + 1}", token_hash=hash_token(f"t{s}"), joined=True) for s in range(2)]
    game_id = store.create_game(name, game.options, 99, seats)
    replayed = game.new_initial_state()
    for number, text in enumerate(actions):
        mover = replayed.current_player()
        replayed.apply_action(text)
        store.append(game_id, number, text, mover)
    store.finish(game_id, list(state.winners()), [float(r) for r in state.returns()])
    store.close()
    return game_id, actions


# -- finding 1: replays ---------------------------------------------------------------------------------
def test_a_replay_step_rebuilds_at_most_a_snapshots_worth_of_actions_and_matches_a_full_replay(
        database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id, actions = stored_finished_game(database)
    game = tabletop.make("jumanji", players=2)
    with TestClient(create_app(database, INSTANT, limits=Limits(replays_burst=1000))) as client:
        client.get(f"/api/games/{game_id}/replay", params={"step": 0})  # loaded: the room is built once
        applied = {"n": 0}
        state_class = type(game.new_initial_state())
        original = state_class.apply_action

        def counting(self: Any, action: Any) -> Any:
            applied["n"] += 1
            return original(self, action)

        monkeypatch.setattr(state_class, "apply_action", counting)
        for step in [0, 1, SNAPSHOT_EVERY - 1, SNAPSHOT_EVERY, len(actions) // 2, len(actions) - 1, len(actions),
                     10_000_000]:
            applied["n"] = 0
            seen = client.get(f"/api/games/{game_id}/replay", params={"step": step}).json()
            assert applied["n"] < SNAPSHOT_EVERY, f"step {step} applied {applied['n']} actions"
            monkeypatch.setattr(state_class, "apply_action", original)
            expected, lines = replay(game, actions[:min(step, len(actions))], {})
            monkeypatch.setattr(state_class, "apply_action", counting)
            assert seen["text"] == game.observer.text(expected, None)
            assert [plain(e) for e in seen["log"]] == [str(e) for e in lines]
            assert seen["step"] == min(step, len(actions))


def test_replay_steps_are_rate_limited_per_address_with_429_and_retry_after(database: str) -> None:
    game_id, _ = stored_finished_game(database, least=50)
    limits = Limits(replays_per_second=2.0, replays_burst=5.0)
    with TestClient(create_app(database, INSTANT, limits=limits)) as client:
        answers = [client.get(f"/api/games/{game_id}/replay", params={"step": 10_000_000}) for _ in range(12)]
    statuses = [a.status_code for a in answers]
    assert statuses[:5] == [200] * 5 and 429 in statuses[5:]
    refused = next(a for a in answers if a.status_code == 429)
    assert int(refused.headers["Retry-After"]) >= 1 and "replay" in refused.json()["detail"]


def test_an_undo_rebuilds_at_most_a_snapshots_worth_of_actions(database: str) -> None:
    game = tabletop.make("duel", rounds=20)
    with TestClient(create_app(database, INSTANT)) as client:
        created = create(client, "duel", [ANN, BOB], {"rounds": 20})
        game_id, ann, bob = created["id"], token_of(created, 0), token_of(created, 1)
        for number in range(SNAPSHOT_EVERY + 5):
            token = (ann, bob)[number % 2]
            legal = view(client, game_id, token)["legal"]
            acted = client.post(f"/api/games/{game_id}/act", json={"token": token, "action": legal[0]})
            assert acted.status_code == 200
        before = view(client, game_id)
        last = (ann, bob)[(SNAPSHOT_EVERY + 4) % 2]
        assert client.post(f"/api/games/{game_id}/undo", json={"token": last}).status_code == 200
        after = view(client, game_id)
        expected, lines = replay(game, [a["action"] for a in before["actions"]][:-1], {})
        assert after["n"] == before["n"] - 1 and after["text"] == game.observer.text(expected, None)
        assert [plain(e) for e in after["log"]] == [str(e) for e in lines]


# -- finding 2: analysis ----------------------------------------------------------------------------------
def test_analysis_is_a_queued_job_stored_in_the_database_and_served_to_everyone(database: str) -> None:
    game_id, _ = stored_finished_game(database, least=20)
    limits = Limits(analysis_workers=0, bot_iterations=20)
    with TestClient(create_app(database, INSTANT, limits=limits)) as client:
        first = client.get(f"/api/games/{game_id}/analysis")
        assert first.status_code == 202 and first.json()["status"] in ("queued", "running")
        assert int(first.headers["Retry-After"]) >= 1
        done = wait_until(lambda: (r := client.get(f"/api/games/{game_id}/analysis")).status_code == 200 and r,
                          timeout=120)
        analysis = done.json()
        assert analysis["decisions"] and client.get("/api/server").json()["analyses_computed"] == 1
    assert Store(database).analysis(game_id) == analysis  # stored
    with TestClient(create_app(database, INSTANT, limits=limits)) as client:  # another server: served, not computed
        again = client.get(f"/api/games/{game_id}/analysis")
        assert again.status_code == 200 and again.json() == analysis
        assert client.get("/api/server").json()["analyses_computed"] == 0


def test_analyses_over_a_quota_get_429_with_retry_after(database: str) -> None:
    ids = [stored_finished_game(database, least=20, seed=10 * i)[0] for i in range(4)]
    limits = Limits(analysis_workers=0, bot_iterations=20, analyses_queued=2, analyses_per_address=1)
    with TestClient(create_app(database, INSTANT, limits=limits)) as client:
        analyses = client.app.state.analyses  # type: ignore[attr-defined]
        assert client.portal is not None
        client.portal.call(analyses.close)  # no worker: jobs wait, so the quotas can be seen
        analyses._jobs.update({"a": ("{}", "192.0.2.1"), "b": ("{}", "192.0.2.2")})  # others' jobs fill the queue
        full = client.get(f"/api/games/{ids[2]}/analysis")
        assert full.status_code == 429 and "as many games" in full.json()["detail"]
        assert int(full.headers["Retry-After"]) >= 1
        analyses._jobs.clear()
        assert client.get(f"/api/games/{ids[0]}/analysis").status_code == 202
        mine = client.get(f"/api/games/{ids[1]}/analysis")  # one waiting per address
        assert mine.status_code == 429 and "already have" in mine.json()["detail"]
        assert int(mine.headers["Retry-After"]) >= 1
        assert client.get(f"/api/games/{ids[0]}/analysis").status_code == 202  # asking again is not a new job
        unfinished = create(client, "duel", [ANN, BOB])
        assert client.get(f"/api/games/{unfinished['id']}/analysis").status_code == 409


def test_analyses_run_in_a_worker_process_not_in_the_servers(database: str) -> None:
    game_id, _ = stored_finished_game(database, least=20)
    limits = Limits(analysis_workers=1, bot_iterations=200)
    with TestClient(create_app(database, INSTANT, limits=limits)) as client:
        cpu = time.process_time()
        assert client.get(f"/api/games/{game_id}/analysis").status_code == 202
        done = wait_until(lambda: (r := client.get(f"/api/games/{game_id}/analysis")).status_code == 200 and r,
                          timeout=300)
        spent = time.process_time() - cpu
    assert done.json()["decisions"]
    # the search ran elsewhere: this process only waited (and polled); a generous bound
    assert spent < 5.0, f"the server process spent {spent:.1f} s of CPU on an analysis"


# -- finding 3: frames that are not UTF-8, and every other malformed frame, leave the log clean ---------------
@pytest.mark.parametrize("frame, code", [
    (b'{"type":"ping","id":"\xff\xfe"}', 1007),
    (b"\xc3", 1007),
    (b"not json", 1007),
    (b'{"type": "act", "n": 1e400}', 1007),
    (b"[" * 100_000, 1009),
])
def test_a_malformed_text_frame_is_closed_with_its_code_and_no_traceback(
        database: str, caplog: pytest.LogCaptureFixture, frame: bytes, code: int) -> None:
    caplog.set_level(logging.DEBUG)
    with Guarded(database, Limits()) as served:
        created = httpx.post(f"{served.url}/api/games", json={"game": "duel", "seats": [ANN, BOB]}).json()

        async def attack() -> tuple[int | None, str | None]:
            async with websockets.connect(served.url.replace("http", "ws") + f"/ws/{created['id']}") as ws:
                await ws.recv()
                await ws.send(frame, text=True)
                with contextlib.suppress(ConnectionClosed):
                    while True:
                        await ws.recv()
                return ws.close_code, ws.close_reason

        closed, reason = run_async(attack())
        assert closed == code and reason
    noisy = [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR or "Traceback" in r.getMessage()]
    assert not noisy, [r.getMessage() for r in noisy]


def test_a_binary_frame_is_closed_with_1003_and_no_traceback(database: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    with Guarded(database, Limits()) as served:
        created = httpx.post(f"{served.url}/api/games", json={"game": "duel", "seats": [ANN, BOB]}).json()
        with connect(served.url.replace("http", "ws") + f"/ws/{created['id']}") as ws:
            ws.recv()
            ws.send(b"\x00\x01")
            with pytest.raises(ConnectionClosed):
                while True:
                    ws.recv()
            assert ws.close_code == 1003
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


# -- finding 5: slow headers, connections per client and in all ------------------------------------------------
def open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


def test_a_client_trickling_headers_is_answered_408_and_closed(database: str) -> None:
    limits = Limits(header_seconds=1.0, connections_per_address=1000)
    with Guarded(database, limits) as served:
        before = open_fds()
        slow = []
        for _ in range(50):
            s = socket.create_connection(("127.0.0.1", served.port))
            s.sendall(b"GET /api/server HTTP/1.1\r\nHost: x\r\nX-Slow: ")  # and never the end of the headers
            slow.append(s)
        silent = socket.create_connection(("127.0.0.1", served.port))  # a connection that sends nothing
        for s in [*slow, silent]:
            s.settimeout(30)
            answer = s.recv(200)  # closed by the server after about a second
            assert answer == b"" or answer.startswith(b"HTTP/1.1 408"), answer
            s.close()
        wait_until(lambda: open_fds() <= before + 2, timeout=30)  # the server let go of every one
        assert served.app.state.door.timed_out >= 51
        # an ordinary request is still answered
        assert httpx.get(f"{served.url}/api/server").status_code == 200


def test_connections_beyond_the_cap_per_client_and_in_all_are_closed_at_once(database: str) -> None:
    limits = Limits(connections_per_address=5, connections=8, header_seconds=30.0)
    with Guarded(database, limits) as served:
        door = served.app.state.door
        held = []
        for _ in range(5):
            held.append(socket.create_connection(("127.0.0.1", served.port)))
        wait_until(lambda: door.total == 5)
        extra = socket.create_connection(("127.0.0.1", served.port))
        extra.settimeout(10)
        with contextlib.suppress(ConnectionResetError):
            assert extra.recv(10) == b""  # turned away at once: closed before anything was read
        others = [socket.create_connection(("127.0.0.1", served.port), source_address=(f"127.0.0.{i}", 0))
                  for i in (2, 3, 4, 5)]
        wait_until(lambda: door.total == 8)  # 5 + 3: the fourth other address finds the server full
        wait_until(lambda: door.turned_away >= 2)  # the fourth is turned away once the door has seen it
        for s in [*held, *others, extra]:
            s.close()
        wait_until(lambda: door.total == 0)
        assert httpx.get(f"{served.url}/api/server").status_code == 200  # room again


def test_a_trusted_proxys_connections_count_only_in_all(database: str) -> None:
    """Behind nginx every connection comes from nginx: the cap per client is nginx's (limit_conn), and
    the server counts the proxy's connections only towards the cap in all (found at 3,000 games over 3
    shards: each shard turned away nginx's 257th connection, and clients got 502)."""
    limits = Limits(connections_per_address=3, connections=8, header_seconds=30.0)
    with Guarded(database, limits, proxy_headers=True, forwarded_allow_ips="127.0.0.1") as served:
        door = served.app.state.door
        proxy = [socket.create_connection(("127.0.0.1", served.port)) for _ in range(6)]
        wait_until(lambda: door.total == 6)  # twice the cap per client, all let in
        client = [socket.create_connection(("127.0.0.1", served.port), source_address=("127.0.0.2", 0))
                  for _ in range(2)]
        wait_until(lambda: door.total == 8)
        late = [socket.create_connection(("127.0.0.1", served.port)),
                socket.create_connection(("127.0.0.1", served.port), source_address=("127.0.0.3", 0))]
        wait_until(lambda: door.turned_away == 2)  # the server is full, for the proxy too
        for s in [*proxy, *client, *late]:
            s.close()
        wait_until(lambda: door.total == 0)
        # an untrusted client is still capped at 3
        held = [socket.create_connection(("127.0.0.1", served.port), source_address=("127.0.0.4", 0))
                for _ in range(4)]
        wait_until(lambda: door.turned_away == 3)
        assert door.total == 3
        for s in held:
            s.close()
        wait_until(lambda: door.total == 0)


def test_a_websocket_counts_as_a_connection_until_it_closes(database: str) -> None:
    with Guarded(database, Limits()) as served:
        door = served.app.state.door
        created = httpx.post(f"{served.url}/api/games", json={"game": "duel", "seats": [ANN, BOB]}).json()
        wait_until(lambda: door.total == 0)
        with connect(served.url.replace("http", "ws") + f"/ws/{created['id']}") as ws:
            ws.recv()
            assert door.total == 1
        wait_until(lambda: door.total == 0)


# -- finding 6: limits in all, and IPv6 clients as their /64 ------------------------------------------------
def test_many_addresses_cannot_create_more_games_than_the_servers_burst(database: str) -> None:
    limits = Limits(games_per_minute=30, games_burst=10, server_games_per_minute=60, server_games_burst=25)
    with Guarded(database, limits) as served:
        created = refused = 0
        started = time.monotonic()
        for i in range(20):
            with httpx.Client(transport=httpx.HTTPTransport(local_address=f"127.0.1.{i + 1}")) as http:
                for _ in range(10):
                    answer = http.post(f"{served.url}/api/games", json={"game": "duel", "seats": [ANN, BOB]})
                    if answer.status_code == 201:
                        created += 1
                    else:
                        assert answer.status_code == 429 and int(answer.headers["Retry-After"]) >= 1
                        refused += 1
    refilled = (time.monotonic() - started) * 60 / 60  # the server's rate: one a second
    # each address alone may make its burst of 10 (200 in all); the server makes its burst and what refilled
    assert 25 <= created <= 25 + refilled + 1 and refused == 200 - created


def test_an_ipv6_client_is_its_64() -> None:
    limiter = AddressLimiter(rate=1e-9, burst=2.0, size=100)
    assert limiter.take("2001:db8:0:1::1") == 0.0 and limiter.take("2001:db8:0:1:ffff::2") == 0.0
    assert limiter.take("2001:db8:0:1:1234:5678:9abc:def0") > 0  # the same /64: its burst is spent
    assert limiter.take("2001:db8:0:2::1") == 0.0  # the next /64 is another client
    assert client_key("::ffff:192.0.2.7") == client_key("192.0.2.7")


def test_every_server_wide_cap_is_a_flag_of_tabletop_serve() -> None:
    from typer.testing import CliRunner

    from tabletop.interfaces.cli.app import app as cli

    shown = CliRunner().invoke(cli, ["serve", "--help"], env={"COLUMNS": "200"}).output
    for flag in ("--max-games", "--max-sockets", "--sockets-per-address", "--max-connections",
                 "--connections-per-address", "--header-timeout", "--idle-timeout", "--games-per-minute",
                 "--server-games-per-minute", "--analysis-workers", "--analyses-per-hour"):
        assert flag in shown, flag


# -- finding 4: the turn clock cannot be dodged or extended ----------------------------------------------------
def test_an_act_and_undo_loop_cannot_stop_the_turn_clock(database: str) -> None:
    slow_bot = Settings(bot_delay=60.0, chance_delay=0.0)  # the bot never moves during the test
    with TestClient(create_app(database, slow_bot)) as client:
        created = create(client, "duel", [ANN, {"kind": "bot", "bot": "random"}], {"rounds": 5}, clock=1.0)
        game_id, ann = created["id"], token_of(created, 0)
        refusal = ""
        deadline = time.monotonic() + 60  # a guard against a hang, far beyond the 1 s clock
        while time.monotonic() < deadline and not refusal:
            acted = client.post(f"/api/games/{game_id}/act", json={"token": ann, "action": "left"})
            if acted.status_code != 200:
                refusal = acted.json()["detail"]  # too late: the server plays for her
                break
            undone = client.post(f"/api/games/{game_id}/undo", json={"token": ann})
            if undone.status_code != 200:
                refusal = undone.json()["detail"]  # too late to take it back: her decision stands
        seen = wait_until(lambda: (v := view(client, game_id, ann))["n"] == 1 and v)  # the game moved on
        assert seen["mover"] == 1 and not seen["legal"]
        played_for = any("turn clock ran out: the server played for them" in plain(e) for e in seen["log"])
        # too late to act (the server played for her) or to take her decision back (it stands)
        assert ("ran out" in refusal or played_for) and ("not your turn" not in refusal or played_for), refusal
        refused = client.post(f"/api/games/{game_id}/undo", json={"token": ann})
        assert refused.status_code == 409 and "ran out" in refused.json()["detail"]


OPERATIONS = st.lists(st.one_of(st.tuples(st.just("act"), st.integers(0, 1), st.sampled_from(["left", "right"])),
                                st.tuples(st.just("undo"), st.integers(0, 1), st.just("")),
                                st.tuples(st.just("wait"), st.just(0), st.just(""))), max_size=25)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(operations=OPERATIONS)
def test_no_sequence_of_client_messages_moves_a_turn_clock_deadline_later(
        database: str, operations: list[tuple[str, int, str]]) -> None:
    with TestClient(create_app(database, INSTANT)) as client:
        created = create(client, "duel", [ANN, BOB], {"rounds": 4}, clock=600.0)
        game_id, tokens = created["id"], [token_of(created, 0), token_of(created, 1)]
        room = client.app.state.hub.rooms[game_id]  # type: ignore[attr-defined]
        first: dict[tuple[int, str, int], tuple[float, float]] = {}  # wait -> (its deadline, when first seen)

        def check() -> None:
            wait = room.driver.turns.wait
            if wait is None or wait.deadline is None:
                return
            key = (wait.seat, wait.kind, len(room.log))
            deadline, seen_at = first.setdefault(key, (wait.deadline, time.monotonic()))
            assert wait.deadline == deadline, f"the deadline of {key} moved"
            assert wait.deadline <= seen_at + 600.0

        check()
        for kind, seat, action in operations:
            if kind == "act":
                client.post(f"/api/games/{game_id}/act", json={"token": tokens[seat], "action": action})
            elif kind == "undo":
                client.post(f"/api/games/{game_id}/undo", json={"token": tokens[seat]})
            else:
                time.sleep(0.001)
            check()
