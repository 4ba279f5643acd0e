"""benchmarks/README.md indexes every script, every script named anywhere exists, and every script starts.

The scripts print figures and are never asserted on; what is checked here is that the index and
the commands written in docs, docstrings and data files stay true when scripts move: a script
missing from the index, an index row or a ``benchmarks/...py`` path naming nothing, or a script
that no longer imports (``--help`` runs its imports and its argument parser) fails.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = ROOT / "benchmarks"
INDEX = BENCHMARKS / "README.md"
#: packages the scripts import, not scripts themselves
LIBRARIES = ("harness/", "fuzz/fuzzing/")
#: text that may name a script: docs, code, data files, the Makefile
TEXTS = ("*.md", "*.py", "*.toml", "*.sh", "Makefile")
#: scripts that take no --help (so running one to see it start would start its work), and why
WITHOUT_HELP: dict[str, str] = {}


def scripts() -> list[str]:
    """Every script below benchmarks/, as a path relative to it."""
    return sorted(
        path.relative_to(BENCHMARKS).as_posix() for path in BENCHMARKS.rglob("*.py")
        if "__main__" in path.read_text(encoding="utf-8")
        and not path.relative_to(BENCHMARKS).as_posix().startswith(LIBRARIES)
    )


def indexed() -> list[str]:
    """The scripts the index lists: the first column of its tables, ``[`purpose/name.py`](...)`` or `` `name.py` ``."""
    rows = re.findall(r"^\| \[?`([\w/]+\.py)`", INDEX.read_text(encoding="utf-8"), re.MULTILINE)
    return sorted(rows)


def test_every_script_is_in_the_index_and_every_row_is_a_script() -> None:
    assert set(scripts()) - set(indexed()) == set(), "add a row for each new script to benchmarks/README.md"
    assert set(indexed()) - set(scripts()) == set(), "an index row names a script that is not there"
    assert len(indexed()) == len(set(indexed())), "a script is listed twice"


def test_every_script_named_in_the_repository_exists() -> None:
    listing = ["git", "ls-files", "--cached", "--others", "--exclude-standard", *TEXTS]
    tracked = subprocess.run(listing, cwd=ROOT, capture_output=True, text=True, check=False).stdout.split()
    files = [ROOT / name for name in tracked] or [p for t in TEXTS for p in ROOT.rglob(t) if ".venv" not in p.parts]
    missing = []
    for path in files:
        if not path.is_file():
            continue
        for match in re.finditer(r"benchmarks/([\w/]+\.py)", path.read_text(encoding="utf-8", errors="replace")):
            if not (BENCHMARKS / match.group(1)).is_file():
                missing.append(f"{path.relative_to(ROOT)} names benchmarks/{match.group(1)}")
    assert sorted(set(missing)) == []


#: run in one child process: each script's imports and argument parser, as ``python SCRIPT --help`` would
STARTS = """
import contextlib, io, json, runpy, sys
from pathlib import Path
results = {}
for name in sys.argv[1:]:
    script = Path(name)
    mine = [m for m, module in sys.modules.items()  # a sibling module of another folder must not be reused
            if getattr(module, "__file__", None) and "/benchmarks/" in str(module.__file__)
            and "/harness/" not in str(module.__file__)]
    for m in mine:
        del sys.modules[m]
    sys.path[:] = [str(script.parent), *[p for p in sys.path if p != str(script.parent)]]
    sys.argv = [str(script), "--help"]
    try:
        with contextlib.redirect_stdout(io.StringIO()) as out:
            runpy.run_path(str(script), run_name="__main__")
        results[name] = "no exit after --help"
    except SystemExit as exit:
        results[name] = "ok" if exit.code in (0, None) and "usage" in out.getvalue() else f"exit {exit.code}"
    except BaseException as exc:
        results[name] = f"{type(exc).__name__}: {exc}"
print(json.dumps(results))
"""


def with_help() -> list[str]:
    return [name for name in scripts() if name not in WITHOUT_HELP]


def test_every_script_takes_help() -> None:
    """Every script parses its arguments with argparse (``--help`` says how to run it), but the listed ones."""
    lacking = [name for name in scripts() if "argparse" not in (BENCHMARKS / name).read_text(encoding="utf-8")]
    assert sorted(lacking) == sorted(WITHOUT_HELP), "give the script an argparse parser (or list why not)"


@pytest.fixture(scope="module")
def started() -> dict[str, str]:
    names = [str(BENCHMARKS / name) for name in with_help()]
    out = subprocess.run([sys.executable, "-c", STARTS, *names], cwd=ROOT, capture_output=True, text=True,
                         check=True, timeout=600).stdout
    results: dict[str, str] = json.loads(out.strip().splitlines()[-1])
    return {str(Path(name).relative_to(BENCHMARKS)): result for name, result in results.items()}


@pytest.mark.parametrize("script", with_help())
def test_the_script_starts(script: str, started: dict[str, str]) -> None:
    assert started[script] == "ok"
