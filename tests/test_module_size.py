"""Small modules: none in src/ over 450 lines, vendored files aside (style.md habit 10; the brief's bound).

A module that grows past the bound is split by meaning (as each game splits its position,
its rules and its fast paths). A module that another change is splitting right now is listed in
:data:`BEING_SPLIT`: its test is an expected failure, strict, so the entry must go once the
split lands.
"""

from __future__ import annotations

from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
LIMIT = 450
#: source files, as opposed to data, pages and styles
SUFFIXES = (".py", ".js")
#: modules being split by another change (path below src/tabletop -> which change)
BEING_SPLIT: dict[str, str] = {}


def modules() -> dict[str, int]:
    """Every source module below src/ (vendored files aside) -> its number of lines."""
    found = {}
    for path in sorted(SRC.rglob("*")):
        if path.suffix in SUFFIXES and "vendor" not in path.parts and ".egg-info" not in str(path):
            found[path.relative_to(SRC / "tabletop").as_posix()] = len(path.read_text(encoding="utf-8").splitlines())
    return found


def test_no_module_is_over_the_limit() -> None:
    over = {name: lines for name, lines in modules().items() if lines > LIMIT and name not in BEING_SPLIT}
    assert over == {}, f"split these by meaning (at most {LIMIT} lines each)"


@pytest.mark.parametrize(
    "name", [pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=why)) for name, why in BEING_SPLIT.items()]
)
def test_a_module_being_split(name: str) -> None:
    assert modules()[name] <= LIMIT


def test_the_count_sees_the_tree() -> None:
    found = modules()
    assert "core/state.py" in found and "interfaces/web/static/game.js" in found
    assert not any("vendor" in name for name in found)
