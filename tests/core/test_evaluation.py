"""The win model behind every game's evaluation: its shares, and its weights file checked on load."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from tabletop.core.errors import DataFileError
from tabletop.core.evaluation import WinModel


def test_two_seats_are_the_logistic_of_the_utility_difference() -> None:
    model = WinModel(("height",), (0.5,))
    first, second = model.chances([[4.0], [2.0]])
    assert first == pytest.approx(1 / (1 + math.exp(-1.0))) and first + second == pytest.approx(1.0)


def test_nobody_winning_takes_its_share() -> None:
    model = WinModel(("left",), (-1.0,), ("grid",), (2.0,))
    chances = model.predict([[1.0], [1.0], [1.0]], [1.0])
    assert chances[0] == pytest.approx(math.exp(-1) / (3 * math.exp(-1) + math.exp(2)))
    assert sum(chances) < 1.0


def _write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "evaluation.toml"
    path.write_text('source = "a test"\n' + body, encoding="utf-8")
    return path


def test_weights_are_read_by_name(tmp_path: Path) -> None:
    path = _write(tmp_path, "[weights]\nb = 2.0\na = 1.0\n[nobody]\nc = -1.0\n")
    model = WinModel.load(path, ("a", "b"), ("c",))
    assert model.weights == (1.0, 2.0) and model.nobody_weights == (-1.0,) and model.source == "a test"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("[weights]\na = 1.0\n", r"\[weights\] must give exactly a, b; missing b"),
        ("[weights]\na = 1.0\nb = 1.0\nz = 3.0\n", r"\[weights\] must give exactly a, b; unknown z"),
        ("[weights]\na = 1.0\nb = nan\n", r"\[weights\] weights must be finite numbers: b"),
        ("[weights]\na = 1.0\nb = 1.0\n[nobody]\nc = 1.0\n", r"\[nobody\] must give exactly nothing; unknown c"),
    ],
)
def test_a_weights_file_that_does_not_fit_the_figures_is_refused(tmp_path: Path, body: str, message: str) -> None:
    with pytest.raises(DataFileError, match=message):
        WinModel.load(_write(tmp_path, body), ("a", "b"))


def test_a_weights_file_needs_its_source(tmp_path: Path) -> None:
    path = tmp_path / "evaluation.toml"
    path.write_text("[weights]\na = 1.0\n", encoding="utf-8")
    with pytest.raises(DataFileError):
        WinModel.load(path, ("a",))


def test_one_weight_per_figure() -> None:
    with pytest.raises(ValueError, match="one weight per figure"):
        WinModel(("a", "b"), (1.0,))
