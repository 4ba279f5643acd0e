"""Every page of the site is one frame (``static/base.html``): the same <head> and header bar, each page filling
only what is its own (title, description, scripts, main). Checked on the templates and on the pages as served."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletop.interfaces.web.language import STATIC
from web_api import bundle_address, create

HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
#: the templates a page extends or includes (the rest are pages)
PARTS = {"base.html", "language-select.html", "players-main.html"}
PAGES = sorted(path.name for path in STATIC.glob("*.html") if path.name not in PARTS)


class Head(HTMLParser):
    """The tags of a page's <head> (name and attributes), its <title>, and the header bars of its <body>."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.title = ""
        self.headers = 0
        self._where: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("head", "title", "body"):
            self._where.append(tag)
        elif self._where[-1:] == ["head"]:
            self.tags.append((tag, {key: value or "" for key, value in attrs}))
        if tag == "header" and ("class", "top") in attrs:
            self.headers += 1

    def handle_endtag(self, tag: str) -> None:
        if self._where and self._where[-1] == tag:
            self._where.pop()

    def handle_data(self, data: str) -> None:
        if self._where[-1:] == ["title"]:
            self.title += data


def read(text: str) -> Head:
    head = Head()
    head.feed(text)
    return head


def count(page: Head, tag: str, **attrs: str) -> int:
    """How many tags of the page's head are ``tag`` with these attributes."""
    return sum(1 for t, a in page.tags if t == tag and all(a.get(k) == v for k, v in attrs.items()))


def test_every_page_template_extends_the_one_frame() -> None:
    assert {"game.html", "lobby.html", "replay.html", "leaderboard.html", "profile.html", "editor.html",
            "problem.html"} <= set(PAGES)
    for name in PAGES:
        source = (STATIC / name).read_text(encoding="utf-8")
        assert source.startswith('{% extends "base.html" %}'), f"{name} does not extend base.html"
        assert "<head>" not in source and "<!doctype" not in source.lower(), f"{name} repeats the frame"


@pytest.fixture
def served(open_client: Any) -> dict[str, str]:
    """Each page as the server sends it (a game and its replay of the test game ``race``)."""
    client: TestClient = open_client()
    game = create(client, "race", HUMANS)["id"]
    urls = {"lobby": "/", "game": f"/game/{game}", "replay": f"/replay/{game}", "leaderboard": "/leaderboard/race",
            "profile": "/players/Ann", "editor": "/editor/jumanji", "problem": "/nowhere"}
    pages = {}
    for name, url in urls.items():
        response = client.get(url, headers={"Accept": "text/html"})
        assert response.status_code == (404 if name == "problem" else 200), (url, response.status_code)
        pages[name] = response.text
    return pages


def test_every_served_page_has_the_frames_head_once_and_its_own_title(served: dict[str, str]) -> None:
    titles = set()
    for name, text in served.items():
        assert text.startswith("<!doctype html>\n<html lang=\"en\">"), name
        page = read(text)
        assert count(page, "meta", charset="utf-8") == 1, name
        assert count(page, "meta", name="viewport", content="width=device-width, initial-scale=1") == 1, name
        assert count(page, "meta", name="theme-color", content="#2e6b3f") == 1, name
        assert count(page, "link", rel="stylesheet", href="/static/style.css") == 1, name
        assert count(page, "link", rel="icon", href="/favicon.ico") == 1, name
        [description] = [a["content"] for t, a in page.tags if t == "meta" and a.get("name") == "description"]
        assert description.startswith(("tabletop", "A board game", "Replay a board game")), (name, description)
        assert page.title.strip() and "tabletop" in page.title, (name, page.title)
        assert page.headers == 1, f"{name}: {page.headers} header bars"
        titles.add(page.title)
    assert len(titles) == len(served), f"two pages share a title: {sorted(titles)}"


def test_a_pages_own_scripts_stay_in_its_head(served: dict[str, str]) -> None:
    scripts = {name: [a.get("src") for t, a in read(text).tags if t == "script"] for name, text in served.items()}
    assert [src for src in scripts["game"] if src] == [bundle_address(served["game"])]  # its bundle (bundle.py)
    assert "/static/lobby.js" in scripts["lobby"]
    assert "/static/replay.js" in scripts["replay"] and "/static/editor/editor.js" in scripts["editor"]
    assert scripts["leaderboard"] == ["/static/leaderboard.js"] and scripts["profile"] == ["/static/profile.js"]
    assert scripts["problem"] == []
    for name in ("lobby", "replay"):  # the language setting, drawn by one template for both
        assert served[name].count('<select id="language-select">') == 1, name



@pytest.mark.parametrize("name", [*PAGES, *sorted(PARTS)])
def test_the_pages_templates_are_not_served_as_files(open_client: Any, name: str) -> None:
    """The templates live beside the scripts in ``static/`` (where Babel extracts them); the server renders them
    and never hands out their source (``app.Assets``), while the scripts and styles beside them are served."""
    client: TestClient = open_client()
    assert client.get(f"/static/{name}").status_code == 404
    assert client.get("/static/style.css").status_code == 200
