"""A game's data file as designers see it: the JSON Schema from its model, the packaged file, and boards
carried by content (``board:<digest>``) in records, replayed where the file is not."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import tabletop
from tabletop.agents import RandomAgent
from tabletop.core.data import data_digest
from tabletop.core.datafile import (
    MAX_BOARD_BYTES,
    board_file,
    by_content,
    packaged_path,
    packaged_text,
    provisional,
    reference,
    schema,
    with_boards,
)
from tabletop.core.errors import DataFileError, NotationError
from tabletop.core.record import Record
from tabletop.core.registry import data_part, installed_games
from tabletop.core.replay import replay

#: the installed games with a data part
DESIGNED = [name for name in installed_games() if data_part(name) is not None]


def test_the_three_games_have_a_data_part() -> None:
    assert {"jumanji", "doodle-jump", "donkey-kong"} <= set(DESIGNED)


def _objects(node: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    found = [("(file)", node), *node.get("$defs", {}).items()]
    return [(name, d) for name, d in found if d.get("type") == "object"]


@pytest.mark.parametrize("name", DESIGNED)
def test_the_schema_describes_every_field_and_accepts_the_packaged_file(name: str) -> None:
    found = schema(name)
    jsonschema.Draft202012Validator.check_schema(found)
    undescribed = [
        f"{where}.{field}"
        for where, node in _objects(found)
        for field, spec in node.get("properties", {}).items()
        if len(spec.get("description", "")) < 10
    ]
    assert undescribed == []
    assert all(node.get("description") for _, node in _objects(found))
    packaged = tomllib.loads(packaged_text(name))
    jsonschema.validate(json.loads(json.dumps(packaged)), found)  # JSON has no tuples: lists validate


@pytest.mark.parametrize("name", DESIGNED)
def test_the_schema_refuses_a_misspelt_key(name: str) -> None:
    packaged = tomllib.loads(packaged_text(name))
    packaged["a_misspelt_key"] = 1
    with pytest.raises(jsonschema.ValidationError, match="a_misspelt_key"):
        jsonschema.validate(packaged, schema(name))


@pytest.mark.parametrize("name", DESIGNED)
def test_provisional_values_are_listed_with_where_they_are_and_why(name: str) -> None:
    marked = provisional(name)
    assert marked, f"{name}'s packaged board is provisional: the schema must say so"
    packaged = tomllib.loads(packaged_text(name))
    for entry in marked:
        node: Any = packaged
        for step in entry["path"].split("."):
            node = node[int(step)] if isinstance(node, list) else node[step]
        assert node.get("provisional") is True or node.get("status") == "provisional"
        assert len(entry["why"]) > 10
    assert schema(name)["x-provisional"] == marked


def test_the_jumanji_paths_and_the_donkey_kong_layout_are_marked_provisional() -> None:
    assert "board" in {m["path"] for m in provisional("jumanji")}
    assert "board" in {m["path"] for m in provisional("donkey-kong")}
    assert {f"levels.{i}" for i in range(8)} <= {m["path"] for m in provisional("doodle-jump")}


@pytest.mark.parametrize("name", DESIGNED)
def test_the_packaged_text_is_the_packaged_file(name: str) -> None:
    assert packaged_text(name) == packaged_path(name).read_text(encoding="utf-8")


def test_a_game_without_a_data_part_says_so() -> None:
    with pytest.raises(DataFileError, match="race has no data file of its own"):
        schema("race")


def test_the_board_a_game_read_is_its_data_file_or_the_packaged_one(tmp_path: Path) -> None:
    from tabletop.core.datafile import board_text

    assert board_text(tabletop.make("jumanji")) == packaged_text("jumanji")
    mine = _my_board(tmp_path)
    assert board_text(tabletop.make("jumanji", data=str(mine))) == mine.read_text()
    assert board_text(tabletop.make("race")) is None


def test_a_board_given_as_content_is_read_from_a_private_file_named_by_its_digest() -> None:
    text = packaged_text("jumanji")
    path = board_file(text)
    assert path.read_text(encoding="utf-8") == text and path.stem == data_digest(text)
    assert path.parent.stat().st_mode & 0o077 == 0  # nobody else reads the folder
    assert with_boards({"data": reference(text), "players": 2}, {data_digest(text): text}) == {
        "data": str(path), "players": 2}


def test_a_board_named_by_content_needs_its_text_with_that_digest() -> None:
    text = packaged_text("jumanji")
    with pytest.raises(DataFileError, match="whose text is not given"):
        with_boards({"data": reference(text)}, {})
    with pytest.raises(DataFileError, match="has another content hash"):
        with_boards({"data": reference(text)}, {data_digest(text): text + "\n"})
    with pytest.raises(DataFileError, match="a board is at most 64 kB"):
        board_file("#" * (MAX_BOARD_BYTES + 1))


def test_by_content_names_a_readable_file_by_its_digest_and_leaves_anything_else(tmp_path: Path) -> None:
    mine = tmp_path / "mine.toml"
    mine.write_text(packaged_text("jumanji"), encoding="utf-8")
    options, boards = by_content("jumanji", {"data": str(mine), "players": 2})
    assert options == {"data": reference(mine.read_text()), "players": 2}
    assert boards == {data_digest(mine.read_text()): mine.read_text()}
    assert by_content("jumanji", {"data": None}) == ({"data": None}, {})
    assert by_content("jumanji", {"data": str(tmp_path / "gone.toml")}) == ({"data": str(tmp_path / "gone.toml")}, {})


def _my_board(tmp_path: Path) -> Path:
    text = packaged_text("jumanji").replace('spaces = "BBBR', 'spaces = "BBJR')  # a Jungle on the third space
    mine = tmp_path / "mine.toml"
    mine.write_text(text, encoding="utf-8")
    return mine


def test_a_record_carries_its_board_and_replays_strictly_where_the_file_is_not(tmp_path: Path) -> None:
    mine = _my_board(tmp_path)
    game = tabletop.make("jumanji", players=2, data=str(mine))
    record = tabletop.play(game, [RandomAgent(), RandomAgent()], seed=5)
    assert record.options["data"] == reference(mine.read_text())
    assert record.boards == {data_digest(mine.read_text()): mine.read_text()}
    saved = tmp_path / "game.json"
    record.save(saved)
    mine.unlink()
    again = Record.load(saved)
    final = replay(again, strict=True)
    assert final.is_terminal() and list(final.winners()) == record.winners
    assert again.make_game().board.path_letters[0].startswith("BBJR")


def test_a_record_whose_board_text_was_changed_is_refused(tmp_path: Path) -> None:
    game = tabletop.make("jumanji", players=2, data=str(_my_board(tmp_path)))
    data = json.loads(tabletop.play(game, [RandomAgent(), RandomAgent()], seed=5).to_json())
    (digest,) = data["boards"]
    data["boards"][digest] = data["boards"][digest].replace("BBJR", "BBBR", 1)
    with pytest.raises(NotationError, match="another content hash"):
        Record.from_json(json.dumps(data)).make_game()
    data["boards"] = {"0" * 63: "x"}
    with pytest.raises(NotationError, match=r"boards"):
        Record.from_json(json.dumps(data))


def test_a_record_without_a_board_is_written_as_before() -> None:
    game = tabletop.make("jumanji", players=2)
    record = tabletop.play(game, [RandomAgent(), RandomAgent()], seed=5)
    assert record.boards is None and "boards" not in json.loads(record.to_json())
