"""The table played without sight, and by spectators (issue 23: "played without sight", finding 5).

- A whole game of each of the three games is played through the accessibility tree alone, as a screen reader
  user plays it: the controls are found by role and accessible name (Playwright's aria snapshots and
  ``get_by_role``), activated from the keyboard, and the game's state is read only from the polite live region
  ("Announcements") and from accessible names. Every control there has a name; the board in words is asked for and
  names every player; the live region says each change once and never holds the whole log; the end is a dialog
  that takes the focus, with Rematch first.
- A spectator sees no control it cannot use (no Undo, no roll, no choice, no rematch) and its end screen offers
  the replay first.

(The keyboard-only games, one per game, are in test_browser.py: ``test_a_game_from_the_lobby_played_to_the_end``.)
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import expect

from table_pages import FAST_GAME, assert_accessible, create_by_api, new_page, shot
from tabletop.core.registry import installed_games
from tabletop.interfaces.web.catalog import heuristic_available

GAMES = [g for g in ("jumanji", "doodle-jump", "donkey-kong") if g in installed_games()]
#: the page's tools, which answer no question of the game
TOOLS = {"Undo", "Key", "Board in words", "Show the result", "Zoom in", "Zoom out", "Fit"}
#: Doodle Jump's dice in the tray are toggles that narrow the pads offered (a player may skip them)
PICKS = re.compile(r"^(die \d+|symbol die): ")
BUTTON = re.compile(r'^button(?: "(?P<name>(?:[^"\\]|\\.)*)")?(?P<rest>.*)$')
#: a snapshot's item, which YAML quotes when its text holds ": " (a pad's "F8: 2 ways (...)"), followed by its
#: text when that differs from its name (the pad's number: ``- 'button "F8: 2 ways (...)"': "8"``)
ITEM = re.compile(r"^\s*- (?:'(?P<quoted>(?:[^']|'')*)'(?::.*)?|(?P<plain>.*))$")


def buttons(snapshot: str) -> list[str]:
    """The names of the enabled buttons in an aria snapshot, in order; an unnamed button fails the test."""
    names = []
    for line in snapshot.splitlines():
        item = ITEM.match(line)
        text = "" if item is None else (item.group("plain") if item.group("quoted") is None
                                        else item.group("quoted").replace("''", "'"))
        found = BUTTON.match(text)
        if not found:
            continue
        name = (found.group("name") or "").replace('\\"', '"')
        assert name.strip(), f"a button without a name: {line!r}"
        if "[disabled]" not in found.group("rest"):
            names.append(name)
    return names


def test_the_snapshot_reader_finds_every_button_as_yaml_writes_it() -> None:
    snapshot = """- region "Board":
  - group "Doodle Jump ramp":
    - text: 6 9 Je 4 E
    - 'button "D4: 2 ways (Jump to D4 with 4; or Jump to D4 with 1 + 3)"': "4"
    - 'button "D7: it''s 1 way"'
    - button "Jump to H4 with 4": "4"
    - button "Zoom out" [disabled]: −
    - 'button "F8: 2 ways (Jump to F8 with 8; or Jump to F8 with 3 + 5)" [disabled]': "8"
    - button "Say \\"hi\\""
