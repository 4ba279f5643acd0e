"""Designers' runs remember their board: ``simulate``, ``compare`` and ``tournament`` take ``--data`` (and
``compare`` per variant), and ``run.json`` and the Parquet files keep each board's content hash and a copy."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tabletop.analysis.storage import BOARDS_KEY
from tabletop.core.data import data_digest
from tabletop.core.datafile import packaged_text, run_boards
from tabletop.core.registry import make
from tabletop.interfaces.cli.app import app

pq = pytest.importorskip("pyarrow.parquet")
runner = CliRunner()
PACKAGED = packaged_text("doodle-jump")
#: Doodle Jump with level A's pads moved: 4 in column 1 instead of 7 in column 2
MINE = PACKAGED.replace("pads = [[0, 3], [2, 7], [4, 5]]", "pads = [[0, 3], [1, 4], [4, 5]]")


@pytest.fixture
def mine(tmp_path: Path) -> Path:
    assert MINE != PACKAGED
    path = tmp_path / "mine.toml"
    path.write_text(MINE, encoding="utf-8")
    return path


def metadata_boards(path: Path) -> Any:
    return json.loads(pq.read_schema(path).metadata[BOARDS_KEY.encode()])


def run_files(out: Path) -> list[Path]:
    """Every Parquet file of a run: its games' parts and its summaries."""
    files = sorted(out.glob("games/part-*.parquet")) + sorted(out.glob("*.parquet"))
    assert files, f"no Parquet file in {out}"
    return files


def test_run_boards_names_each_board_by_content_and_keeps_one_copy(mine: Path) -> None:
    games = {"packaged": make("doodle-jump", players=2), "mine": make("doodle-jump", players=2, data=str(mine)),
             "again": make("doodle-jump", players=3, data=str(mine))}
    found = run_boards(games)
    assert found == {"variants": {"packaged": data_digest(PACKAGED), "mine": data_digest(MINE),
                                  "again": data_digest(MINE)},
                     "texts": {data_digest(PACKAGED): PACKAGED, data_digest(MINE): MINE}}
    assert run_boards({"race": make("race")}) is None  # a game without a data file has no board to keep


def test_compare_against_the_packaged_board_keeps_both_boards(mine: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = runner.invoke(app, ["compare", "doodle-jump", "-p", "2", "-v", "packaged", "-v", f"mine:data={mine}",
                                 "-n", "40", "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    expected = {"variants": {"packaged": data_digest(PACKAGED), "mine": data_digest(MINE)},
                "texts": {data_digest(PACKAGED): PACKAGED, data_digest(MINE): MINE}}
    assert json.loads(result.output)["boards"] == expected
    assert json.loads((out / "run.json").read_text())["boards"] == expected
    assert all(metadata_boards(path) == expected for path in run_files(out))
    mine.write_text("changed after the run", encoding="utf-8")  # the copy outlives the file
    assert json.loads((out / "run.json").read_text())["boards"]["texts"][data_digest(MINE)] == MINE


def test_compare_data_applies_to_every_variant_but_one_that_names_its_own(mine: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["compare", "doodle-jump", "-p", "2", "--data", str(mine), "-v", "a",
                                 "-v", "b:tiles=none", "-v", f"c:data={mine}", "-n", "20", "--json"])
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)
    assert found["boards"]["variants"] == {"a": data_digest(MINE), "b": data_digest(MINE), "c": data_digest(MINE)}
    assert [v["options"]["data"] for v in found["variants"]] == [str(mine)] * 3


def test_compare_names_a_board_the_game_refuses(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(MINE.replace("columns = 5", "columns = 3"), encoding="utf-8")
    result = runner.invoke(app, ["compare", "doodle-jump", "-v", "a", "--data", str(bad), "-n", "10"])
    assert result.exit_code != 0 and "bad.toml" in result.output and "pad slot 4 outside 0..2" in result.output


def test_simulate_with_data_keeps_the_board(mine: Path, tmp_path: Path) -> None:
    out = tmp_path / "sim"
    result = runner.invoke(app, ["simulate", "doodle-jump", "-p", "2", "--data", str(mine), "-n", "20",
                                 "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    kept = json.loads((out / "run.json").read_text())["boards"]
    assert kept["texts"] == {data_digest(MINE): MINE} and list(kept["variants"].values()) == [data_digest(MINE)]
    assert all(metadata_boards(path) == kept for path in run_files(out))


def test_tournament_with_data_keeps_the_board_in_its_parquet_file(mine: Path, tmp_path: Path) -> None:
    out = tmp_path / "tournament.parquet"
    result = runner.invoke(app, ["tournament", "doodle-jump", "-a", "random,heuristic", "-p", "2", "--data",
                                 str(mine), "-n", "8", "-w", "1", "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    assert metadata_boards(out) == {"variants": {"doodle-jump": data_digest(MINE)},
                                    "texts": {data_digest(MINE): MINE}}
    assert pq.read_table(out).num_rows == 8
