"""Chat at the table, over the WebSocket: channels, plain text, limits, mute, removing a spectator, isolation."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tabletop.interfaces.web.players import PlayerLimits
from web_api import create, token_of

DUEL = [{"kind": "human", "name": "Ann", "host": True}, {"kind": "human", "name": "Bob"}]


@pytest.fixture
def client(open_client: Callable[..., TestClient]) -> TestClient:
    # the test client's WebSocket is ws://, which carries no Secure cookie: these cookies are plain
    return open_client(player_limits=PlayerLimits(secure_cookies=False))


def browser(client: TestClient, name: str) -> httpx.Cookies:
    """A browser's cookies: it opened the lobby, so it holds a guest cookie of its own."""
    client.cookies = httpx.Cookies()
    client.get("/")
    jar = httpx.Cookies(client.cookies)
    assert "tabletop_guest" in jar, name
    return jar


def connect(client: TestClient, jar: httpx.Cookies, path: str) -> Any:
    client.cookies = jar
    return client.websocket_connect(path)


def joined(*sockets: Any) -> None:
    """Read each socket's first view: a socket joins the table's chat before its first view is sent (with it, the
    lines said before it joined: test_a_socket_that_opens_is_sent_the_lines_it_missed)."""
    for ws in sockets:
        assert ws.receive_json()["type"] == "view"


def chat_lines(ws: Any) -> list[dict[str, Any]]:
    """The next chat lines this socket is sent (skipping views and answers)."""
    while True:
        frame = ws.receive_json()
        for message in [frame, *frame.get("replies", [])]:
            if message.get("type") == "chat" and message.get("lines"):
                return list(message["lines"])


def lines_on_opening(ws: Any) -> list[dict[str, Any]]:
    """The chat lines of a socket's first frame (the server sends them as it joins; none: an empty list, not a wait
    for frames that never come)."""
    frame = ws.receive_json()
    return [line for message in [frame, *frame.get("replies", [])] if message.get("type") == "chat"
            for line in message.get("lines", [])]


def texts(ws: Any, count: int) -> list[str]:
    """The texts of the next ``count`` chat lines this socket is sent."""
    found: list[str] = []
    while len(found) < count:
        found += [line["text"] for line in chat_lines(ws)]
    return found


def answer(ws: Any, ident: int) -> dict[str, Any]:
    while True:
        frame = ws.receive_json()
        for message in [frame, *frame.get("replies", [])]:
            if message.get("id") == ident and message.get("type") in ("ack", "error"):
                return dict(message)


def test_players_and_spectators_chat_apart_as_plain_text_and_nothing_reaches_another_table(
        client: TestClient) -> None:
    game = create(client, "duel", DUEL)
    other = create(client, "duel", DUEL)
    jars = {name: browser(client, name) for name in ["ann", "bob", "sue", "tim", "far"]}
    g = game["id"]
    with connect(client, jars["ann"], f"/ws/{g}?token={token_of(game, 0)}") as ann, \
            connect(client, jars["bob"], f"/ws/{g}?token={token_of(game, 1)}") as bob, \
            connect(client, jars["sue"], f"/ws/{g}") as sue, \
            connect(client, jars["tim"], f"/ws/{g}") as tim, \
            connect(client, jars["far"], f"/ws/{other['id']}?token={token_of(other, 0)}") as far:
        joined(ann, bob, sue, tim, far)
        ann.send_json({"type": "chat", "text": "<b>Good luck!</b> **bold**", "id": 1})
        [line] = chat_lines(bob)
        assert (line["name"], line["channel"], line["text"]) == ("Ann", "players", "<b>Good luck!</b> **bold**")
        assert chat_lines(sue)[0]["text"] == line["text"]  # spectators read the players' channel
        sue.send_json({"type": "chat", "text": "go left, Ann!", "id": 2})
        assert texts(tim, 2) == [line["text"], "go left, Ann!"]
        bob.send_json({"type": "chat", "text": "thanks", "id": 3})
        assert texts(ann, 2) == [line["text"], "thanks"]  # not Sue's line: players never see spectators
        far.send_json({"type": "chat", "text": "anyone?", "id": 4})
        assert texts(far, 1) == ["anyone?"]
        ann.send_json({"type": "chat", "text": "after", "id": 5})
        assert texts(bob, 2) == ["thanks", "after"]  # nothing of the other table came in between
    client.cookies = jars["bob"]
    seated = client.get(f"/api/games/{g}/chat", params={"token": token_of(game, 1)}).json()
    assert [x["text"] for x in seated["lines"]] == [line["text"], "thanks", "after"] and seated["can_post"]
    watching = client.get(f"/api/games/{g}/chat").json()["lines"]
    assert [(x["channel"], x["text"], x["step"]) for x in watching] == [
        ("players", "<b>Good luck!</b> **bold**", 0), ("spectators", "go left, Ann!", 0), ("players", "thanks", 0),
        ("players", "after", 0)]
    assert all("token" not in str(x) for x in watching)


