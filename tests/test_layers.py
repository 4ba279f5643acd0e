"""Dependencies point one way, and a test checks it.

The project's style guide (``shared/style.md``, kept beside the repository), habit 7: "Rules code
imports nothing from agents, analysis, interfaces or RL adapters; dependencies point one way, and
a test checks it." Its layout section: "Dependencies point one way: core ← games ← agents,
analysis ← interfaces, rl", and "the shared layers know games only through the registry". This
is that test: every layer of ``src/tabletop`` has a row in :data:`ALLOWED` (a new layer fails
until it is given one), every import is read with ``ast`` (``import x``, ``from x import y`` and
relative imports alike) and must name a layer of its row. docs/architecture.md shows the same
table, and the last test keeps the two equal.

A game's package holds its rules and its parts for each front end and agent (terminal view, web
board, heuristic, live events, evaluation, encoding): all of it imports only the core and the
game's own package, never another game, the agents or the front ends.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "tabletop"
DOC = Path(__file__).resolve().parents[1] / "docs" / "architecture.md"

# each layer may import only these layers of tabletop; "games" only through the registry,
# except a game itself (and a game only its own package: the next test)
ALLOWED: dict[str, set[str]] = {
    "core": {"core", "_version"},
    "testing": {"core", "testing", "_version"},
    "games": {"core", "games", "_version"},
    "agents": {"core", "agents", "_version"},
    "analysis": {"core", "agents", "analysis", "_version"},
    "interfaces": {"core", "agents", "analysis", "interfaces", "_version"},
    "rl": {"core", "agents", "rl", "_version"},
    # the package itself: tabletop/__init__.py exports the core's public names; _version.py imports nothing
    "__init__": {"core", "_version"},
    "_version": set(),
}


def layer_of(path: Path) -> str:
    relative = path.relative_to(SRC)
    return relative.parts[0].removesuffix(".py")


def module_name(path: Path, root: Path = SRC) -> list[str]:
    """``tabletop.core.state`` as ``["tabletop", "core", "state"]`` (a package's ``__init__`` is the package)."""
    parts = ["tabletop", *path.relative_to(root).with_suffix("").parts]
    return parts[:-1] if parts[-1] == "__init__" else parts


def tabletop_imports(path: Path, depth: int = 1, root: Path = SRC) -> list[tuple[int, str]]:
    """Every import of tabletop in ``path``: (line, the first ``depth`` names after ``tabletop``).

    A relative import is resolved against the module's own package, so it cannot slip past."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = module_name(path, root)
    package = here if path.name == "__init__.py" else here[:-1]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif isinstance(node, ast.ImportFrom) and node.level > 0:
            base = package[: len(package) - (node.level - 1)]
            if node.module:
                names = [".".join([*base, node.module])]
            else:  # from . import x: each name may be a module of the package
                names = [".".join([*base, alias.name]) for alias in node.names]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if parts[0] == "tabletop":
                found.append((node.lineno, ".".join(parts[1 : 1 + depth])))
    return found


def test_every_layer_has_a_row() -> None:
    layers = {layer_of(path) for path in SRC.rglob("*.py")}
    assert layers - ALLOWED.keys() == set(), "give each new layer a row in ALLOWED (and in docs/architecture.md)"


def test_imports_point_one_way() -> None:
    """Rules code imports nothing from agents, analysis, interfaces or the RL adapters; no shared layer
    imports a game; the front ends and the adapters import nothing of each other."""
    problems = []
    for path in sorted(SRC.rglob("*.py")):
        allowed = ALLOWED[layer_of(path)]
        for line, target in tabletop_imports(path):
            if target not in allowed:
                problems.append(f"{path.relative_to(SRC)}:{line} imports tabletop.{target or '(the package)'}")
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
    sample = tmp_path / "games" / "alpha" / "sample.py"
    sample.parent.mkdir(parents=True)
    sample.write_text(
        "import tabletop.interfaces.cli\n"
        "from tabletop.agents import RandomAgent\n"
        "from ...rl import gymnasium\n"
        "from .. import beta\n"
        "from . import state\n"
        "def later():\n"
        "    from tabletop import analysis\n"
    )
    assert tabletop_imports(sample, root=tmp_path) == [
        (1, "interfaces"), (2, "agents"), (3, "rl"), (4, "games"), (5, "games"), (7, "")]
    assert tabletop_imports(sample, depth=2, root=tmp_path) == [
        (1, "interfaces.cli"), (2, "agents"), (3, "rl"), (4, "games.beta"), (5, "games.alpha"), (7, "")]


def test_the_architecture_doc_shows_the_same_table() -> None:
    rows = re.findall(r"^\| (\w+) \| ([\w, ()]+?) \|$", DOC.read_text(encoding="utf-8"), re.MULTILINE)
    shown = {layer: {name.strip() for name in re.sub(r"\(.*\)", "", names).split(",")}
             for layer, names in rows if layer != "layer"}
    expected = {layer: allowed - {"_version"} for layer, allowed in ALLOWED.items() if not layer.startswith("_")}
    assert shown == expected
