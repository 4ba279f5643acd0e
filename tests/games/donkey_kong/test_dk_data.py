"""The data file: validated on load with clear errors; options checked; a user's own file works."""

from __future__ import annotations

from pathlib import Path

import pytest
from dk_scenarios import TINY, make_game, write

import tabletop
from tabletop.core.errors import DataFileError, InvalidOptionError
from tabletop.games.donkey_kong.data import default_path


def test_the_packaged_file_marks_its_layout_provisional() -> None:
    text = default_path().read_text(encoding="utf-8")
    assert "provisional = true" in text and text.count("PROVISIONAL") >= 15


def test_a_users_own_board_plays_through(tmp_path: Path) -> None:
    """The option `data` loads a user's file of the same schema; a whole game plays on it."""
    from tabletop.agents import RandomAgent

    game = make_game(2, data=write(tmp_path, TINY))
    record = tabletop.play(game, [RandomAgent(), RandomAgent()], seed=4)
    state = tabletop.replay(record)
    assert state.is_terminal()
    assert game.rules.finish_bonus == 50 and game.rules.card_codes == ("J10", "H20")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('top = "T1"\nrungs = 0', 'top = "B1"\nrungs = 0'), "ladder L2 goes nowhere"),
        (('bottom = "B2"', 'bottom = "Q2"'), "ladder L2 bottom 'Q2' is not a girder space"),
        (("black_dots = [4]", "black_dots = [3, 4]"), "2 black dots but the setup places 1"),
        (("barrels_on_board = 1", "barrels_on_board = 2"), "1 black dots but the setup places 2"),
        (('name = "L2"\nbottom = "B2"\ntop = "T1"', 'name = "L2"\nbottom = "A2"\ntop = "B2"'), "cannot be reached"),
        (('upper = "B4"', 'upper = "B1"'), "not at the end where barrels roll off"),
        (('oil_can_beside = "A1"', 'oil_can_beside = "A4"'), "not the end where barrels roll off"),
        (('start = { joins = ["A2"] }', 'start = { joins = ["OIL"] }'), "start joins 'OIL' is not a girder space"),
        (('start = { joins = ["A2"] }', 'start = { joins = [] }'), "board.start.joins"),
        (('start = { joins = ["A2"] }', 'start = { joins = ["A2", "A2"] }'), "listed twice"),
        (('start = { joins = ["A2"] }', 'start = "A2"'), "board.start"),
        (('start = { joins = ["A2"] }', 'start = { joins = ["A2", "B2"] }'), "START joins A2, B2: spaces of 2 girders"),
        (('name = "T"\nspaces = 1', 'name = "T"\nspaces = 2'), "T2 cannot be reached from START: no route enters it"),
        (("faces = [1, 2]", "faces = [2]"), "A4 cannot be reached from START: no route enters it"),
        (('name = "T"\nspaces = 1\nbarrels_roll = "none"\n',
          'name = "T"\nspaces = 1\nbarrels_roll = "none"\n[[board.girders]]\nname = "C"\nspaces = 2\n'
          'barrels_roll = "none"\n'), "C1 cannot be reached from START: no route enters it"),
        (("count = 4", "count = 0"), "cards.0.count"),
        (("points = 10", "points = " + "9" * 200), "cards.0.points"),
        (("finish_bonus = 50", "finish_bonus = 1000001"), "setup.finish_bonus"),
        (("faces = [1, 2]", "faces = [1, 101]"), "white die faces must be from 1 to 100"),
        (('faces = [1, "rests"]', 'faces = [1000, "rests"]'), "red die faces must be from 1 to 100"),
        (("barrels = 3", "barrels = 1001"), "setup.barrels"),
        (('faces = [1, "rests"]', 'faces = [0, "rests"]'), "red die faces"),
        (("spaces = 4\nbarrels_roll = \"left\"", "spaces = 4\nbarrels_roll = \"sideways\""), "barrels_roll"),
    ],
)
def test_bad_boards_are_rejected_with_clear_errors(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    old, new = change
    assert old in TINY
    path = write(tmp_path, TINY.replace(old, new, 1))
    with pytest.raises(DataFileError) as info:
        make_game(2, data=path)
    assert message in str(info.value) and "board.toml" in str(info.value)


def test_barrels_that_never_reach_the_oil_can_are_rejected(tmp_path: Path) -> None:
    path = write(tmp_path, TINY.replace('[[board.edges]]\nupper = "B4"\nlower = "A4"\n', ""))
    with pytest.raises(DataFileError, match="never reach the Oil Can"):
        make_game(2, data=path)


def test_a_missing_or_malformed_file_is_a_data_file_error(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match="cannot read"):
        make_game(2, data=str(tmp_path / "nope.toml"))
    with pytest.raises(DataFileError, match="not valid TOML"):
        make_game(2, data=write(tmp_path, "title = ["))


@pytest.mark.parametrize(
    "options",
    [{"players": 1}, {"players": 5}, {"players": 2, "first_player": 2}, {"players": "x"}, {"colour": 1}],
)
def test_bad_options_raise_invalid_option_error(options: dict[str, object]) -> None:
    with pytest.raises(InvalidOptionError):
        tabletop.make("donkey-kong", **options)


def test_conformance_on_a_users_own_board(tmp_path: Path) -> None:
    """The conformance suite also holds with the option `data`."""
    from tabletop.testing import check_game

    check_game(make_game(3, first_player=None, data=write(tmp_path, TINY)), playouts=2, seed=2)
