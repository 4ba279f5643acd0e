"""The tree in docs/architecture.md, kept equal to the tree on disk.

    python tools/architecture.py           # check: exit status 1, naming each module missing, gone or undescribed
    python tools/architecture.py --write   # rewrite the tree from disk, keeping every description
    make architecture                      # the same as --write

The tree lists every package and module of ``src/tabletop`` (a package's ``__init__.py`` is
described by the package's own line), every folder at the top of the repository and the folders
of ``benchmarks/``; other files (data, pages, scripts) may be listed too, and are then checked
to exist. Modules that every game in ``src/tabletop/games/`` has are listed once under
``games/<game>/``, the others under their game. Each line is a path and a description written by
hand: ``--write`` keeps the descriptions, adds a line with no description for each new path
and drops the lines of paths that are gone, and the check (``tests/test_architecture_doc.py``)
fails until every line is described. So after adding a module: run ``make architecture``,
then write its line in docs/architecture.md.

>>> entries = parse(["```", "src/tabletop/", "  core/  the engine", "    state.py  State", "```"])
>>> entries["src/tabletop/core/state.py"]
'State'
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "architecture.md"
PACKAGE = "src/tabletop/"
GAMES = PACKAGE + "games/"
GENERIC = GAMES + "<game>/"
#: the marker the tree's fenced block follows in the doc
MARKER = "<!-- The tree below is checked against the files"
#: the layers in the order they depend on each other (any other folder is listed after them)
LAYERS = ("core/", "testing/", "games/", "agents/", "analysis/", "interfaces/", "rl/")
#: top-level folders whose own folders are listed too
EXPANDED = ("benchmarks/",)
#: the longest line the tree may have (a longer description is shortened)
WIDTH = 120


def tracked_files(root: Path) -> list[str]:
    """The files of the checkout, relative to ``root`` (git's list; without git, every file but caches)."""
    try:
        out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=root,
                             capture_output=True, text=True, check=True).stdout
        return sorted(line for line in out.splitlines() if (root / line).exists())
    except (OSError, subprocess.CalledProcessError):
        skip = {"__pycache__", ".git", ".venv", "node_modules"}
        return sorted(str(p.relative_to(root)) for p in root.rglob("*")
                      if p.is_file() and not skip & set(p.relative_to(root).parts)
                      and not any(part.endswith(".egg-info") for part in p.parts))


def required(files: Iterable[str]) -> set[str]:
    """The paths the tree must list: src/tabletop's packages and modules, the top folders, benchmarks' folders."""
    files = list(files)
    paths: set[str] = set()
    for name in files:
        parts = name.split("/")
        if len(parts) > 1:
            paths.add(parts[0] + "/")
            if parts[0] + "/" in EXPANDED and len(parts) > 2:
                paths.add("/".join(parts[:2]) + "/")
        if not name.startswith(PACKAGE) or not name.endswith(".py"):
            continue
        folder = name.rpartition("/")[0] + "/"
        while folder.startswith(PACKAGE) and folder != PACKAGE:
            paths.add(folder)
            folder = folder[:-1].rpartition("/")[0] + "/"
        if not name.endswith("/__init__.py"):
            paths.add(name)
    paths.discard("src/")
    paths.add(PACKAGE)
    return paths


def games(files: Iterable[str]) -> list[str]:
    """The game packages in src/tabletop/games/."""
    return sorted({f.split("/")[3] for f in files
                   if f.startswith(GAMES) and f.count("/") == 4 and f.endswith("/__init__.py")})


def generic_paths(paths: set[str], names: list[str]) -> set[str]:
    """The games' paths written once as ``games/<game>/...``: those every game has."""
    per_game = [{p.removeprefix(f"{GAMES}{name}/") for p in paths if p.startswith(f"{GAMES}{name}/")}
                for name in names]
    common = set.intersection(*per_game) if len(per_game) > 1 else set()
    return {GENERIC + rest for rest in common}


def fold(paths: set[str], names: list[str]) -> set[str]:
    """``paths`` with the games' common paths written once under ``games/<game>/``."""
    generic = generic_paths(paths, names)
    common = {p.removeprefix(GENERIC) for p in generic}
    kept = {p for p in paths
            if not (p.startswith(GAMES) and p.count("/") > 3 and p.split("/", 4)[4] in common - {""})}
    return kept | generic | ({GENERIC} if generic else set())


def parse(lines: Iterable[str]) -> dict[str, str]:
    """The tree's entries, path -> description, from the lines of its fenced block."""
    entries: dict[str, str] = {}
    stack: list[str] = []
    for line in lines:
        if not line.strip() or line.startswith("```"):
            continue
        indent = len(line) - len(line.lstrip(" "))
        name, _, description = line.strip().partition("  ")
        depth = indent // 2
        del stack[depth:]
        prefix = "".join(stack)
        entries[prefix + name] = description.strip()
        if name.endswith("/"):
            stack.append(name)
    return entries


