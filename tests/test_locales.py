"""The four languages' catalogs (issue 24): every message of the code translated, none stale.

The check extracts the messages afresh with Babel (``babel.cfg``, the same run as ``make locales``)
and compares them with ``messages.pot`` and each language's ``.po``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tabletop.core import i18n
from tabletop.interfaces.web import catalogs


def test_every_message_of_the_code_is_translated_in_every_language_and_none_is_stale() -> None:
    report = catalogs.check()
    assert report.total > 500  # the pages, the server and the three games' boards
    assert report.ok, str(report)
    assert [report.coverage(lang) for lang in catalogs.TRANSLATED] == [100.0, 100.0, 100.0]


def test_each_game_keeps_its_words_in_its_own_package() -> None:
    games = {d.name: d for d in catalogs.domains() if d.name != "tabletop"}
    assert len(games) >= 3
    for domain in games.values():
        assert domain.locales == domain.source / "locales"
        assert domain.template.is_file() and all(domain.po(lang).is_file() for lang in catalogs.TRANSLATED)
    # a game's message is found through the shared lookup, from the game's own catalog
    shared = (i18n.LOCALES / "de" / "LC_MESSAGES" / "messages.po").read_text(encoding="utf-8")
    assert 'msgid "Roll the Rescue die"' not in shared
    with i18n.using("de"):
        assert i18n._("Roll the Rescue die") == "Rettungswürfel werfen"


def _copy_catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the shared catalogs that the check reads instead (the games' stay as they are)."""
    locales = tmp_path / "locales"
    shutil.copytree(i18n.LOCALES, locales)
    real = catalogs.domains()
    monkeypatch.setattr(catalogs, "domains", lambda: [
        catalogs.Domain(d.name, d.source, locales) if d.locales == i18n.LOCALES else d for d in real])
    return locales


def test_the_check_fails_on_a_missing_a_stale_and_a_fuzzy_message_and_on_lost_fields(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    locales = _copy_catalogs(tmp_path, monkeypatch)
    german = locales / "de" / "LC_MESSAGES" / "messages.po"
    text = german.read_text(encoding="utf-8")
    # a message dropped (missing), one the code no longer has (stale), one a translator marked fuzzy, and a
    # translation that lost its field
    text = text.replace('msgid "Rematch"\nmsgstr "Revanche"\n', "")
    text += '\nmsgid "a message nobody says any more"\nmsgstr "eine Nachricht, die niemand mehr sagt"\n'
    text = text.replace('msgid "Save"\nmsgstr "Speichern"', '#, fuzzy\nmsgid "Save"\nmsgstr "Speichern"')
    text = text.replace('msgstr "Pass the device to {name}"', 'msgstr "x"').replace(
        'msgstr "Gib das Gerät an {name} weiter"', 'msgstr "Gib das Gerät weiter"')
    german.write_text(text, encoding="utf-8")
    report = catalogs.check()
    assert not report.ok
    assert {"Rematch", "Save"} <= set(report.missing["de"])
    assert report.stale["de"] == ["a message nobody says any more"]
    assert report.fields["de"] == ["Pass the device to {name}"]
    assert report.coverage("de") < 100.0
    assert not report.missing["fr"] and not report.stale["fr"]


def test_a_message_added_to_the_code_and_not_to_the_template_is_caught(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    locales = _copy_catalogs(tmp_path, monkeypatch)
    template = locales / "messages.pot"
    template.write_text(template.read_text(encoding="utf-8").replace('msgid "Rematch"\nmsgstr ""\n', ""),
                        encoding="utf-8")
    report = catalogs.check()
    assert report.missing["pot"] == ["Rematch"]
    assert not report.missing["de"]


def test_plural_forms_follow_each_language() -> None:
    with i18n.using("de"):
        assert [i18n.ngettext("{n} die", "{n} dice", n).format(n=n) for n in (0, 1, 2)] == [
            "0 Würfel", "1 Würfel", "2 Würfel"]
    with i18n.using("fr"):  # French counts 0 as singular
        assert [i18n.ngettext("{n} space ahead if rescued, back if not", "{n} spaces ahead if rescued, back if not",
                              n).format(n=n) for n in (0, 1, 2)] == [
            "0 case en avant si sauvé, en arrière sinon", "1 case en avant si sauvé, en arrière sinon",
            "2 cases en avant si sauvé, en arrière sinon"]
    with i18n.using("es"):
        assert i18n.ngettext("card", "cards", 0) == "cartas"
        assert i18n.ngettext("card", "cards", 1) == "carta"
    assert i18n.ngettext("card", "cards", 1) == "card"  # outside a request: English


def test_an_unknown_language_reads_as_english() -> None:
    with i18n.using("xx"):
        assert i18n.language() == "en"
        assert i18n._("Rematch") == "Rematch"
