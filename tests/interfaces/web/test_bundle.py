"""The game page's scripts in one bundle (``interfaces/web/bundle.py``): built from the page's modules for every game,
each module once, after everything it imports; served under its content's hash with a year's cache; and the page
loads and plays through it, asking for none of the modules one by one."""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from table_pages import answer, close_help, create_by_api, tap
from tabletop.core.registry import list_games
from tabletop.interfaces.web.boards import board_module
from tabletop.interfaces.web.bundle import ENTRY, LEFT, BundleError, bundle, game_bundle, read_module, source_file
from web_api import bundle_address, create

HEADER = re.compile(r"^// (/\S+\.js)\nconst __module_\d+ = await \(async \(\) => \{$", re.MULTILINE)
IMPORTS = re.compile(r'^(?:import|export)\s+[^;]*?\s+from\s+"([^"]+)";', re.MULTILINE)


def modules_in(text: str) -> list[str]:
    return HEADER.findall(text)


def imports_of(url: str) -> list[str]:
    """What a module imports, read from its source file (relative addresses made whole)."""
    found = IMPORTS.findall(source_file(url).read_text(encoding="utf-8"))
    return [url.rsplit("/", 1)[0] + target[1:] if target.startswith("./") else target for target in found]


@pytest.mark.parametrize("game", list_games())
def test_every_games_page_bundles_each_module_once_after_what_it_imports(game: str) -> None:
    found = game_bundle(game)
    order = modules_in(found.text)
    assert len(order) == len(set(order)), "a module bundled twice"
    assert order[-1] == ENTRY and "/static/i18n.js" in order and "/static/table/stage.js" in order
    board = board_module(game)
    assert found.board == board and (board is None or board in order)
    if board:
        assert f"globalThis.tabletopModules[{board!r}] = ".replace("'", '"') in found.text
    for at, url in enumerate(order):  # the browser's order: whatever a module imports has run before it
        for target in imports_of(url):
            assert target in order[:at], f"{url} imports {target}, which is not bundled before it"
    assert set(order) == {ENTRY, *([board] if board else []), *(t for url in order for t in imports_of(url))}
    assert LEFT.search(found.text) is None, "an import or export statement left in the bundle"
    assert re.fullmatch(r"/bundles/game-[0-9a-f]{16}\.js", found.address)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed (make test installs it for axe)")
def test_each_bundle_is_a_valid_es_module(tmp_path: Path) -> None:
    for game in list_games():
        path = tmp_path / f"{game}.mjs"
        path.write_text(game_bundle(game).text, encoding="utf-8")
        checked = subprocess.run(["node", "--check", str(path)], capture_output=True, text=True, check=False)
        assert checked.returncode == 0, f"{game}: {checked.stderr}"


def test_a_module_becomes_a_function_body_reading_its_imports() -> None:
    source = ('import {a, b as c} from "/static/x.js";\nimport * as all from "./y.js";\nimport d from "/static/z.js";\n'
              'export function f() { return a + c; }\nexport const K = 1;\nconst g = 2;\nexport {g, g as h};\n'
              'export {m} from "./w.js";\nexport default f;\n')
    module = read_module("/static/dir/m.js", source)
    assert module.imports == ["/static/x.js", "/static/dir/y.js", "/static/z.js", "/static/dir/w.js"]
    assert module.exports == {"f": "f", "K": "K", "g": "g", "h": "g", "m": "__import_3.m", "default": "__default"}
    assert module.body == ("const {a, b: c} = __import_0;\nconst all = __import_1;\nconst d = __import_2.default;\n"
                           "function f() { return a + c; }\nconst K = 1;\nconst g = 2;\n\n\nconst __default = f;\n")


@pytest.mark.parametrize("source", ['export * from "./x.js";\n', 'export let n = 1;\n', 'import "/static/x.js";\n',
                                    'import a, {b} from "/static/x.js";\n', 'import {a} from "x.js";\n'])
