"""Players in the browser: two strangers meet through an open table, chat, play a rated game to its end, see
their rating change and the leaderboard update; the lobby, the table with its chat, a profile and a leaderboard
are photographed at 1280x800 and 390x844 (test-artifacts/) and checked by axe-core (no violation), in English
and in German (the browser's language chooses the pages'; German's longer words must fit a phone)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from accessibility import AXE_RUN

ROOT = Path(__file__).resolve().parents[3]
AXE = Path(os.environ.get("TABLETOP_AXE", ROOT / ".venv/node/node_modules/axe-core/axe.min.js"))
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
#: what the pages say, in each language the test speaks (the browser's Accept-Language)
WORDS = {
    "en": {"locale": "en-US", "signed_in": "Signed in as", "host": "host Ann", "free": "1 seat free",
           "luck": "Good luck!", "provisional": "provisional", "people": "people", "sign_up": "Sign up",
           "choose": "must choose", "closed": "The game is over: the chat is closed."},
    "de": {"locale": "de-DE", "signed_in": "Angemeldet als", "host": "Gastgeber Ann", "free": "1 Platz frei",
           "luck": "Viel Glück!", "provisional": "vorläufig", "people": "Menschen", "sign_up": "Registrieren",
           "choose": "wählen", "closed": "Die Partie ist vorbei: Der Chat ist geschlossen."},
}


def assert_accessible(page: Any, where: str) -> None:
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: `make test` installs the axe-core npm package under .venv/node")
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    found = page.evaluate(AXE_RUN)
    assert found == [], f"axe-core on {where}: {found}"


def photograph(page: Any, shoot: Any, name: str, lang: str = "en") -> None:
    """Both sizes, checked by axe at each; the page is left at the desktop size (English keeps its old names)."""
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.wait_for_timeout(150)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"] + 10, f"{name} is {width}px wide at {size}"
        assert_accessible(page, f"{name} ({size})")
        shoot(page, f"players-{name}-{size}" if lang == "en" else f"players-{name}-{lang}-{size}")
    page.set_viewport_size(SIZES["desktop"])


def open_sign_in(page: Any) -> None:
    """A guest's "Log in or sign up", closed at first (so that "Play now" is on a phone's first screen), opened."""
    page.wait_for_selector("#account-sign summary")
    page.wait_for_function("document.getElementById('account-sign').querySelector('form') !== null")  # wired
    if not page.evaluate("document.getElementById('account-sign').open"):
        page.click("#account-sign summary")
    page.wait_for_selector("#account-name-input")


def sign_up(page: Any, url: str, name: str, lang: str = "en", shoot: Any = None) -> None:
    page.goto(url + "/")
    open_sign_in(page)
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.text_content("#signup") == WORDS[lang]["sign_up"]
    if shoot is not None:
        photograph(page, shoot, "signin", lang)
    page.fill("#account-name-input", name)
    page.fill("#account-password", "correct horse battery")
    page.click("#signup")
    page.wait_for_selector(f"#account-name:has-text('{WORDS[lang]['signed_in']} {name}')")


def close_help(page: Any) -> None:
    page.wait_for_timeout(300)
    if page.locator("dialog#help[open]").count():
        page.click("dialog#help[open] button")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_two_strangers_meet_at_an_open_table_chat_and_play_a_rated_game(browser: Any, server: Any,
                                                                        shoot: Any, lang: str) -> None:
    words = WORDS[lang]
    ann_context = browser.new_context(locale=words["locale"])
    bob_context = browser.new_context(locale=words["locale"])
    ann, bob = ann_context.new_page(), bob_context.new_page()
    try:
        sign_up(ann, server.url, "Ann", lang, shoot)
        ann.select_option("#quick-game", "duel")
        ann.select_option("#quick-wait", "300")
        ann.click("#play-now")
        ann.wait_for_url(re.compile(r"/game/\w+\?token="))
        game_id = ann.url.split("/game/")[1].split("?")[0]
        sign_up(bob, server.url, "Bob", lang)  # Bob never got a link: he finds Ann's table in the lobby
        table = bob.locator(f".open-table[data-id='{game_id}']")
        table.wait_for()
        assert words["host"] in table.inner_text() and words["free"] in table.inner_text()
        photograph(bob, shoot, "lobby", lang)
        table.locator(".join-table").click()
        bob.wait_for_url(re.compile(rf"/game/{game_id}\?token="))
        for page in (ann, bob):
            close_help(page)
            page.wait_for_selector(f"#status:has-text('{words['choose']}')")
            page.wait_for_selector("#chat-input")
        # chat: a quick phrase, and HTML typed as text stays text
        ann.click(f".chat-phrase:has-text('{words['luck']}')")
        bob.wait_for_selector(f".chat-line:has-text('{words['luck']}')")
        bob.fill("#chat-input", "<b>thanks</b> & you")
        bob.click("#chat-send")
        ann.wait_for_selector(".chat-text:has-text('<b>thanks</b> & you')")
        assert ann.locator("#chat b").count() == 0
        # a page opened again reads the chat over HTTP, and its socket sends the lines said so far as it joins (a
        # line said in between is not lost): each line is shown once, in the order said
        bob.reload()
        close_help(bob)
        bob.wait_for_selector("#chat-input")
        ann.fill("#chat-input", "welcome back")
        ann.click("#chat-send")
        bob.wait_for_selector(".chat-text:has-text('welcome back')")
        assert bob.locator("#chat-lines .chat-text").all_inner_texts() == [
            words["luck"], "<b>thanks</b> & you", "welcome back"]
        photograph(ann, shoot, "table-chat", lang)
        for move in range(6):
            mover = ann if move % 2 == 0 else bob
            mover.wait_for_selector(".choice[data-action='left']")
            mover.click(".choice[data-action='left']" if mover is ann else ".choice[data-action='right']")
        for page in (ann, bob):
            page.wait_for_selector("#rating-table")
            # the server takes no more chat: the field and the phrases are disabled, and say why
            assert words["closed"] in page.inner_text("#chat-closed")
            assert page.is_disabled("#chat-input") and page.is_disabled("#chat-send")
            assert page.is_disabled(f".chat-phrase:has-text('{words['luck']}')")
        ann_change = ann.inner_text("#rating-table tr[data-seat='0'] .rating-change")
        bob_change = bob.inner_text("#rating-table tr[data-seat='1'] .rating-change")
        assert ann_change.startswith("+") and bob_change.startswith("−"), (ann_change, bob_change)
        shoot(ann, "players-end-desktop" if lang == "en" else f"players-end-{lang}-desktop")
        bob.goto(server.url + "/leaderboard/duel")
        bob.wait_for_selector("#leaderboard")
        rows = bob.locator("#leaderboard tbody tr")
        assert rows.count() == 2 and "Ann" in rows.nth(0).inner_text() and "Bob" in rows.nth(1).inner_text()
        assert words["provisional"] in rows.nth(0).inner_text()
        photograph(bob, shoot, "leaderboard", lang)
        bob.click("#leaderboard a:has-text('Ann')")
        bob.wait_for_selector("#ratings .sparkline, #ratings td")
        assert words["people"] in bob.inner_text("#win-rates")
        assert bob.locator("#recent-games a[href^='/replay/']").count()
        photograph(bob, shoot, "profile", lang)
    finally:
        ann_context.close()
        bob_context.close()


def with_authenticator(browser: Any) -> tuple[Any, Any]:
    """A browser whose platform authenticator is Chromium's virtual one (CDP), with a user who verifies."""
    context = browser.new_context()
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    cdp.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True, "hasUserVerification": True,
        "isUserVerified": True, "automaticPresenceSimulation": True}})
    return context, page


def test_passkeys_sign_up_log_in_and_add_to_a_password_account(browser: Any, server: Any) -> None:
    site = server.url.replace("127.0.0.1", "localhost")  # a relying party is a domain, never an address
    pat_context, pat = with_authenticator(browser)
    quinn_context, quinn = with_authenticator(browser)
    try:
        pat.goto(site + "/")
        open_sign_in(pat)
        pat.fill("#account-name-input", "Passkey Pat")
        pat.click("#passkey-signup")
        pat.wait_for_selector("#account-name:has-text('Signed in as Passkey Pat')")
        pat.click("#logout")
        open_sign_in(pat)
        pat.click("#passkey-login")
        pat.wait_for_selector("#account-name:has-text('Signed in as Passkey Pat')")
        sign_up(quinn, site, "Quinn")
        quinn.click("#passkey-add")
        quinn.wait_for_selector("#passkey-added")
        quinn.click("#logout")
        open_sign_in(quinn)
        quinn.click("#passkey-login")
        quinn.wait_for_selector("#account-name:has-text('Signed in as Quinn')")
        assert_accessible(quinn, "the lobby, signed in")
    finally:
        pat_context.close()
        quinn_context.close()
