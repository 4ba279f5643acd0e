"""Bad input to the core's readers: data files and position texts are refused with the right error."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import tabletop
from tabletop.core.data import DataCache, DataModel, load_toml
from tabletop.core.errors import DataFileError, IllegalActionError, InvalidOptionError, NotationError
from tabletop.core.notation import MAX_POSITION_CHARS, parse_int
from tabletop.core.registry import game_class


class Small(DataModel):
    name: str
    count: int


@pytest.mark.parametrize(
    ("path", "problem"),
    [
        ("/dev/zero", "not a regular file"),
        ("/dev/stdin", "not a regular file"),
        ("/", "not a regular file"),
        ("no/such/file.toml", "cannot read data file"),
        ("bad\x00name.toml", "cannot read data file"),
    ],
)
def test_a_path_that_is_not_a_small_regular_file_is_refused_before_it_is_read(path: str, problem: str) -> None:
    with pytest.raises(DataFileError, match=problem):
        load_toml(path, Small)


def test_huge_integers_binary_and_oversized_files_are_data_file_errors(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_text(f'name = "x"\ncount = {"9" * 5000}\n')
    with pytest.raises(DataFileError, match="big.toml: not valid TOML"):
        load_toml(big, Small)
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00name")
    with pytest.raises(DataFileError, match="not UTF-8"):
        load_toml(binary, Small)
    huge = tmp_path / "huge.toml"
    huge.write_text("# " + "x" * 1_000_001)
    with pytest.raises(DataFileError, match="larger than"):
        load_toml(huge, Small)


def test_the_data_cache_reads_an_edited_or_replaced_file_again(tmp_path: Path) -> None:
    cache = DataCache()
    path = tmp_path / "d.toml"
    path.write_text('name = "one"\ncount = 1\n')
    assert cache.get(path, lambda p: load_toml(p, Small)).name == "one"
    path.write_text('name = "two"\ncount = 22\n')
    os.utime(path, ns=(1, 1))  # even with an old modification time: the size differs
    assert cache.get(path, lambda p: load_toml(p, Small)).name == "two"
    path.write_text("garbage = [")
    with pytest.raises(DataFileError, match="not valid TOML"):
        cache.get(path, lambda p: load_toml(p, Small))


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("", 0, 9),
        ("x", 0, 9),
        ("10", 0, 9),
        ("٣", 0, 9),
        ("-1", 0, 9),
        ("9" * 5000, 0, 10**9),
        ("1_0", 0, 99),
        (" 1", 0, 9),
    ],
)
def test_parse_int_accepts_only_ascii_digits_in_range(text: str, low: int, high: int) -> None:
    with pytest.raises(NotationError, match="turn must be a whole number"):
        parse_int(text, "turn", low, high)


def test_parse_int_reads_bounded_numbers() -> None:
    assert parse_int("0", "n", 0, 9) == 0
    assert parse_int("-3", "n", -5, 5) == -3
    assert parse_int("1000000000", "n", 0, 10**9) == 10**9


@pytest.mark.parametrize("name", tabletop.list_games())
@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (None, "is text, not NoneType"),
        (b"x", "is text, not bytes"),
        (7, "is text, not int"),
        ("x" * (MAX_POSITION_CHARS + 1), "at most"),
        ("a\x00b", "NUL"),
        ("pos ü", "ASCII"),
    ],
)
def test_every_game_refuses_a_position_that_is_not_bounded_ascii_text(name: str, text: object, problem: str) -> None:
    game = tabletop.make(name, players=2)
    with pytest.raises(NotationError, match=problem):
        game.state_from_text(text)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", tabletop.list_games())
def test_an_option_of_thousands_of_digits_is_an_option_error(name: str) -> None:
    with pytest.raises(InvalidOptionError, match="not an integer of 5001 digits"):
        tabletop.make(name, players=10**5000)
    with pytest.raises(InvalidOptionError, match=r"not 'yyy.*\.\.\.$"):
        tabletop.make(name, players="y" * 100_000)


@pytest.mark.parametrize("name", tabletop.list_games())
@pytest.mark.parametrize(
    "action",
    [10**5000, None, 3.5, b"roll 1", ["x"], "x" * 100_000],
    ids=["huge", "none", "float", "bytes", "list", "long"],
)
def test_an_action_of_the_wrong_type_is_illegal_and_changes_nothing(name: str, action: object) -> None:
    state = tabletop.make(name, players=2).new_initial_state()
    before = state.to_text()
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(action)  # type: ignore[arg-type]
    assert len(str(info.value)) < 2000
    assert state.to_text() == before and state.history() == ()


@pytest.mark.parametrize(
    "name", [g for g in tabletop.list_games() if any(o.name == "first_player" for o in game_class(g).info.options)]
)
def test_a_first_player_of_thousands_of_digits_is_an_option_error(name: str) -> None:
    with pytest.raises(InvalidOptionError, match="an integer of 5001 digits"):
        tabletop.make(name, players=2, first_player=10**5000)
