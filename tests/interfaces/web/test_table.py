"""The table (issue 11) on the server: waiting rooms, pass and play, people rolling their own dice,
the turn clock, rematches, names and settings, the pages' 404, and the migration that stores them.

``duel`` (conftest.py): two seats pick left or right in turn, no chance. ``pig`` (examples/pig): a
seat rolls its die at the start of its turn (``chance_roller``), then rolls again or holds.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from tabletop.core.record import Record
from tabletop.core.registry import list_games
from tabletop.interfaces.web.app import create_app
from tabletop.interfaces.web.rooms import Settings
from tabletop.interfaces.web.store import MIGRATIONS, Store
from web_api import create, token_of, view

INSTANT = Settings(bot_delay=0.0, chance_delay=0.0)
ANN, BOB = {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}
needs_pig = pytest.mark.skipif("pig" not in list_games(), reason="examples/pig is not installed")


def wait_until(check: Callable[[], Any], timeout: float = 10.0) -> Any:
    deadline = time.monotonic() + timeout
    while not (value := check()):
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for the server")
        time.sleep(0.01)
    return value


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.db'}"


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    with TestClient(create_app(database, INSTANT)) as c:
        yield c


def post(client: TestClient, game_id: str, path: str, **body: Any) -> Any:
    return client.post(f"/api/games/{game_id}/{path}", json=body)


# -- the waiting room -------------------------------------------------------------------------
def test_a_game_with_friends_waits_until_every_person_has_joined(client: TestClient) -> None:
    created = create(client, "duel", [{**ANN, "host": True}, BOB], start="joined")
    game_id, ann, bob = created["id"], token_of(created, 0), token_of(created, 1)
    listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert listed[game_id]["status"] == "open"
    first = view(client, game_id, ann)  # Ann opens her link: she has joined, Bob has not
    assert first["status"] == "waiting" and first["legal"] == []
    assert [s["joined"] for s in first["seats"]] == [True, False]
    refused = post(client, game_id, "act", token=ann, action="left")
    assert refused.status_code == 409 and "has not started" in refused.json()["detail"]
    assert view(client, game_id, bob)["status"] == "running"  # Bob opens his: the game begins
    assert view(client, game_id, ann)["legal"] == ["left", "right"]
    assert post(client, game_id, "act", token=ann, action="left").status_code == 200


def test_the_host_starts_early_and_empty_seats_become_bots(client: TestClient) -> None:
    created = create(client, "duel", [{**ANN, "host": True}, BOB], start="joined")
    game_id, ann, bob = created["id"], token_of(created, 0), token_of(created, 1)
    view(client, game_id, ann)
    assert post(client, game_id, "start").status_code == 403  # a spectator
    # Bob's link is held by nobody yet; only the host may start before everyone is there
    with TestClient(create_app(client.app.state.store.url, INSTANT)) as other:  # type: ignore[attr-defined]
        assert other.get(f"/api/games/{game_id}").status_code == 200
    assert post(client, game_id, "start", token=ann).status_code == 200
    started = view(client, game_id, ann)
    assert started["status"] == "running"
    assert started["seats"][1]["kind"] == "bot" and started["seats"][1]["name"] == "Bob (bot)"
    assert post(client, game_id, "start", token=ann).json()["detail"] == "the game has already started"
    refused = client.get(f"/api/games/{game_id}", params={"token": bob})
    assert refused.status_code == 403  # the seat is the bot's now: Bob's old link holds no seat
    post(client, game_id, "act", token=ann, action="left")
    wait_until(lambda: view(client, game_id)["n"] == 2)  # the stand-in played Bob's turn


def test_only_the_host_may_start_early(client: TestClient) -> None:
    created = create(client, "duel", [{**ANN, "host": True}, BOB], start="joined")
    game_id, bob = created["id"], token_of(created, 1)
    view(client, game_id, bob)
    refused = post(client, game_id, "start", token=bob)
    assert refused.status_code == 403 and "only the host (Ann)" in refused.json()["detail"]


# -- pass and play ----------------------------------------------------------------------------------
def test_seats_of_one_holder_share_a_link_and_the_view_follows_the_mover(client: TestClient) -> None:
    created = create(client, "duel", [{**ANN, "holder": 0}, {**BOB, "holder": 0}], start="joined")
    game_id = created["id"]
    assert token_of(created, 0) == token_of(created, 1)
    token = token_of(created, 0)
    seen = view(client, game_id, token)  # both seats joined with one link: the game starts
    assert seen["status"] == "running" and seen["mine"] == [0, 1] and seen["you"] == 0
    for move, side in enumerate(["left", "right", "left"]):
        assert view(client, game_id, token)["you"] == move % 2
        assert post(client, game_id, "act", token=token, action=side).status_code == 200
    assert view(client, game_id, token)["log"][-1] == "seat 0 picks left"
    assert post(client, game_id, "undo", token=token).status_code == 200  # the last decision was one of ours
    refused = post(client, game_id, "name", token=token, name="Cy")
    assert refused.status_code == 422 and "which seat" in refused.json()["detail"]
    assert post(client, game_id, "name", token=token, name="Cy", seat=1).status_code == 200
    assert [s["name"] for s in view(client, game_id)["seats"]] == ["Ann", "Cy"]


# -- people roll their own dice ------------------------------------------------------------------
@needs_pig
def test_a_person_rolls_their_own_die_and_a_bot_rolls_at_once(client: TestClient) -> None:
    created = create(client, "pig", [{**ANN, "auto_roll": False}, {"kind": "bot", "bot": "random"}], {"goal": 10})
    game_id, ann = created["id"], token_of(created, 0)
    first = view(client, game_id, ann)
    assert first["n"] == 0 and first["roll_waits"] == 0 and first["roller"] == 0 and first["you"] == 0
    assert first["waiting_for"] == "Ann to roll"
    time.sleep(0.1)
    assert view(client, game_id)["n"] == 0  # the server waits for Ann's press
    assert post(client, game_id, "press", what="roll").status_code == 403
    assert post(client, game_id, "press", token=ann, what="roll").status_code == 200
    after = wait_until(lambda: (v := view(client, game_id, ann))["n"] >= 1 and v)
    assert after["actions"][0]["action"].startswith("die ")
    if after["legal"]:  # Ann decides now (unless she rolled a 1): there is nothing to roll
        again = post(client, game_id, "press", token=ann, what="roll")
        assert again.status_code == 409 and "nothing for you to roll" in again.json()["detail"]
    while not view(client, game_id)["terminal"]:  # Ann rolls on (no second press) until she holds or loses
        mine = view(client, game_id, ann)
        if mine["legal"]:
            post(client, game_id, "act", token=ann, action="roll" if mine["turn"] < 8 else "hold")
        elif mine["roll_waits"] == 0:
            post(client, game_id, "press", token=ann, what="roll")
        time.sleep(0.005)
    record = Record.from_json(client.get(f"/api/games/{game_id}/record").text)
    assert record.agents == ["human", "random"]


@needs_pig
def test_auto_roll_is_a_setting_and_hints_are_recorded(client: TestClient) -> None:
    created = create(client, "pig", [{**ANN, "auto_roll": False}, {"kind": "bot", "bot": "random"}], {"goal": 10})
    game_id, ann = created["id"], token_of(created, 0)
    assert view(client, game_id, ann)["prefs"] == {"auto_roll": False, "hints": False}
    assert post(client, game_id, "prefs", token=ann, auto_roll=True, hints=True).status_code == 200
    wait_until(lambda: view(client, game_id)["n"] >= 1)  # the server rolls for Ann now
    seen = view(client, game_id, ann)
    assert seen["prefs"] == {"auto_roll": True, "hints": True} and seen["seats"][0]["hints"]
    post(client, game_id, "prefs", token=ann, hints=False)
    record = Record.from_json(client.get(f"/api/games/{game_id}/record").text)
    assert record.agents[0] == "human (odds hints on)"  # they were on for a while: the record says so


# -- the turn clock -----------------------------------------------------------------------------
@needs_pig
def test_the_turn_clock_plays_for_a_person_who_is_away_and_the_log_says_so(database: str) -> None:
    with TestClient(create_app(database, INSTANT)) as client:
        created = create(client, "pig", [{**ANN, "auto_roll": False}, {**BOB, "auto_roll": False}], {"goal": 10},
                         clock=1.0)
        game_id, ann = created["id"], token_of(created, 0)
        waiting = view(client, game_id, ann)
        assert waiting["clock"] == 1.0 and waiting["wait"]["seat"] == 0 and waiting["wait"]["kind"] == "roll"
        assert 0 < waiting["wait"]["left"] <= 1.0
        rolled = wait_until(lambda: (v := view(client, game_id))["n"] >= 1 and v, timeout=5)
        assert "seat 0's turn clock ran out: the server rolled for them" in rolled["log"]
        decided = wait_until(lambda: any("the server played for them" in line for line in view(client, game_id)["log"]),
                             timeout=20)
        assert decided
        before = view(client, game_id)["log"]
    with TestClient(create_app(database, INSTANT)) as client:  # the notes are stored with their actions
        assert view(client, game_id)["log"][:len(before)] == before
        replayed = client.get(f"/api/games/{game_id}/replay", params={"step": 1}).json()
        assert replayed["log"][-1] == "seat 0's turn clock ran out: the server rolled for them"


def test_a_clock_outside_its_bounds_is_refused(client: TestClient) -> None:
    for clock in (0, -5, 1e9):
        response = client.post("/api/games", json={"game": "duel", "seats": [ANN, BOB], "clock": clock})
        assert response.status_code == 422 and "clock" in response.json()["detail"]


# -- rematch ------------------------------------------------------------------------------------------
def test_a_rematch_is_one_game_for_everyone_and_each_link_opens_its_seat(client: TestClient) -> None:
    created = create(client, "duel", [ANN, BOB], {"rounds": 1})
    game_id, ann, bob = created["id"], token_of(created, 0), token_of(created, 1)
    refused = post(client, game_id, "rematch", token=ann)
    assert refused.status_code == 409 and "once the game is over" in refused.json()["detail"]
    post(client, game_id, "act", token=ann, action="left")
    post(client, game_id, "act", token=bob, action="right")
    assert post(client, game_id, "rematch").status_code == 403  # spectators cannot
    new_id = post(client, game_id, "rematch", token=bob).json()["id"]
    assert post(client, game_id, "rematch", token=ann).json()["id"] == new_id  # the same game for both
    assert view(client, game_id)["rematch"] == new_id
    second = view(client, new_id, ann)
    assert second["status"] == "waiting" and second["options"]["rounds"] == 1 and second["you"] == 0
    assert [s["name"] for s in second["seats"]] == ["Ann", "Bob"]
    assert view(client, new_id, bob)["status"] == "running" and view(client, new_id, bob)["you"] == 1


# -- names and pages -----------------------------------------------------------------------------------
def test_a_friend_names_their_seat(client: TestClient) -> None:
    created = create(client, "duel", [ANN, {"kind": "human"}], start="joined")
    game_id, friend = created["id"], token_of(created, 1)
    assert view(client, game_id)["seats"][1]["name"] == "Player 2"
    assert post(client, game_id, "name", token=friend, name="  Dora   the  Explorer ").status_code == 200
    assert view(client, game_id)["seats"][1]["name"] == "Dora the Explorer"
    assert post(client, game_id, "name", token=friend, name="   ").status_code == 422
    assert post(client, game_id, "name", token=friend, name="x" * 41).status_code == 422


def test_an_unknown_page_is_a_page_and_an_unknown_api_path_is_json(client: TestClient) -> None:
    page = client.get("/no/such/page")
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    assert "There is no page at /no/such/page" in page.text and '<html lang="en">' in page.text
    game = client.get("/game/abcdef123456")
    assert game.status_code == 404 and "there is no game" in game.text
    api = client.get("/api/no-such-thing")
    assert api.status_code == 404 and api.headers["content-type"] == "application/json"


# -- the migration ------------------------------------------------------------------------------------
def test_a_database_of_revision_0002_is_migrated_and_its_games_go_on(database: str) -> None:
    from alembic import command
    from alembic.config import Config

    engine = sa.create_engine(database)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0002")
        seats = json.dumps([{"kind": "human", "name": "Ann", "token_hash": None, "joined": True},
                            {"kind": "human", "name": "Bob", "token_hash": None, "joined": True}])
        conn.execute(sa.text("INSERT INTO games (id, game, options, seed, seats, status, created, updated, bots) "
                             "VALUES ('cafe01', 'duel', :options, 7, :seats, 'running', :t, :t, false)"),
                     {"options": json.dumps({"players": 2, "rounds": 3}), "seats": seats,
                      "t": "2026-01-01 00:00:00+00:00"})
        conn.execute(sa.text("INSERT INTO actions (game_id, number, action, seat, at) "
                             "VALUES ('cafe01', 0, 'left', 0, '2026-01-01 00:00:00+00:00')"))
    engine.dispose()
    store = Store(database)
    assert store.revision() == "0004"
    stored = store.load("cafe01")
    assert stored is not None and stored.actions == ["left"] and stored.notes == {}
    assert stored.clock is None and stored.rematch is None and not stored.seats[0].host
    store.close()
    with TestClient(create_app(database, INSTANT)) as client:
        seen = view(client, "cafe01")
        assert seen["n"] == 1 and seen["status"] == "running" and seen["clock"] is None
        assert seen["log"] == ["seat 0 picks left"]
