"""A board of one's own from end to end, as a person does it (issue 25's "done when"): the packaged board exported
from the command line, opened and changed in the board editor, played in the browser against a bot and with a
friend while a spectator watches the same board, the record replayed strictly and analysed, and the board
compared with the packaged one from the command line. Screenshots: test-artifacts/custom-board-*.png."""

from __future__ import annotations

import json
import re
import time
import tomllib
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from typer.testing import CliRunner

from accessibility import violations
from tabletop.core.record import SEEDED, Record
from tabletop.interfaces.cli.app import app as cli
from tabletop.interfaces.web.rooms import Settings

FAST = Settings(bot_delay=0.0, chance_delay=0.0, bot_act_interval=0.05)
runner = CliRunner()


def edit_in_the_editor(page: Any, server: Any, exported: Path, saved: Path) -> None:
    """Open the exported file in the editor, give level A a pad 4 in column 2, and download the board."""
    page.goto(f"{server.url}/editor/doodle-jump")
    page.wait_for_selector("body[data-ready]")
    page.set_input_files("#upload", str(exported))
    page.wait_for_selector("#file-note:has-text('Opened')")
    page.click("[data-place='A:1']")
    page.keyboard.press("4")
    page.wait_for_selector("[data-place='A:1']:has-text('4')")
    page.wait_for_function("document.querySelector('#check-status').textContent.includes('The board is fine')"
                           " && !document.querySelector('#play').disabled")
    with page.expect_download() as download:
        page.click("#download")
    download.value.save_as(saved)


def create_on_my_board(page: Any, seats: list[str]) -> None:
    """From the editor's "Play on this board" to the lobby, the seats chosen, the game created."""
    page.click("#play")
    page.wait_for_selector("#board-select option[value='mine']", state="attached")
    assert page.input_value("#board-select") == "mine" and page.input_value("#game-select") == "doodle-jump"
    page.select_option("#players-select", str(len(seats)))
    for index, kind in enumerate(seats):
        page.select_option(f"select[name='seat-{index}']", kind)
    page.click("#create-button")


def step(page: Any) -> bool:
    """Press what a person would press now on this page (False: nothing to do here): the last choice listed (stop
    rather than push one's luck) and the last pad shown (the highest), so a game ends in a few dozen turns."""
    if page.locator("dialog#help[open]").count():
        page.click("dialog#help[open] button")
        return True
    if page.locator("#roll-button").count():
        page.keyboard.press("r")
        return True
    choices = page.locator(".choice").count()
    if choices:
        page.keyboard.press(str(min(choices, 9)))
        return True
    if page.locator("#board .target").count():
        try:
            page.locator("#board .target").last.focus(timeout=2_000)
        except PlaywrightTimeout:  # the turn moved on between the count and the focus: look again
            return False
        page.keyboard.press("Enter")
        return True
    return False


def play_to_the_end(*pages: Any, limit: float = 240.0) -> None:
    deadline = time.monotonic() + limit
    while "Game over" not in pages[0].inner_text("#status"):
        if time.monotonic() > deadline:
            raise AssertionError(f"the game did not end in {limit} s: {pages[0].inner_text('#status')}")
        for page in pages:
            step(page)
        pages[0].wait_for_timeout(30)


def board_of(page: Any, server: Any, game_id: str) -> Any:
    return page.request.get(f"{server.url}/api/games/{game_id}").json()["board"]


def test_my_board_from_export_to_table_to_strict_replay_and_comparison(browser: Any, start_server: Any, shoot: Any,
                                                                        tmp_path: Path) -> None:
    server = start_server(FAST)
    exported, mine = tmp_path / "exported.toml", tmp_path / "my-board.toml"
    assert runner.invoke(cli, ["data", "export", "doodle-jump", "--out", str(exported)]).exit_code == 0
    context = browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        edit_in_the_editor(page, server, exported, mine)
        assert tomllib.loads(mine.read_text())["levels"][0]["pads"] == [[0, 3], [1, 4], [2, 7], [4, 5]]
        # against a bot
        create_on_my_board(page, ["me", "bot:easy"])
        page.wait_for_url(re.compile(r"/game/\w+\?token="))
        game_id = page.url.split("/game/")[1].split("?")[0]
        assert board_of(page, server, game_id)["levels"]["A"] == [[0, 3], [1, 4], [2, 7], [4, 5]]
        shoot(page, "custom-board-table")
        play_to_the_end(page)
        record = tmp_path / "game.json"
        record.write_text(page.request.get(f"{server.url}/api/games/{game_id}/record").text())
        assert Record.load(record).chance == SEEDED
        strict = runner.invoke(cli, ["replay", str(record), "--quiet", "--strict"])
        assert strict.exit_code == 0 and "verified" in strict.output, strict.output
        assert runner.invoke(cli, ["analyse", str(record), "--iterations", "20", "--json"]).exit_code == 0
        # the lobby shows the game on a custom board, with its preview
        page.goto(f"{server.url}/")
        page.click(f"[data-key='game-{game_id}'] .board-badge summary")
        page.wait_for_selector(f"[data-key='game-{game_id}'] .board-preview svg")
        assert violations(page) == []
        shoot(page, "custom-board-lobby")
    finally:
        context.close()
    # with a friend, a spectator watching: everyone sees my board
    host_context, friend_context, watcher_context = (browser.new_context(viewport={"width": 1280, "height": 800})
                                                     for _ in range(3))
    host, friend, watcher = (c.new_page() for c in (host_context, friend_context, watcher_context))
    try:
        host.goto(f"{server.url}/editor/doodle-jump")  # the board chosen in the editor is this browser's
        host.evaluate("localStorage.setItem('tabletop.boards', JSON.stringify({'doodle-jump': "
                      f"{{toml: {json.dumps(mine.read_text())}, digest: 'mine', title: 'Doodle Jump'}}}}))")
        host.goto(f"{server.url}/?game=doodle-jump&board=mine")
        host.wait_for_selector("#board-select option[value='mine']", state="attached")
        host.select_option("select[name='seat-1']", "human")
        host.click("#create-button")
        host.wait_for_selector("#invite-1")
        friend.goto(host.input_value("#invite-1"))
        game_id = host.url.split("/game/")[1].split("?")[0]
        watcher.goto(f"{server.url}/game/{game_id}")
        watcher.wait_for_selector("text=You are watching (spectator).")
        for someone in (host, friend, watcher):
            assert board_of(someone, server, game_id)["levels"]["A"] == [[0, 3], [1, 4], [2, 7], [4, 5]]
            someone.wait_for_selector("#board svg")
        play_to_the_end(host, friend)
        watcher.wait_for_selector("#status:has-text('Game over')")
        shoot(watcher, "custom-board-spectator")
    finally:
        for c in (host_context, friend_context, watcher_context):
            c.close()
    # compared with the packaged board from the command line
    compared = runner.invoke(cli, ["compare", "doodle-jump", "-p", "2", "-v", "packaged", "-v",
                                   f"mine:data={mine}", "-n", "200", "--json"])
    assert compared.exit_code == 0, compared.output
    kept = json.loads(compared.output)["boards"]  # the run keeps both boards by content, with a copy
    assert kept["texts"][kept["variants"]["mine"]] == mine.read_text() and len(kept["texts"]) == 2
