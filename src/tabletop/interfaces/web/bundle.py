"""The game page's scripts as one file: ``game.js``, every module it imports and the game's board, bundled.

The table is some thirty small ES modules. Fetched one by one, a phone on a slow network waits for their round trips
before it can draw anything (and Lighthouse's simulation counts every one of them before the first paint and the
board's), so the page loads one script instead: each source module becomes the body of an ``async`` function in the
bundle (its top-level names stay its own), run in the order the browser would evaluate the modules, and its imports
read the exports of the modules run before it. No build toolchain: the sources keep to the forms of import and
export below, and any other is a :class:`BundleError` naming the file and line (a test bundles every page).

    import {a, b as c} from "URL";    import * as name from "URL";    import name from "URL";
    export function|async function|const|class NAME ...    export {a, b as c};    export {a, b} from "URL";
    export default EXPRESSION;

Dynamic ``import()`` is left as it is. The game's board is in the bundle too (a board imports the table's own
modules, which must be the same instances): the bundle lists it in ``globalThis.tabletopModules`` by its address,
where ``loadBoard`` (``static/boards/index.js``) finds it. A bundle is built once per game when first asked for and
served at an address holding its content's hash, cached by browsers for a year (a new release is a new address).
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import re
from dataclasses import dataclass, field
from pathlib import Path

from fastapi import APIRouter, FastAPI, Response
from markupsafe import Markup

from tabletop.core.registry import list_games
from tabletop.interfaces.web import boards as board_files
from tabletop.interfaces.web.errors import Refused
from tabletop.interfaces.web.hub import Hub
from tabletop.interfaces.web.language import STATIC, html_page, page

log = logging.getLogger("tabletop.web")

#: the page's own module
ENTRY = "/static/game.js"
#: a bundle's address changes with its content: browsers may keep it for a year and never ask again
IMMUTABLE = {"Cache-Control": "public, max-age=31536000, immutable"}

IMPORT = re.compile(r'^import\s+(?P<names>[^;]+?)\s+from\s+"(?P<url>[^"]+)";[ \t]*$', re.MULTILINE)
REEXPORT = re.compile(r'^export\s+\{(?P<names>[^}]*)\}\s+from\s+"(?P<url>[^"]+)";[ \t]*$', re.MULTILINE)
EXPORT_LIST = re.compile(r"^export\s+\{(?P<names>[^}]*)\};[ \t]*$", re.MULTILINE)
EXPORT_DECLARED = re.compile(
    r"^export\s+(?P<kind>(?:async\s+)?function\*?|const|class)\s+(?P<name>[A-Za-z_$][\w$]*)", re.MULTILINE)
EXPORT_DEFAULT = re.compile(r"^export\s+default\s+", re.MULTILINE)
NAME = r"[A-Za-z_$][\w$]*"
LEFT = re.compile(r"^[ \t]*(?:import\b(?!\s*\()|export\b)", re.MULTILINE)  # a form none above rewrote


class BundleError(ValueError):
    """A module the bundler cannot read (a form of import or export it does not know, a cycle, a missing file)."""


@dataclass
class Module:
    url: str
    body: str
    imports: list[str] = field(default_factory=list)  # the addresses it imports, in its order
    exports: dict[str, str] = field(default_factory=dict)  # exported name -> expression in its own scope


def _names(text: str, where: str) -> list[tuple[str, str]]:
    """``a, b as c`` as [(a, a), (b, c)]."""
    pairs = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        match = re.fullmatch(rf"({NAME})(?:\s+as\s+({NAME}))?", part)
        if not match:
            raise BundleError(f"{where}: cannot read {part!r} in an import or export list")
        pairs.append((match[1], match[2] or match[1]))
    return pairs


def _line(source: str, at: int) -> int:
    return source.count("\n", 0, at) + 1


def resolve(url: str, base: str) -> str:
    """An import's address, relative ones (``./x.js``) read from the importing module's."""
    if url.startswith("./"):
        return base.rsplit("/", 1)[0] + url[1:]
    if url.startswith("/"):
        return url
    raise BundleError(f"{base}: cannot bundle the import of {url!r} (an absolute or ./ address is needed)")


def source_file(url: str) -> Path:
    """The file served at ``url``: ``/static/...`` or a board's ``/boards/<game>/...``."""
    parts = url.split("/")
    found: Path | None = None
    if url.startswith("/static/"):
        candidate = (STATIC / url.removeprefix("/static/")).resolve()
        found = candidate if candidate.is_relative_to(STATIC.resolve()) and candidate.is_file() else None
    elif url.startswith("/boards/") and len(parts) > 3:
        found = board_files.asset(parts[2], "/".join(parts[3:]))
    if found is None or found.suffix != ".js":
        raise BundleError(f"no script at {url!r} to bundle")
    return found