def test_a_socket_that_opens_is_sent_the_lines_it_missed(client: TestClient) -> None:
    """A page reads the chat over HTTP, then opens its socket: a line said in between, or while the socket was away
    (a phone losing its network), reaches the page when the socket joins; only the lines this viewer may see."""
    game = create(client, "duel", DUEL)
    g = game["id"]
    jars = {name: browser(client, name) for name in ["ann", "bob", "sue"]}
    client.cookies = jars["bob"]
    before = client.get(f"/api/games/{g}/chat", params={"token": token_of(game, 1)}).json()["lines"]
    assert before == []  # Bob's page has read the chat; his socket is not open yet
    with connect(client, jars["ann"], f"/ws/{g}?token={token_of(game, 0)}") as ann, \
            connect(client, jars["sue"], f"/ws/{g}") as sue:
        joined(ann, sue)
        ann.send_json({"type": "chat", "text": "are you there, Bob?", "id": 1})
        assert answer(ann, 1)["type"] == "ack"
        sue.send_json({"type": "chat", "text": "he is coming", "id": 2})
        assert answer(sue, 2)["type"] == "ack"
        with connect(client, jars["bob"], f"/ws/{g}?token={token_of(game, 1)}") as bob:
            assert [line["text"] for line in lines_on_opening(bob)] == ["are you there, Bob?"]  # never the spectators'
            bob.send_json({"type": "chat", "text": "here", "id": 3})
            assert answer(bob, 3)["type"] == "ack"
        ann.send_json({"type": "chat", "text": "gone again", "id": 4})  # said while Bob's socket is closed
        assert answer(ann, 4)["type"] == "ack"
        with connect(client, jars["bob"], f"/ws/{g}?token={token_of(game, 1)}") as bob:
            lines = lines_on_opening(bob)
            assert [(line["n"], line["text"]) for line in lines] == [
                (1, "are you there, Bob?"), (3, "here"), (4, "gone again")]  # the players' channel, numbered as said
    with connect(client, jars["sue"], f"/ws/{g}") as sue:  # everyone left: the lines come from the database
        assert [line["text"] for line in lines_on_opening(sue)] == [
            "are you there, Bob?", "he is coming", "here", "gone again"]


def test_the_chat_is_stored_with_the_game_and_shown_in_its_replay(client: TestClient) -> None:
    game = create(client, "duel", DUEL, options={"rounds": 1})
    g = game["id"]
    jar = browser(client, "ann")
    with connect(client, jar, f"/ws/{g}?token={token_of(game, 0)}") as ann:
        ann.send_json({"type": "chat", "text": "before", "id": 1})
        answer(ann, 1)
        answers = []
        for n, (seat, pick) in enumerate([(0, "left"), (1, "right")]):
            client.post(f"/api/games/{g}/act", json={"token": token_of(game, seat), "action": pick})
            ann.send_json({"type": "chat", "text": f"after {n + 1}", "id": 2 + n})
            answers.append(answer(ann, 2 + n))
    # once the game is over its chat is closed: the line said after the last move is refused, not stored
    assert answers[0]["type"] == "ack"
    assert answers[1]["type"] == "error" and "the game is over: its chat is closed" in answers[1]["message"]
    replay = client.get(f"/api/games/{g}/chat", params={"step": 1}).json()
    assert [(x["text"], x["step"]) for x in replay["lines"]] == [("before", 0), ("after 1", 1)]
    assert replay["can_post"] is False and replay["over"] is True
    assert [x["text"] for x in client.get(f"/api/games/{g}/chat").json()["lines"]] == ["before", "after 1"]


