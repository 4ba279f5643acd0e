"""The web server's API and WebSocket, in-process (Starlette's TestClient), on the test games.

``race`` (tests/conftest.py): a d3 roll (chance) then advance or wait.
``duel`` (tests/interfaces/web/conftest.py): two seats pick left or right in turn, no chance.
"""

from __future__ import annotations

import json
import random
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError
from typer.testing import CliRunner

from tabletop.core.record import Record
from tabletop.core.registry import installed_games
from tabletop.core.replay import replay
from tabletop.interfaces.cli.app import app as cli
from tabletop.interfaces.web.app import create_app
from tabletop.interfaces.web.limits import Limits
from tabletop.interfaces.web.rooms import Settings
from web_api import create, token_of, view

INSTANT = Settings(bot_delay=0.0, chance_delay=0.0)


def wait_until(check: Callable[[], Any], timeout: float = 5.0) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for the server")
        time.sleep(0.01)


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.db'}"


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    # the test games are registered in this process only: analyses run in its threads, not in workers
    with TestClient(create_app(database, INSTANT, limits=Limits(analysis_workers=0))) as c:
        yield c


HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


# -- creating and joining ---------------------------------------------------------------------------
def test_creating_a_game_gives_each_human_a_secret_link_and_lists_it_in_the_lobby(client: TestClient) -> None:
    created = create(client, "race", [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}])
    assert created["seats"][0]["link"].startswith(f"/game/{created['id']}?token=")
    assert created["seats"][1]["link"] is None
    listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert listed[created["id"]]["status"] == "open"  # Ann has not opened her link yet
    view(client, created["id"], token_of(created, 0))
    with client.websocket_connect(f"/ws/{created['id']}?token={token_of(created, 0)}") as ws:
        assert ws.receive_json()["you"] == 0
    listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert listed[created["id"]]["status"] == "running"
    assert client.get(f"/game/{created['id']}").status_code == 200
    assert client.get("/").status_code == 200 and "tabletop" in client.get("/").text


def test_bad_creations_are_refused_with_the_reason(client: TestClient) -> None:
    bad = client.post("/api/games", json={"game": "chess", "seats": HUMANS})
    assert bad.status_code == 422 and "unknown game 'chess'" in bad.json()["detail"]
    bad = client.post("/api/games", json={"game": "race", "seats": HUMANS, "options": {"goal": 999}})
    assert bad.status_code == 422 and "option 'goal' of race must be an integer from 2 to 50" in bad.json()["detail"]
    bad = client.post("/api/games", json={"game": "race", "seats": [{"kind": "bot", "bot": "genius"}] * 2})
    assert bad.status_code == 422 and "unknown agent 'genius'" in bad.json()["detail"]
    bad = client.post("/api/games", json={"game": "race", "seats": [{"kind": "bot", "bot": "heuristic"}] * 2})
    assert bad.status_code == 422 and "no heuristic bot for race" in bad.json()["detail"]
    assert client.get("/api/games").json()["games"] == []


