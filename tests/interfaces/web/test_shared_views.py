"""Views shared between viewers (issue 22: CPU per action): a viewer's own part of a view is built and encoded
once for every viewer it would be the same for (the same seats, language and what each was sent before), and
never reaches a viewer of other seats: a seat's hidden card stays its own."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletop.interfaces.web import views
from tabletop.interfaces.web.app import create_app
from tabletop.interfaces.web.connections import Connection
from web_api import INSTANT, create, token_of, wait_until

HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}", INSTANT)) as c:
        yield c


def view_until(ws: Any, n: int) -> dict[str, Any]:
    """The first view a socket is sent that shows ``n`` actions or more."""
    while True:
        frame: dict[str, Any] = ws.receive_json()
        if frame["type"] == "view" and frame["n"] >= n:
            return frame


async def quiet_send(_text: str) -> None:
    return None


def test_each_seat_and_the_spectators_see_only_their_own_cards_when_several_watch_at_once(
        client: TestClient) -> None:
    created = create(client, "hidden-card", HUMANS)
    game_id, ann, bob = created["id"], token_of(created, 0), token_of(created, 1)
    room = client.app.state.hub.rooms[game_id]  # type: ignore[attr-defined]
    wait_until(lambda: room.state.current_player() == 0)
    mine, theirs = room.state.cards
    with client.websocket_connect(f"/ws/{game_id}?token={ann}") as ann1, \
            client.websocket_connect(f"/ws/{game_id}?token={ann}") as ann2, \
            client.websocket_connect(f"/ws/{game_id}?token={bob}") as bob1, \
            client.websocket_connect(f"/ws/{game_id}") as all1, \
            client.websocket_connect(f"/ws/{game_id}") as all2:
        sockets = {"ann1": ann1, "ann2": ann2, "bob1": bob1, "all1": all1, "all2": all2}
        for ws in sockets.values():
            view_until(ws, 2)
        ann1.send_json({"type": "act", "action": "bet", "n": 2, "id": 1})
        seen = {name: view_until(ws, 3) for name, ws in sockets.items()}
    assert seen["ann1"]["state"]["cards"] == [mine, None] and seen["ann2"]["state"]["cards"] == [mine, None]
    assert seen["bob1"]["state"]["cards"] == [None, theirs]
    assert seen["all1"]["state"]["cards"] == [None, None] == seen["all2"]["state"]["cards"]
    assert seen["bob1"]["legal"] == ["call", "fold"] and seen["ann1"]["legal"] == [] == seen["all1"]["legal"]
    assert (seen["ann1"]["you"], seen["bob1"]["you"], seen["all1"]["you"]) == (0, 1, None)
    for name, frame in seen.items():  # nobody's text names a card they may not see
        shown = frame["text"].split(";")[0].removeprefix("cards: ").split(", ")
        expected = [str(card) if name.startswith(who) else "?" for who, card in (("ann", mine), ("bob", theirs))]
        assert shown == expected, (name, frame["text"])


def test_a_viewers_own_part_is_built_once_for_all_who_share_it_and_again_after_a_change(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    created = create(client, "hidden-card", HUMANS)
    game_id, ann = created["id"], token_of(created, 0)
    room = client.app.state.hub.rooms[game_id]  # type: ignore[attr-defined]
    wait_until(lambda: room.state.current_player() == 0)
    built: list[tuple[int, ...]] = []
    personal_view = views.personal_view

    def counted(room: Any, hand: tuple[int, ...], *args: Any, **kwargs: Any) -> dict[str, Any]:
        built.append(hand)
        return personal_view(room, hand, *args, **kwargs)

    monkeypatch.setattr(views, "personal_view", counted)
    audience = room.audience
    hand = room.hand_for_token(ann)
    viewers = [Connection(hand=hand, send=quiet_send) for _ in range(3)] + \
              [Connection(hand=(), send=quiet_send) for _ in range(2)] + [Connection(hand=(1,), send=quiet_send)]
    texts = [audience.message_for(conn) for conn in viewers]
    assert built == [hand, (), (1,)]  # once per distinct seats, not per viewer
    assert texts[0] == texts[1] == texts[2] and texts[3] == texts[4]
    assert len({texts[0], texts[3], texts[5]}) == 3
    cards = [json.loads(texts[i])["state"]["cards"] for i in (0, 3, 5)]
    assert cards == [[room.state.cards[0], None], [None, None], [None, room.state.cards[1]]]
    viewers[0].reply({"type": "ack", "id": 9})  # a viewer's answers go in its frame only
    answered = json.loads(audience.message_for(viewers[0]))
    assert answered["replies"] == [{"type": "ack", "id": 9}] and answered["full"] is False
    assert "replies" not in json.loads(audience.message_for(viewers[1]))
    built.clear()
    audience.changed()  # a change: built afresh
    audience.message_for(viewers[2])
    assert built == [hand]
