"""Each attack of issue 12 is refused or bounded: the status or close code, and the server's memory.

In-process (Starlette's TestClient) for the answers, and a real server on loopback (uvicorn in a
thread) for the attacks that need real sockets: a viewer that never reads, and memory measured as
the RSS of this process, with a generous limit.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import shutil
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tabletop.core.data import packaged
from tabletop.core.registry import game_class, make
from tabletop.interfaces.web.app import create_app
from tabletop.interfaces.web.bots import BotPool, Job, OverBudget, check_budget, think
from tabletop.interfaces.web.connections import Connection
from tabletop.interfaces.web.limits import AddressLimiter, Limits
from web_api import INSTANT

HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


@pytest.fixture
def client(open_client: Callable[..., TestClient]) -> TestClient:
    return open_client(limits=Limits(bot_workers=0))


def new_game(client: TestClient, game: str = "duel", seats: list[dict[str, Any]] | None = None,
             **options: Any) -> dict[str, Any]:
    response = client.post("/api/games", json={"game": game, "seats": seats or HUMANS, "options": options})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def close_code(client: TestClient, game_id: str, *frames: str | bytes) -> tuple[int, str]:
    """Send frames on a spectator's socket; the code and reason the server closed it with."""
    with client.websocket_connect(f"/ws/{game_id}") as ws:
        ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            for frame in frames:
                if isinstance(frame, bytes):
                    ws.send_bytes(frame)
                else:
                    ws.send_text(frame)
            while True:
                ws.receive_json()
    return closed.value.code, closed.value.reason


# -- finding 5: malformed frames and bodies --------------------------------------------------
@pytest.mark.parametrize(("frame", "code", "reason"), [
    (b"\x00binary", 1003, "binary frames are not accepted"),
    ('{"type": "act", "action": "left", "n": Infinity}', 1007, "n: Input should be a finite number"),
    ('{"type": "act", "action": "left", "n": 1e400}', 1007, "n: Input should be a finite number"),
    ('{"type": "act", "action": "left", "n": ' + "9" * 5000 + "}", 1007, "number out of range"),
    ("[" * 4000 + "]" * 4000, 1007, "recursion limit exceeded"),
    ("not json", 1007, "Invalid JSON"),
    ('{"type": "shout"}', 1007, "does not match any of the expected tags"),
    ('{"type": "act", "action": "left", "n": -1}', 1007, "greater than or equal to 0"),
    (json.dumps({"type": "ping", "id": "x" * 20_000}), 1009, "at most 8192 bytes"),
    ("[" * 100_000 + "]" * 100_000, 1009, "at most 8192 bytes"),
])
def test_a_malformed_frame_closes_the_socket_with_its_code(client: TestClient, frame: str | bytes, code: int,
                                                           reason: str) -> None:
    game_id = new_game(client)["id"]
    got_code, got_reason = close_code(client, game_id, frame)
    assert got_code == code and reason in got_reason


def test_a_socket_sending_faster_than_its_rate_is_closed_with_1008(database: str) -> None:
    limits = Limits(bot_workers=0, messages_per_second=5, message_burst=10)
    with TestClient(create_app(database, INSTANT, limits=limits)) as client:
        game_id = new_game(client)["id"]
        code, reason = close_code(client, game_id, *['{"type": "ping"}'] * 50)
        assert code == 1008 and "more than 5 messages a second" in reason


def test_a_refusal_of_the_game_keeps_the_socket_open(client: TestClient) -> None:
    created = new_game(client)
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        ws.receive_json()
        ws.send_text('{"type": "act", "action": "left", "id": 1}')
        assert "spectators cannot act" in ws.receive_json()["message"]
        ws.send_text('{"type": "ping", "id": 2}')
        before = time.time()
        pong = ws.receive_json()
        assert pong == {"type": "pong", "id": 2, "now": pong["now"]}
        assert before - 1 < pong["now"] < time.time() + 1, "a pong carries the server's clock, for a page to sync"


