"""A game's data identified by its content hash, and one field changed by its dotted name, validated as a file is."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import tabletop
from tabletop.core.data import canonical_json, content_hash, field_value, toml_text, with_field
from tabletop.core.errors import DataFileError

GAMES = ("jumanji", "doodle-jump", "donkey-kong")


@pytest.mark.parametrize("name", GAMES)
def test_a_games_data_written_back_as_toml_loads_to_the_same_hash(name: str, tmp_path: Path) -> None:
    game = tabletop.make(name)
    model = game.data_model()
    assert model is not None and game.data_hash() == content_hash(model)
    (tmp_path / "copy.toml").write_text(toml_text(model))
    again = tabletop.make(name, data=str(tmp_path / "copy.toml"))
    assert again.data_hash() == game.data_hash()  # another file, another layout: the same content


def test_the_hash_ignores_layout_comments_and_spelled_out_defaults_but_not_content(tmp_path: Path) -> None:
    packaged = tabletop.make("jumanji")
    model = packaged.data_model()
    assert model is not None
    text = "# a comment of my own\n\n" + re.sub(r"^(\w+) = ", r"\1   =   ", toml_text(model), flags=re.M)
    (tmp_path / "spaced.toml").write_text(text)
    assert tabletop.make("jumanji", data=str(tmp_path / "spaced.toml")).data_hash() == packaged.data_hash()
    fewer = with_field(model, "timer.default_rescue_rolls", 6)
    assert content_hash(fewer) != content_hash(model) and content_hash(fewer).startswith("sha256:")
    assert canonical_json(model).startswith('{"board":')  # keys sorted, no spaces


def test_one_field_is_changed_by_its_dotted_name_and_checked_by_the_model() -> None:
    model = tabletop.make("jumanji").data_model()
    assert model is not None
    assert field_value(with_field(model, "grid.places", 5), "grid.places") == 5
    assert field_value(model, "deck.cards.0.number") == model.deck.cards[0].number  # type: ignore[attr-defined]
    changed = with_field(model, "deck.cards.0.number", 7)
    assert field_value(changed, "deck.cards.0.number") == 7
    assert field_value(changed, "deck.cards.1.number") == field_value(model, "deck.cards.1.number")
    with pytest.raises(DataFileError, match="grid.places = 0 is refused"):
        with_field(model, "grid.places", 0)
    with pytest.raises(DataFileError, match="'grid' has the fields places, source, status"):
        with_field(model, "grid.size", 3)
    with pytest.raises(DataFileError, match="a list of 30, named by an index from 0 to 29"):
        with_field(model, "deck.cards.30.number", 3)
    with pytest.raises(DataFileError, match="is a value, not a table"):
        with_field(model, "grid.places.more", 3)
    with pytest.raises(DataFileError, match="named like timer.seconds"):
        with_field(model, "grid..places", 3)


def test_a_field_the_game_refuses_beyond_its_model_is_refused_when_the_game_loads_it(tmp_path: Path) -> None:
    """The cross-checks of a game's own loader run too: the board is written and loaded as any file."""
    from tabletop.analysis.parameters import GameMaker, parse_parameter

    parameter = parse_parameter("data.grid.places=2..40", "jumanji", {})
    maker = GameMaker("jumanji", {"challenge_cards": 3}, parameter, tmp_path)
    assert maker(8).data_hash() != tabletop.make("jumanji").data_hash()
    with pytest.raises(tabletop.core.errors.TabletopError):
        maker(2)  # three challenge cards need more than two grid places


def test_writing_toml_without_its_extra_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    model = tabletop.make("jumanji").data_model()
    assert model is not None
    monkeypatch.setitem(sys.modules, "tomli_w", None)  # as if it were not installed
    with pytest.raises(DataFileError, match=r"needs tomli-w: pip install 'tabletop\[analysis\]'"):
        toml_text(model)
