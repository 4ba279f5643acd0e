"""`tabletop tune`: a parameter tuned to a target, checked on a coin whose answer is known (tests/coin_game.py):
seat 0 wins on heads, so seat 0's win rate is the bias, and a rate of 0.3 is a bias of 0.3, 3 tenths."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tabletop.analysis.parameters import grid, parse_parameter
from tabletop.analysis.tuning import resolve_figure, tune
from tabletop.core.data import load_toml
from tabletop.core.errors import DataFileError, InvalidOptionError
from tabletop.interfaces.cli.app import app

runner = CliRunner()


def test_an_integer_option_is_tuned_to_its_known_answer() -> None:
    answer = tune("coin", "tenths=0..10", "win[0]=0.3", max_games=4000)
    assert answer.parameter.integer and answer.best.value == 3
    assert answer.best.low <= 0.3 <= answer.best.high
    assert sorted(c.value for c in answer.neighbours) == [2, 4]  # the figure at its neighbours, with intervals
    assert all(c.high < 0.3 or c.low > 0.3 for c in answer.neighbours)
    assert answer.headline().startswith("tenths = 3 gives seat 0's win rate 0.")


def test_a_real_option_and_a_data_field_find_the_same_known_answer_on_the_same_games() -> None:
    by_option = tune("coin", "bias=0.0..1.0", "win[0]=0.3", max_games=4000)
    by_field = tune("coin", "data.coin.bias=0..1", "win[0]=0.3", max_games=4000)
    assert not by_option.parameter.integer and by_option.parameter.field is None
    assert by_field.parameter.field == "coin.bias"
    assert abs(by_option.best.value - 0.3) < 0.02 and by_option.best.low <= 0.3 <= by_option.best.high
    crossing = by_option.crossing()
    assert crossing is not None and abs(crossing - 0.3) < 0.01
    # common random numbers: the same seeds, so the data field gives exactly the option's answer
    assert by_field.best == by_option.best and by_field.rounds[-1].candidates == by_option.rounds[-1].candidates
    assert len(by_option.rounds) >= 2 and by_option.rounds[-1].high - by_option.rounds[-1].low < 0.2


def test_a_round_stops_as_soon_as_the_answer_stands_out_and_drops_far_values() -> None:
    answer = tune("coin", "tenths=0..10", "win[0]=0.3", max_games=100_000)
    assert all(r.stopped in ("located", "separated") for r in answer.rounds)
    assert sum(r.games for r in answer.rounds) < 10_000  # not the cap: it stopped when sure
    assert any(c.status == "dropped" for r in answer.rounds for c in r.candidates)


def test_a_value_dropped_beside_an_earlier_best_plays_again_when_it_is_the_answers_neighbour() -> None:
    """With small chunks the best moves while values are dropped: here 4 tenths is dropped beside an early
    best and needed again beside 3 tenths; it plays again, so the answer is not separated from a neighbour
    frozen at the games it had played."""
    answer = tune("coin", "tenths=0..10", "win[0]=0.3", seed=0, chunk=50, max_games=4000)
    assert answer.best.value == 3
    for played in answer.rounds:
        assert all(c.playing for c in played.candidates if c.status in ("best", "neighbour"))
        assert not any(c.playing for c in played.candidates if c.status == "dropped")
    revived = [c for c in answer.neighbours if c.n < answer.best.n]
    assert [c.value for c in revived] == [4]  # it missed games while dropped: the case this test is about


def test_the_target_beyond_the_range_is_said() -> None:
    answer = tune("coin", "tenths=0..2", "win[0]=0.7", max_games=2000)
    assert answer.best.value == 2 and "the target may lie beyond" in answer.headline()


def test_precision_keeps_playing_until_the_answer_is_known_that_well() -> None:
    loose = tune("coin", "tenths=0..10", "win[0]=0.3")
    tight = tune("coin", "tenths=0..10", "win[0]=0.3", precision=0.01, max_games=40_000)
    assert tight.best.value == 3 and (tight.best.high - tight.best.low) / 2 <= 0.01
    assert tight.best.n > loose.best.n


def test_parameters_and_targets_are_checked_with_clear_errors() -> None:
    with pytest.raises(InvalidOptionError, match="NAME=LOW..HIGH"):
        parse_parameter("tenths=3", "coin", {})
    with pytest.raises(InvalidOptionError, match="no numeric option 'players2'"):
        parse_parameter("players2=1..3", "coin", {})
    with pytest.raises(InvalidOptionError, match="tenths of coin goes from 0 to 10"):
        parse_parameter("tenths=0..12", "coin", {})
    with pytest.raises(InvalidOptionError, match="from a lower to a higher"):
        parse_parameter("bias=0.5..0.1", "coin", {})
    with pytest.raises(InvalidOptionError, match="takes integers"):
        parse_parameter("tenths=0.5..3", "coin", {})
    with pytest.raises(DataFileError, match="'coin' has the fields bias, note"):
        parse_parameter("data.coin.weight=0..1", "coin", {})
    with pytest.raises(InvalidOptionError, match="not a number to tune"):
        parse_parameter("data.coin.note=0..1", "coin", {})
    with pytest.raises(DataFileError, match=r"coin.bias = 2.0 is refused:\n  coin.bias: Input should be less"):
        tune("coin", "data.coin.bias=0..2", "win[0]=0.3", max_games=1000)
    with pytest.raises(InvalidOptionError, match="no figure 'wins'"):
        resolve_figure("wins", ["win[0]", "turns"])
    with pytest.raises(InvalidOptionError, match="balance is not a mean over games"):
        resolve_figure("balance", ["win[0]"])
    assert resolve_figure("all_lose", ["figure:rate:all_lose"]) == "figure:rate:all_lose"
    assert grid(2, 12, 7, True) == [2.0, 4.0, 5.0, 7.0, 9.0, 10.0, 12.0]


def test_the_tune_command_prints_the_answer_and_keeps_the_boards_it_tried(tmp_path: Path) -> None:
    result = runner.invoke(app, ["tune", "coin", "--param", "data.coin.bias=0..1", "--target", "win[0]=0.3",
                                 "--max-games", "2000", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert re.search(r"data.coin.bias = 0\.(2[6-9]|3[0-4])\d* gives seat 0's win rate", text), text
    assert "the closest to 0.300" in text and "95% interval" in text
    assert re.search(r"┃\s+bias\s+┃", result.output)  # the column: the field's last name, the title: all of it
    saved = json.loads((tmp_path / "tuning.json").read_text())
    assert saved["figure"] == "win[0]" and abs(saved["value"] - 0.3) < 0.03
    boards = sorted((tmp_path / "boards").glob("*.toml"))
    assert boards and all(0 <= load_toml(b, __import__("coin_game").CoinData).coin.bias <= 1 for b in boards)
    bad = runner.invoke(app, ["tune", "coin", "--param", "tenths=0..10", "--target", "wins=0.3"])
    assert bad.exit_code == 2 and "no figure 'wins'" in bad.output
    assert "Example" in runner.invoke(app, ["tune", "--help"]).output
