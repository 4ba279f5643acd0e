"""A deployment of two shards on one PostgreSQL database behind Debian's nginx, used as players use it.

``Deployment`` starts two ``tabletop serve --shard`` processes and nginx (unprivileged, its
configuration in a temporary folder, on free ports). Everything here goes through the balancer,
over real sockets: a game is created and played to its end by two people on WebSockets while a
spectator on a third connection sees every move; the lobby of either shard lists the games of
both and counts the watchers of the other's games (LISTEN/NOTIFY); a shard refuses another's
game; a second process for a shard refuses to start; and a shard killed with SIGKILL mid-game
resumes its games on restart with nothing acknowledged lost while the other shard's game goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from typer.testing import CliRunner

from tabletop.interfaces.cli.app import app
from tabletop.interfaces.web.deployment import TABLETOP, Deployment, find_nginx, free_port, nginx_config
from tabletop.interfaces.web.shards import owner_of
from web_api import postgresql_schema, run_async, wait_until

#: a short game of pig (the example game packaged outside tabletop, installed by make test)
PIG = {"game": "pig", "options": {"goal": 20}}
SERVE = ["--bot-delay", "0.05", "--games-per-minute", "6000", "--bot-workers", "1", "--connections-per-address", "6"]


@pytest.fixture(scope="module")
def deployment() -> Iterator[Deployment]:
    try:
        find_nginx()
    except RuntimeError as exc:
        pytest.fail(str(exc))
    with postgresql_schema() as database, Deployment(shards=2, database=database, serve_args=SERVE) as running:
        yield running


@dataclass
class Ledger:
    """What a client was told: actions acknowledged to it and actions shown to it, by number."""

    acked: dict[int, str] = field(default_factory=dict)
    shown: dict[int, str] = field(default_factory=dict)
    views: int = 0
    ended: bool = False
    closed: int | None = None

    def take(self, message: dict[str, Any], sent: dict[int, str]) -> None:
        for reply in [*message.get("replies", []), message]:
            if reply["type"] == "ack" and "n" in reply and reply["id"] in sent:
                self.acked[reply["n"] - 1] = sent[reply["id"]]
        if message["type"] == "view":
            self.views += 1
            for shown in message["actions"]:
                assert self.shown.setdefault(shown["n"], shown["action"]) == shown["action"], "an action changed"
            self.ended = bool(message["terminal"])


async def play(url: str, game_id: str, token: str | None, ledger: Ledger, rng: random.Random,
               until: asyncio.Event | None = None) -> None:
    """A player (random legal actions) or, without a token, a spectator, until the game ends (or ``until``)."""
    sent: dict[int, str] = {}
    query = f"?token={token}" if token else ""
    try:
        async with websockets.connect(f"{url.replace('http', 'ws')}/ws/{game_id}{query}") as ws:
            acted_at = -1
            while not ledger.ended and not (until and until.is_set()):
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
                except TimeoutError:
                    continue
                message = json.loads(raw)
                ledger.take(message, sent)
                if message["type"] == "error":
                    acted_at = -1  # refused: choose again at the next view
                if message["type"] == "view" and message["legal"] and message["n"] > acted_at:
                    acted_at = message["n"]
                    sent[len(sent)] = action = rng.choice(message["legal"])
                    await ws.send(json.dumps({"type": "act", "action": action, "n": message["n"], "id": len(sent) - 1}))
    except websockets.ConnectionClosed as closed:
        ledger.closed = closed.rcvd.code if closed.rcvd else 1006


def record(url: str, game_id: str) -> list[str]:
    answer = httpx.get(f"{url}/api/games/{game_id}/record", timeout=30)
    assert answer.status_code == 200, answer.text
    actions: list[str] = answer.json()["actions"]
    return actions


def create(url: str, seats: list[dict[str, Any]], game: dict[str, Any] = PIG) -> dict[str, Any]:
    answer = httpx.post(f"{url}/api/games", json={**game, "seats": seats}, timeout=30)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def games_on_each_shard(deployment: Deployment, seats: list[dict[str, Any]],
                        game: dict[str, Any] = PIG) -> dict[str, dict[str, Any]]:
    """A game created through the balancer on every shard (creation goes round robin)."""
    made: dict[str, dict[str, Any]] = {}
    for _ in range(8 * deployment.shards):
        created = create(deployment.url, seats, game)
        made.setdefault(str(owner_of(created["id"])), created)
        if len(made) == deployment.shards:
            return made
    raise AssertionError(f"creation through the balancer reached only shards {sorted(made)}")


def token(created: dict[str, Any], seat: int) -> str:
    return str(created["seats"][seat]["link"].split("token=", 1)[1])


def test_a_game_is_played_to_its_end_through_the_balancer(deployment: Deployment) -> None:
    created = create(deployment.url, [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}])
    game_id = created["id"]
    owner = owner_of(game_id)
    assert owner in {"s1", "s2"}
    players, spectator = [Ledger(), Ledger()], Ledger()

    async def game() -> None:
        rng = random.Random(7)
        await asyncio.wait_for(asyncio.gather(
            play(deployment.url, game_id, None, spectator, rng),
            *(play(deployment.url, game_id, token(created, seat), players[seat], rng) for seat in (0, 1)),
        ), timeout=180)

    run_async(game())
    stored = record(deployment.url, game_id)
    assert spectator.ended and all(p.ended for p in players), "the game was not played to its end"
    assert spectator.closed is None and all(p.closed is None for p in players)
    assert spectator.shown == dict(enumerate(stored)), "the spectator did not see every move as stored"
    acked = {n: action for p in players for n, action in p.acked.items()}
    assert acked and all(stored[n] == action for n, action in acked.items())
    # its shard holds it; the other refuses it (a balancer that routed it there would fork the game)
    other = deployment.shard("s2" if owner == "s1" else "s1")
    refused = httpx.get(f"{other.url}/api/games/{game_id}", timeout=30)
    assert refused.status_code == 421 and f"belongs to shard {owner}" in refused.json()["detail"]
    assert httpx.get(f"{deployment.shard(str(owner)).url}/api/games/{game_id}", timeout=30).status_code == 200
    # the pages that name a game go to its shard too
    assert httpx.get(f"{deployment.url}/game/{game_id}", timeout=30).status_code == 200
    assert httpx.get(f"{deployment.url}/api/games/{game_id}/replay?step=3", timeout=30).json()["step"] == 3


def test_the_lobby_lists_every_shard_and_counts_watchers_across_shards(deployment: Deployment) -> None:
    made = games_on_each_shard(deployment, [{"kind": "human"}, {"kind": "human"}])
    ids = {created["id"] for created in made.values()}
    for _ in range(4):  # through the balancer, whichever shard answers
        listed = {g["id"] for g in httpx.get(f"{deployment.url}/api/games", timeout=30).json()["games"]}
        assert ids <= listed
    watched = made["s1"]["id"]

    def watchers_seen_by_s2() -> int:
        games = httpx.get(f"{deployment.shard('s2').url}/api/games", timeout=30).json()["games"]
        return int(next(g["watchers"] for g in games if g["id"] == watched))

    assert watchers_seen_by_s2() == 0

    async def watch() -> None:
        stop = asyncio.Event()
        ledgers = [Ledger(), Ledger()]
        watchers = [asyncio.create_task(play(deployment.url, watched, None, ledger, random.Random(), stop))
                    for ledger in ledgers]
        try:
            await asyncio.to_thread(wait_until, lambda: watchers_seen_by_s2() == 2, 30.0)
        finally:
            stop.set()
            await asyncio.gather(*watchers)
        assert all(ledger.views >= 1 for ledger in ledgers)

    run_async(watch())
    wait_until(lambda: watchers_seen_by_s2() == 0, 30.0)


def test_the_shards_leave_the_cap_per_client_to_nginx(deployment: Deployment) -> None:
    """Every connection reaches a shard from nginx: the shards trust its address and count it only in
    all, and nginx caps each client's own connections (``limit_conn``: 503). Found at 3,000 games on 3
    shards, where each shard turned away nginx's 257th connection and people got 502."""
    assert deployment.per_client == 6  # the shards' --connections-per-address, applied by nginx
    created = create(deployment.url, [{"kind": "human"}, {"kind": "human"}])
    url = f"{deployment.url.replace('http', 'ws')}/ws/{created['id']}"

    async def first_view(ws: Any) -> str:
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))
            if message["type"] == "view":
                return "view"

    async def watch() -> None:
        async with contextlib.AsyncExitStack() as stack:
            # 12 watchers from 3 addresses, 4 each: twice what a shard lets one address hold
            watchers = [await stack.enter_async_context(
                websockets.connect(url, local_addr=(f"127.0.0.{10 + i % 3}", 0))) for i in range(12)]
            assert [await first_view(ws) for ws in watchers] == ["view"] * 12
            # one address at nginx's cap: its next connection is refused by nginx, not by a shard
            for _ in range(6):
                await stack.enter_async_context(websockets.connect(url, local_addr=("127.0.0.20", 0)))
            with pytest.raises(websockets.InvalidStatus) as refused:
                await websockets.connect(url, local_addr=("127.0.0.20", 0))
            assert refused.value.response.status_code == 503
            # while the others still play on
            assert httpx.get(f"{deployment.url}/api/games/{created['id']}", timeout=30).status_code == 200

    run_async(watch())


