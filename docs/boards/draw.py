"""Draw each game's packaged board for docs/boards/ and write its table of fields.

Usage: python docs/boards/draw.py            (every game with a data file and a board editor)

For each game, the board editor (``/editor/GAME``) is opened in headless Chromium on a server of its
own and its drawing of the packaged board is saved as ``docs/boards/GAME.png``; the page
``docs/boards/GAME.md`` gets the table of fields (``tabletop data schema GAME --markdown``) between its
``fields`` markers and the packaged file's content hash on its ``drawn from`` line.
tests/interfaces/test_board_docs.py checks that both are those of the packaged file now.
"""

from __future__ import annotations

import re
import socket
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
BEGIN, END = "<!-- fields: begin -->", "<!-- fields: end -->"
DRAWN = re.compile(r"drawn from the packaged file, sha256 `[0-9a-f]{64}`")


def page_text(text: str, game: str) -> str:
    """``text`` (a game's page) with its table of fields and its hash line made those of the packaged file."""
    from tabletop.core.data import data_digest
    from tabletop.core.datafile import packaged_text
    from tabletop.interfaces.cli.fields import markdown

    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    text = f"{head}{BEGIN}\n{markdown(game)}{END}{tail}"
    return DRAWN.sub(f"drawn from the packaged file, sha256 `{data_digest(packaged_text(game))}`", text)


def main() -> None:
    import uvicorn
    from playwright.sync_api import sync_playwright

    from tabletop.core.registry import list_games
    from tabletop.interfaces.web.app import create_app
    from tabletop.interfaces.web.editor import editable
    from tabletop.interfaces.web.limits import Limits

    games = [g for g in list_games() if editable(g)]
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(f"sqlite:///{folder}/draw.db", limits=Limits(bot_workers=0))
        server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        while not server.started:
            time.sleep(0.05)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS, headless=True)
                page = browser.new_page(viewport={"width": 900, "height": 900}, device_scale_factor=1)
                for game in games:
                    page.goto(f"http://127.0.0.1:{port}/editor/{game}")
                    page.wait_for_selector("body[data-ready]")
                    page.locator("#board").screenshot(path=str(HERE / f"{game}.png"))
                    doc = HERE / f"{game}.md"
                    doc.write_text(page_text(doc.read_text(encoding="utf-8"), game), encoding="utf-8")
                    print(f"{game}: {HERE / f'{game}.png'}, {doc}")
                browser.close()
        finally:
            server.should_exit = True
            thread.join(timeout=10)


if __name__ == "__main__":
    main()
