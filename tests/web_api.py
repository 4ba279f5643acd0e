"""Helpers the web server's API tests share: a seat's token from a created game, and a game's view."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient


def token_of(created: dict[str, Any], seat: int) -> str:
    link: str = created["seats"][seat]["link"]
    return link.split("token=", 1)[1]


def view(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    response = client.get(f"/api/games/{game_id}", params={"token": token} if token else {})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data
