"""What a game page does as it opens (on a phone, the work after its first paint is what keeps a tap waiting): the
guide a first visit shows is in the page, and the socket's first view, which repeats the one the page was drawn
from, draws neither the board nor the log again."""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from tabletop.core.registry import list_games
from web_api import create

pytestmark = pytest.mark.skipif("doodle-jump" not in list_games(), reason="needs Doodle Jump's board and guide")

HELP_TEXT = re.compile(r'<div id="help-text" class="help-text" tabindex="0">(.*?)</div>\s*<form', re.DOTALL)
PEOPLE = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]

#: counts the boards drawn (each drawing makes one <svg class="board ...">) and the log's lines taken off the page
DRAWS_COUNTED = """
window.__boards = 0;
window.__logRemoved = 0;
const setAttribute = Element.prototype.setAttribute;
Element.prototype.setAttribute = function (name, value) {
  if (name === "class" && this.localName === "svg" && /^board\\b/.test(String(value))) window.__boards += 1;
  return setAttribute.call(this, name, value);
};
document.addEventListener("DOMContentLoaded", () => {
  new MutationObserver((records) => {
    for (const record of records) window.__logRemoved += record.removedNodes.length;
  }).observe(document.getElementById("log"), {childList: true});
});
"""


def test_the_game_page_holds_its_guide_in_the_viewers_language(open_client: Any) -> None:
    """No request for the guide, and the browser parses it with the page, not in a script's task once the board is
    drawn. A game without a guide shows no "How to play" button."""
    client: TestClient = open_client()
    game = create(client, "doodle-jump", PEOPLE)["id"]
    english = HELP_TEXT.search(client.get(f"/game/{game}").text)
    assert english and "<strong>Goal:</strong> be the first Doodler" in english[1] and "<ol>" in english[1]
    german = HELP_TEXT.search(client.get(f"/game/{game}", headers={"Accept-Language": "de"}).text)
    assert german and "<strong>Ziel:</strong> Sei der erste Doodler" in german[1]
    assert not re.search(r'<button id="help-button"[^>]* hidden>', client.get(f"/game/{game}").text)
    plain = client.get(f"/game/{create(client, 'race', PEOPLE)['id']}").text
    found = HELP_TEXT.search(plain)
    assert found and found[1] == ""
    assert re.search(r'<button id="help-button"[^>]* hidden>', plain)


def settled(base: str) -> str:
    """A person's page of a game against a bot at a moment the person must choose (nothing moves until they do)."""
    for _ in range(10):
        seats = [{"kind": "human", "name": "Ann", "auto_roll": True}, {"kind": "bot", "bot": "random", "name": "Bob"}]
        body = httpx.post(f"{base}/api/games", json={"game": "doodle-jump", "seats": seats}).json()
        link = body["seats"][0]["link"]
        api = f"{base}/api/games/{body['id']}?token={link.split('token=')[1]}"
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            view = httpx.get(api).json()
            if view["legal"] and view["log"] and not view["terminal"]:
                return base + link
            time.sleep(0.1)
    raise AssertionError("no game came to a choice of the person's")


def test_the_sockets_first_view_draws_neither_the_board_nor_the_log_again(browser: Any, server: Any) -> None:
    """The socket's first view is the page's own, but for the viewer's seat, now connected: the players' list says
    so; the board and the log stay as they were drawn (a second drawing of each was a slow phone's longest tasks)."""
    link = settled(server.url)
    context = browser.new_context(viewport={"width": 412, "height": 823}, is_mobile=True, has_touch=True)
    context.add_init_script(DRAWS_COUNTED)
    try:
        tab = context.new_page()
        tab.set_default_timeout(15_000)
        errors: list[str] = []
        tab.on("pageerror", lambda error: errors.append(str(error)))
        tab.goto(link)
        tab.wait_for_selector("#board svg.board .fixed-layer", state="attached")
        tab.wait_for_selector("#connection.ok")  # the socket is open: its first view came or comes now
        tab.wait_for_selector(".seats li:first-child:has-text('here')")  # ... and is drawn
        tab.wait_for_timeout(500)
        drawn = tab.evaluate("({boards: window.__boards, removed: window.__logRemoved, "
                             "lines: document.querySelectorAll('#log li').length})")
        assert drawn["lines"] > 0, drawn
        assert drawn["boards"] == 1 and drawn["removed"] == 0, drawn
        assert errors == []
    finally:
        context.close()
