"""The pages in German and English, in Chromium, at 1280x800 and on a phone at 390x844 (issue 24).

The browser's language (Playwright's ``locale``, sent as Accept-Language) chooses the pages'
language; the language menu overrides it. The lobby and a table of each of tabletop's games are
checked at both sizes in both languages: the page's ``lang`` is right, its scripts speak the
language, nothing is wider than the screen (German's longer words), axe-core finds nothing.
Screenshots are saved as ``test-artifacts/i18n-*.png``.
"""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from table_pages import assert_accessible, new_page
from tabletop.core.registry import installed_games
from tabletop.interfaces.web import catalogs

#: tabletop's own games, each with a catalog of its own (the example game outside tabletop speaks English only)
GAMES = [name for name in installed_games() if name.replace("-", "_") in {d.name for d in catalogs.domains()}]
LOCALES = {"de": "de-DE", "en": "en-US"}
#: words of the status bar in English that a German page must not show
ENGLISH = re.compile(r"\b(must|roll|rolls|choose|waiting|rolling)\b", re.IGNORECASE)
OVERFLOW = "() => document.documentElement.scrollWidth - window.innerWidth"
#: the status line shows whole (longer German words must not cut what a player must do)
WHOLE = "() => { const s = document.getElementById('status'); return s.scrollHeight <= s.clientHeight + 1; }"


def _open_table(server: Any, game: str) -> str:
    created = httpx.post(server.url + "/api/games", json={"game": game, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random", "name": "Bob"}]})
    assert created.status_code == 201, created.text
    return server.url + created.json()["seats"][0]["link"]


@pytest.mark.parametrize("device", ["desktop", "phone"])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_lobby_and_every_games_table_in_german_and_english(browser: Any, server: Any, shoot: Any,
                                                              axe_source: str, lang: str, device: str) -> None:
    assert len(GAMES) == 3
    context, page = new_page(browser, device, helped=True, locale=LOCALES[lang])
    try:
        page.goto(server.url + "/")
        page.wait_for_selector("#game-select option", state="attached")
        assert page.evaluate("document.documentElement.lang") == lang
        assert page.text_content("#create-button") == ("Partie erstellen" if lang == "de" else "Create game")
        seat = page.text_content("select[name='seat-0'] option[value='me']")
        assert seat == ("Ich (dieser Browser)" if lang == "de" else "Me (this browser)")  # the script's words
        assert page.evaluate(OVERFLOW) <= 0
        shoot(page, f"i18n-lobby-{lang}-{device}", full_page=False)
        assert_accessible(page, axe_source, f"the lobby ({lang}, {device})")
        for game in GAMES:
            page.goto(_open_table(server, game))
            page.wait_for_selector("#board svg")
            page.wait_for_function("document.getElementById('status').textContent.length > 0"
                                   " && !document.getElementById('status').textContent.includes('…')")
            page.wait_for_timeout(900)  # dice and cards settle
            status = page.text_content("#status") or ""
            assert page.evaluate("document.documentElement.lang") == lang
            if lang == "de":
                assert not ENGLISH.search(status), status
                assert page.text_content("#help-button") == "Spielregeln"
            else:
                assert page.text_content("#help-button") == "How to play"
            assert page.evaluate(OVERFLOW) <= 0, f"{game} is wider than the screen in {lang} on the {device}"
            assert page.evaluate(WHOLE), f"the status of {game} is cut in {lang} on the {device}: {status!r}"
            shoot(page, f"i18n-table-{game}-{lang}-{device}", full_page=False)
            assert_accessible(page, axe_source, f"the table of {game} ({lang}, {device})")
    finally:
        context.close()


def test_the_language_menu_overrides_the_browsers_language(browser: Any, server: Any) -> None:
    context, page = new_page(browser, "desktop", helped=True, locale="en-US")
    try:
        page.goto(server.url + "/")
        page.wait_for_selector("#game-select option", state="attached")
        assert page.text_content("#new-title") == "New game"
        with page.expect_navigation():
            page.select_option("#language-select", "fr")
        page.wait_for_selector("#game-select option", state="attached")
        assert page.evaluate("document.documentElement.lang") == "fr"
        assert page.text_content("#new-title") == "Nouvelle partie"
        assert {c["name"]: c["value"] for c in context.cookies()}["tabletop_lang"] == "fr"
        page.goto(_open_table(server, GAMES[0]))  # the choice holds on every page
        page.wait_for_selector("#board svg")
        assert page.evaluate("document.documentElement.lang") == "fr"
        page.click("#settings summary")
        assert page.is_visible("#set-language")
    finally:
        context.close()