def test_a_form_the_bundler_does_not_know_is_an_error_naming_the_line(source: str) -> None:
    with pytest.raises(BundleError, match=r"/static/m\.js|x\.js"):
        read_module("/static/m.js", "const ok = 1;\n" + source)


def test_a_cycle_or_a_missing_module_is_an_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "a.js").write_text('import {b} from "/static/b.js";\nexport const a = 1;\n')
    (tmp_path / "b.js").write_text('import {a} from "/static/a.js";\nexport const b = 2;\n')
    monkeypatch.setattr("tabletop.interfaces.web.bundle.STATIC", tmp_path)
    with pytest.raises(BundleError, match=r"cycle of imports: /static/a\.js -> /static/b\.js -> /static/a\.js"):
        bundle(["/static/a.js"])
    with pytest.raises(BundleError, match="no script at '/static/c.js'"):
        bundle(["/static/c.js"])


def test_the_bundle_is_served_under_its_hash_for_a_year(open_client: Any) -> None:
    client: TestClient = open_client()
    game = create(client, "race", [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}])["id"]
    page = client.get(f"/game/{game}")
    address = bundle_address(page.text)
    assert 'rel="modulepreload"' not in page.text and page.headers["cache-control"] == "no-cache"
    served = client.get(address)
    assert served.status_code == 200 and served.text == game_bundle("race").text
    assert served.headers["content-type"].startswith("text/javascript")
    assert served.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert client.get("/bundles/game-0000000000000000.js").status_code == 404


@pytest.mark.parametrize("game", [g for g in ("doodle-jump", "donkey-kong") if g in list_games()])
def test_the_page_loads_and_plays_through_its_bundle_alone(browser: Any, server: Any, game: str) -> None:
    """No module of the table or the board is fetched by itself: the board is drawn and a move is made."""
    link, _ = create_by_api(server, game, "random")
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    try:
        tab = context.new_page()
        tab.set_default_timeout(15_000)
        scripts: list[str] = []
        asked: list[str] = []
        tab.on("request", lambda request: scripts.append(request.url.split("/", 3)[3])
               if request.resource_type == "script" else None)
        tab.on("request", lambda request: asked.append(request.url))
        errors: list[str] = []
        tab.on("pageerror", lambda error: errors.append(str(error)))
        tab.goto(link)
        tab.wait_for_selector("#board svg.board .fixed-layer", state="attached")
        tab.wait_for_selector("dialog#help[open] .help-text ol")  # a first visit: the guide, which the page holds
        assert not [url for url in asked if "how-to-play" in url], asked
        close_help(tab, "desktop")
        deadline = time.monotonic() + 20
        while not ((state := answer(tab))["mine"] and state["found"] and state["found"]["reached"]):
            assert time.monotonic() < deadline, f"nothing to answer: {state['status']}"
            tab.wait_for_timeout(50)
        assert tab.evaluate(f"Boolean(window.tabletopModules[{board_module(game)!r}].draw)")  # the bundle's board
        before = len(tab.evaluate("document.querySelector('#log').textContent"))
        tap(tab, state["found"]["x"], state["found"]["y"], "desktop")
        tab.wait_for_function("(before) => document.querySelector('#log').textContent.length > before", arg=before)
        assert errors == []
        assert scripts == [bundle_address(tab.content()).lstrip("/")], scripts
    finally:
        context.close()


def test_a_board_the_bundler_cannot_read_loads_by_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(url: str, source: str) -> Any:
        if url.startswith("/boards/"):
            raise BundleError(f"{url}:1: cannot bundle")
        return read_module_before(url, source)

    read_module_before = read_module
    monkeypatch.setattr("tabletop.interfaces.web.bundle.read_module", refuse)
    game_bundle.cache_clear()
    try:
        found = game_bundle("donkey-kong" if "donkey-kong" in list_games() else list_games()[0])
        assert found.board is None and all(not url.startswith("/boards/") for url in modules_in(found.text))
    finally:
        game_bundle.cache_clear()
