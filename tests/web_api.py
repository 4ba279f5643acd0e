"""Helpers the web server's API tests share: creating a game, a seat's token from it, a game's view, waiting."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient


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
