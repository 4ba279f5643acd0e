"""A Jumanji rescue race comes and goes on a phone without moving what is on screen (issue 23, finding 7).

Lighthouse's mobile run of Jumanji's page scored 96 once, for a cumulative layout shift of 0.12: the race's panel
was put on top of the sheet under the board, pushing the dice tray, the card and the tools 151 px down as the race
began and back up as it ended. In Debian's headless Chromium at Lighthouse's phone size (412x823, touch), a game of
two people is stored one card before a rescue of seat 0 alone, with a seed whose server draws that card; Ann's page
is opened on it, Bob draws the card on his own device, the race runs its 8 seconds (Ann does not press: no input
excuses a shift) and ends. A ``PerformanceObserver`` adds up every layout shift the page makes meanwhile, as
Lighthouse does.
"""

from __future__ import annotations

from typing import Any

import pytest

from table_pages import new_page, shot
from tabletop.core.registry import installed_games
from tabletop.interfaces.web.rooms import Settings

#: the layout shift Lighthouse counts as good is under 0.1; the race itself must add next to nothing
MOST = 0.01

#: put in the page before its scripts run: every layout shift the page makes, with the elements it moved
SHIFTS = """() => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      const moved = entry.sources.map((s) => (s.node && s.node.id) || (s.node && s.node.className) || String(s.node));
      window.__shifts.push({value: entry.value, moved});
    }
  }).observe({type: "layout-shift", buffered: true});
}"""


def rescue_of_seat_0(state: Any) -> bool:
    """A Danger card seat 0 alone must escape."""
    from tabletop.games.jumanji.actions import FAILED, SAVED
    from tabletop.games.jumanji.live import rescuers_in_order

    return state.is_chance_node() and set(state.legal_actions()) == {SAVED, FAILED} and rescuers_in_order(state) == [0]


@pytest.mark.skipif("jumanji" not in installed_games(), reason="the Jumanji game is not installed")
def test_a_rescue_race_comes_and_goes_without_a_layout_shift_on_a_phone(
        browser: Any, start_server: Any, stored_before_draw: Any, shoot: Any) -> None:
    server = start_server(Settings(bot_delay=0.05, chance_delay=1.0))  # the page is drawn before the card comes
    game_id, tokens = stored_before_draw(server.database, 2, rescue_of_seat_0)
    context, page = new_page(browser, "lighthouse-phone", helped=True)
    context.add_init_script(f"({SHIFTS})()")
    bob, bobs_page = new_page(browser, "desktop", helped=True)
    try:
        page.goto(f"{server.url}/game/{game_id}?token={tokens[0]}")
        page.locator("#tools").wait_for()
        page.wait_for_timeout(300)
        before = page.evaluate("window.__shifts")
        bobs_page.goto(f"{server.url}/game/{game_id}?token={tokens[1]}")
        bobs_page.click("#roll-button")  # Bob draws the card (on his own device: no input on Ann's page)
        page.locator("#live-panel").wait_for(timeout=15_000)
        page.locator("#rescue-roll").wait_for(timeout=15_000)
        shot(page, shoot, "jumanji-lighthouse-phone-race", settle=0)
        page.wait_for_selector("#live-panel", state="detached", timeout=20_000)
        page.locator("#tools").wait_for()
        page.wait_for_timeout(500)
        shifts = page.evaluate("window.__shifts")[len(before):]
    finally:
        context.close()
        bob.close()
    total = sum(s["value"] for s in shifts)
    assert total < MOST, f"the race moved what was on screen by {total:.3f}: {shifts}"
