"""The lobby's open tables in the browser: a table opened elsewhere appears without the page asking for it,
counts down to its bots, leaves when it fills, and after a restart of the server the page listens again."""

from __future__ import annotations

from typing import Any

import httpx


def test_the_lobby_list_updates_live_and_listens_again_after_a_restart(browser: Any, server: Any) -> None:
    context = browser.new_context(locale="en-US")
    page = context.new_page()
    page.set_default_timeout(15_000)
    polled: list[str] = []
    page.on("request", lambda request: polled.append(request.url) if "/api/tables" in request.url else None)
    try:
        page.goto(server.url + "/")
        page.wait_for_selector("#open-tables li.muted:has-text('No table is waiting')")
        opened = httpx.post(f"{server.url}/api/play", json={"game": "duel", "wait": 300, "name": "Ann"}).json()
        row = page.locator(f".open-table[data-id='{opened['id']}']")
        row.wait_for()
        assert "host Ann" in row.inner_text() and "1 seat free" in row.inner_text()
        first = row.locator(".fill-in").inner_text()
        page.wait_for_function(f"""(first) => document.querySelector(".open-table[data-id='{opened['id']}'] .fill-in")
            ?.textContent !== first""", arg=first)  # the countdown runs in the page
        sat = httpx.post(f"{server.url}/api/tables/{opened['id']}/sit", json={"name": "Bob"})
        assert sat.status_code == 200
        row.wait_for(state="detached")
        assert polled == [], f"the lobby polled {polled}"
        server.restart()  # the socket closes (1012): the page asks once over HTTP and listens again
        again = httpx.post(f"{server.url}/api/play", json={"game": "duel", "wait": 300, "name": "Cy"}).json()
        page.locator(f".open-table[data-id='{again['id']}']").wait_for()
        assert len(polled) <= 3, polled
    finally:
        context.close()
