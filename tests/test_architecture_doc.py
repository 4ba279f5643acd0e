"""docs/architecture.md's tree lists every package and module on disk, each described (tools/architecture.py).

When this fails after a module was added, moved or removed: run ``make architecture``
(``python tools/architecture.py --write``), then write the new lines' descriptions in the doc.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("architecture_tool", ROOT / "tools" / "architecture.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


tool = load_tool()

#: a small checkout: two games, a layer, a benchmark folder
FILES = [
    "README.md",
    "benchmarks/speed/bench.py",
    "src/tabletop/__init__.py",
    "src/tabletop/core/__init__.py",
    "src/tabletop/core/state.py",
    "src/tabletop/games/__init__.py",
    "src/tabletop/games/alpha/__init__.py",
    "src/tabletop/games/alpha/state.py",
    "src/tabletop/games/alpha/live.py",
    "src/tabletop/games/alpha/data/alpha.toml",
    "src/tabletop/games/beta/__init__.py",
    "src/tabletop/games/beta/state.py",
    "src/tabletop/games/beta/data/beta.toml",
]
DOC = """```
src/tabletop/  the package
  core/  the engine
    state.py  State
  games/  the games
    <game>/  a game
      state.py  its rules
      data/  its data files
    alpha/  Alpha
      live.py  its races
    beta/  Beta
benchmarks/  scripts
  speed/  how fast
```""".splitlines()


def test_the_doc_lists_every_package_and_module_each_described() -> None:
    text = tool.DOC.read_text(encoding="utf-8")
    start, end = tool.block(text)
    entries = tool.parse(text.splitlines()[start + 1 : end])
    assert tool.problems(entries, tool.tracked_files(ROOT)) == []


def test_a_current_tree_has_no_problems_and_renders_as_written() -> None:
    entries = tool.parse(DOC)
    assert tool.problems(entries, FILES) == []
    assert tool.parse(tool.render(entries)) == entries
    assert tool.render(entries)[:3] == ["src/tabletop/   the package", "  core/         the engine",
                                        "    state.py    State"]


def test_a_new_module_is_missing_until_written_and_described() -> None:
    files = [*FILES, "src/tabletop/core/chance.py"]
    entries = tool.parse(DOC)
    assert tool.problems(entries, files) == [
        "missing: src/tabletop/core/chance.py (run `make architecture`, then describe it)"]
    written = tool.rewrite(entries, files)
    assert written["src/tabletop/core/chance.py"] == ""
    assert tool.problems(written, files) == [
        "undescribed: src/tabletop/core/chance.py (write its one-line description in docs/architecture.md)"]
    assert "    chance.py" in tool.render(written)[2]  # in its folder, before state.py


def test_a_removed_module_is_gone_and_dropped_by_a_rewrite() -> None:
    files = [f for f in FILES if f != "src/tabletop/games/alpha/live.py"]
    entries = tool.parse(DOC)
    assert tool.problems(entries, files) == [
        "gone: src/tabletop/games/alpha/live.py is listed but not on disk (run `make architecture`)"]
    assert "src/tabletop/games/alpha/live.py" not in tool.rewrite(entries, files)


def test_a_module_every_game_has_is_listed_once_under_game_with_its_description() -> None:
    files = [*FILES, "src/tabletop/games/beta/live.py"]
    entries = tool.parse(DOC)
    assert tool.problems(entries, files)[0].startswith("missing: src/tabletop/games/<game>/live.py")
    written = tool.rewrite(entries, files)
    assert written["src/tabletop/games/<game>/live.py"] == "its races"
    assert "src/tabletop/games/alpha/live.py" not in written
    assert tool.problems(written, files) == []


def test_a_listed_file_that_not_every_game_has_is_gone() -> None:
    entries = tool.parse(DOC) | {"src/tabletop/games/<game>/live.py": "its races"}
    assert tool.problems(entries, FILES) == [
        "gone: src/tabletop/games/<game>/live.py is listed but not on disk (run `make architecture`)"]


def test_a_line_too_long_is_refused() -> None:
    entries = tool.parse([*DOC[:2], "  core/  " + "x" * 130, *DOC[3:]])
    assert any(p.startswith("too long: src/tabletop/core/") for p in tool.problems(entries, FILES))
