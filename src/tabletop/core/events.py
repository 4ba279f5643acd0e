"""The event log's entries: what happened, as a message with named fields, for people in any language.

A game records an event with ``State._log(message, **fields)``. ``message`` is English with
``{name}`` fields, and it is the event's key: the same message for the same kind of event,
whatever the values (``"{seat} rolls {n} to space {space}"``), so a front end can find an
event by its key and read its fields, never by parsing a sentence. The message is also a
gettext message of the game's catalog (``make locales`` extracts every ``_log`` call), so a
translator may move the fields.

Two kinds of field are read differently from the others:

- a field named ``seat`` or ending in ``_seat`` holds a seat number, and one named ``seats`` or
  ending in ``_seats`` a list of them. In English text a seat reads "seat 0", as the engine has
  always counted; a front end puts the player's name there (:func:`entry` keeps it apart);
- a :class:`Term` is a term of the game (an obstacle, a tile, a danger card's text): it is
  translated with the message. Any other string (a space's name such as ``C7``, a dice
  notation such as ``1+4``) is notation and reads the same in every language.

The log's cost is one tuple per event: nothing is formatted until someone reads it.

>>> e = Event("{seat} lands on a {tile} at {pad}", {"seat": 1, "tile": Term("Trampoline"), "pad": "B9"})
>>> english(e)
'seat 1 lands on a Trampoline at B9'
>>> entry(e)["parts"]
[{'seat': 1}, ' lands on a Trampoline at B9']
>>> from tabletop.core.i18n import using
>>> with using("de"):
...     english(e) == str(e), entry(Event("{seats} tie and roll again", {"seats": [0, 2]}))["parts"]
(True, [{'seats': [0, 2]}, ' sind gleichauf und würfeln erneut'])
"""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple

from tabletop.core.i18n import gettext

_FORMATTER = string.Formatter()


class Term(str):
    """A word of the game shown to people (translated with the log's message), not notation.

    >>> Term("barrel") == "barrel", isinstance(Term("barrel"), str)
    (True, True)
    """

    __slots__ = ()


def is_seat(name: str) -> bool:
    """Whether a field holds one seat (``seat``, ``other_seat``)."""
    return name == "seat" or name.endswith("_seat")


def is_seats(name: str) -> bool:
    """Whether a field holds a list of seats (``seats``, ``tied_seats``)."""
    return name == "seats" or name.endswith("_seats")


class Event(NamedTuple):
    """One entry of the log: its message (the key) and its fields' values (by name; a tuple for a message
    with positional ``{}`` fields, which reads the same in every language)."""

    message: str
    fields: Mapping[str, Any] | tuple[Any, ...]

    def __str__(self) -> str:
        return english(self)


@functools.lru_cache(maxsize=4096)
def _parsed(template: str) -> tuple[tuple[str, str | None, str], ...]:
    return tuple((literal, name, spec or "") for literal, name, spec, _conv in _FORMATTER.parse(template))


def _seat_text(n: int) -> str:
    return f"seat {n}"


def _seats_text(seats: Iterable[int]) -> str:
    names = [str(s) for s in seats]
    return "seats " + (f"{', '.join(names[:-1])} and {names[-1]}" if len(names) > 1 else "".join(names))


def english(event: Event) -> str:
    """The event in the engine's English ("seat 0 rolls 5 to space 12"): the CLI's log and ``State.log()``."""
    if isinstance(event.fields, tuple):
        return event.message.format(*event.fields)
    out: list[str] = []
    for literal, name, spec in _parsed(event.message):
        out.append(literal)
        if name is None:
            continue
        value = event.fields[name]
        if is_seat(name):
            out.append(_seat_text(value))
        elif is_seats(name):
            out.append(_seats_text(value))
        else:
            out.append(format(value, spec))
    return "".join(out)


def entry(event: Event, translate: Callable[[str], str] = gettext) -> dict[str, Any]:
    """The event for a front end, in the current language.

    ``key`` and ``fields`` are the event itself (a board finds "the last roll" by its key and reads
    its seat); ``parts`` is its text in the current language: strings, and ``{"seat": n}`` or
    ``{"seats": [..]}`` where a player is named (the page writes the player's name there).
    """
    if isinstance(event.fields, tuple):
        return {"key": event.message, "fields": {}, "parts": [event.message.format(*event.fields)]}
    parts: list[Any] = []
    for literal, name, spec in _parsed(translate(event.message)):
        _add(parts, literal)
        if name is None:
            continue
        if name not in event.fields:  # a translation naming a field the event lacks (the catalog check forbids it)
            _add(parts, "{" + name + "}")
            continue
        value = event.fields[name]
        if is_seat(name):
            parts.append({"seat": int(value)})
        elif is_seats(name):
            parts.append({"seats": [int(s) for s in value]})
        else:
            _add(parts, format(translate(value) if isinstance(value, Term) else value, spec))
    return {"key": event.message, "fields": dict(event.fields), "parts": parts}


def plain(view_entry: Mapping[str, Any]) -> str:
    """An :func:`entry`'s text with its players as the engine names them ("seat 0"): what a page shows, before
    it writes the players' names (for tests and for a reader with no names to give).

    >>> plain(entry(Event("{seat} knocks {other_seat} off {pad}", {"seat": 0, "other_seat": 2, "pad": "B9"})))
    'seat 0 knocks seat 2 off B9'
    """
    return "".join(part if isinstance(part, str) else _seats_text(part["seats"]) if "seats" in part
                   else _seat_text(part["seat"]) for part in view_entry["parts"])


def _add(parts: list[Any], text: str) -> None:
    if not text:
        return
    if parts and isinstance(parts[-1], str):
        parts[-1] += text
    else:
        parts.append(text)


def words_of(event: Event) -> list[str]:
    """What of the event a translator must translate: its message and its :class:`Term` fields."""
    if isinstance(event.fields, tuple):
        return []
    return [event.message, *(v for v in event.fields.values() if isinstance(v, Term))]


@functools.lru_cache(maxsize=256)
def _pattern(template: str) -> re.Pattern[str]:
    """A regular expression that reads the English text of ``template`` back into its fields."""
    out = []
    for literal, name, _spec in _parsed(template):
        out.append(re.escape(literal))
        if name is None:
            continue
        if is_seat(name):
            out.append(rf"seat (?P<{name}>\d+)")
        else:
            out.append(rf"(?P<{name}>.+?)")
    return re.compile("".join(out))


def read_english(text: str, templates: Iterable[str]) -> Event:
    """An event read back from its English text (the server's notes are stored as text), by the first of
    ``templates`` it matches (seat fields as numbers, others as strings); unmatched, the text is its own message.

    >>> read_english("seat 2 is away", ["{seat} is away"])
    Event(message='{seat} is away', fields={'seat': 2})
    >>> read_english("it rained", ["{seat} is away"])
    Event(message='it rained', fields={})
    """
    for template in templates:
        found = _pattern(template).fullmatch(text)
        if found:
            fields = {k: int(v) if is_seat(k) else v for k, v in found.groupdict().items()}
            return Event(template, fields)
    return Event(text.replace("{", "{{").replace("}", "}}"), {})
