"""The server speaks each viewer's language (issue 24): the browser's Accept-Language, unless the player chose one.

Pages, refusals, views and the pages' catalog, over HTTP and the WebSocket, on the test games
(``race``: a d3 roll then advance or wait).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletop.core.registry import installed_games
from tabletop.interfaces.web import catalogs
from tabletop.interfaces.web.app import create_app
from tabletop.interfaces.web.language import COOKIE, negotiate
from tabletop.interfaces.web.names import BadName, check_name
from tabletop.interfaces.web.rooms import Settings
from web_api import create, token_of

INSTANT = Settings(bot_delay=0.0, chance_delay=0.0)
HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}", INSTANT)) as c:
        yield c


@pytest.mark.parametrize(("header", "cookie", "expected"), [
    ("de-DE,de;q=0.9,en;q=0.8", None, "de"),
    ("fr-CA", None, "fr"),
    ("es-419,es;q=0.9", None, "es"),
    ("pt-BR,es;q=0.4,de;q=0.5", None, "de"),  # the most wanted language we have
    ("en-GB,de;q=0.9", None, "en"),
    ("ja, *;q=0.5", None, "en"),
    ("de;q=0, fr;q=0.1", None, "fr"),  # q=0: not wanted
    ("", None, "en"),
    (None, None, "en"),
    ("de", "es", "es"),  # the player's own choice wins
    ("de", "klingon", "de"),  # an unknown choice is ignored
    ("q=1;de,,,;;", None, "en"),  # a mangled header is no error
])
def test_the_language_follows_the_browser_unless_the_player_chose(header: str | None, cookie: str | None,
                                                                  expected: str) -> None:
    assert negotiate(header, cookie) == expected


@pytest.mark.parametrize("page", ["/", "/game/{id}", "/replay/{id}"])
def test_every_page_is_in_the_negotiated_language_with_its_lang_attribute(client: TestClient, page: str) -> None:
    game = create(client, "race", HUMANS)["id"]
    url = page.format(id=game)
    german = client.get(url, headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert german.status_code == 200
    assert '<html lang="de">' in german.text and "Accept-Language" in german.headers["vary"]
    english = client.get(url)
    assert '<html lang="en">' in english.text
    if page == "/":
        assert "Neue Partie" in german.text and "New game" in english.text
        assert '<option value="de" lang="de" selected>Deutsch</option>' in german.text
    client.cookies.set(COOKIE, "es")
    try:
        chosen = client.get(url, headers={"Accept-Language": "de"})
    finally:
        client.cookies.clear()
    assert '<html lang="es">' in chosen.text


def test_a_problem_page_and_a_refusal_are_in_the_viewers_language(client: TestClient) -> None:
    page = client.get("/game/nonexistent", headers={"Accept-Language": "fr"})
    assert page.status_code == 404
    assert '<html lang="fr">' in page.text and "Introuvable" in page.text
    assert "il n'y a pas de partie 'nonexistent' sur ce serveur" in page.text
    api = client.get("/api/games/nonexistent", headers={"Accept-Language": "es"})
    assert api.json()["detail"] == "no hay ninguna partida 'nonexistent' en este servidor"
    assert client.get("/api/games/nonexistent").json()["detail"] == "there is no game 'nonexistent' on this server"


def test_a_page_nobody_has_and_the_board_editor_are_in_the_viewers_language(client: TestClient) -> None:
    missing = client.get("/nowhere", headers={"Accept-Language": "de", "Accept": "text/html"})
    assert missing.status_code == 404 and '<html lang="de">' in missing.text
    assert "Unter /nowhere gibt es auf diesem Server keine Seite." in missing.text
    editor = client.get("/editor/jumanji", headers={"Accept-Language": "fr"})
    assert editor.status_code == 200 and '<html lang="fr">' in editor.text
    assert "<title>tabletop · éditeur de plateau</title>" in editor.text
    french = client.get("/locales/fr.json").json()["messages"]
    # the editor's scripts, the page's own and each game's editor.js, have their words in the catalog
    assert french["Undo"] and french["The four colour paths, from START to the centre"]
    assert french["Keys on a slot: 3 to 9 set its pad's number (0 for 10), Delete removes the pad."]
    assert french["The girders, ladders, dots and START"]


def test_the_pages_catalog_is_served_per_language_with_its_plural_categories(client: TestClient) -> None:
    german = client.get("/locales/de.json")
    assert german.status_code == 200
    body = german.json()
    assert body["language"] == "de" and body["plurals"] == ["one", "other"]
    assert body["messages"]["Rematch"] == "Revanche"
    assert body["messages"]["{n} die"] == ["{n} Würfel", "{n} Würfel"]  # a game's own catalog is merged in
    assert "there is no game {game} on this server" not in body["messages"]  # the server's words stay on it
    french = client.get("/locales/fr.json").json()
    assert french["plurals"] == ["one", "many", "other"] and len(french["messages"]["{n} die"]) == 3
    assert client.get("/locales/xx.json").status_code == 404
    assert client.get("/locales/en.json").json()["messages"] == {}


def test_the_lobby_catalog_and_a_boards_guide_are_translated(client: TestClient) -> None:
    english = {g["name"]: g for g in client.get("/api/catalog").json()["games"]}
    german = {g["name"]: g for g in client.get("/api/catalog", headers={"Accept-Language": "de"}).json()["games"]}
    # every game with a catalog: tabletop's own and the example game packaged outside tabletop
    real = [name for name in installed_games() if name.replace("-", "_") in {d.name for d in catalogs.domains()}]
    assert len(real) >= 4
    for name in real:
        if english[name]["description"]:
            assert german[name]["description"] != english[name]["description"]
        assert [b["label"] for b in german[name]["bots"]][:2] == ["Anfänger", "Leicht"]
        for option, deutsch in zip(english[name]["options"], german[name]["options"], strict=True):
            # the option's name and choices as people read them, never its identifier
            assert option["label"] == option["name"].replace("_", " ") and deutsch["label"] != option["label"], option
            assert (deutsch["choice_labels"] or []) != (option["choice_labels"] or [None])
    guides = [g for g in (client.get(f"/api/games/{create(client, n, HUMANS)['id']}").json()["how_to"]
                          for n in real if english[n]["min_players"] <= 2) if g]
    assert guides
    for guide in guides:
        text = client.get(guide, headers={"Accept-Language": "de"}).text
        assert "<strong>Ziel:</strong>" in text
        assert "<strong>Goal:</strong>" in client.get(guide).text


def _frames(ws: Any, until: Any) -> dict[str, Any]:
    for _ in range(50):
        message = json.loads(ws.receive_text())
        if until(message):
            return message
    raise AssertionError("the awaited frame never came")


def _error(ws: Any) -> str:
    frame = _frames(ws, lambda m: m["type"] == "error" or any(r.get("type") == "error" for r in m.get("replies", [])))
    error = frame if frame["type"] == "error" else next(r for r in frame["replies"] if r["type"] == "error")
    message: str = error["message"]
    return message


def test_two_viewers_of_one_game_each_get_refusals_in_their_own_language(client: TestClient) -> None:
    created = create(client, "race", HUMANS)
    game, bob = created["id"], token_of(created, 1)
    with client.websocket_connect(f"/ws/{game}", headers={"Accept-Language": "de"}) as german, \
            client.websocket_connect(f"/ws/{game}?token={bob}", headers={"Accept-Language": "fr"}) as french:
        # the game opens on the server's roll (made at once in these tests): a viewer may come before or after it
        assert _frames(german, lambda m: m["type"] == "view" and m["n"] > 0)["waiting_for"] == "Ann"
        _frames(french, lambda m: m["type"] == "view" and m["n"] > 0)
        french.send_text(json.dumps({"type": "act", "action": "advance", "n": 0, "id": 7}))
        assert _error(french) == "ce n'est pas votre tour : on attend Ann"
        german.send_text(json.dumps({"type": "act", "action": "advance", "n": 0, "id": 8}))
        assert _error(german) == ("Zuschauer können nicht spielen: Öffne den geheimen Link deines Platzes, um zu "
                                  "spielen")
    refused = client.post(f"/api/games/{game}/act", json={"token": bob, "action": "advance", "n": 0})
    assert refused.json()["detail"] == "it is not your turn: waiting for Ann"


def test_each_request_is_answered_in_its_own_language(client: TestClient) -> None:
    created = create(client, "race", [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}])
    game, ann = created["id"], token_of(created, 0)
    undo = {lang: client.post(f"/api/games/{game}/undo", json={"token": ann},
                              headers={"Accept-Language": lang}).json()["detail"] for lang in ("en", "de", "es", "fr")}
    assert undo == {
        "en": "you cannot undo: a chance event (a roll, a draw or a reveal) has happened since your last decision",
        "de": "du kannst nicht zurücknehmen: Seit deiner letzten Entscheidung gab es ein Zufallsereignis (einen Wurf, "
              "eine gezogene oder aufgedeckte Karte)",
        "es": "no puedes deshacer: desde tu última decisión ha habido un evento de azar (una tirada, un robo o una "
              "revelación)",
        "fr": "vous ne pouvez pas annuler : un événement de hasard (un lancer, une pioche ou une révélation) a eu lieu "
              "depuis votre dernière décision"}


def test_seats_left_unnamed_are_named_in_the_creators_language_and_nobody_may_take_those_names(
        client: TestClient) -> None:
    for header, player, bot in (("de", "Spieler 1", "Bot 2"), ("fr-FR", "Joueur 1", "Bot 2"),
                                ("es", "Jugador 1", "Bot 2"), ("en", "Player 1", "Bot 2")):
        response = client.post("/api/games", headers={"Accept-Language": header},
                               json={"game": "race", "seats": [{"kind": "human", "name": " "}, {"kind": "bot"}]})
        assert response.status_code == 201, response.text
        seats = client.get(f"/api/games/{response.json()['id']}").json()["seats"]
        assert [seat["name"] for seat in seats] == [player, bot], header
    for taken in ("Spieler 2", "joueur_3", "Jugador 4"):
        with pytest.raises(BadName, match="reserved"):
            check_name(taken)
    assert check_name("Spielerin") == "Spielerin"  # a word that only begins like one is a name