def test_catalog_lists_games_with_their_options_and_bots(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/catalog").json()["games"]}
    race = games["race"]
    assert race["min_players"] == 2 and race["max_players"] == 3
    assert [o["name"] for o in race["options"]] == ["first_player", "goal"]
    assert [b["spec"] for b in race["bots"]] == ["beginner", "easy", "medium", "hard", "expert"]
    assert [b["usual"] for b in race["bots"]] == [False, False, True, False, False]
    assert race["bots"][0]["label"] == "Beginner" and race["bots"][0]["agent"] == "random"
    assert race["bots_note"] is None
    assert "only choice in the game is where the rhino goes" in games["jumanji"]["bots_note"]


# -- acting -------------------------------------------------------------------------------------------
def test_a_human_plays_through_the_websocket_and_everyone_sees_it(client: TestClient) -> None:
    created = create(client, "race", HUMANS)
    game_id, ann = created["id"], token_of(created, 0)
    with client.websocket_connect(f"/ws/{game_id}?token={ann}") as ws, \
            client.websocket_connect(f"/ws/{game_id}") as spectator:
        first = ws.receive_json()
        while first["mover"] != 0:  # the server rolls the first die
            first = ws.receive_json()
        assert first["legal"] == ["advance", "wait"]
        ws.send_json({"type": "act", "action": "advance", "n": first["n"], "id": 7})
        views_seen: list[dict[str, Any]] = []
        while True:
            frame = ws.receive_json()
            if frame["type"] == "view":
                views_seen.append(frame)
            replies = [frame] if frame["type"] != "view" else frame.get("replies", [])
            if any(r["type"] == "ack" for r in replies):
                break
        ack = next(r for r in replies if r["type"] == "ack")
        assert ack == {"type": "ack", "id": 7, "n": first["n"] + 1}
        assert views_seen[-1]["n"] >= first["n"] + 1  # the view with the move came with the ack, or before it
        actions: list[dict[str, Any]] = []
        watched = spectator.receive_json()
        actions += watched["actions"]
        while watched["n"] < first["n"] + 1:
            watched = spectator.receive_json()
            actions += watched["actions"]
        assert watched["you"] is None and watched["legal"] == []
        assert {"n": first["n"], "action": "advance", "by": 0} in actions
        assert [a["n"] for a in actions] == list(range(len(actions)))  # every action once, in order


def next_reply(ws: Any) -> dict[str, Any]:
    """The next answer to a request, whether it came alone or with a view."""
    while True:
        frame: dict[str, Any] = ws.receive_json()
        if frame["type"] != "view":
            return frame
        if frame.get("replies"):
            reply: dict[str, Any] = frame["replies"][0]
            return reply


def test_refusals_change_nothing(client: TestClient, database: str) -> None:
    created = create(client, "duel", HUMANS)
    game_id, ann, bob = created["id"], token_of(created, 0), token_of(created, 1)
    before = view(client, game_id, ann)
    cases = [
        ({"token": "forged-token", "action": "left"}, 403, "this join link is not valid for game"),
        ({"action": "left"}, 403, "spectators cannot act"),
        ({"token": bob, "action": "left"}, 409, "it is not your turn: waiting for Ann"),
        ({"token": ann, "action": "jump"}, 422, "'jump' is not a legal action for seat 0 here; legal: left, right"),
        ({"token": ann, "action": "left", "n": 5}, 409, "the game has moved on"),
    ]
    for body, status, message in cases:
        response = client.post(f"/api/games/{game_id}/act", json=body)
        assert response.status_code == status, response.text
        assert message in response.json()["detail"]
    after = view(client, game_id, ann)
    assert after["n"] == before["n"] == 0 and after["state"] == before["state"]
    assert client.app.state.store.load(game_id).actions == []  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{game_id}?token=forged") as ws:
        message = ws.receive_json()
        assert message["type"] == "error" and message["fatal"] and "not valid for game" in message["message"]
    with client.websocket_connect(f"/ws/{game_id}?token={bob}") as ws:
        ws.receive_json()
        ws.send_json({"type": "act", "action": "left", "id": 1})
        assert next_reply(ws) == {"type": "error", "id": 1,
                                     "message": "it is not your turn: waiting for Ann"}
    assert client.get("/api/games/nope").status_code == 404
    page = client.get("/game/nope")
    assert page.status_code == 404 and "there is no game 'nope' on this server" in page.text


def test_an_expired_link_is_refused(database: str) -> None:
    with TestClient(create_app(database, replace(INSTANT, token_days=-1))) as client:
        created = create(client, "duel", HUMANS)
        response = client.post(f"/api/games/{created['id']}/act", json={"token": token_of(created, 0),
                                                                       "action": "left"})
        assert response.status_code == 403 and "has expired" in response.json()["detail"]


def test_bots_play_a_whole_game_whose_record_the_cli_replays(client: TestClient, tmp_path: Path) -> None:
    created = create(client, "race", [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "mcts:iterations=5"}])
    game_id = created["id"]
    final = wait_until(lambda: (v := view(client, game_id))["terminal"] and v)
    assert final["winners"] and final["returns"]
    response = client.get(f"/api/games/{game_id}/record")
    assert "attachment" in response.headers["content-disposition"]
    path = tmp_path / "game.json"
    path.write_text(response.text)
    record = Record.load(path)
    assert record.seed is not None and record.agents == ["random", "mcts:iterations=5"]
    assert replay(record).winners() == tuple(final["winners"])
    result = CliRunner().invoke(cli, ["replay", str(path), "--quiet"])
    assert result.exit_code == 0 and "verified" in result.output
    listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert listed[game_id]["status"] == "finished"


