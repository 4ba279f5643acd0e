"""The table as a person meets it, in Debian's headless Chromium: mouse at 1280x800, touch at 390x844.

- whole games of each kind against a bot, played with the mouse on a desktop and with touch on a phone,
  to the end screen (and a rematch);
- the Jumanji rescue button pressed and held 150 ms with the mouse and with touch during a real
  countdown (a roll a second, as the game paces it): every press rolls once; keyboard focus survives
  the updates;
- a choice button keeps the focus when an update arrives;
- pass and play, the waiting room with "start now", the turn clock, the HTML 404 page;
- on a phone: the board above the fold, no board text under 11 CSS px, no layout shift;
- axe-core (the npm package's ``axe.min.js``, which ``make test`` installs under .venv/node) finds no
  violation of any impact on the lobby, each game page (start, mid-game, end), the waiting room, the
  replay page and the 404 page, at both sizes.

Screenshots are saved under test-artifacts/ (``table-<game>-<device>-<moment>.png``).
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from tabletop.core.registry import installed_games, make
from tabletop.interfaces.web.app import heuristic_available
from tabletop.interfaces.web.rooms import Settings

REAL_GAMES = [g for g in installed_games() if g != "pig"]
ROOT = Path(__file__).resolve().parents[3]
AXE = Path(os.environ.get("TABLETOP_AXE", ROOT / ".venv/node/node_modules/axe-core/axe.min.js"))
DEVICES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
              "device_scale_factor": 3},
}
#: a layout-shift recorder, installed before any page script runs (the Layout Instability API)
CLS_RECORDER = """
window.__cls = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
}).observe({type: "layout-shift", buffered: true});
"""
FAST_GAME = Settings(bot_delay=0.0, chance_delay=0.0, live_seconds=2.0, live_act_seconds=0.1, bot_act_interval=0.15,
                     bot_press_delay=(0.1, 0.3))


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: `make test` installs the axe-core npm package under .venv/node")
    return AXE.read_text(encoding="utf-8")


def axe_violations(page: Any, source: str) -> list[str]:
    """Every axe-core violation on the page now, of any impact, as "rule (impact): first elements"."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=source)
    found = page.evaluate("""async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
        .map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(", ")}`)""")
    return list(found)


def assert_accessible(page: Any, source: str, where: str) -> None:
    found = axe_violations(page, source)
    assert found == [], f"axe-core on {where}: {found}"


#: "How to play" already read for every game (a test about something else need not wait for it to open)
HELP_READ = f"localStorage.setItem('tabletop.helped', '{json.dumps(dict.fromkeys(installed_games(), True))}')"


def new_page(browser: Any, device: str, helped: bool = False) -> tuple[Any, Any]:
    context = browser.new_context(**DEVICES[device])
    context.add_init_script(CLS_RECORDER)
    if helped:
        context.add_init_script(HELP_READ)
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


def shot(page: Any, shoot: Any, name: str) -> None:
    page.wait_for_timeout(700)  # dice and cards settle (their animations last 0.6 s)
    shoot(page, f"table-{name}")


def press(page: Any, selector: str, device: str, timeout: float = 15_000) -> None:
    if device == "phone":
        page.tap(selector, timeout=timeout)
    else:
        page.click(selector, timeout=timeout)


def close_help(page: Any, device: str) -> None:
    page.wait_for_timeout(300)
    if page.locator("dialog#help[open]").count():
        press(page, "dialog#help[open] button", device)


def create(page: Any, server: Any, game: str, seats: list[str], clock: str = "") -> None:
    """Create a game from the lobby; with a "me" seat, the lobby goes on to the table."""
    page.goto(server.url + "/")
    page.wait_for_selector(f"#game-select option[value='{game}']", state="attached")
    page.select_option("#game-select", game)
    page.select_option("#players-select", str(len(seats)))
    for index, kind in enumerate(seats):
        page.select_option(f"select[name='seat-{index}']", kind)
    if clock:
        page.select_option("#clock-select", clock)
    page.click("#create-button")
    if "me" in seats:
        page.wait_for_url(re.compile(r"/game/\w+\?token="))


#: what a person presses, most urgent first: a race, a roll, a listed choice, a choice on the board
CONTROLS = ("#rescue-roll", "#jumanji-button", "#roll-button", ".choice", "#board .target")
FIRST_READY = """(selectors) => {
  for (const selector of selectors) {
    const found = [...document.querySelectorAll(selector)].find((e) => e.getAttribute("aria-disabled") !== "true"
      && e.getBoundingClientRect().width > 0 && !e.closest("[inert]"));
    if (found) return selector;
  }
  return null;
}"""


