"""The data file: validation with clear errors, provisional marks, and the designed levels."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from tabletop.core.errors import DataFileError, InvalidOptionError
from tabletop.games.doodle_jump.data import DEFAULT_PATH, load_data

TEXT = Path(DEFAULT_PATH).read_text(encoding="utf-8")


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_packaged_file_loads_and_marks_provisional_values(dj) -> None:
    data = load_data()
    assert len(data.levels) == 8 and all(level.provisional for level in data.levels)
    assert data.symbol_die.provisional and data.ramp.provisional
    assert all(tile.source for tile in data.tiles)
    assert "provisional" in data.levels_source


def test_r_d14_twenty_power_tiles_and_seven_expert_tiles(dj) -> None:
    """R-D14: the rulebook's component list counts 20 Power Tiles; there are 7 Expert Tiles."""
    data = load_data()
    assert sum(t.count for t in data.tiles if t.set == "power") == 20
    assert sum(t.count for t in data.tiles if t.set == "expert") == 7


def test_levels_are_varied_and_always_offer_a_route_up(dj) -> None:
    """Design goals of the provisional levels: all different, low and high numbers, and unshifted,
    every pad has a pad within reach on any level that could lie above it."""
    data = load_data()
    layouts = {level.pads for level in data.levels}
    assert len(layouts) == 8
    for level in data.levels:
        numbers = [n for _, n in level.pads]
        assert min(numbers) <= 5 and max(numbers) >= 7, level.name
        slots = {s for s, _ in level.pads}
        for column in range(data.ramp.columns):
            assert any(column + d in slots for d in data.ramp.next_level_reach), (level.name, column)


def test_the_data_option_reads_a_users_file(dj, tmp_path: Path) -> None:
    path = write(tmp_path, TEXT.replace("pads = [[0, 3], [2, 7], [4, 5]]", "pads = [[0, 4], [2, 7], [4, 5]]"))
    game = dj.make(players=2, data=path)
    assert "A4" in game.rules.pad_names and "A3" not in game.rules.pad_names


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (("pads = [[0, 3], [2, 7], [4, 5]]", "pads = [[0, 3], [2, 11], [4, 5]]"), "pad number 11 outside 3..10"),
        (("pads = [[0, 3], [2, 7], [4, 5]]", "pads = [[0, 3], [2, 3], [4, 5]]"), "two pads share a number"),
        (("pads = [[0, 3], [2, 7], [4, 5]]", "pads = [[0, 3], [7, 7], [4, 5]]"), "slot 7 outside"),
        (('faces = ["1", "2", "shift"', 'faces = ["1", "9", "shift"'), "unknown face"),
        (("numbered = 5", "numbered = -1"), "dice.numbered"),
        (('effect = "shield"', 'effect = "laser"'), "effect"),
        (('name = "B"', 'name = "A"'), "share a name"),
        (("columns = 5", "colums = 5"), "colums"),
    ],
)
def test_malformed_data_is_rejected_naming_file_and_problem(
    dj, tmp_path: Path, change: tuple[str, str], problem: str
) -> None:
    old, new = change
    assert old in TEXT
    path = write(tmp_path, TEXT.replace(old, new, 1))
    with pytest.raises(DataFileError, match=problem) as info:
        dj.make(players=2, data=path)
    assert "mine.toml" in str(info.value)
    assert isinstance(info.value, InvalidOptionError)


def test_missing_or_invalid_toml_files(dj, tmp_path: Path) -> None:
    with pytest.raises(InvalidOptionError, match="cannot read"):
        dj.make(players=2, data=str(tmp_path / "nowhere.toml"))
    with pytest.raises(InvalidOptionError, match="not valid TOML"):
        dj.make(players=2, data=write(tmp_path, "levels = [["))
    assert tomllib.loads(TEXT)  # the packaged file itself is valid TOML


@pytest.mark.parametrize(
    ("options", "problem"),
    [
        ({"players": 5}, "from 2 to 4"),
        ({"tiles": "super"}, "tiles"),
        ({"first_player": 4}, "first_player"),
        ({"choose_shield": "maybe"}, "choose_shield"),
        ({"colour": "red"}, "unknown option"),
    ],
)
def test_bad_options_raise_invalid_option_error(dj, options: dict[str, object], problem: str) -> None:
    with pytest.raises(InvalidOptionError, match=problem):
        dj.make(**options)