def test_a_muted_author_is_not_delivered_to_the_muter(client: TestClient) -> None:
    game = create(client, "duel", DUEL)
    g = game["id"]
    jars = {name: browser(client, name) for name in ["ann", "bob", "sue"]}
    with connect(client, jars["ann"], f"/ws/{g}?token={token_of(game, 0)}") as ann, \
            connect(client, jars["bob"], f"/ws/{g}?token={token_of(game, 1)}") as bob, \
            connect(client, jars["sue"], f"/ws/{g}") as sue:
        joined(ann, bob, sue)
        ann.send_json({"type": "chat", "text": "one", "id": 1})
        author = chat_lines(bob)[0]["author"]
        chat_lines(sue)
        bob.send_json({"type": "mute", "author": author, "id": 2})
        assert answer(bob, 2)["type"] == "ack"
        ann.send_json({"type": "chat", "text": "two", "id": 3})
        assert texts(sue, 1) == ["two"]  # said, and delivered to others
        bob.send_json({"type": "chat", "text": "three", "id": 4})
        assert texts(bob, 1) == ["three"]  # Bob never got "two"
        bob.send_json({"type": "mute", "author": author, "muted": False, "id": 5})
        answer(bob, 5)
        ann.send_json({"type": "chat", "text": "four", "id": 6})
        assert texts(bob, 1) == ["four"]


def test_chat_limits_and_masked_tokens(client: TestClient) -> None:
    game = create(client, "duel", DUEL)
    g = game["id"]
    jar = browser(client, "ann")
    with connect(client, jar, f"/ws/{g}?token={token_of(game, 0)}") as ann:
        ann.send_json({"type": "chat", "text": "x" * 301, "id": 1})
        assert "at most 300 characters" in answer(ann, 1)["message"]
        ann.send_json({"type": "chat", "text": " \u202e ", "id": 2})
        assert "empty" in answer(ann, 2)["message"]
        ann.send_json({"type": "chat", "text": f"Bob: https://x/game/{g}?token={token_of(game, 1)} or "
                                               f"{token_of(game, 1)}", "id": 3})
        [line] = chat_lines(ann)
        assert token_of(game, 1) not in line["text"] and line["text"].count("[hidden]") == 2
        replies = []
        for n in range(4, 10):
            ann.send_json({"type": "chat", "text": f"spam {n}", "id": n})
            replies.append(answer(ann, n)["type"])
        assert "error" in replies and replies[:4] == ["ack"] * 4  # bursts of 5 (one said above), 1 a second
    with pytest.raises(WebSocketDisconnect) as closed, \
            connect(client, jar, f"/ws/{g}?token={token_of(game, 0)}") as ann:
        ann.send_json({"type": "chat", "text": "y" * 1001})
        ann.receive_json()
        ann.receive_json()
        ann.receive_json()
    assert closed.value.code == 1007  # beyond the message schema's bound: the socket is closed


def test_the_host_removes_a_spectator_who_cannot_come_back(client: TestClient) -> None:
    game = create(client, "duel", DUEL)
    g = game["id"]
    jars = {name: browser(client, name) for name in ["ann", "bob", "sue"]}
    with connect(client, jars["ann"], f"/ws/{g}?token={token_of(game, 0)}") as ann, \
            connect(client, jars["bob"], f"/ws/{g}?token={token_of(game, 1)}") as bob, \
            connect(client, jars["sue"], f"/ws/{g}") as sue:
        joined(ann, bob, sue)
        sue.send_json({"type": "chat", "text": "boo", "id": 1})
        author = chat_lines(sue)[0]["author"]
        bob.send_json({"type": "remove", "author": author, "id": 2})
        assert "only the host" in answer(bob, 2)["message"]
        ann.send_json({"type": "remove", "author": author, "id": 3})
        assert answer(ann, 3)["type"] == "ack"
        with pytest.raises(WebSocketDisconnect) as removed:
            while True:
                sue.receive_json()
        assert removed.value.code == 4403
    with pytest.raises(WebSocketDisconnect) as again, connect(client, jars["sue"], f"/ws/{g}") as sue:
        while True:
            sue.receive_json()
    assert again.value.code == 4403