def step(page: Any, device: str) -> bool:
    """One thing a person does now, with the mouse or a finger; False if there was nothing to do."""
    selector = page.evaluate(FIRST_READY, list(CONTROLS))
    if selector is None:
        return False
    try:
        press(page, f"{selector} >> nth=0", device, timeout=2000)
    except PlaywrightError:  # the control went away as the game moved on: look again
        return False
    return True


def play_to_the_end(page: Any, device: str, limit: float, during: Any = None) -> int:
    deadline = time.monotonic() + limit
    steps = 0
    while "Game over" not in page.inner_text("#status"):
        assert time.monotonic() < deadline, f"the game did not end in {limit} s: {page.inner_text('#status')}"
        if step(page, device):
            steps += 1
            if during is not None:
                during(steps)
        page.wait_for_timeout(30)
    return steps


def board_text_sizes(page: Any) -> list[float]:
    """The size on screen (CSS px) of each label drawn on the board and shown."""
    sizes: list[float] = page.evaluate("""() => [...document.querySelectorAll("#board svg text")]
        .filter(t => getComputedStyle(t).display !== "none" && t.getBBox().width > 0)
        .map(t => parseFloat(t.getAttribute("font-size") || "16") * t.getScreenCTM().a)""")
    return sizes


@pytest.mark.parametrize("device", ["desktop", "phone"])
@pytest.mark.parametrize("game", REAL_GAMES)
def test_a_whole_game_with_the_mouse_or_touch(browser: Any, start_server: Any, shoot: Any, axe_source: str,
                                              game: str, device: str) -> None:
    server = start_server(FAST_GAME)
    context, page = new_page(browser, device)
    try:
        bot = "bot:medium" if heuristic_available(game) else "bot:beginner"
        create(page, server, game, ["me", bot])
        page.wait_for_selector("dialog#help[open]")  # a first game of this kind: "How to play"
        shot(page, shoot, f"{game}-{device}-help")
        close_help(page, device)
        page.wait_for_selector("#board svg")
        page.wait_for_timeout(500)
        shot(page, shoot, f"{game}-{device}-start")
        assert_accessible(page, axe_source, f"{game} at the start ({device})")
        if device == "phone":
            stage = page.locator("#stage").bounding_box()
            assert stage is not None and stage["y"] + stage["height"] <= 844, "the board is above the fold"
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            small = [size for size in board_text_sizes(page) if size < 11]
            assert small == [], f"{len(small)} board labels under 11 px on a phone: {sorted(small)[:5]}"
        cls = page.evaluate("window.__cls")
        assert cls < 0.1, f"layout shift {cls:.3f} as the game starts"

        def midway(steps: int) -> None:
            if steps == 12:
                shot(page, shoot, f"{game}-{device}-mid")
                assert_accessible(page, axe_source, f"{game} mid-game ({device})")

        play_to_the_end(page, device, limit=240, during=midway)
        page.wait_for_selector("#end-screen")
        assert page.inner_text("#end-title")
        assert page.inner_text("#end-reason"), "the end screen says why the game ended"
        shot(page, shoot, f"{game}-{device}-end")
        assert_accessible(page, axe_source, f"{game}'s end screen ({device})")
        finished = page.url
        press(page, "#rematch", device)  # one click: the same seats, a new game
        page.wait_for_url(lambda url: "/game/" in url and url != finished)
        page.wait_for_selector("#status:has-text('must')")
    finally:
        context.close()


def test_a_whole_game_is_explained_at_the_end(browser: Any, start_server: Any, axe_source: str) -> None:
    """Donkey Kong's score table adds up; Jumanji's end names its cause."""
    if "donkey-kong" not in REAL_GAMES:
        pytest.skip("Donkey Kong is not installed")
    server = start_server(FAST_GAME)
    context, page = new_page(browser, "desktop")
    try:
        create(page, server, "donkey-kong", ["bot:beginner", "bot:beginner"])
        page.wait_for_selector("#created:not([hidden])")
        page.click(".spectate-link")
        page.wait_for_selector("#score-table", timeout=120_000)
        head = page.eval_on_selector_all("#score-table thead th", "els => els.map(e => e.textContent)")
        assert len(head) >= 4
        rows = page.eval_on_selector_all("#score-table tbody tr",
                                         "rows => rows.map(r => [...r.children].map(c => c.textContent))")
        assert len(rows) == 2
        assert not any("seat " in cell for row in rows for cell in row), "players are named, not numbered from 0"
        assert_accessible(page, axe_source, "Donkey Kong's score table")
    finally:
        context.close()


def hold(page: Any, selector: str, device: str, cdp: Any, ms: int = 150) -> None:
    """Press and hold ``ms`` milliseconds, as a person does (the press and its release 150 ms apart)."""
    box = page.locator(selector).bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    if device == "phone":
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        page.wait_for_timeout(ms)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    else:
        page.mouse.move(x, y)
        page.mouse.down()
        page.wait_for_timeout(ms)
        page.mouse.up()


