"""Every rule clause and ruling ID is named by at least one test.

The IDs come from our rules docs (docs/rules/*.md) and, where the project's shared
spec sits beside the repository (../shared/spec), from the spec too.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ID = re.compile(r"\b(?:[JDK]-[A-Z]+-\d+|R-[JDK]\d+)\b")
GAMES = ("jumanji", "doodle-jump", "donkey-kong")


def ids_in(path: Path) -> set[str]:
    return set(ID.findall(path.read_text(encoding="utf-8")))


def named_in_tests() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        if path.name != Path(__file__).name:
            found |= ids_in(path)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_clause_of_our_rules_doc_is_tested(game: str) -> None:
    wanted = ids_in(ROOT / "docs" / "rules" / f"{game}.md")
    assert len(wanted) > 20
    assert sorted(wanted - named_in_tests()) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_clause_of_the_shared_spec_is_tested_and_documented(game: str) -> None:
    spec = ROOT.parent / "shared" / "spec" / f"{game}.md"
    if not spec.exists():
        pytest.skip("the shared spec is not beside this checkout")
    wanted = ids_in(spec)
    assert sorted(wanted - named_in_tests()) == []
    assert sorted(wanted - ids_in(ROOT / "docs" / "rules" / f"{game}.md")) == []
