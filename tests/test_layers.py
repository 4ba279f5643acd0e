"""Dependencies point one way: core <- games <- agents, analysis <- interfaces (style.md habit 7).

A game's package holds its rules and its parts for each front end and agent (terminal
view, web board, heuristic, live events): all of it imports only the core and the game's
own package, never another game, the agents or the front ends.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "tabletop"

# each layer may import only these layers of tabletop
ALLOWED = {
    "core": {"core", "_version"},
    "games": {"core", "games", "_version"},
    "agents": {"core", "games", "agents", "_version"},
    "analysis": {"core", "games", "agents", "analysis", "_version"},
    "testing": {"core", "testing", "_version"},
}


def layer_of(path: Path) -> str:
    relative = path.relative_to(SRC)
    return relative.parts[0].removesuffix(".py")


def tabletop_imports(path: Path, depth: int = 1) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if parts[0] == "tabletop":
                found.append((node.lineno, ".".join(parts[1 : 1 + depth])))
    return found


def test_rules_never_import_outer_layers() -> None:
    """Rules code imports nothing from agents, analysis or interfaces."""
    problems = []
    for path in sorted(SRC.rglob("*.py")):
        layer = layer_of(path)
        allowed = ALLOWED.get(layer)
        if allowed is None:
            continue
        for line, target in tabletop_imports(path):
            if target not in allowed:
                problems.append(f"{path.relative_to(SRC)}:{line} imports tabletop.{target or '(package)'}")
    assert problems == []


def test_a_game_imports_no_other_game() -> None:
    problems = []
    for path in sorted((SRC / "games").rglob("*.py")):
        relative = path.relative_to(SRC / "games")
        if len(relative.parts) < 2:
            continue
        own = f"games.{relative.parts[0]}"
        for line, target in tabletop_imports(path, depth=2):
            if target.startswith("games") and target != own:
                problems.append(f"games/{relative}:{line} imports tabletop.{target}")
    assert problems == []


def test_the_check_itself_sees_imports(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import tabletop.interfaces.cli\nfrom tabletop.agents import RandomAgent\n")
    assert tabletop_imports(sample) == [(1, "interfaces"), (2, "agents")]
    assert tabletop_imports(sample, depth=2) == [(1, "interfaces.cli"), (2, "agents")]