@pytest.mark.skipif("jumanji" not in REAL_GAMES, reason="the Jumanji game is not installed")
@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_every_held_press_of_the_rescue_button_rolls_once(browser: Any, start_server: Any, stored_position: Any,
                                                          shoot: Any, device: str) -> None:
    from tabletop.games.jumanji.actions import FAILED, SAVED
    from tabletop.games.jumanji.live import rescuers_in_order

    def rescue_of_seat_0(state: Any) -> bool:
        return (state.is_chance_node() and set(state.legal_actions()) == {SAVED, FAILED}
                and rescuers_in_order(state) == [0])

    # a real countdown, with the game's pace of a roll a second; 20 s rather than 8, so that a machine busy with
    # other work (a page that takes seconds to open) still leaves time for several presses
    server = start_server(Settings(bot_delay=0.05, chance_delay=0.3, live_seconds=20.0, live_act_seconds=1.0))
    game_id, tokens, _ = stored_position(server.database, 2, rescue_of_seat_0)
    context, page = new_page(browser, device, helped=True)
    cdp = context.new_cdp_session(page)
    counted: list[int] = [0]  # the most rolls of seat 0 the server has told this page of

    def frames(socket: Any) -> None:
        def read(payload: Any) -> None:
            found = re.findall(r'\{[^{}]*"seat": ?0, "rolls": ?(\d+)', payload if isinstance(payload, str) else "")
            counted[0] = max([counted[0], *(int(n) for n in found)])
        socket.on("framereceived", read)

    page.on("websocket", frames)
    try:
        page.goto(f"{server.url}/game/{game_id}?token={tokens[0]}")
        button = page.locator("#rescue-roll")
        button.wait_for(timeout=15_000)
        status = page.inner_text("#status")
        assert "must" in status and "Rescue die" in status and "s left" in status, status
        page.focus("#rescue-roll")  # keyboard focus survives the updates (ten a second)
        page.evaluate("document.getElementById('rescue-roll').tableMark = 'same'")
        page.wait_for_timeout(500)
        assert page.evaluate("document.activeElement.tableMark") == "same", "the button was rebuilt"
        shot(page, shoot, f"jumanji-{device}-rescue")
        page.keyboard.press("Space")  # the first roll from the keyboard, on the focused button
        presses, last_press = 1, time.monotonic()
        mine = "document.querySelector(\"#live-panel .rescuers li[data-seat='0']\")?.textContent ?? null"
        rolls = 0
        while (line := page.evaluate(mine)) is not None and "safe!" not in line:
            found = re.search(r"(\d+) rolls?", line)
            rolls = max(rolls, int(found.group(1)) if found else 0)
            countdown = page.evaluate("document.querySelector('#live-panel .countdown')?.textContent ?? ''")
            ready = page.evaluate("document.getElementById('rescue-roll')?.getAttribute('aria-disabled') !== 'true'")
            left = float(countdown.split()[0]) if countdown.endswith(" s") else 0.0
            if left > 1.6 and ready and time.monotonic() - last_press > 1.0:
                hold(page, "#rescue-roll", device, cdp)
                presses += 1
                last_press = time.monotonic()
            page.wait_for_timeout(50)
        if line is not None:
            found = re.search(r"(\d+) rolls?", line)
            rolls = max(rolls, int(found.group(1)) if found else 0)
        page.wait_for_timeout(1500)  # the last roll lands
        rolls = max(rolls, counted[0])  # the page may close the panel before a person could read the last one
        assert presses >= 1
        assert rolls == presses, f"{presses} presses held 150 ms rolled {rolls} times"
    finally:
        context.close()


def test_a_choice_keeps_the_focus_when_an_update_arrives(browser: Any, server: Any) -> None:
    ann_context, bob_context = browser.new_context(), browser.new_context()
    ann, bob = ann_context.new_page(), bob_context.new_page()
    try:
        create(ann, server, "duel", ["me", "human"])
        ann.wait_for_selector("#invite-1")
        bob.goto(ann.input_value("#invite-1"))
        ann.wait_for_selector(".choice[data-action='right']")
        ann.focus(".choice[data-action='right']")
        ann.evaluate("document.activeElement.tableMark = 'same'")
        bob.wait_for_selector("#your-name", state="detached")
        bob.reload()  # Bob leaves and comes back: Ann's page is updated twice (away, here)
        ann.wait_for_selector(".seats li:nth-child(2):has-text('here')")
        ann.wait_for_timeout(300)
        assert ann.evaluate("document.activeElement.tableMark") == "same"
        ann.keyboard.press("Enter")  # the focused choice acts
        bob.wait_for_selector("#log li:has-text('picks right')")
    finally:
        ann_context.close()
        bob_context.close()