def test_a_finished_game_is_analysed_and_a_game_in_progress_is_not(client: TestClient) -> None:
    playing = create(client, "race", HUMANS)
    response = client.get(f"/api/games/{playing['id']}/analysis")
    assert response.status_code == 409 and "analysed once it is over" in response.json()["detail"]
    created = create(client, "race", [{"kind": "bot", "bot": "beginner"}] * 2)
    game_id = created["id"]
    wait_until(lambda: view(client, game_id)["terminal"])
    first = client.get(f"/api/games/{game_id}/analysis")  # a job: queued, then done
    assert first.status_code in (200, 202)
    if first.status_code == 202:
        assert first.json()["status"] in ("queued", "running") and int(first.headers["Retry-After"]) >= 1
    done = wait_until(lambda: (r := client.get(f"/api/games/{game_id}/analysis")).status_code == 200 and r,
                      timeout=60)
    analysis = done.json()
    assert analysis["seats"] == [0, 1] and analysis["decisions"]  # no human seat: every seat is analysed
    actions = view(client, game_id)["actions"]
    for decision in analysis["decisions"]:
        assert decision["played"] == actions[decision["index"]]["action"] and decision["before"]["rollouts"] >= 1
    assert client.get(f"/api/games/{game_id}/analysis").json() == analysis  # kept


def replay_step(client: TestClient, game_id: str, step: int) -> Any:
    """One replay step, asked for as a patient client does: past the per-address rate (a game longer than the
    burst of steps), it waits the ``Retry-After`` the 429 gives and asks again."""
    while (answer := client.get(f"/api/games/{game_id}/replay", params={"step": step})).status_code == 429:
        assert "too many replay steps" in answer.json()["detail"]
        time.sleep(int(answer.headers["Retry-After"]))
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_the_replay_api_steps_forward_and_back(client: TestClient) -> None:
    created = create(client, "race", [{"kind": "bot", "bot": "random"}] * 2)
    game_id = created["id"]
    final = wait_until(lambda: (v := view(client, game_id))["terminal"] and v)
    steps = [replay_step(client, game_id, k) for k in range(final["n"] + 1)]
    assert steps[0]["state"]["positions"] == [0, 0] and steps[0]["log"] == []
    assert steps[-1]["state"] == final["state"] and steps[-1]["winners"] == final["winners"]
    assert [s["step"] for s in steps] == list(range(final["n"] + 1))
    assert steps[3]["last"] == steps[-1]["actions"][2]
    assert client.get(f"/replay/{game_id}").status_code == 200


# -- hidden information -----------------------------------------------------------------------------
def test_nothing_secret_leaves_the_server(client: TestClient) -> None:
    created = create(client, "race", HUMANS)
    game_id = created["id"]
    room = client.app.state.hub.rooms[game_id]  # type: ignore[attr-defined]
    secrets = [str(room.seed), token_of(created, 0), token_of(created, 1)]
    texts = [json.dumps(view(client, game_id, token_of(created, 0))), json.dumps(view(client, game_id))]
    with client.websocket_connect(f"/ws/{game_id}?token={token_of(created, 1)}") as ws:
        texts.append(json.dumps(ws.receive_json()))
    texts.append(client.get("/api/games").text)
    texts.append(client.get(f"/api/games/{game_id}/record").text)
    texts.append(client.get(f"/api/games/{game_id}/replay", params={"step": 1}).text)
    for text in texts:
        for secret in secrets[1:]:
            assert secret not in text
        assert f'"seed": {secrets[0]}' not in text and f'"seed":{secrets[0]}' not in text
    assert '"seed": null' in texts[4]  # a running game's record hides its seed
    for seat_hash in (s.token_hash for s in room.seats):
        assert all(seat_hash not in text for text in texts)


# -- undo -------------------------------------------------------------------------------------------------
def test_undo_takes_back_only_your_own_last_decision(client: TestClient) -> None:
    created = create(client, "duel", HUMANS)
    game_id, ann, bob = created["id"], token_of(created, 0), token_of(created, 1)

    def act(token: str, action: str) -> None:
        assert client.post(f"/api/games/{game_id}/act", json={"token": token, "action": action}).status_code == 200

    def undo(token: str | None) -> Any:
        return client.post(f"/api/games/{game_id}/undo", json={"token": token})

    refused = undo(ann)
    assert refused.status_code == 409 and "nothing to undo" in refused.json()["detail"]
    act(ann, "left")
    assert view(client, game_id, ann)["undo"] is True and view(client, game_id, bob)["undo"] is False
    refused = undo(bob)
    assert refused.status_code == 409 and "Ann has played since" in refused.json()["detail"]
    assert undo(None).status_code == 403
    assert undo(ann).json() == {"ok": True, "n": 0}
    assert view(client, game_id)["state"]["picks"] == []
    assert client.app.state.store.load(game_id).actions == []  # type: ignore[attr-defined]
    act(ann, "right")
    act(bob, "left")
    refused = undo(ann)
    assert refused.status_code == 409
    assert refused.json()["detail"] == "you cannot undo: Bob has played since your last decision"
    assert view(client, game_id)["state"]["picks"] == ["right", "left"]


