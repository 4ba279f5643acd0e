"""Helpers the browser tests of the game page share: devices, axe-core, games created from the lobby or the API,
and a person's way of playing: find what answers the status bar, check it is on screen, press it where it is."""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import Any

import httpx

from accessibility import AXE_RUN
from tabletop.core.registry import installed_games
from tabletop.interfaces.web.rooms import Settings

ROOT = Path(__file__).resolve().parents[1]
AXE = Path(os.environ.get("TABLETOP_AXE", ROOT / ".venv/node/node_modules/axe-core/axe.min.js"))
WIDTH = {"desktop": 1280, "phone": 390}
HEIGHT = {"desktop": 800, "phone": 844}
DEVICES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
              "device_scale_factor": 3},
    # Lighthouse's mobile preset (a Moto G Power's screen), for the figures it measures (layout shift)
    "lighthouse-phone": {"viewport": {"width": 412, "height": 823}, "has_touch": True, "is_mobile": True,
                         "device_scale_factor": 1.75},
}
#: a layout-shift recorder, installed before any page script runs (the Layout Instability API)
CLS_RECORDER = """
window.__cls = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
}).observe({type: "layout-shift", buffered: true});
"""
#: where the focus is the moment the end dialog opens (a tap in flight may move it afterwards); a page's module
#: scripts run before DOMContentLoaded, so the dialog of a game already over may be open by then
END_FOCUS_RECORDER = """
document.addEventListener("DOMContentLoaded", () => {
  const dialog = document.getElementById("end-screen");
  const record = () => { if (dialog.open) window.__endFocus ??= document.activeElement?.id; };
  if (dialog) {
    record();
    new MutationObserver(record).observe(dialog, {attributes: true, attributeFilter: ["open"]});
  }
});
"""
#: bots and dice without pauses; rescues take 2 s (the shipped fast settings of the tests)
FAST_GAME = Settings(bot_delay=0.0, chance_delay=0.0, live_seconds=2.0, live_act_seconds=0.1, bot_act_interval=0.15,
                     bot_press_delay=(0.1, 0.3))
#: "How to play" already read for every game (a test about something else need not wait for it to open)
HELP_READ = f"localStorage.setItem('tabletop.helped', '{json.dumps(dict.fromkeys(installed_games(), True))}')"


#: the table's layout is final: the parts beside the board are drawn (one frame after the board), the fonts are
#: in, and the board's viewport has kept its place and size for five animation frames
SETTLED = """() => {
  const r = document.getElementById("viewport").getBoundingClientRect();
  const box = [r.x, r.y, r.width, r.height].join();
  window.__settledFrames = box === window.__settledBox ? (window.__settledFrames || 0) + 1 : 0;
  window.__settledBox = box;
  return window.__settledFrames >= 5 && document.fonts.status === "loaded"
    && document.getElementById("keys").textContent.trim() !== "";
}"""


def settle(page: Any) -> None:
    """Wait until the table's layout is final (see ``SETTLED``): measured before, a place may move under a finger."""
    page.wait_for_function(SETTLED, polling="raf")


def axe_violations(page: Any, source: str) -> list[str]:
    """Every axe-core violation on the page now, of any impact, as "rule (impact): first elements"."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=source)
    found = page.evaluate(AXE_RUN)
    return list(found)


def assert_accessible(page: Any, source: str, where: str) -> None:
    found = axe_violations(page, source)
    assert found == [], f"axe-core on {where}: {found}"


def new_page(browser: Any, device: str, helped: bool = False, **options: Any) -> tuple[Any, Any]:
    context = browser.new_context(**DEVICES[device], **options)
    context.add_init_script(CLS_RECORDER)
    context.add_init_script(END_FOCUS_RECORDER)
    if helped:
        context.add_init_script(HELP_READ)
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


def shot(page: Any, shoot: Any, name: str, settle: int = 700) -> None:
    """What the screen shows now (the viewport, as a person sees it), saved as test-artifacts/table-<name>.png."""
    page.wait_for_timeout(settle)  # dice and cards settle (their animations last 0.6 s)
    shoot(page, f"table-{name}", full_page=False)


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


def create_by_api(server: Any, game: str, bot: str, auto_roll: bool = False) -> tuple[str, str]:
    """A game of a person (who rolls their own dice) against a bot: its person's page and its spectator page."""
    created = httpx.post(server.url + "/api/games", json={"game": game, "seats": [
        {"kind": "human", "name": "Ann", "auto_roll": auto_roll}, {"kind": "bot", "bot": bot, "name": "Bob"}]})
    assert created.status_code == 201, created.text
    body = created.json()
    return server.url + body["seats"][0]["link"], f"{server.url}/game/{body['id']}"


#: what answers the status bar, most urgent first: a race, a roll, a listed choice, a choice on the board, and a
#: die picked in Doodle Jump's tray that leaves no jump (the tray then asks to put it back)
CONTROLS = ("#rescue-roll", "#jumanji-button", "#roll-button", ".choice", "#board .target",
            "#tray button.die[aria-pressed=true]")