"""
    assert buttons(snapshot) == ["D4: 2 ways (Jump to D4 with 4; or Jump to D4 with 1 + 3)", "D7: it's 1 way",
                                 "Jump to H4 with 4", 'Say "hi"']
    with pytest.raises(AssertionError, match="a button without a name"):
        buttons("- button\n")


def said(page: Any) -> list[str]:
    """What the live region has said lately, one message a line (read through the accessibility tree)."""
    snapshot = page.get_by_role("log", name="Announcements").aria_snapshot()
    return [re.sub(r'^\s*- (?:paragraph: |text: )?"?|"?$', "", line) for line in snapshot.splitlines()[1:]
            if line.strip()]


def play_by_ear(page: Any, game: str, limit: float) -> dict[str, Any]:
    """Play to the end using only the accessibility tree (see the module's docstring)."""
    choices = page.get_by_role("region", name="Your choices")
    board = page.get_by_role("region", name="Board", exact=True)
    deadline = time.monotonic() + limit
    heard: list[str] = []
    presses, words = 0, ""
    while True:
        assert time.monotonic() < deadline, f"the game did not end in {limit} s; heard lately: {heard[-5:]}"
        lately = said(page)
        assert len(lately) <= 8, "the live region says what changed, never the whole log"
        heard.extend(line for line in lately if not heard or line not in heard[-8:])
        if any(line.startswith("Game over") for line in lately):
            break
        named = [n for n in buttons(choices.aria_snapshot()) if n not in TOOLS and not PICKS.match(n)]
        on_board = not named
        if on_board:
            named = [n for n in buttons(board.aria_snapshot()) if n not in TOOLS]
        if not named:
            page.wait_for_timeout(40)
            continue
        if not words and any(n not in TOOLS for n in named):  # once: the board in words, read like a dialog
            page.get_by_role("button", name="Board in words").press("Enter")
            dialog = page.get_by_role("dialog", name="The board in words")
            words = dialog.aria_snapshot()
            dialog.get_by_role("button", name="Close").press("Enter")
            continue
        # the last route or pad climbs, "stop" ends a turn; in Doodle Jump a jump climbs where a shift may not
        jumps = [n for n in named if n.startswith("Jump to")]
        pick = named[0] if game == "jumanji" else (jumps or named)[-1]
        try:
            page.get_by_role("button", name=pick, exact=True).first.press("Enter", timeout=2000)
            presses += 1
        except Exception:
            pass
        # a place on the board may answer with a list (a pad several combinations reach): listen for it before
        # pressing again, as a person does (a second press would put the pad back)
        page.wait_for_timeout(400 if on_board else 30)
    return {"heard": heard, "presses": presses, "words": words}


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_played_through_the_accessibility_tree(browser: Any, start_server: Any, shoot: Any,
                                                            axe_source: str, game: str) -> None:
    server = start_server(FAST_GAME)
    context, page = new_page(browser, "desktop", helped=True)
    try:
        person, _ = create_by_api(server, game, "heuristic" if heuristic_available(game) else "random")
        page.goto(person)
        expect(page.get_by_role("log", name="Announcements")).to_contain_text("You must", timeout=15_000)
        result = play_by_ear(page, game, limit=240)
        heard = result["heard"]
        assert result["presses"] >= 3
        assert any(line.startswith("You must") for line in heard), "the status bar's questions are said"
        assert any(line.startswith("Bob") for line in heard), "the other player's moves are said"
        assert not any(re.search(r"\d+(\.\d+)? s left", line) for line in heard), "no countdown is read out"
        assert "Ann" in result["words"] and "Bob" in result["words"], "the board in words names every player"
        end = page.get_by_role("dialog")
        expect(end).to_be_visible()
        # every ending the dialog can say: "You won!", "Bob won", "Nobody won", and a tie's "You share the win!"
        assert re.search(r"won|share the win", end.aria_snapshot())
        expect(page.get_by_role("button", name="Rematch")).to_be_focused()
        expect(end.get_by_role("table")).to_be_visible()
        shot(page, shoot, f"{game}-desktop-end-by-ear", settle=300)
        assert_accessible(page, axe_source, f"{game}'s end, played by ear")
    finally:
        context.close()


def test_a_spectator_sees_no_control_it_cannot_use(browser: Any, start_server: Any, axe_source: str) -> None:
    server = start_server(FAST_GAME)
    context, page = new_page(browser, "phone", helped=True)
    other, player = new_page(browser, "desktop", helped=True)
    try:
        person, watch = create_by_api(server, "duel", "random")
        player.goto(person)
        page.goto(watch)
        page.wait_for_selector("text=You are watching (spectator).")
        player.wait_for_selector(".choice")
        mine = page.get_by_role("region", name="Your choices").aria_snapshot()
        assert not [n for n in buttons(mine) if n not in {"Board in words"}], f"a spectator's controls: {mine}"
        assert page.locator("#undo, #roll-button, .choice").count() == 0
        assert "undo" not in page.inner_text("#keys"), "no keys it cannot use"
        for _ in range(3):
            player.locator(".choice").first.click()
            player.wait_for_timeout(150)
        page.wait_for_selector("#end-screen[open]")
        assert page.locator("#end-screen #rematch").count() == 0
        expect(page.get_by_role("dialog").get_by_role("link", name="Replay")).to_be_focused()
        assert_accessible(page, axe_source, "a spectator's end screen")
    finally:
        context.close()
        other.close()