def test_undo_is_refused_once_a_chance_event_happened(database: str) -> None:
    slow_dice = Settings(bot_delay=0.0, chance_delay=1.0)
    with TestClient(create_app(database, slow_dice)) as client:
        created = create(client, "race", HUMANS)
        game_id, ann = created["id"], token_of(created, 0)
        first = wait_until(lambda: (v := view(client, game_id, ann))["legal"] and v, timeout=5)
        client.post(f"/api/games/{game_id}/act", json={"token": ann, "action": "advance"})
        # the server waits a second before it rolls: Ann may still change her mind
        undone = client.post(f"/api/games/{game_id}/undo", json={"token": ann})
        assert undone.status_code == 200 and undone.json()["n"] == first["n"]
        client.post(f"/api/games/{game_id}/act", json={"token": ann, "action": "wait"})
        wait_until(lambda: view(client, game_id)["n"] == first["n"] + 2, timeout=5)  # the roll happened
        refused = client.post(f"/api/games/{game_id}/undo", json={"token": ann})
        assert refused.status_code == 409 and "a chance event" in refused.json()["detail"]


# -- persistence --------------------------------------------------------------------------------------------
def test_every_action_is_stored_before_it_is_broadcast(client: TestClient) -> None:
    created = create(client, "duel", HUMANS)
    game_id = created["id"]
    room = client.app.state.hub.rooms[game_id]  # type: ignore[attr-defined]
    store = client.app.state.store  # type: ignore[attr-defined]
    stored_at_broadcast: list[tuple[int, int]] = []
    original = room.broadcast

    def spy() -> None:
        stored_at_broadcast.append((len(room.actors), len(store.load(game_id).actions)))
        original()

    room.broadcast = spy
    for token, action in [(token_of(created, 0), "left"), (token_of(created, 1), "right")]:
        client.post(f"/api/games/{game_id}/act", json={"token": token, "action": action})
    assert stored_at_broadcast == [(1, 1), (2, 2)]


#: every installed game (the packaged ones and any other, such as examples/pig)
REAL_GAMES = installed_games()


@pytest.mark.parametrize("game", REAL_GAMES)
def test_a_real_game_sends_every_seat_the_same_public_position_and_no_deck_order(database: str, game: str) -> None:
    """Our engine keeps no hidden order (a face-down deck is a multiset, a draw a chance node), so the
    position sent is the server's whole position: every seat sees the same one, it parses back to the
    server's state, and the only secrets (seed, random streams, tokens) never leave the server."""
    with TestClient(create_app(database, Settings(bot_delay=0.0, chance_delay=0.0, live_seconds=0.2,
                                                  live_act_seconds=0.01, bot_act_interval=0.02))) as client:
        created = create(client, game, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"},
                                        {"kind": "bot", "bot": "random"}])
        game_id, tokens = created["id"], [token_of(created, 0), token_of(created, 1)]
        room = client.app.state.hub.rooms[game_id]  # type: ignore[attr-defined]
        rng = random.Random(3)
        for _ in range(40):  # the people play random legal moves for a while
            current = [view(client, game_id, t) for t in tokens]
            mover = next((s for s, v in enumerate(current) if v["legal"]), None)
            if current[0]["terminal"]:
                break
            if mover is None:
                time.sleep(0.02)
                continue
            action = rng.choice(current[mover]["legal"])
            client.post(f"/api/games/{game_id}/act", json={"token": tokens[mover], "action": action,
                                                          "n": current[mover]["n"]})
        wait_until(lambda: room.state.is_terminal() or room.state.current_player() in (0, 1))
        seat_views = [view(client, game_id, t) for t in tokens] + [view(client, game_id)]
        positions = {json.dumps(v["state"], sort_keys=True) for v in seat_views}
        assert len(positions) == 1  # nothing private to any seat
        sent = seat_views[0]["state"]
        assert room.game.state_from_text(sent["text"]) == room.state  # the whole position is public
        for v in seat_views:
            text = json.dumps(v)
            assert str(room.seed) not in text and all(t not in text for t in tokens)


