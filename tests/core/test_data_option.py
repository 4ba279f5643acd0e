"""Every game's ``data`` option: an edited file is read again, and a bad path or file is the usual
data-file error naming the file (never another exception, never the old contents)."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

import tabletop
from tabletop.core.errors import DataFileError, DataOptionError, InvalidOptionError
from tabletop.core.registry import game_class, installed_games


def _data_files(name: str) -> list[Path]:
    """The data files in the game's package (``<package>/data/*.toml``), but for the weights of its
    evaluation (``data/evaluation.toml``, read by searches, not by the ``data`` option) and its ladder's
    measured strengths (``data/ladder.toml``, read by the web server's ratings)."""
    folder = resources.files(game_class(name).__module__.rpartition(".")[0]).joinpath("data")
    if not folder.is_dir():
        return []
    return sorted(Path(str(p)) for p in folder.iterdir() if p.name.endswith(".toml")
                  and p.name not in ("evaluation.toml", "ladder.toml"))


#: The installed games that read a data file of their own (option ``data``).
SHIPPED = [
    name
    for name in installed_games()
    if any(o.name == "data" for o in game_class(name).info.options) and _data_files(name)
]


def shipped_data(name: str) -> Path:
    (path,) = _data_files(name)
    return path


@pytest.mark.parametrize("name", SHIPPED)
def test_a_data_file_edited_in_the_same_process_is_read_again(name: str, tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    good = shipped_data(name).read_text(encoding="utf-8")
    path.write_text(good, encoding="utf-8")
    first = tabletop.make(name, data=str(path)).new_initial_state().to_text()
    path.write_text("garbage = [", encoding="utf-8")
    with pytest.raises(DataOptionError, match=r"mine\.toml: not valid TOML"):
        tabletop.make(name, data=str(path))
    path.write_text(good, encoding="utf-8")
    assert tabletop.make(name, data=str(path)).new_initial_state().to_text() == first
    path.unlink()
    with pytest.raises(DataOptionError, match=r"mine\.toml: cannot read data file"):
        tabletop.make(name, data=str(path))


@pytest.mark.parametrize("name", SHIPPED)
def test_a_path_with_a_nul_byte_is_a_data_file_error(name: str) -> None:
    with pytest.raises(DataOptionError, match="cannot read data file"):
        tabletop.make(name, data="bad\x00name.toml")


@pytest.mark.parametrize("name", SHIPPED)
def test_an_integer_of_five_thousand_digits_is_a_data_file_error(name: str, tmp_path: Path) -> None:
    text = shipped_data(name).read_text(encoding="utf-8")
    first = re.search(r"^(\w+ = )(\d+)$", text, re.MULTILINE)
    assert first is not None
    path = tmp_path / "huge.toml"
    path.write_text(text[: first.start(2)] + "9" * 5000 + text[first.end(2) :], encoding="utf-8")
    with pytest.raises(DataOptionError, match=r"huge\.toml: not valid TOML") as info:
        tabletop.make(name, data=str(path))
    assert isinstance(info.value, DataFileError) and isinstance(info.value, InvalidOptionError)
    assert len(str(info.value)) < 600