def test_a_second_process_for_a_shard_refuses_to_start(deployment: Deployment) -> None:
    """The shard's lock in PostgreSQL: two authoritative rooms for one game cannot happen."""
    started = subprocess.run(
        [sys.executable, "-c", TABLETOP, "serve", "--shard", "s1", "--shard-wait", "1", "--port", str(free_port()),
         "--database", deployment.database],
        capture_output=True, text=True, timeout=120,
    )
    assert started.returncode != 0
    assert "shard s1 is already served by another process" in started.stdout + started.stderr


def test_a_killed_shard_resumes_its_games_and_the_other_shard_does_not_notice(deployment: Deployment) -> None:
    bots = games_on_each_shard(deployment, [{"kind": "bot", "bot": "random"}] * 2, {"game": "pig", "options": {}})
    people = games_on_each_shard(deployment, [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                                 {"game": "pig", "options": {"goal": 1000}})
    victim = bots["s1"]["id"]
    spectator, player = Ledger(), Ledger()
    calm = people["s2"]["id"]

    async def drill() -> float:
        stop = asyncio.Event()
        watching = asyncio.create_task(play(deployment.url, victim, None, spectator, random.Random(), stop))
        playing = asyncio.create_task(play(deployment.url, calm, token(people["s2"], 0), player, random.Random(3),
                                           stop))
        await asyncio.to_thread(wait_until, lambda: len(spectator.shown) >= 10 and len(player.acked) >= 3, 60.0)
        acked_before = len(player.acked)
        deployment.kill("s1")
        await watching  # its socket went with the shard
        downtime = await asyncio.to_thread(deployment.restart, "s1")
        await asyncio.to_thread(wait_until, lambda: len(player.acked) >= acked_before + 5, 60.0)
        stop.set()
        await playing
        return downtime

    run_async(drill())
    assert spectator.closed is not None and not spectator.ended
    # the killed shard resumed its bots' game by itself, from everything it had shown
    shown = len(spectator.shown)
    wait_until(lambda: len(record(deployment.url, victim)) > shown + 5, 60.0)
    stored = record(deployment.url, victim)
    assert all(stored[n] == action for n, action in spectator.shown.items())
    # the other shard's player never lost its connection, and everything acknowledged is stored
    assert player.closed is None
    stored = record(deployment.url, calm)
    assert all(stored[n] == action for n, action in player.acked.items())
    assert all(stored[n] == action for n, action in player.shown.items())
    assert deployment.shard("s2").starts == 1 and deployment.shard("s1").starts == 2


def test_games_made_before_the_shards_belong_to_the_first_shard(deployment: Deployment) -> None:
    """A database that grows from one server into shards keeps its games: ids without a prefix go to s1."""
    from tabletop.core.registry import make
    from tabletop.interfaces.web.store import Seat, Store, hash_token

    store = Store(deployment.database)  # a server without shards
    game = make("pig", players=2)
    game_id = store.create_game("pig", game.options, 5, [Seat(kind="human", name="Old", token_hash=hash_token("t"),
                                                               joined=True)] * 2)
    store.close()
    assert owner_of(game_id) is None
    seen = httpx.get(f"{deployment.url}/api/games/{game_id}?token=t", timeout=30)
    assert seen.status_code == 200 and seen.json()["you"] == 0
    assert httpx.get(f"{deployment.shard('s1').url}/api/games/{game_id}", timeout=30).status_code == 200
    assert httpx.get(f"{deployment.shard('s2').url}/api/games/{game_id}", timeout=30).status_code == 421


def test_shards_are_refused_without_postgresql_or_with_a_bad_name(tmp_path: Path) -> None:
    """Before anything starts: shards share one PostgreSQL database, and a shard's name goes into ids."""
    runner = CliRunner()
    sqlite = f"sqlite:///{tmp_path / 'games.db'}"
    result = runner.invoke(app, ["deploy", "--shards", "2", "--database", sqlite])
    assert result.exit_code == 2 and "the shards share one PostgreSQL database" in result.output
    result = runner.invoke(app, ["serve", "--shard", "s1", "--database", sqlite])
    assert result.exit_code == 2 and "shards share one PostgreSQL database" in result.output
    result = runner.invoke(app, ["serve", "--shard", "S-1", "--database", "postgresql+psycopg://u@h/d"])
    assert result.exit_code == 2 and "a shard name is a lowercase letter" in result.output
    assert not (tmp_path / "games.db").exists()


def test_nginx_routes_each_game_to_the_shard_its_id_names(tmp_path: Path) -> None:
    config = nginx_config(tmp_path, "127.0.0.1:8000", {"s1": 9001, "s2": 9002})
    assert '"~^/(?:game|replay|ws|api/games)/s2-" tabletop_s2;' in config
    assert '"~^/(?:game|replay|ws|api/games)/[0-9a-f]+(?:/|$)" tabletop_s1;' in config  # games made before shards
    assert "upstream tabletop_s2 {\n        server 127.0.0.1:9002;" in config
    assert "default tabletop_any;" in config and "server 127.0.0.1:9001 max_fails=1" in config
    assert f"pid {tmp_path}/nginx.pid;" in config and "user " not in config
    assert "limit_conn tabletop_clients 256;" in config  # the shards' default --connections-per-address
    assert "limit_conn tabletop_clients 9;" in nginx_config(tmp_path, "127.0.0.1:8000", {"s1": 9001}, per_client=9)
    assert Deployment(2, "postgresql://u@h/d", serve_args=["--connections-per-address=40"]).per_client == 40
    with pytest.raises(ValueError, match="--connections-per-address expects a whole number, got 'x'"):
        Deployment(2, "postgresql://u@h/d", serve_args=["--connections-per-address", "x"])