def read_module(url: str, source: str) -> Module:
    """One module's body with its imports and exports rewritten (``__import_<n>`` stands for an imported module)."""
    module = Module(url, source)

    def imported(match: re.Match[str]) -> str:
        where = f"{url}:{_line(source, match.start())}"
        target = resolve(match["url"], url)
        module.imports.append(target)
        names, slot = match["names"].strip(), f"__import_{len(module.imports) - 1}"
        if names.startswith("{") and names.endswith("}"):
            pairs = _names(names[1:-1], where)
            return "const {" + ", ".join(f"{a}: {b}" if a != b else a for a, b in pairs) + f"}} = {slot};"
        if star := re.fullmatch(rf"\*\s+as\s+({NAME})", names):
            return f"const {star[1]} = {slot};"
        if re.fullmatch(NAME, names):
            return f"const {names} = {slot}.default;"
        raise BundleError(f"{where}: cannot bundle this import: {match[0].strip()}")

    def reexported(match: re.Match[str]) -> str:
        target = resolve(match["url"], url)
        module.imports.append(target)
        slot = f"__import_{len(module.imports) - 1}"
        for inner, outer in _names(match["names"], f"{url}:{_line(source, match.start())}"):
            module.exports[outer] = f"{slot}.{inner}"
        return ""

    def listed(match: re.Match[str]) -> str:
        for inner, outer in _names(match["names"], f"{url}:{_line(source, match.start())}"):
            module.exports[outer] = inner
        return ""

    def declared(match: re.Match[str]) -> str:
        module.exports[match["name"]] = match["name"]
        return f"{match['kind']} {match['name']}"

    body = IMPORT.sub(imported, source)
    body = REEXPORT.sub(reexported, body)
    body = EXPORT_LIST.sub(listed, body)
    body = EXPORT_DECLARED.sub(declared, body)
    if EXPORT_DEFAULT.search(body):
        module.exports["default"] = "__default"
        body = EXPORT_DEFAULT.sub("const __default = ", body, count=1)
    if left := LEFT.search(body):
        raise BundleError(f"{url}:{_line(body, left.start())}: cannot bundle {body[left.start():].splitlines()[0]!r}")
    module.body = body
    return module


def ordered(entries: list[str]) -> list[Module]:
    """The modules ``entries`` need, each once, in the order the browser evaluates them (dependencies first)."""
    done: dict[str, Module] = {}
    visiting: list[str] = []

    def visit(url: str) -> None:
        if url in done:
            return
        if url in visiting:
            raise BundleError(f"cannot bundle a cycle of imports: {' -> '.join([*visiting, url])}")
        visiting.append(url)
        module = read_module(url, source_file(url).read_text(encoding="utf-8"))
        for target in module.imports:
            visit(target)
        visiting.pop()
        done[url] = module

    for url in entries:
        visit(url)
    return list(done.values())


def bundle(entries: list[str], listed: tuple[str, ...] = ()) -> str:
    """One ES module running ``entries`` and all they import (``listed`` ones named in globalThis.tabletopModules)."""
    modules = ordered(entries)
    slots = {module.url: f"__module_{n}" for n, module in enumerate(modules)}
    out = ["// tabletop's game page, bundled from its modules (interfaces/web/bundle.py): each one's source follows its"
           " address", "globalThis.tabletopModules = globalThis.tabletopModules || {};"]
    for module in modules:
        imports = "".join(f"const __import_{n} = {slots[url]};\n" for n, url in enumerate(module.imports))
        exports = ", ".join(f"{json.dumps(name)}: {value}" for name, value in module.exports.items())
        out.append(f"// {module.url}\nconst {slots[module.url]} = await (async () => {{\n{imports}{module.body}"
                   f"\nreturn Object.freeze({{{exports}}});\n}})();")
        if module.url in listed:
            out.append(f"globalThis.tabletopModules[{json.dumps(module.url)}] = {slots[module.url]};")
    return "\n".join(out) + "\n"


@dataclass(frozen=True)
class Bundle:
    address: str
    text: str
    board: str | None  # the board module it holds (None: the page imports the board itself, or has none)


@functools.lru_cache(maxsize=64)
def game_bundle(game: str) -> Bundle:
    """The game page's bundle for ``game``, built once (a board the bundler cannot read is left to load itself)."""
    board = board_files.board_module(game)
    try:
        text = bundle([board, ENTRY], listed=(board,)) if board else bundle([ENTRY])
    except BundleError:
        if board is None:
            raise
        log.exception("the board of %s cannot be bundled: the page imports it by itself", game)
        text, board = bundle([ENTRY]), None
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    return Bundle(f"/bundles/game-{digest}.js", text, board)


def bundle_at(address: str) -> Bundle | None:
    """The bundle served at ``address``, if it is one of this release's (any server of a deployment has them all)."""
    return next((found for game in list_games() if (found := game_bundle(game)).address == address), None)


def guide(game: str) -> Markup | None:
    """The board's "how to play" (its template, in the viewer's language), for the page to hold from the start: a
    first visit opens it without fetching it, and the browser parses it with the page, not in a script's task."""
    found = board_files.asset(game, board_files.HELP)
    return Markup(page(found.parent, found.name)) if found is not None else None  # the board's own template


def add_game_page(app: FastAPI, hub: Hub) -> None:
    """The game's page (``static/game.html``, with the game's guide) and its bundle."""
    router = APIRouter(include_in_schema=False)

    @router.get("/game/{game_id}")
    async def game_page(game_id: str) -> Response:
        room = await hub.room(game_id)
        text = guide(room.game.name)
        try:
            found = game_bundle(room.game.name)
        except BundleError:  # the table's own modules: a test bundles them, but the page still opens without
            log.exception("the game page's modules cannot be bundled: it loads them one by one")
            return html_page("game.html", bundle=None, bundled_board=None, guide=text)
        return html_page("game.html", bundle=found.address, bundled_board=found.board, guide=text)

    @router.get("/bundles/{name}")
    async def bundle_file(name: str) -> Response:
        found = bundle_at(f"/bundles/{name}")
        if found is None:
            raise Refused(f"there is no script /bundles/{name[:80]} on this server", 404)
        return Response(found.text, media_type="text/javascript", headers=IMMUTABLE)

    app.include_router(router)
