"""``tabletop data schema|export|validate``, as a designer uses them, in-process."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tabletop.core.datafile import packaged_text
from tabletop.interfaces.cli.app import app

runner = CliRunner()


def test_data_commands_have_help_with_examples() -> None:
    for command in ("schema", "export", "validate"):
        result = runner.invoke(app, ["data", command, "--help"])
        assert result.exit_code == 0 and "Example" in result.output


def test_schema_prints_json_with_descriptions_and_provisional_values(tmp_path: Path) -> None:
    result = runner.invoke(app, ["data", "schema", "donkey-kong"])
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)
    assert found["$defs"]["GirderModel"]["properties"]["red_dots"]["description"].startswith("PROVISIONAL")
    assert "board" in {entry["path"] for entry in found["x-provisional"]}
    out = tmp_path / "dk.schema.json"
    assert runner.invoke(app, ["data", "schema", "donkey-kong", "--out", str(out)]).exit_code == 0
    assert json.loads(out.read_text()) == found


def test_export_writes_the_packaged_file_and_never_overwrites_without_force(tmp_path: Path) -> None:
    out = tmp_path / "mine.toml"
    result = runner.invoke(app, ["data", "export", "doodle-jump", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text() == packaged_text("doodle-jump")
    out.write_text("mine")
    refused = runner.invoke(app, ["data", "export", "doodle-jump", "--out", str(out)])
    assert refused.exit_code == 2 and "give --force" in refused.output and out.read_text() == "mine"
    assert runner.invoke(app, ["data", "export", "doodle-jump", "--out", str(out), "--force"]).exit_code == 0
    assert out.read_text() == packaged_text("doodle-jump")
    printed = runner.invoke(app, ["data", "export", "jumanji"])
    assert printed.exit_code == 0 and printed.output == packaged_text("jumanji")


def test_unknown_game_is_named_with_the_games_there_are() -> None:
    result = runner.invoke(app, ["data", "export", "chess"])
    assert result.exit_code == 2 and "unknown game 'chess'" in result.output and "jumanji" in result.output


def test_validate_an_exported_file_prints_the_profile(tmp_path: Path) -> None:
    out = tmp_path / "mine.toml"
    runner.invoke(app, ["data", "export", "jumanji", "--out", str(out)])
    result = runner.invoke(app, ["data", "validate", str(out), "-n", "60", "-p", "2"])
    assert result.exit_code == 0, result.output
    for words in ("a jumanji data file (guessed", "the game loads it", "every place of the board can be reached",
                  "60 random games ended", "mean turns", "seat 1 wins", "seat 2 wins", "all lose",
                  "mean rescues attempted", "95% interval"):
        assert words in " ".join(result.output.split())


def test_validate_json_is_the_check_and_is_reproducible(tmp_path: Path) -> None:
    out = tmp_path / "mine.toml"
    out.write_text(packaged_text("doodle-jump"))
    one = runner.invoke(app, ["data", "validate", str(out), "--game", "doodle-jump", "-n", "30", "--json"])
    two = runner.invoke(app, ["data", "validate", str(out), "--game", "doodle-jump", "-n", "30", "--json"])
    assert one.exit_code == 0 and one.output == two.output
    found = json.loads(one.output)
    assert found["ok"] and found["profile"]["games"] == 30 and found["source"] == str(out)
    assert "fall rate" in {f["name"] for f in found["profile"]["figures"]}  # the game's own figures


def test_validate_a_broken_file_shows_the_games_message_and_exits_1(tmp_path: Path) -> None:
    out = tmp_path / "mine.toml"
    out.write_text(packaged_text("jumanji").replace("places = 10", "places = 0"))
    result = runner.invoke(app, ["data", "validate", str(out)])
    assert result.exit_code == 1
    assert "the game refuses it" in result.output and "grid.places: Input should be greater than or equal to 1" in (
        " ".join(result.output.split()))


def test_validate_names_unreachable_places_and_exits_1(tmp_path: Path) -> None:
    text = packaged_text("doodle-jump").replace("pads = [[0, 3], [2, 7], [4, 5]]", "pads = [[4, 5]]")
    out = tmp_path / "mine.toml"
    out.write_text(text.replace("pads = [[1, 4], [3, 9], [4, 6]]", "pads = [[0, 4], [4, 9]]"))
    result = runner.invoke(app, ["data", "validate", str(out), "-n", "5"])
    assert result.exit_code == 1
    assert "unreachable: pad B4 cannot be reached when level A lies below level B" in " ".join(result.output.split())


def test_validate_a_file_that_cannot_be_read_exits_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["data", "validate", str(tmp_path / "gone.toml")])
    assert result.exit_code == 2 and "cannot read data file" in result.output
    result = runner.invoke(app, ["data", "validate", str(tmp_path)])
    assert result.exit_code == 2 and "not a regular file" in result.output
