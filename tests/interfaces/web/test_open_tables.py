"""Open tables and quick play: public tables listed while they wait, "Play now", bots filling a table in time."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from tabletop.interfaces.web.app import create_app
from tabletop.interfaces.web.limits import Limits
from tabletop.interfaces.web.players import PlayerLimits
from tabletop.interfaces.web.rooms import Settings
from web_api import create, view, wait_until

INSTANT = Settings(bot_delay=0.0, chance_delay=0.0)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}", INSTANT, limits=Limits(bot_workers=0),
                     player_limits=PlayerLimits(signups_per_minute=600, signup_burst=100))
    with TestClient(app, base_url="https://testserver") as c:
        yield c


def token(link: str) -> str:
    return link.split("token=", 1)[1]


def test_two_strangers_meet_through_play_now(client: TestClient) -> None:
    client.post("/api/signup", json={"name": "Ann", "password": "correct horse"})
    first = client.post("/api/play", json={"game": "duel", "players": 2, "wait": 600})
    assert first.status_code == 200 and first.json()["opened"] is True
    game_id = first.json()["id"]
    [table] = client.get("/api/tables").json()["tables"]
    assert (table["id"], table["game"], table["free"], table["host"]["name"], table["rated"]) == (
        game_id, "duel", 1, "Ann", True)
    assert table["options"] == {"rounds": 3} and 590 < table["fill_in"] <= 600
    client.cookies = httpx.Cookies()  # a stranger, in another browser
    client.post("/api/signup", json={"name": "Bob", "password": "correct horse"})
    second = client.post("/api/play", json={"game": "duel", "players": 2}).json()
    assert (second["id"], second["seat"], second["opened"]) == (game_id, 1, False)
    assert client.get("/api/tables").json()["tables"] == []  # full: no longer listed
    seen = view(client, game_id, token(second["link"]))
    assert seen["status"] == "running" and [s["name"] for s in seen["seats"]] == ["Ann", "Bob"]
    assert seen["you"] == 1


def test_a_table_nobody_joins_is_filled_by_bots_after_the_wait(client: TestClient) -> None:
    opened = client.post("/api/play", json={"game": "duel", "wait": 1, "name": "Cleo"}).json()
    assert view(client, opened["id"], token(opened["link"]))["status"] == "waiting"
    seen = wait_until(lambda: (v := view(client, opened["id"]))["status"] == "running" and v, timeout=10)
    assert [s["kind"] for s in seen["seats"]] == ["human", "bot"] and seen["seats"][1]["bot"] == "medium"


def test_the_lobby_lists_only_public_tables_and_private_ones_cannot_be_sat_at(client: TestClient) -> None:
    private = create(client, "duel", [{"kind": "human", "host": True}, {"kind": "human"}], start="joined")
    public = create(client, "duel", [{"kind": "human", "host": True, "name": "Dee"}, {"kind": "human"}],
                    start="joined", public=True)
    assert [t["id"] for t in client.get("/api/tables").json()["tables"]] == [public["id"]]
    refused = client.post(f"/api/tables/{private['id']}/sit", json={})
    assert refused.status_code == 403 and "not an open table" in refused.json()["detail"]
    sat = client.post(f"/api/tables/{public['id']}/sit", json={"name": "Eve"})
    assert sat.status_code == 200 and sat.json()["seat"] == 1
    # the host has not opened her seat yet, and still nobody may take it
    full = client.post(f"/api/tables/{public['id']}/sit", json={"name": "Gus"})
    assert full.status_code == 409 and "no free seat" in full.json()["detail"]
    assert view(client, public["id"], token(sat.json()["link"]))["seats"][1]["name"] == "Eve"


def test_play_now_checks_the_game_and_the_players(client: TestClient) -> None:
    assert client.post("/api/play", json={"game": "nope"}).status_code == 422
    too_many = client.post("/api/play", json={"game": "duel", "players": 3})
    assert too_many.status_code == 422 and "2 to 2 players" in too_many.json()["detail"]
    assert client.post("/api/play", json={"game": "duel", "wait": 0}).status_code == 422