def test_a_game_with_hidden_information_sends_each_seat_only_its_own_view(database: str) -> None:
    """The position leaves the server only as the game's observer shows it to each viewer."""
    with TestClient(create_app(database, Settings(bot_delay=0.0, chance_delay=0.0))) as client:
        created = create(client, "hidden-card", HUMANS)
        game_id, ann, bob = created["id"], token_of(created, 0), token_of(created, 1)
        room = client.app.state.hub.rooms[game_id]  # type: ignore[attr-defined]
        wait_until(lambda: room.state.current_player() == 0)
        mine, theirs = room.state.cards
        seen = {who: view(client, game_id, token) for who, token in (("ann", ann), ("bob", bob), ("all", None))}
        assert seen["ann"]["state"]["cards"] == [mine, None] and seen["bob"]["state"]["cards"] == [None, theirs]
        assert seen["all"]["state"]["cards"] == [None, None] and "?, ?" in seen["all"]["text"]
        assert "text" not in seen["ann"]["state"] and str(theirs) not in seen["ann"]["text"]
        with client.websocket_connect(f"/ws/{game_id}?token={ann}") as ws:
            frame = ws.receive_json()  # the seat's own view overrides the spectator's in the frame
        assert frame["state"]["cards"] == [mine, None] and frame["text"] == seen["ann"]["text"]
        assert client.post(f"/api/games/{game_id}/act", json={"token": ann, "action": "bet"}).status_code == 200
        assert client.post(f"/api/games/{game_id}/act", json={"token": bob, "action": "call"}).status_code == 200
        assert view(client, game_id)["state"]["cards"] == [mine, theirs]  # the showdown shows both


def test_serve_explains_itself_and_refuses_a_bad_database_clearly() -> None:
    runner = CliRunner()
    helped = runner.invoke(cli, ["serve", "--help"])
    assert helped.exit_code == 0 and "Example" in helped.output and "--database" in helped.output
    refused = runner.invoke(cli, ["serve", "--database", "nosuchdriver://somewhere"])
    assert refused.exit_code == 2 and "cannot open the database 'nosuchdriver://somewhere'" in refused.output
    for flags, message in [
        (["--data", "nonsense"], "--data expects GAME=FILE, got 'nonsense'"),
        (["--data", "chess=/etc/passwd"], "unknown game 'chess'"),
        (["--data", f"{REAL_GAMES[0]}=/no/such/board.toml"], "/no/such/board.toml: cannot read data file"),
        (["--bot-seconds", "0"], "limit 'bot_seconds' must be a finite number above 0"),
    ]:
        refused = runner.invoke(cli, ["serve", "--database", "sqlite://", *flags])
        assert refused.exit_code == 2 and message in refused.output, refused.output


def test_state_log_from_an_entry_formats_only_the_new_lines() -> None:
    """The core's ``State.log(start)``, which rooms use to grow their log without reformatting it."""
    from tabletop.core.registry import make

    state = make("race", players=2).new_initial_state()
    for text in ["roll 2", "advance", "roll 3", "wait", "roll 1"]:
        state.apply_action(text)
    assert state.log(1) == state.log()[1:] == ["seat 1 rolls 3", "seat 0 rolls 1"]
    assert state.log(state.log_size()) == []


@pytest.mark.parametrize("path", ["/", "/static/style.css", "/static/game.js", "/api/games"])
def test_pages_scripts_and_json_leave_compressed(client: TestClient, path: str) -> None:
    """Issue 23, finding 7 (Lighthouse): the table's files went out uncompressed, a third of a slow phone's load."""
    for _ in range(3):  # enough games that the list is worth compressing
        client.post("/api/games", json={"game": "duel", "seats": [{"kind": "human"}, {"kind": "human"}]})
    plain = client.get(path, headers={"Accept-Encoding": "identity"})
    packed = client.get(path, headers={"Accept-Encoding": "gzip"})
    assert plain.status_code == packed.status_code == 200
    assert "content-encoding" not in plain.headers
    assert packed.headers["content-encoding"] == "gzip"
    assert packed.content == plain.content  # httpx undoes the compression: the same bytes arrive
    assert int(packed.headers["content-length"]) < len(plain.content) / 2


def test_a_database_busy_for_a_moment_answers_503_and_creates_nothing(client: TestClient,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The soak (issue 22): a new game's commit failed and ``POST /api/games`` answered 500. A moment's failure of
    the database is a 503 with Retry-After, which a client may try again."""
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    before = len(store.listing())

    def locked(*_args: Any) -> str:
        raise OperationalError("INSERT INTO games ...", None, sqlite3.OperationalError("database is locked"))

    monkeypatch.setattr(store, "create_game", locked)
    answer = client.post("/api/games", json={"game": "race", "seats": [{"kind": "human", "name": "Ann"},
                                                                       {"kind": "bot", "bot": "random"}]})
    assert answer.status_code == 503 and answer.headers["retry-after"] == "2"
    assert "try again" in answer.json()["detail"]
    monkeypatch.undo()
    assert len(store.listing()) == before
    create(client, "race", [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}])
