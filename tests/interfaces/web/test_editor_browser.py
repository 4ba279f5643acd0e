"""The board editor as a designer meets it, in Debian's headless Chromium, at 1280x800 and 390x844: each game's
board drawn from its data, edited in place with the mouse, touch and the keyboard, checked after every change
with problems marked where they are, undone, written as TOML and read back, profiled; axe-core finds no
violation. Screenshots are saved under test-artifacts/ (``editor-<game>-<device>.png``)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from accessibility import violations
from tabletop.core.datafile import packaged_text

GAMES = ["jumanji", "doodle-jump", "donkey-kong"]
DEVICES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
              "device_scale_factor": 2},
}


def open_editor(browser: Any, server: Any, game: str, device: str = "desktop") -> tuple[Any, Any]:
    context = browser.new_context(**DEVICES[device], accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{server.url}/editor/{game}")
    page.wait_for_selector("body[data-ready]")
    return context, page


def status(page: Any) -> str:
    text: str = page.inner_text("#check-status")
    return text


def settled(page: Any, expected: str) -> None:
    page.wait_for_function("([wanted]) => document.querySelector('#check-status').textContent.includes(wanted)",
                           arg=[expected])


@pytest.mark.parametrize("device", ["desktop", "phone"])
@pytest.mark.parametrize("game", GAMES)
def test_each_board_is_drawn_checked_and_accessible(browser: Any, server: Any, shoot: Any, game: str,
                                                    device: str) -> None:
    context, page = open_editor(browser, server, game, device)
    try:
        assert "The board is fine" in status(page)
        assert page.locator("#board [data-place]").count() > 10
        page.wait_for_selector("#preview svg")  # the board as played, drawn by the game's board.js
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= DEVICES[device]["viewport"]["width"], f"the page is {width}px wide"
        first = page.locator("#board [data-place]").first
        if device == "phone":
            first.tap()
        else:
            first.click()
        page.wait_for_selector("#place .inspect")
        assert violations(page) == []
        shoot(page, f"editor-{game}-{device}")
    finally:
        context.close()


def test_doodle_jump_a_pad_given_a_number_its_level_has_is_marked_then_undone(browser: Any, server: Any) -> None:
    context, page = open_editor(browser, server, "doodle-jump")
    try:
        page.click("[data-place='B:1']")  # pad B4
        page.keyboard.press("9")  # level B has a 9 already
        settled(page, "1 problem")
        problem = page.inner_text("#problems")
        assert "level B: two pads share a number" in problem
        marked = page.eval_on_selector_all(".has-problem", "nodes => nodes.map(n => n.dataset.place)")
        assert set(marked) == {"B:1", "B:3", "B:4"}
        assert page.get_attribute("[data-place='B:1']", "aria-label").endswith(
            "Problem: level B: two pads share a number (pads are named by level and number)")
        assert page.is_disabled("#play") and page.is_disabled("#profile-run")
        page.click("#problems button")  # "Show on the board" selects and focuses the first place
        assert page.evaluate("document.activeElement.dataset.place") == "B:1"
        page.click("#undo")
        settled(page, "The board is fine")
        assert page.inner_text("[data-place='B:1']") == "4" and page.locator(".has-problem").count() == 0
        assert violations(page) == []
    finally:
        context.close()


def test_jumanji_with_the_keyboard_every_path_alike(browser: Any, server: Any) -> None:
    context, page = open_editor(browser, server, "jumanji")
    try:
        page.focus("[data-place='red:1']")
        page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.dataset.place") == "red:2"
        page.keyboard.press("j")  # the second space of every path becomes a Jungle
        settled(page, "The board is fine")
        for colour in ("red", "yellow", "green", "blue"):
            assert page.inner_text(f"[data-place='{colour}:2']") == "J"
        page.keyboard.press("Delete")  # and goes: every path is one space shorter
        settled(page, "The board is fine")
        assert page.locator("[data-place^='blue:']").count() == 64  # 63 spaces and the path's START
        page.uncheck(".jumanji-tools input[type=checkbox]")
        page.click("[data-place='red:path']")
        page.click("text=Remove the last space")
        settled(page, "The board is fine")
        assert page.locator("[data-place^='red:']").count() == 63
        assert page.locator("[data-place^='blue:']").count() == 64
    finally:
        context.close()


def test_donkey_kong_dots_ladders_start_and_girders(browser: Any, server: Any) -> None:
    context, page = open_editor(browser, server, "donkey-kong")
    try:
        page.click("[data-place='B7']")
        page.check("text=Black dot: a barrel stands here at the start")
        settled(page, "The board is fine")
        assert "The setup places 7 of the 12 barrels" in page.inner_text("#place")
        page.click("text=Add a ladder up to C7")
        settled(page, "The board is fine")
        assert page.locator("[data-place='ladder:L12']").count() == 1
        page.click("[data-place='A1']")
        page.check("text=START's first step may go onto this space")
        settled(page, "The board is fine")
        page.click("[data-place='START']")
        assert "START: the first step goes onto A2, A4, or A1" in page.inner_text("#place")
        # a ladder whose top goes: the problem names it, and it is marked on the board
        page.click("[data-place='E9']")
        page.click("text=Remove the right end space")  # E10 goes; the broken line F10-E10 moves to E9
        settled(page, "The board is fine")
        page.click("[data-place='F9']")
        page.click("text=Remove the right end space")
        page.click("[data-place='F8']")
        page.click("text=Remove the right end space")  # F9, L9's top, is gone
        settled(page, "problem")
        assert "ladder L9 top 'F9' is not a girder space of this board" in page.inner_text("#problems")
        assert page.eval_on_selector_all(".has-problem", "n => n.map(x => x.dataset.place)") == ["ladder:L9"]
        page.click("#problems button")
        page.click("text=Remove this ladder")
        settled(page, "The board is fine")
        assert violations(page) == []
    finally:
        context.close()


@pytest.mark.parametrize("game", GAMES)
def test_the_toml_written_by_the_page_reads_back_as_the_same_board(browser: Any, server: Any, tmp_path: Path,
                                                                    game: str) -> None:
    context, page = open_editor(browser, server, game)
    try:
        with page.expect_download() as download:
            page.click("#download")
        path = tmp_path / "board.toml"
        download.value.save_as(path)
        text = path.read_text(encoding="utf-8")
        assert text.startswith("# A board of one's own for ")
        assert tomllib.loads(text) == tomllib.loads(packaged_text(game))  # 3.0 and 3 compare equal
        from tabletop.analysis.boards import check_board

        assert check_board(game, text, playouts=0).ok
    finally:
        context.close()


def test_a_toml_file_is_opened_and_a_broken_one_says_why(browser: Any, server: Any, tmp_path: Path) -> None:
    context, page = open_editor(browser, server, "jumanji")
    try:
        short = tmp_path / "short.toml"
        short.write_text(packaged_text("jumanji").replace('spaces = "BBBRBWBBJBRBBWBJBBRBBWBJBBRBWBBJBRBBWBJBBRBWBBJBB'
                                                          'RBWBBJBRBBWBJBB"', 'spaces = "BBRJWBB"'))
        page.set_input_files("#upload", str(short))
        page.wait_for_function("document.querySelectorAll(\"[data-place^='red:']\").length === 8")
        settled(page, "The board is fine")
        broken = tmp_path / "broken.toml"
        broken.write_text("not = [toml")
        page.set_input_files("#upload", str(broken))
        settled(page, "not TOML")
        assert page.locator("[data-place^='red:']").count() == 8  # the board shown is kept
        page.reload()  # the draft is kept in this browser
        page.wait_for_selector("body[data-ready]")
        assert page.locator("[data-place^='red:']").count() == 8
    finally:
        context.close()


def test_a_profile_on_request(browser: Any, server: Any) -> None:
    context, page = open_editor(browser, server, "jumanji")
    try:
        page.select_option("#profile-players", "2")
        page.select_option("#profile-games", "200")
        page.click("#profile-run")
        page.wait_for_selector(".profile-table")
        table = page.inner_text(".profile-table")
        for words in ("mean turns", "seat 1 wins", "seat 2 wins", "all lose", "mean grid cards", "95% interval"):
            assert words in table
        assert "200 random games played" in page.inner_text("#profile-status")
        assert json.loads(page.evaluate("JSON.stringify(localStorage)")) is not None
    finally:
        context.close()


def test_on_a_phone_play_on_this_board_leads_to_a_lobby_that_fits(browser: Any, server: Any, shoot: Any) -> None:
    """"Play on this board" on a phone: the lobby's board field names the editor's board and the page stays
    390px wide (a long board name does not widen the form); axe-core finds no violation."""
    context, page = open_editor(browser, server, "doodle-jump", "phone")
    try:
        page.tap("[data-place='A:1']")
        page.keyboard.press("4")
        settled(page, "The board is fine")
        page.wait_for_function("!document.querySelector('#play').disabled")
        page.tap("#play")
        page.wait_for_selector("#board-select option[value='mine']", state="attached")
        assert page.input_value("#board-select") == "mine"
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the lobby is {width}px wide"
        assert violations(page) == []
        shoot(page, "editor-lobby-phone")
    finally:
        context.close()


@pytest.mark.parametrize("game", GAMES)
def test_the_editor_reads_in_german_on_a_phone(browser: Any, server: Any, shoot: Any, game: str) -> None:
    context = browser.new_context(**DEVICES["phone"], locale="de-DE")
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        page.goto(f"{server.url}/editor/{game}")
        page.wait_for_selector("body[data-ready]")
        assert page.evaluate("document.documentElement.lang") == "de"
        assert page.inner_text("#board-title") == "Der Spielplan" and page.inner_text("#undo") == "Zurück"
        assert "Der Spielplan ist in Ordnung" in status(page)
        page.locator("#board [data-place]").first.tap()
        text = page.inner_text("main")
        for english in ("Selected", "Download TOML", "Profile the board", "Add a", "Remove", "Keys on a", "Level ",
                        "path", "Girder", "Ladder"):
            assert english not in text, f"{english!r} is still English in the German editor of {game}"
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= DEVICES["phone"]["viewport"]["width"], f"the page is {width}px wide"
        assert violations(page) == []
        shoot(page, f"editor-{game}-de-phone")
    finally:
        context.close()
