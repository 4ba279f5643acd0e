"""Helpers the web server's API tests share: creating a game, a seat's token from it, a game's view, waiting."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import time
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import pytest
from fastapi.testclient import TestClient

from tabletop.interfaces.web.rooms import Settings

#: the PostgreSQL server of the tests (``make test`` starts it with .ci/postgres.sh and sets this URL)
POSTGRESQL = os.environ.get("TABLETOP_TEST_POSTGRESQL", "")

#: the display names of the people of a game the tests store directly (as people name themselves: never "p2")
PEOPLE = ("Ann", "Bob", "Cleo", "Dev", "Eve", "Finn")
#: no pause before a bot's move or a roll: an in-process test's game answers at once
INSTANT = Settings(bot_delay=0.0, chance_delay=0.0)

T = TypeVar("T")


def create(client: TestClient, game: str, seats: list[dict[str, Any]], options: dict[str, Any] | None = None,
           **fields: Any) -> dict[str, Any]:
    """Create a game through the API (``fields``: the request's other fields, such as ``turn_clock``)."""
    response = client.post("/api/games", json={"game": game, "seats": seats, "options": options or {}, **fields})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def token_of(created: dict[str, Any], seat: int) -> str:
    link: str = created["seats"][seat]["link"]
    return link.split("token=", 1)[1]


def bundle_address(page: str) -> str:
    """The address of the script bundle a game page loads (``interfaces/web/bundle.py``)."""
    found = re.search(r'<script type="module" src="(/bundles/game-[0-9a-f]{16}\.js)"></script>', page)
    assert found, "the game page loads no bundle"
    return found[1]


def view(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    response = client.get(f"/api/games/{game_id}", params={"token": token} if token else {})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def wait_until(check: Callable[[], Any], timeout: float = 5.0) -> Any:
    """``check()``'s first true value, asked every 10 ms (fails after ``timeout`` seconds)."""
    deadline = time.monotonic() + timeout
    while not (value := check()):
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for the server")
        time.sleep(0.01)
    return value


@contextlib.contextmanager
def postgresql_schema() -> Iterator[str]:
    """The URL of a fresh, empty schema of the tests' PostgreSQL database, dropped afterwards."""
    if not POSTGRESQL:
        pytest.skip("no PostgreSQL: `make test` starts one and sets TABLETOP_TEST_POSTGRESQL")
    import secrets

    import sqlalchemy as sa

    schema = f"test_{secrets.token_hex(6)}"
    admin = sa.create_engine(POSTGRESQL)
    with admin.begin() as conn:
        conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
    try:
        yield f"{POSTGRESQL}?options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


def run_async(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` to its end in a thread of its own: ``asyncio.run`` refuses to start in a thread
    whose event loop is taken, as the main thread's is once a Playwright browser test has run."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()