#: the control that answers now (the first, or the last of its kind), where it is on the screen, whether a finger
#: there would reach it; whether the status bar asks this viewer; whether the "Just now" line is cut; the end
ANSWER = """([selectors, last]) => {
  const status = document.getElementById("status-bar");
  const recent = document.getElementById("last");
  const line = document.getElementById("status");
  const state = {mine: status.classList.contains("mine"), status: line.textContent,
    cut: recent.scrollHeight > recent.clientHeight + 1 ? recent.textContent
      : line.scrollHeight > line.clientHeight + 1 ? line.textContent : null,
    ended: Boolean(document.querySelector("#end-screen[open]")), found: null};
  const where = (e) => {
    const r = e.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    const inside = r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
    return {x, y, left: r.left, top: r.top, right: r.right, bottom: r.bottom, inside,
      reached: Boolean(hit && (hit === e || e.contains(hit))), scrolled: window.scrollY,
      name: (e.getAttribute("aria-label") || e.textContent || "").trim().slice(0, 80)};
  };
  for (const selector of selectors) {
    const ready = [...document.querySelectorAll(selector)].filter((e) => e.getAttribute("aria-disabled") !== "true"
      && !e.closest("[inert]") && !e.disabled && e.getBoundingClientRect().width > 0).map(where);
    if (!ready.length) continue;
    const reachable = ready.filter((w) => w.inside && w.reached);  // of several, one on screen answers
    const pool = reachable.length ? reachable : ready;
    state.found = {selector, ...(last ? pool[pool.length - 1] : pool[0])};
    break;
  }
  return state;
}"""


def answer(page: Any, last: bool = False) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate(ANSWER, [list(CONTROLS), last])
    return state


def assert_within_reach(found: dict[str, Any], device: str, status: str) -> None:
    """The control lies wholly inside the screen, nothing covers it, and the page was not scrolled to it."""
    where = f"{found['selector']} ({found['name']!r}) at {found['left']:.0f},{found['top']:.0f}-" \
            f"{found['right']:.0f},{found['bottom']:.0f} for {status!r}"
    assert found["scrolled"] == 0, f"the page was scrolled: {where}"
    assert found["left"] >= -0.5 and found["top"] >= -0.5, f"off screen: {where}"
    assert found["right"] <= WIDTH[device] + 0.5 and found["bottom"] <= HEIGHT[device] + 0.5, f"off screen: {where}"
    assert found["reached"], f"covered or scrolled away in its panel: {where}"


def tap(page: Any, x: float, y: float, device: str) -> None:
    """A finger or the mouse at a point of the screen (never scrolling anything into view first)."""
    if device == "phone":
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def press(page: Any, selector: str, device: str) -> None:
    """Press a control where it is, after checking it is on screen."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not on the page"
    assert box["y"] >= 0 and box["y"] + box["height"] <= HEIGHT[device], f"{selector} is off screen: {box}"
    tap(page, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, device)


def close_help(page: Any, device: str) -> None:
    page.wait_for_timeout(300)
    if page.locator("dialog#help[open]").count():
        press(page, "dialog#help[open] button", device)


def play_in_reach(page: Any, device: str, limit: float, during: Any = None, last: bool = False) -> int:
    """Play a whole game as a person does, without ever scrolling: at every decision the status bar asks of this
    player, a control answering it must lie wholly on screen, uncovered; it is pressed where it is. ``last``: of
    several choices take the last (Hold in Pig, the climb in Donkey Kong), else the first."""
    deadline = time.monotonic() + limit
    steps = 0
    asked = None  # since when the status bar has asked this player something with nothing to answer it
    while not (state := answer(page, last))["ended"]:
        assert time.monotonic() < deadline, f"the game did not end in {limit} s: {state['status']}"
        assert state["cut"] is None, f"the status bar cuts its words: {state['cut']}"
        found = state["found"]
        asked = None if found or not state["mine"] else asked or time.monotonic()
        assert asked is None or time.monotonic() - asked < 15, \
            f"{state['status']!r} for 15 s with nothing to answer it: {page.inner_text('#controls')!r}"
        if found is not None:
            if state["mine"]:
                assert_within_reach(found, device, state["status"])
            if found["reached"] and during is not None:  # what the player sees as they decide
                during(steps, found)
                found = answer(page, last)["found"]  # the page may have moved on meanwhile
            if found is not None and found["reached"]:
                tap(page, found["x"], found["y"], device)
                steps += 1
        page.wait_for_timeout(30)
    return steps


def board_text_sizes(page: Any) -> list[float]:
    """The size on screen (CSS px) of each label drawn on the board (every label: none is hidden)."""
    sizes: list[float] = page.evaluate("""() => [...document.querySelectorAll("#board svg text")]
        .filter(t => t.textContent.trim())
        .map(t => getComputedStyle(t).display === "none" ? 0
          : parseFloat(getComputedStyle(t).fontSize) * Math.hypot(t.getScreenCTM().a, t.getScreenCTM().b))""")
    return sizes