def test_pass_and_play_on_one_device_with_a_turn_clock(page: Any, server: Any) -> None:
    create(page, server, "duel", ["me", "me"], clock="60")
    assert "pass and play" in page.inner_text("#whoami")
    for move in range(6):
        seat = move % 2 + 1
        page.wait_for_selector(f"#status:has-text('Player {seat} (you) must choose')")
        assert re.search(r"\((\d+ s|\d+:\d\d) left\)", page.inner_text("#status")), "the turn clock is shown"
        page.click(".choice[data-action='left']")
        page.wait_for_selector(f"#log li:nth-child({move + 1})")
    page.wait_for_selector("#end-screen")
    assert page.inner_text("#end-title") == "Nobody won"


def test_the_host_starts_the_waiting_room_with_bots(page: Any, server: Any, axe_source: str) -> None:
    create(page, server, "duel", ["me", "human"])
    page.wait_for_selector("#waiting-room")
    assert page.input_value("#invite-1").startswith(server.url + "/game/")
    assert_accessible(page, axe_source, "the waiting room")
    page.fill("#your-name", "Alan")
    page.click("#name-form button[type=submit]")
    page.wait_for_selector(".seats li:has-text('Alan')")
    page.click("#start-now")
    page.wait_for_selector("#waiting-room", state="detached")
    page.wait_for_selector("#status:has-text('Alan (you) must choose'), #status:has-text('You must choose')")


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_lobby_the_replay_and_a_missing_page_are_accessible(browser: Any, server: Any, axe_source: str,
                                                                shoot: Any, device: str) -> None:
    context, page = new_page(browser, device)
    try:
        page.goto(server.url + "/")
        page.wait_for_selector("#game-select option", state="attached")
        page.click("#options-box summary")
        help_texts = page.eval_on_selector_all(".option small", "els => els.map(e => e.textContent)")
        assert not any(re.search(r"\b[A-Z]{1,2}-[A-Z0-9]+-?\d", text) for text in help_texts), help_texts
        cut = page.evaluate("""() => [...document.querySelectorAll("#seats select")].filter((select) => {
            const probe = document.createElement("span");
            probe.style.font = getComputedStyle(select).font;
            probe.style.position = "absolute";
            probe.textContent = select.options[select.selectedIndex].text;
            document.body.append(probe);
            const wide = probe.getBoundingClientRect().width + 40 > select.clientWidth;  // 40: padding and arrow
            probe.remove();
            return wide;
        }).map((select) => select.name)""")
        assert cut == [], f"the seat menus {cut} cut their text off"
        shoot(page, f"table-lobby-{device}")
        assert_accessible(page, axe_source, f"the lobby ({device})")
        create(page, server, "race", ["bot:beginner", "bot:beginner"])
    except Exception:
        context.close()
        raise
    try:
        page.wait_for_selector("#created:not([hidden])")
        page.click(".spectate-link")
        page.wait_for_selector("#end-screen")
        page.click("#end-replay")
        page.wait_for_selector("#step:has-text('0 /')")
        assert_accessible(page, axe_source, f"the replay page ({device})")
        response = page.goto(server.url + "/no/such/page")
        assert response is not None and response.status == 404
        assert "text/html" in response.headers["content-type"]
        assert_accessible(page, axe_source, f"the 404 page ({device})")
    finally:
        context.close()


def test_first_player_is_counted_from_one_in_the_lobby(page: Any, server: Any) -> None:
    game = next((g for g in REAL_GAMES if any(o.name == "first_player" for o in make(g).info.options)), None)
    if game is None:
        pytest.skip("no installed game has a first_player option")
    page.goto(server.url + "/")
    page.wait_for_selector(f"#game-select option[value='{game}']", state="attached")
    page.select_option("#game-select", game)
    page.click("#options-box summary")
    labels = page.eval_on_selector_all("#opt-first_player option", "els => els.map(e => e.textContent)")
    assert "Seat 1" in labels and "Seat 0" not in labels


@pytest.mark.skipif("doodle-jump" not in REAL_GAMES, reason="the Doodle Jump game is not installed")
def test_the_doodle_jump_tray_counts_the_dice_left_in_words(page: Any, server: Any) -> None:
    """Issue 11's review: the tray said "1 dice"."""
    page.goto(server.url + "/")
    words = page.evaluate("""async () => {
        const {diceLeft} = await import("/boards/doodle-jump/board.js");
        return [diceLeft(1, false), diceLeft(1, true), diceLeft(4, true), diceLeft(0, true), diceLeft(0, false)];
    }""")
    assert words == ["1 die", "1 die and the symbol die", "4 dice and the symbol die", "the symbol die", "no dice"]
