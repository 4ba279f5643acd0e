"""docs/boards/: one page per game with a board editor, its drawing and its table of fields those of the packaged
file now (``python docs/boards/draw.py`` makes them again after the packaged file changes)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.core.data import data_digest
from tabletop.core.datafile import packaged_text
from tabletop.core.registry import list_games
from tabletop.interfaces.cli.fields import fields, markdown
from tabletop.interfaces.web.editor import editable

DOCS = Path(__file__).resolve().parents[2] / "docs"
EDITABLE = [g for g in list_games() if editable(g)]


def test_the_three_games_have_a_board_editor() -> None:
    assert {"jumanji", "doodle-jump", "donkey-kong"} <= set(EDITABLE)


@pytest.mark.parametrize("game", EDITABLE)
def test_each_game_has_a_page_with_the_packaged_boards_drawing_and_every_field(game: str) -> None:
    page = (DOCS / "boards" / f"{game}.md").read_text(encoding="utf-8")
    assert f"drawn from the packaged file, sha256 `{data_digest(packaged_text(game))}`" in page, (
        "the packaged file changed: run python docs/boards/draw.py")
    assert f"({game}.png)" in page and (DOCS / "boards" / f"{game}.png").stat().st_size > 10_000
    table = page.split("<!-- fields: begin -->\n", 1)[1].split("<!-- fields: end -->", 1)[0]
    assert table == markdown(game), "the fields changed: run python docs/boards/draw.py"
    assert f"(boards/{game}.md)" in (DOCS / "boards.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", EDITABLE)
def test_the_table_names_every_field_and_marks_the_provisional_ones(game: str) -> None:
    rows = fields(game)
    assert all(len(row.meaning) >= 10 for row in rows)
    assert any(row.provisional for row in rows) and not all(row.provisional for row in rows)
    assert not any(row.provisional for row in rows if row.name.rsplit(".", 1)[-1] in ("note", "source"))
