"""The board editor's API, in-process: the packaged board, checks of a board sent as content (never a path),
its size and encoding, problems where they are, the view of a board as played, and profiles within quotas."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletop.core.data import data_digest
from tabletop.core.datafile import packaged_text
from tabletop.interfaces.web.app import create_app
from tabletop.interfaces.web.limits import Limits
from tabletop.interfaces.web.rooms import Settings

GAMES = ["jumanji", "doodle-jump", "donkey-kong"]
LIMITS = Limits(bot_workers=0, profile_games=300, profile_seconds=30.0)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}", Settings(), limits=LIMITS)) as c:
        yield c


def check(client: TestClient, game: str, text: str | bytes) -> dict[str, Any]:
    response = client.post(f"/api/editor/{game}/check", content=text, headers={"Content-Type": "text/plain"})
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_editor_starts_from_the_packaged_board(client: TestClient, game: str) -> None:
    info = client.get(f"/api/editor/{game}").json()
    assert info["toml"] == packaged_text(game) and info["data"] == tomllib.loads(packaged_text(game))
    assert info["editor_module"] == f"/boards/{game}/editor.js" and info["option"] == "data"
    assert client.get(info["editor_module"]).status_code == 200
    assert info["limits"]["board_bytes"] == 64 * 1024 and info["limits"]["profile_games"] == 300
    page = client.get(f"/editor/{game}")
    assert page.status_code == 200 and "/static/editor/editor.js" in page.text


@pytest.mark.parametrize("game", GAMES)
def test_a_packaged_board_checks_fine_with_its_data_and_a_view_as_played(client: TestClient, game: str) -> None:
    found = check(client, game, packaged_text(game))
    assert found["ok"] and found["problems"] == [] and found["digest"] == data_digest(packaged_text(game))
    assert found["data"] == tomllib.loads(packaged_text(game))
    view = found["preview"]
    assert view["board_module"] == f"/boards/{game}/board.js" and view["board"] and view["state"]
    assert view["legal"] == [] and view["you"] is None


def test_a_problem_is_given_where_it_is(client: TestClient) -> None:
    text = packaged_text("jumanji").replace('spaces = "BBBR', 'spaces = "BBXR', 1)
    found = check(client, "jumanji", text)
    assert not found["ok"] and found["preview"] is None and found["data"]["board"]["paths"][0]["spaces"][2] == "X"
    (problem,) = found["problems"]
    assert problem["where"] == "board.paths.0" and "unknown space letters ['X']" in problem["message"]
    assert found["refusal"].startswith("option 'data' of jumanji: your board: invalid data file")
    assert "tabletop-boards" not in found["refusal"]  # the server's private file is never named


def test_a_file_that_is_not_toml_has_no_data(client: TestClient) -> None:
    found = check(client, "doodle-jump", "levels = [")
    assert found["data"] is None and "not valid TOML" in found["problems"][0]["message"]
    found = check(client, "doodle-jump", packaged_text("doodle-jump") + "\nodd = inf\n")
    assert found["data"] is None and not found["ok"]  # JSON cannot carry inf: the editor cannot show it


def test_a_path_in_the_body_is_only_text(client: TestClient, tmp_path: Path) -> None:
    mine = tmp_path / "mine.toml"
    mine.write_text(packaged_text("jumanji"))
    found = check(client, "jumanji", str(mine))
    assert not found["ok"] and "not valid TOML" in found["problems"][0]["message"]


def test_a_board_over_64_kb_is_refused_before_it_is_read(client: TestClient) -> None:
    big = packaged_text("jumanji") + "#" * (64 * 1024)
    response = client.post("/api/editor/jumanji/check", content=big)
    assert response.status_code == 413 and "larger than 65536 bytes" in response.json()["detail"]


def test_a_board_that_is_not_utf8_is_refused(client: TestClient) -> None:
    response = client.post("/api/editor/jumanji/check", content=b"title = '\xff'")
    assert response.status_code == 422 and "UTF-8" in response.json()["detail"]


def test_an_unknown_game_has_no_editor(client: TestClient) -> None:
    response = client.post("/api/editor/chess/check", content="x = 1")
    assert response.status_code == 404 and "jumanji" in response.json()["detail"]
    assert client.get("/api/editor/race").status_code == 404  # a game without a data file
    page = client.get("/editor/chess")
    assert page.status_code == 404 and "<html" in page.text


def test_checks_are_rate_limited_per_address(tmp_path: Path) -> None:
    limits = replace(LIMITS, board_checks_per_second=0.01, board_checks_burst=2)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}", Settings(), limits=limits)) as client:
        for _ in range(2):
            assert client.post("/api/editor/jumanji/check", content="x = 1").status_code == 200
        refused = client.post("/api/editor/jumanji/check", content="x = 1")
        assert refused.status_code == 429 and "Retry-After" in refused.headers


def test_a_profile_plays_random_games_and_gives_intervals(client: TestClient) -> None:
    response = client.post("/api/editor/jumanji/profile?players=2&games=200", content=packaged_text("jumanji"))
    assert response.status_code == 200, response.text
    found = response.json()
    profile = found["profile"]
    assert found["ok"] and profile["games"] == 200 and profile["players"] == 2 and len(profile["seats"]) == 2
    low, high = profile["turns"]["ci95"]
    assert low < profile["turns"]["value"] < high
    assert [r["name"] for r in profile["rates"]] == ["all lose"]
    assert {"grid cards", "rescues attempted"} <= {f["name"] for f in profile["figures"]}


def test_a_profile_is_bounded_by_the_servers_quotas(client: TestClient) -> None:
    text = packaged_text("jumanji")
    too_many = client.post("/api/editor/jumanji/profile?games=301", content=text)
    assert too_many.status_code == 422 and "from 1 to 300 games" in too_many.json()["detail"]
    players = client.post("/api/editor/jumanji/profile?players=7", content=text)
    assert players.status_code == 422 and "2 to 4 players" in players.json()["detail"]


def test_a_profile_of_a_broken_board_says_why_and_plays_nothing(client: TestClient) -> None:
    text = packaged_text("jumanji").replace("places = 10", "places = 0")
    found = client.post("/api/editor/jumanji/profile?games=100", content=text).json()
    assert found["profile"] is None and not found["ok"] and found["problems"][0]["where"] == "grid.places"


def test_a_checked_board_leaves_no_file_behind(client: TestClient) -> None:
    from tabletop.core.datafile import FOLDER

    for text in (packaged_text("jumanji"), "broken = [", packaged_text("jumanji").replace("places = 10", "places = 0")):
        check(client, "jumanji", text)
    folder = FOLDER._here()
    assert list(folder.glob("check-*.toml")) == []
    assert folder.stat().st_mode & 0o077 == 0


def test_profiles_from_one_address_are_counted(tmp_path: Path) -> None:
    limits = replace(LIMITS, profiles_per_minute=1.0)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}", Settings(), limits=limits)) as client:
        text = packaged_text("jumanji")
        assert client.post("/api/editor/jumanji/profile?games=20", content=text).status_code == 200
        refused = client.post("/api/editor/jumanji/profile?games=20", content=text)
        assert refused.status_code == 429 and "too many board profiles" in refused.json()["detail"]


def test_one_profile_at_a_time_for_the_whole_server() -> None:
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from tabletop.interfaces.web.editor import Profiles
    from tabletop.interfaces.web.errors import Refused

    async def two_at_once() -> str:
        profiles = Profiles(replace(LIMITS, profile_seconds=0.2))
        await profiles._lock.acquire()  # a profile is running
        try:
            await profiles.run("jumanji", packaged_text("jumanji"), 2, 10, 0)
        except Refused as refused:
            return f"{refused.status} {refused.message}"
        finally:
            profiles.close()
        return "ran"

    # in a thread of its own: a browser test's Playwright may hold this thread's event loop
    with ThreadPoolExecutor(1) as thread:
        answer = thread.submit(asyncio.run, two_at_once()).result()
    assert answer == "503 another board is being profiled; try again in a moment"
