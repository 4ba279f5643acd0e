"""Checking a board of one's own (``tabletop.analysis.boards``): the game's own checks at load with their
messages, every place reachable, random games that end, and a profile with intervals."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import tabletop
from tabletop.analysis.boards import check_board, guess_game
from tabletop.core.data import data_digest
from tabletop.core.datafile import packaged_text
from tabletop.core.errors import DataOptionError
from tabletop.core.registry import data_part, installed_games

DESIGNED = [name for name in installed_games() if data_part(name) is not None]


def doodle(old: str, new: str, text: str | None = None) -> str:
    text = text if text is not None else packaged_text("doodle-jump")
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize("name", DESIGNED)
def test_the_packaged_board_is_fine_and_profiled(name: str) -> None:
    found = check_board(name, packaged_text(name), playouts=40, players=2, seed=3)
    assert found.ok, found.problems
    assert found.digest == data_digest(packaged_text(name)) and found.refusal is None
    profile = found.profile
    assert profile is not None and profile.games == 40 and profile.players == 2 and not profile.unfinished
    assert profile.turns.low < profile.turns.value < profile.turns.high
    assert len(profile.seats) == 2
    for estimate in (*profile.seats, *profile.rates):
        assert 0 <= estimate.low <= estimate.value <= estimate.high <= 1
    assert profile.figures and "turns" not in {f.name for f in profile.figures}  # the game's own figures, as means
    for estimate in profile.figures:
        assert estimate.low <= estimate.value <= estimate.high
    again = check_board(name, packaged_text(name), playouts=40, players=2, seed=3)
    assert again.to_dict() == found.to_dict()  # the same seed, the same profile


@pytest.mark.parametrize("name", DESIGNED)
def test_the_game_is_guessed_from_the_keys_of_its_file(name: str) -> None:
    assert guess_game(packaged_text(name)) == name


def test_a_refused_file_keeps_the_games_own_message_word_for_word(tmp_path: Path) -> None:
    mine = tmp_path / "mine.toml"
    mine.write_text(packaged_text("jumanji").replace('spaces = "BBBR', 'spaces = "BBXR', 1), encoding="utf-8")
    with pytest.raises(DataOptionError) as refused:
        tabletop.make("jumanji", data=str(mine))
    found = check_board("jumanji", path=mine)
    assert found.refusal == str(refused.value)
    allowed = "allowed: B (Blank), W (Wait for 5 or 8), J (Jungle), R (Rhino)"
    assert f"unknown space letters ['X']; {allowed}" in found.refusal
    (problem,) = found.problems
    assert problem.kind == "file" and problem.where == "board.paths.0" and "path 'red'" in problem.message
    assert found.profile is None


def test_a_board_given_as_text_is_named_as_its_source_never_by_its_private_file() -> None:
    found = check_board("jumanji", "places = 0\n", source="my-board.toml")
    assert found.refusal is not None and found.refusal.startswith("option 'data' of jumanji: my-board.toml: invalid")
    assert "tabletop-boards-" not in found.refusal
    assert {"number_die", "board", "places"} <= {p.where for p in found.problems}  # missing, missing, unknown


def test_toml_syntax_errors_give_line_and_column() -> None:
    found = check_board("doodle-jump", doodle("pad_numbers = [3, 10]", "pad_numbers = [3, 10"))
    (problem,) = found.problems
    assert "not valid TOML" in problem.message and "line" in problem.message and "column" in problem.message


def test_a_cross_check_of_the_model_is_listed_without_its_prefixes() -> None:
    found = check_board("doodle-jump", doodle("pads = [[0, 3], [2, 7], [4, 5]]", "pads = [[0, 3], [2, 3], [4, 5]]"))
    assert [p.message for p in found.problems] == [
        "level A: two pads share a number (pads are named by level and number)"]


def test_a_board_refused_by_the_games_own_load_checks_names_the_place() -> None:
    found = check_board("donkey-kong", packaged_text("donkey-kong").replace('top = "B9"', 'top = "B19"', 1))
    (problem,) = found.problems
    assert problem.message == "invalid board: ladder L1 top 'B19' is not a girder space of this board"


def test_a_pad_no_doodler_can_reach_is_named_with_the_levels_that_strand_it() -> None:
    text = doodle("pads = [[0, 3], [2, 7], [4, 5]]", "pads = [[4, 5]]")
    text = doodle("pads = [[1, 4], [3, 9], [4, 6]]", "pads = [[0, 4], [4, 9]]", text)
    found = check_board("doodle-jump", text, playouts=5)
    stranded = {p.places: p.message for p in found.problems if p.kind == "place"}
    assert stranded[("B4",)] == "pad B4 cannot be reached when level A lies below level B, however they are shifted"
    assert found.profile is None  # games are played on a board without problems only


def test_games_that_reach_the_turn_limit_are_a_problem_of_play() -> None:
    text = doodle("numbered = 5\nleft_out_with_two_players = 1\nfaces = [1, 2, 3, 4, 5, 6]",
                  "numbered = 1\nleft_out_with_two_players = 0\nfaces = [1, 2]")  # at most 2: no pad is reached
    text = doodle('faces = ["1", "2", "shift", "shift", "remove", "again"]', 'faces = ["shift"]', text)
    found = check_board("doodle-jump", text, playouts=3, players=2)
    assert [p.kind for p in found.problems] == ["play"]
    assert found.problems[0].message.startswith("3 of 3 random games reached the turn limit (1000 turns)")
    assert found.profile is not None and found.profile.unfinished == 3


def test_games_longer_than_the_declared_maximum_are_a_problem_of_play() -> None:
    # a numbered die whose faces are all alike: the opening roll never decides who starts
    text = doodle("numbered = 5\nleft_out_with_two_players = 1\nfaces = [1, 2, 3, 4, 5, 6]",
                  "numbered = 1\nleft_out_with_two_players = 0\nfaces = [1, 1]")
    found = check_board("doodle-jump", text, playouts=1, players=2)
    (problem,) = found.problems
    assert problem.kind == "play" and "does not end" in problem.message and "declared maximum" in problem.message


def test_a_profile_stops_when_its_time_is_up() -> None:
    began = time.monotonic()
    found = check_board("donkey-kong", packaged_text("donkey-kong"), playouts=100_000, seconds=0.0)
    assert time.monotonic() - began < 60  # one step of games, not a hundred thousand
    assert found.profile is not None and found.profile.cut_short and found.profile.games < 100_000


def test_an_option_the_board_cannot_have_is_a_problem_of_the_file() -> None:
    found = check_board("jumanji", packaged_text("jumanji"), players=9)
    assert found.refusal is not None and "must be an integer from 2 to 4, not 9" in found.refusal


def test_donkey_kongs_own_load_check_names_a_space_no_route_enters() -> None:
    """Donkey Kong's board checks at load that some route enters every space (R-K10): not checked twice here."""
    text = packaged_text("donkey-kong").replace('[[board.girders]]\nname = "T"', '[[board.girders]]\nname = "G"\n'
                                                'spaces = 2\nbarrels_roll = "none"\n\n[[board.girders]]\nname = "T"')
    (problem,) = check_board("donkey-kong", text, playouts=0).problems
    assert problem.kind == "file" and problem.message.startswith("invalid board: G1 cannot be reached from START")
