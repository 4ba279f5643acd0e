"""Dependencies as extras: a bare install runs the rules, the terminal and simulations; the web server
and Parquet output say which extra they need when it is missing."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tabletop.interfaces.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()
TOURNAMENT = ["tournament", "race", "-a", "random,mcts:iterations=5", "-n", "4", "-w", "1", "--out"]


def test_a_bare_install_needs_only_the_cli_and_data_libraries() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    base = {req.split(">")[0].split("[")[0].strip() for req in project["dependencies"]}
    assert base == {"typer", "rich", "pydantic"}
    extras = project["optional-dependencies"]
    assert any(req.startswith("fastapi") for req in extras["web"])
    assert any(req.startswith("pyarrow") for req in extras["analysis"])


@pytest.mark.parametrize("missing", ["fastapi", "uvicorn", "sqlalchemy"])
def test_serve_without_the_web_extra_names_it(monkeypatch: pytest.MonkeyPatch, missing: str) -> None:
    monkeypatch.setitem(sys.modules, missing, None)  # as if it were not installed
    result = runner.invoke(app, ["serve", "--port", "1"])
    assert result.exit_code == 2
    assert f"tabletop serve needs {missing}" in result.output and "pip install 'tabletop[web]'" in result.output


def test_tournament_out_without_the_analysis_extra_names_it_before_playing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    out = tmp_path / "results.parquet"
    result = runner.invoke(app, [*TOURNAMENT, str(out)])
    assert result.exit_code == 2 and not out.exists()
    assert "--out needs pyarrow" in result.output and "pip install 'tabletop[analysis]'" in result.output


def test_tournament_out_writes_parquet_with_the_extra(tmp_path: Path) -> None:
    import pyarrow.parquet  # make test installs the analysis extra

    out = tmp_path / "results.parquet"
    result = runner.invoke(app, [*TOURNAMENT, str(out)])
    assert result.exit_code == 0, result.output
    assert pyarrow.parquet.read_table(str(out)).num_rows == 4
