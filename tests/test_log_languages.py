"""Every word of a whole game's log in German, French and Spanish, never English (issue 24).

Each installed game is played to its end by random players; every event of its log (the
engine's message and the terms in its fields: a tile, an obstacle, a danger card's text)
must be in the language's catalogs, and the text a page shows for it (its parts, as the
web table receives them) must differ from the English. The server's notes are events too.
"""

from __future__ import annotations

import pytest

import tabletop
from tabletop.agents.random_agent import RandomAgent
from tabletop.core.events import Event, Term, entry, plain, words_of
from tabletop.core.i18n import translated, using
from tabletop.core.registry import installed_games
from tabletop.core.state import State
from tabletop.interfaces.web.actionlog import CLOCK_PLAYED, CLOCK_ROLLED, NOTES, note, note_events

LANGUAGES = ("de", "fr", "es")
SEEDS = (1, 2, 3)


def whole_games(name: str) -> list[State]:
    """Finished games of ``name``, one per seed, by random players."""
    game = tabletop.make(name)
    return [tabletop.core.play.run(game, [RandomAgent() for _ in range(game.num_players)], seed) for seed in SEEDS]


def events_of(name: str) -> list[Event]:
    seen: dict[tuple[str, tuple[str, ...]], Event] = {}
    for state in whole_games(name):
        for event in state.events():
            seen.setdefault((event.message, tuple(words_of(event))), event)
    return list(seen.values())


@pytest.mark.parametrize("name", installed_games())
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_of_a_whole_game_is_in_the_language(name: str, lang: str) -> None:
    events = events_of(name)
    assert len(events) >= 3, f"{name}: a whole game says too little to test"
    untranslated = sorted({word for event in events for word in words_of(event) if word not in translated(lang)})
    assert untranslated == [], f"{name} in {lang}: these words of the log fall back on English"
    for event in events:
        english = plain(entry(event))
        with using(lang):
            shown = plain(entry(event))
        assert shown != english, f"{name} in {lang}: {english!r} reads the same as in English"
        assert not isinstance(event.fields, tuple), f"{name}: {event.message!r} has positional fields (untranslatable)"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_servers_notes_are_read_back_and_translated(lang: str) -> None:
    stored = note(CLOCK_ROLLED, 1) + "; " + note(CLOCK_PLAYED, 0)
    events = note_events(stored)
    assert [e.message for e in events] == [CLOCK_ROLLED, CLOCK_PLAYED] and [e.fields for e in events] == [
        {"seat": 1}, {"seat": 0}]
    assert all(message in translated(lang) for message in NOTES)
    with using(lang):
        parts = entry(events[0])["parts"]
    assert parts[0] == {"seat": 1} and isinstance(parts[1], str) and "turn clock" not in parts[1]


def test_a_danger_card_and_a_tile_are_shown_in_the_viewers_language() -> None:
    """A term in an event's fields is translated with its message; a seat stays a seat for the page to name."""
    card = Event('{seat} draws danger card {card}: "{message}" (symbol {symbol}, number {number})',
                 {"seat": 2, "card": 1, "message": Term("A snake uncoils from the chandelier."),
                  "symbol": Term("saber"), "number": 3})
    with using("de"):
        parts = entry(card)["parts"]
    assert parts[0] == {"seat": 2}
    assert "Schlange" in parts[1] and "Gefahrenkarte" in parts[1] and "snake" not in parts[1]
    notation = Event("{seat} falls to {pad}", {"seat": 0, "pad": "B9"})
    with using("fr"):
        assert entry(notation)["parts"][1].endswith("B9")  # a pad's name is notation: the same in every language
        assert entry(notation)["key"] == "{seat} falls to {pad}" and entry(notation)["fields"]["pad"] == "B9"