@pytest.mark.parametrize(("body", "message"), [
    ('{"action": "left", "n": 1e400}', "n: Input should be a finite number"),
    ('{"action": "left", "n": Infinity}', "n: Input should be a finite number"),
    ('{"action": "left", "n": ' + "9" * 5000 + "}", "invalid request"),
    ('{"action": "' + "x" * 500 + '"}', "action: String should have at most 200 characters"),
    ("[" * 5000 + "]" * 5000, "invalid request"),
])
def test_a_malformed_body_gets_422_with_a_message(client: TestClient, body: str, message: str) -> None:
    game_id = new_game(client)["id"]
    response = client.post(f"/api/games/{game_id}/act", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 422 and message in response.json()["detail"]


def test_a_body_over_the_limit_gets_413_and_one_without_a_length_411(client: TestClient) -> None:
    game_id = new_game(client)["id"]
    big = json.dumps({"action": "left", "token": "t" * 20_000})
    response = client.post(f"/api/games/{game_id}/act", content=big, headers={"content-type": "application/json"})
    assert response.status_code == 413 and "larger than 16384 bytes" in response.json()["detail"]
    chunked = client.post(f"/api/games/{game_id}/act", content=iter([b'{"action": "left"}']),
                          headers={"content-type": "application/json"})
    assert chunked.status_code == 411


def test_creation_bodies_are_bounded(client: TestClient) -> None:
    nested = {"game": "duel", "seats": HUMANS, "options": {"rounds": {"deep": [1, [2, [3]]]}}}
    assert client.post("/api/games", json=nested).status_code == 422
    many = {"game": "duel", "seats": HUMANS * 20}
    assert "seats: List should have at most 16 items" in client.post("/api/games", json=many).json()["detail"]


# -- finding 2: no file a client names is opened ---------------------------------------------
FILE_GAMES = [g for g in ("jumanji", "doodle-jump", "donkey-kong")
              if any(o.kind == "path" for o in game_class(g).info.options)]


@pytest.mark.parametrize("game", FILE_GAMES)
def test_options_that_load_files_are_refused_whatever_the_path(client: TestClient, game: str,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []
    real_open = open

    def spy(path: Any, *args: Any, **kwargs: Any) -> Any:
        opened.append(str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr("builtins.open", spy)
    option = next(o.name for o in game_class(game).info.options if o.kind == "path")
    for path in ("/etc/passwd", str(Path.home() / ".bashrc"), "/dev/stdin", "/dev/zero", "/no/such/file"):
        response = client.post("/api/games", json={"game": game, "seats": HUMANS, "options": {option: path}})
        assert response.status_code == 422
        detail = response.json()["detail"]
        assert "opens no file a client names" in detail and f"tabletop serve --data {game}=FILE" in detail
        assert path not in detail
    assert not [p for p in opened if p.startswith(("/etc", "/dev", "/no", str(Path.home())))]
    catalog = {g["name"]: g for g in client.get("/api/catalog").json()["games"]}
    assert option not in [o["name"] for o in catalog[game]["options"]]


def test_an_option_the_game_does_not_declare_is_refused(client: TestClient) -> None:
    response = client.post("/api/games", json={"game": "duel", "seats": HUMANS, "options": {"speed": 3}})
    assert response.status_code == 422 and "unknown option 'speed' for duel; options you can set" in response.text


@pytest.mark.parametrize("game", FILE_GAMES)
def test_the_operator_board_is_read_once_at_start_up_and_kept_in_the_database(game: str, database: str,
                                                                                tmp_path: Path) -> None:
    option = next(o.name for o in game_class(game).info.options if o.kind == "path")
    shipped = packaged(f"tabletop.games.{game.replace('-', '_')}", "data")
    files = sorted(Path(str(shipped)).glob("*.toml"))
    board = next(f for f in files if _accepts(game, option, f))
    mine = tmp_path / "my-board.toml"
    shutil.copy(board, mine)
    with TestClient(create_app(database, INSTANT, limits=Limits(bot_workers=0), data={game: mine})) as client:
        mine.write_text("this is not a board any more")  # read once: later edits change nothing
        created = new_game(client, game)
        shown = client.get(f"/api/games/{created['id']}").json()["options"][option]
        assert shown.startswith("board:") and str(mine) not in json.dumps(client.get(
            f"/api/games/{created['id']}/record").json())
    mine.unlink()
    with TestClient(create_app(database, INSTANT, limits=Limits(bot_workers=0))) as client:
        # after a restart without --data, the game is rebuilt from the board kept in the database
        assert client.get(f"/api/games/{created['id']}").json()["options"][option] == shown


def _accepts(game: str, option: str, path: Path) -> bool:
    try:
        make(game, **{option: str(path)})
    except Exception:
        return False
    return True


def test_a_board_that_does_not_load_stops_the_server_at_start_up_with_the_reason(database: str,
                                                                                  tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("not = [valid")
    with pytest.raises(Exception, match="bad.toml"):
        create_app(database, INSTANT, data={FILE_GAMES[0]: bad})


# -- finding 3: bots within the server's budgets ---------------------------------------------
@pytest.mark.parametrize(("spec", "message"), [
    ("mcts:seconds=100000", "asks for 100000 seconds a decision; this server allows from more than 0 to 2"),
    ("mcts:iterations=1000000000", "asks for 1000000000 iterations a decision; this server allows at most 20000"),
])
def test_a_bot_over_the_budget_is_refused(client: TestClient, spec: str, message: str) -> None:
    response = client.post("/api/games", json={"game": "race", "seats": [{"kind": "bot", "bot": spec}] * 2})
    assert response.status_code == 422 and message in response.json()["detail"]
    check_budget("mcts:iterations=20000", Limits())
    check_budget("mcts:seconds=2", Limits())


def test_a_bot_that_loads_a_file_is_refused_without_opening_it(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[str] = []
    real_open = open

    def spy(file: Any, *args: Any, **kwargs: Any) -> Any:
        opened.append(str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr("builtins.open", spy)
    for path in ("/etc/passwd", "/dev/zero", "model.zip"):
        seats = [{"kind": "bot", "bot": f"policy:model={path}"}] * 2
        response = client.post("/api/games", json={"game": "race", "seats": seats})
        assert response.status_code == 422, response.text
        assert "opens no file a client names" in response.json()["detail"]
        assert path not in " ".join(opened)


def test_every_level_of_the_ladder_fits_the_servers_budget() -> None:
    from tabletop.agents import from_spec
    from tabletop.agents.ladder import LEVELS
    from tabletop.interfaces.web.bots import budget_of, within_budget

    for level in LEVELS:
        check_budget(level, Limits())  # expert included: the strongest we have within the server's budget
    assert budget_of(from_spec("expert")) == (None, 1.5)
    with pytest.raises(OverBudget, match="bot 'expert' asks for 1.5 seconds a decision"):
        check_budget("expert", Limits(bot_seconds=1.0))
    clamped = within_budget(from_spec("expert"), Limits(bot_seconds=0.2))
    inner = clamped.agent_for("donkey-kong")  # type: ignore[attr-defined]
    assert inner.seconds == 0.2


def a_decision(spec: str, seconds: float, iterations: int) -> tuple[Any, Job]:
    """A Donkey Kong position at its first decision, and a bot's job there."""
    game = make("donkey-kong", players=2)
    state = game.new_initial_state()
    rng = random.Random(5)
    while state.is_chance_node():
        state.apply_action(state.chance_distribution().sample(rng))
    return state, Job(game="donkey-kong", options=game.options, position=state.to_text(),
                      seat=state.current_player(), spec=spec, seed=1, seconds=seconds, iterations=iterations)


def test_a_decision_that_outlives_its_budget_is_cut_and_played_at_random() -> None:
    state, job = a_decision("mcts:iterations=20000", 0.05, 20_000)
    answer = think(job)
    assert answer.over_budget and state.parse_action(answer.action) in state.legal_actions()
    quick = think(Job(**{**job.__dict__, "spec": "mcts:iterations=5", "seconds": 30.0}))
    assert not quick.over_budget and state.parse_action(quick.action) in state.legal_actions()


def test_a_budget_that_runs_out_inside_an_import_stops_the_worker(monkeypatch: pytest.MonkeyPatch,
                                                                   tmp_path: Path) -> None:
    """A worker whose timer went off half-way through importing a module (NumPy, on a learned bot's first decision
    under load) answered every later job with "module 'numpy' has no attribute 'ndarray'": now it answers this one
    at random and says it stops (the pool starts a new one)."""
    from tabletop.interfaces.web import bots

    (tmp_path / "slow_to_import_for_the_bot_test.py").write_text("import time\ntime.sleep(0.5)\nREADY = True\n")
    monkeypatch.syspath_prepend(str(tmp_path))

    class Importing:
        name = "importing"

        def reset(self, seat: int) -> None:
            pass

        def step(self, state: Any, rng: random.Random) -> Any:
            import slow_to_import_for_the_bot_test  # noqa: F401

            return state.legal_actions()[0]

    monkeypatch.setattr(bots, "from_spec", lambda spec: Importing())
    state, job = a_decision("importing", 0.05, 1)
    with pytest.raises(bots._Broken) as broken:
        think(job)
    assert broken.value.answer.over_budget and state.parse_action(broken.value.answer.action) in state.legal_actions()
    # a budget that runs out in the agent's own work is no reason to stop
    assert not bots._in_import(ValueError())
    assert think(Job(**{**job.__dict__, "seconds": 5.0})).over_budget is False


def test_bots_think_in_a_worker_process_and_a_stored_spec_over_budget_is_clamped(database: str) -> None:
    import asyncio

    game = make("donkey-kong", players=2)
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node():
        state.apply_action(state.chance_distribution().sample(rng))

    async def decide() -> tuple[Any, list[str]]:
        pool = BotPool(Limits(bot_workers=1, bot_iterations=10))
        try:
            job = pool.job(game, state.to_text(), state.current_player(), "mcts:iterations=1000000000", rng)
            assert job.iterations == 10
            first = await pool.decide(job)
            order: list[str] = []

            async def play(name: str) -> None:  # a game asks again only once it has its answer
                for _ in range(4):
                    await pool.decide(job)
                    order.append(name)

            await asyncio.gather(play("a"), play("b"))
            return first, order
        finally:
            await pool.close()

    with ThreadPoolExecutor(1) as thread:  # a loop of its own (the browser tests leave one running here)
        answer, order = thread.submit(asyncio.run, decide()).result()
    assert answer is not None and not answer.over_budget
    assert state.parse_action(answer.action) in state.legal_actions()
    assert order == ["a", "b"] * 4  # games take turns at the worker


# -- finding 4: creation rate ------------------------------------------------------------------
def test_an_address_creating_games_too_fast_gets_429_with_retry_after(database: str) -> None:
    limits = Limits(bot_workers=0, games_per_minute=6, games_burst=3)
    with TestClient(create_app(database, INSTANT, limits=limits)) as client:
        statuses = [client.post("/api/games", json={"game": "duel", "seats": HUMANS}) for _ in range(5)]
        assert [r.status_code for r in statuses] == [201, 201, 201, 429, 429]
        assert "at most 6 a minute" in statuses[3].json()["detail"]
        assert int(statuses[3].headers["retry-after"]) >= 1
        assert len(client.get("/api/games").json()["games"]) == 3


def test_the_address_limiter_forgets_the_least_recently_seen_addresses() -> None:
    limiter = AddressLimiter(rate=1.0, burst=1.0, size=2)
    assert limiter.take("a") == 0.0 and limiter.take("a") > 0.0
    limiter.take("b"), limiter.take("c")
    assert limiter.take("a") == 0.0  # forgotten, so a new bucket


# -- finding 1: memory attacks on a real server ------------------------------------------------
def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


@pytest.mark.parametrize(("size", "code"), [(20_000, 1009), (60, 1008)])
def test_a_spectator_flooding_pings_without_reading_is_disconnected_and_memory_stays_bounded(
    start_server: Any, size: int, code: int
) -> None:
    errors: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = errors.append  # type: ignore[method-assign]
    logging.getLogger("uvicorn.error").addHandler(handler)
    try:
        live = start_server(INSTANT)
        game_id = httpx.post(f"{live.url}/api/games", json={"game": "duel", "seats": HUMANS}).json()["id"]
        before = rss_mb()
        sent = 0
        ping = json.dumps({"type": "ping", "id": "x" * size})
        with connect(f"{live.url.replace('http', 'ws')}/ws/{game_id}", max_queue=1, max_size=2**24,
                     close_timeout=1) as ws:
            deadline = time.monotonic() + 5
            with contextlib.suppress(ConnectionClosed):
                while time.monotonic() < deadline and sent < 5_000:  # never reads: its queue is full at once
                    ws.send(ping)
                    sent += 1
            grown = rss_mb() - before
            with pytest.raises(ConnectionClosed) as closed:  # now read: the server's close frame is there
                while True:
                    ws.recv(timeout=10)
    finally:
        logging.getLogger("uvicorn.error").removeHandler(handler)
    received = closed.value.rcvd
    assert received is not None and received.code == code
    assert grown < 100, grown  # before: 4 GB within 20 s
    assert not [r for r in errors if r.exc_info]  # no traceback in the server's log


# -- a viewer whose frames do not leave (its socket's buffer full: it does not read) --------------------------
class OneView:
    """An audience whose view is always the same short text."""

    def message_for(self, _conn: Connection) -> str:
        return "{}"


def pumped(send_timeout: float, stuck: bool, seconds: float) -> tuple[Connection, float]:
    """Pump views to a viewer for ``seconds`` (one a millisecond); with ``stuck`` its socket takes none."""

    async def scenario() -> tuple[Connection, float]:
        never = asyncio.Event()
        sent: list[str] = []

        async def send(text: str) -> None:
            if stuck:
                await never.wait()
            sent.append(text)

        conn = Connection(hand=(), send=send, send_timeout=send_timeout)
        pump = asyncio.create_task(conn.pump(OneView()))  # type: ignore[arg-type]
        conn.watch(pump)
        began = time.monotonic()
        while time.monotonic() - began < seconds and not pump.done():
            conn.changed()
            await asyncio.sleep(0.001)
        took = time.monotonic() - began
        conn.close()
        with contextlib.suppress(asyncio.CancelledError):
            await pump
        assert stuck or len(sent) > 10
        return conn, took

    # on a thread of its own: the browser tests' Playwright keeps an event loop running on the main thread
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, scenario()).result()


def test_a_viewer_whose_frame_does_not_leave_is_disconnected_within_one_and_a_half_send_timeouts() -> None:
    conn, took = pumped(send_timeout=0.2, stuck=True, seconds=3.0)
    assert conn.close_code == 1008 and "the viewer is not reading" in conn.close_reason
    assert 0.2 <= took < 0.3 + 0.5, took  # found at the second look (0.2 s), with room for a slow machine


def test_a_viewer_reading_every_frame_is_never_disconnected_by_the_send_watch() -> None:
    conn, took = pumped(send_timeout=0.05, stuck=False, seconds=0.5)  # ten times the timeout, frames leaving
    assert conn.close_code is None and took >= 0.5
