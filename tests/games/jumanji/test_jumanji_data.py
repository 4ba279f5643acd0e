"""The data file: the shipped facts, provenance marks, and clear errors for bad files."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

import tabletop
from tabletop.core.errors import DataFileError, InvalidOptionError
from tabletop.games.jumanji.data import default_path, load_board


def test_shipped_file_holds_the_confirmed_components():
    data, board = load_board()
    assert len(data.deck.cards) == 30
    assert board.grid_places == 10
    assert board.number_faces == tuple(range(1, 9))
    assert board.rescue_faces == 8 and data.rescue_die.wild == "hourglass"
    assert len(board.colours) == 4
    assert set(board.stop_faces) == {5, 8}
    assert data.number_die.status == "confirmed" and data.grid.status == "confirmed"


def test_provisional_values_are_marked_with_their_reasoning():
    data, board = load_board()
    assert data.board.status == "provisional" and data.deck.status == "provisional"
    assert "simulat" in data.notes and "all-lose" in data.notes
    text = default_path().read_text(encoding="utf-8")
    assert "PROVISIONAL" in text
    # every kind of space is used; the card messages are our own short texts
    assert set("".join(board.path_letters)) == {"B", "W", "J", "R"}
    assert all(len(m) <= 120 for m in board.card_messages)
    assert len(set(board.card_messages)) == 30
    # the rulebook's own example card (Figure 5): the snake, saber, 3
    assert (board.card_symbols[0], board.card_numbers[0]) == ("saber", 3)
    assert set(Counter(board.card_symbols)) == {"rope", "saber", "die", "axe", "racquet", "open door", "raft"}


def _broken(tmp_path: Path, old: str, new: str, count: int = 1) -> Path:
    text = default_path().read_text(encoding="utf-8")
    assert old in text
    target = tmp_path / "broken.toml"
    target.write_text(text.replace(old, new, count), encoding="utf-8")
    return target


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ('symbol = "saber"', 'symbol = "hourglass"', "not a non-wild rescue die face"),
        ("id = 2\n", "id = 99\n", "ids must be 1, 2, 3"),
        ("places = 10", "places = 30", "at least grid.places"),
        ('spaces = "BBB', 'spaces = "BXB', "unknown space letters"),
        ('colour = "yellow"', 'colour = "red"', "colours repeat"),
        ("stop_faces = [5, 8]", "stop_faces = [5, 9]", "not a number die face"),
        ('wild = "hourglass"', 'wild = "banana"', "not one of its faces"),
        ("seconds = 8", "seconds = 8\nsnacks = 3", "snacks"),
        ("faces = [1, 2, 3, 4, 5, 6, 7, 8]", "faces = [1, 2, 4]", "1..n"),
    ],
)
def test_bad_data_files_are_refused_naming_file_and_problem(tmp_path, old, new, problem):
    path = _broken(tmp_path, old, new)
    with pytest.raises(DataFileError, match=re.escape(problem)) as info:
        load_board(path)
    assert "broken.toml" in str(info.value)
    with pytest.raises(InvalidOptionError, match=r"broken\.toml"):
        tabletop.make("jumanji", players=2, data=str(path))


def test_shared_spaces_must_agree_and_lie_on_the_paths(tmp_path):
    path = _broken(tmp_path, "[deck]", '[[board.shared]]\nat = [["red", 1], ["blue", 4]]\n\n[deck]')
    with pytest.raises(DataFileError, match="disagree on the kind"):
        load_board(path)
    path = _broken(tmp_path, "[deck]", '[[board.shared]]\nat = [["red", 1], ["blue", 99]]\n\n[deck]')
    with pytest.raises(DataFileError, match="off its path"):
        load_board(path)


def test_missing_or_unreadable_file(tmp_path):
    with pytest.raises(InvalidOptionError, match="cannot read"):
        tabletop.make("jumanji", players=2, data=str(tmp_path / "nope.toml"))
    bad = tmp_path / "bad.toml"
    bad.write_text("this is = = not toml", encoding="utf-8")
    with pytest.raises(DataFileError, match="not valid TOML"):
        load_board(bad)


def test_user_board_changes_the_game(short):
    """The option ``data`` takes a user's own file of the same schema."""
    game = short(2)
    assert game.board.centre == (11, 11, 11, 11)
    assert tabletop.make("jumanji", players=2).board.centre == (65, 65, 65, 65)


def test_the_rescue_chances_written_in_the_data_file_are_the_ones_the_game_uses():
    """R-J6: the file's note states 1 - (6/8)^8 and 1 - (7/8)^8 as exact fractions; they must be right."""
    from fractions import Fraction

    from tabletop.games.jumanji.game import rescue_chance

    text = default_path().read_text(encoding="utf-8")
    stated = {
        (int(q), int(rolls)): Fraction(int(num), int(den))
        for q, rolls, num, den in re.findall(r"1 - \((\d)/8\)\^(\d+) = (\d+)/(\d+)", text)
    }
    assert stated == {(6, 8): rescue_chance(8, 8, True), (7, 8): rescue_chance(8, 8, False)}
    assert stated[(7, 8)] == Fraction(11012415, 16777216)
    assert tabletop.make("jumanji", players=2).rescue_probability == stated[(7, 8)]
    assert tabletop.make("jumanji", players=3).rescue_probability == stated[(6, 8)]
