"""Games on a board of one's own, over the web API: the board travels as content (never a path), at most 64 kB,
is checked by the same code as a file (422 otherwise), is kept with the game and in its record with its content
hash, so the record replays strictly and is analysed, the game is rebuilt after a restart, every viewer sees the
same board, and the lobby lists it with a preview."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from tabletop.core.data import data_digest
from tabletop.core.datafile import packaged_text
from tabletop.core.record import SEEDED, Record
from tabletop.core.replay import replay
from tabletop.interfaces.cli.app import app as cli
from tabletop.interfaces.web.app import create_app
from tabletop.interfaces.web.limits import Limits
from tabletop.interfaces.web.rooms import Settings
from web_api import view

INSTANT = Settings(bot_delay=0.0, chance_delay=0.0)
BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
#: Doodle Jump with level A's pads moved: 4 in column 2 instead of 7 in column 3
MINE = packaged_text("doodle-jump").replace("pads = [[0, 3], [2, 7], [4, 5]]", "pads = [[0, 3], [1, 4], [4, 5]]")


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.db'}"


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    with TestClient(create_app(database, INSTANT, limits=Limits(bot_workers=0))) as c:
        yield c


def create(client: TestClient, game: str, board: str | None, seats: list[dict[str, Any]] = BOTS) -> Any:
    return client.post("/api/games", json={"game": game, "seats": seats, "board": board})


def finished(client: TestClient, game_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        found = view(client, game_id)
        if found["terminal"]:
            return found
        time.sleep(0.02)
    raise AssertionError("the game did not end")


def test_a_game_on_my_board_keeps_it_and_its_record_replays_strictly(client: TestClient, tmp_path: Path) -> None:
    response = create(client, "doodle-jump", MINE)
    assert response.status_code == 201, response.text
    game_id = response.json()["id"]
    seen = view(client, game_id)
    assert seen["options"]["data"] == f"board:{data_digest(MINE)}"
    assert seen["board"]["levels"]["A"] == [[0, 3], [1, 4], [4, 5]]  # every viewer is drawn my board
    # the room read its board once, and its readers cannot change it
    readers = client.app.state.hub.rooms[game_id].readonly  # type: ignore[attr-defined]
    assert dict(readers.boards) == {data_digest(MINE): MINE}
    with pytest.raises(TypeError):
        readers.boards[data_digest(MINE)] = "forged"  # type: ignore[index]
    final = finished(client, game_id)
    path = tmp_path / "game.json"
    path.write_text(client.get(f"/api/games/{game_id}/record").text)
    record = Record.load(path)
    assert record.boards == {data_digest(MINE): MINE} and record.chance == SEEDED
    assert list(replay(record, strict=True).winners()) == final["winners"]
    strict = CliRunner().invoke(cli, ["replay", str(path), "--quiet", "--strict"])
    assert strict.exit_code == 0 and "every chance outcome re-derived from seed" in strict.output
    analysed = CliRunner().invoke(cli, ["analyse", str(path), "--iterations", "20", "--json"])
    assert analysed.exit_code == 0, analysed.output


def test_the_board_is_kept_with_the_game_across_a_restart(database: str) -> None:
    with TestClient(create_app(database, INSTANT, limits=Limits(bot_workers=0))) as client:
        game_id = create(client, "doodle-jump", MINE, [{"kind": "human"}, {"kind": "human"}]).json()["id"]
    with TestClient(create_app(database, INSTANT, limits=Limits(bot_workers=0))) as client:
        assert view(client, game_id)["board"]["levels"]["A"] == [[0, 3], [1, 4], [4, 5]]


def test_the_lobby_lists_a_custom_board_with_a_preview(client: TestClient) -> None:
    mine = create(client, "doodle-jump", MINE, [{"kind": "human"}, {"kind": "human"}]).json()["id"]
    packaged = create(client, "doodle-jump", None, [{"kind": "human"}, {"kind": "human"}]).json()["id"]
    listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert listed[mine]["board"] == data_digest(MINE) and listed[packaged]["board"] is None
    shown = client.get(f"/api/boards/{data_digest(MINE)}").json()
    assert shown["game"] == "doodle-jump" and shown["toml"] == MINE
    assert shown["preview"]["board"]["levels"]["A"] == [[0, 3], [1, 4], [4, 5]]
    assert client.get(f"/api/boards/{'0' * 64}").status_code == 404
    assert client.get("/api/boards/../../etc/passwd").status_code == 404
    assert client.get("/api/boards/not-a-digest").status_code == 422


@pytest.mark.parametrize(("board", "words"), [
    (MINE.replace("pad_numbers = [3, 10]", "pad_numbers = [3, 10"), "not valid TOML"),
    (MINE.replace("columns = 5", "columns = 3"), "invalid data file: (top level): Value error, level A: pad slot 4 "
     "outside 0..2"),
    (packaged_text("jumanji"), "invalid data file"),
    ("/etc/passwd", "not valid TOML"),
])
def test_a_board_the_game_refuses_is_a_422_saying_why(client: TestClient, board: str, words: str) -> None:
    response = create(client, "doodle-jump", board)
    assert response.status_code == 422, response.text
    detail = response.json()["detail"]
    assert words in detail and "your board" in detail and "tabletop-boards-" not in detail
    assert client.get("/api/games").json()["games"] == []  # nothing was created


def test_a_board_with_a_pad_nobody_reaches_is_refused(client: TestClient) -> None:
    stranded = MINE.replace("pads = [[0, 3], [1, 4], [4, 5]]", "pads = [[4, 5]]").replace(
        "pads = [[1, 4], [3, 9], [4, 6]]", "pads = [[0, 4], [4, 9]]")
    response = create(client, "doodle-jump", stranded)
    assert response.status_code == 422
    assert "pad B4 cannot be reached when level A lies below level B" in response.json()["detail"]


def test_a_board_over_64_kb_is_refused(client: TestClient) -> None:
    big = MINE + "#" * (64 * 1024)
    response = create(client, "doodle-jump", big)
    assert response.status_code in (413, 422)
    assert "65536" in response.json()["detail"] or "64 kB" in response.json()["detail"]


def test_a_game_without_a_data_file_takes_no_board(client: TestClient) -> None:
    response = create(client, "race", "x = 1")
    assert response.status_code == 422 and "takes no board" in response.json()["detail"]