def block(text: str) -> tuple[int, int]:
    """The first and last line numbers (0-based) of the tree's fenced block in the doc."""
    lines = text.splitlines()
    for number, line in enumerate(lines):
        if line.startswith(MARKER):
            start = next(i for i in range(number + 1, len(lines)) if lines[i].startswith("```"))
            end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("```"))
            return start, end
    raise SystemExit(f"{DOC}: no line starting with {MARKER!r} before the tree")


def order(path: str) -> tuple[object, ...]:
    """Sort key: src/ first and its layers in dependency order, then files before folders, then by name."""
    parts = path.rstrip("/").split("/")
    key: list[object] = []
    for depth, part in enumerate(parts):
        folder = depth < len(parts) - 1 or path.endswith("/")
        layer = depth == 2 and parts[:2] == ["src", "tabletop"] and f"{part}/" in LAYERS
        rank = LAYERS.index(f"{part}/") if layer else len(LAYERS)
        key.append((depth == 0 and part != "src", folder, rank, part != "<game>", part))
    return tuple(key)


def parent_of(path: str, entries: dict[str, str]) -> str:
    """The longest listed folder that holds ``path`` ("" at the top)."""
    folders = [p for p in entries if p.endswith("/") and p != path and path.startswith(p)]
    return max(folders, key=len, default="")


def render(entries: dict[str, str]) -> list[str]:
    """The fenced block's lines for ``entries``: one line per path, indented by depth, descriptions aligned."""
    depth: dict[str, int] = {}
    rows: list[tuple[str, str]] = []
    for path in sorted(entries, key=order):
        parent = parent_of(path, entries)
        depth[path] = depth[parent] + 1 if parent else 0
        rows.append(("  " * depth[path] + path.removeprefix(parent), entries[path]))
    width = max(len(name) for name, _ in rows) + 2
    return [f"{name:<{width}}{description}".rstrip() for name, description in rows]


def on_disk(path: str, files: list[str], names: list[str]) -> bool:
    """Whether ``path`` (a file, or a folder ending in "/") exists; a ``<game>`` path in every game."""
    if "<game>" in path:
        return all(on_disk(path.replace("<game>", name), files, names) for name in names)
    return any(f == path or (path.endswith("/") and f.startswith(path)) for f in files)


def problems(entries: dict[str, str], files: list[str]) -> list[str]:
    """What is wrong with the tree: paths missing from it, listed but gone, or listed without a description."""
    names = games(files)
    wanted = fold(required(files), names)
    found = [f"missing: {path} (run `make architecture`, then describe it)"
             for path in sorted(wanted - entries.keys(), key=order)]
    found += [f"gone: {path} is listed but not on disk (run `make architecture`)"
              for path in sorted(entries, key=order) if not on_disk(path, files, names)]
    found += [f"undescribed: {path} (write its one-line description in docs/architecture.md)"
              for path in sorted(entries, key=order) if not entries[path]]
    if entries:
        lines = zip(sorted(entries, key=order), render(entries), strict=True)
        found += [f"too long: {path} ({len(line)} characters; shorten its description to fit {WIDTH})"
                  for path, line in lines if len(line) > WIDTH]
    return found


def rewrite(entries: dict[str, str], files: list[str]) -> dict[str, str]:
    """The tree from disk: every wanted path, the descriptions kept, the paths that are gone dropped.

    A game's module that every game now has moves under ``games/<game>/`` (and back when one game
    stops having it), keeping its description.
    """
    names = games(files)
    wanted = fold(required(files), names)
    common = {p.removeprefix(GENERIC) for p in wanted if p.startswith(GENERIC)}

    def rest(path: str) -> str | None:
        return path.split("/", 4)[4] if path.startswith(GAMES) and path.count("/") > 3 else None

    kept = {p: d for p, d in entries.items() if on_disk(p, files, names)
            and (p.startswith(GENERIC) or rest(p) not in common or p in wanted)}
    for path in wanted - kept.keys():
        twins = [d for p, d in entries.items() if d and rest(p) is not None and rest(p) == rest(path)]
        kept[path] = twins[0] if twins else ""
    return kept


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="rewrite the tree in docs/architecture.md")
    args = parser.parse_args(argv)
    text = DOC.read_text(encoding="utf-8")
    lines = text.splitlines()
    start, end = block(text)
    entries = parse(lines[start + 1 : end])
    files = tracked_files(ROOT)
    if args.write:
        entries = rewrite(entries, files)
        new = [*lines[: start + 1], *render(entries), *lines[end:]]
        DOC.write_text("\n".join(new) + "\n", encoding="utf-8")
    found = problems(entries, files)
    for problem in found:
        print(f"docs/architecture.md: {problem}")
    if not found:
        print(f"docs/architecture.md: the tree lists all {len(entries)} paths, each described")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
