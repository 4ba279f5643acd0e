"""No module outside a game's package names a game: a fourth game touches no existing file.

Every import and every string literal (docstrings too) of every Python module under
src/tabletop, and every line of its other files (pages, scripts, styles), is read; a
game's name (``doodle-jump``, ``doodle_jump``, ``Doodle Jump`` ...) may appear only
inside that game's own package, ``src/tabletop/games/<game>/``. Comments are not read.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tabletop.core.registry import installed_games

SRC = Path(__file__).resolve().parents[1] / "src" / "tabletop"


def pattern(name: str) -> re.Pattern[str]:
    words = [re.escape(word) for word in re.split(r"[-_ ]", name)]
    return re.compile(r"(?<![a-z0-9])" + r"[-_ ]?".join(words) + r"(?![a-z0-9])", re.IGNORECASE)


def owner(path: Path, root: Path) -> str | None:
    """The game whose package holds ``path`` (as its module name), if any."""
    parts = path.relative_to(root).parts
    return parts[1] if len(parts) > 2 and parts[0] == "games" else None


def python_texts(path: Path) -> list[tuple[int, str]]:
    """Every import target and every string literal of a module, with its line."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.append((node.lineno, node.value))
    return found


def other_texts(path: Path) -> list[tuple[int, str]]:
    return list(enumerate(path.read_text(encoding="utf-8").splitlines(), start=1))


def namings(root: Path, games: list[str]) -> list[str]:
    patterns = {game: pattern(game) for game in games}
    problems = []
    for path in sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        if path.suffix in (".pyc", ".typed", ".npz"):  # .npz: a trained policy's weights, binary
            continue
        texts = python_texts(path) if path.suffix == ".py" else other_texts(path)
        home = owner(path, root)
        for line, text in texts:
            for game, found in patterns.items():
                if game.replace("-", "_") != home and found.search(text):
                    problems.append(f"{path.relative_to(root)}:{line} names {game}: {text.strip()[:80]!r}")
    return problems


def test_no_module_outside_a_games_package_names_it() -> None:
    games = installed_games()
    assert len(games) >= 3
    assert namings(SRC, games) == []


def test_the_check_sees_imports_literals_and_page_text_but_not_comments(tmp_path: Path) -> None:
    (tmp_path / "games" / "dice_poker").mkdir(parents=True)
    (tmp_path / "games" / "dice_poker" / "rules.py").write_text('"""Dice Poker."""\n')
    (tmp_path / "cli.py").write_text(
        "import tabletop.games.dice_poker.rules\n# dice poker in a comment is fine\nHELP = f'play {1} Dice-Poker'\n"
    )
    (tmp_path / "page.js").write_text('const GAMES = ["dice_poker"];\n')
    (tmp_path / "ok.py").write_text('"""Poker dice are no game here, nor are dice and poker."""\n')
    assert namings(tmp_path, ["dice-poker"]) == [
        "cli.py:1 names dice-poker: 'tabletop.games.dice_poker.rules'",
        "cli.py:3 names dice-poker: 'Dice-Poker'",
        "page.js:1 names dice-poker: 'const GAMES = [\"dice_poker\"];'",
    ]
