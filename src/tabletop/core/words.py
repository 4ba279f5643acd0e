"""Words with numbers in them, for people, in one place: every count a front end writes goes through
:func:`plural`, so a language's plural rules live here and nowhere else (the pages' own helper is
``static/words.js``).

>>> plural(1, "roll", "rolls"), plural(8, "roll", "rolls"), plural(0, "other player", "other players")
('1 roll', '8 rolls', '0 other players')
>>> word(1, "makes", "make"), ordinal(1), ordinal(2), ordinal(3), ordinal(11), ordinal(22)
('makes', '1st', '2nd', '3rd', '11th', '22nd')
>>> listing(["Ann"]), listing(["Ann", "Bob"]), listing(["Ann", "Bob", "Cy"])
('Ann', 'Ann and Bob', 'Ann, Bob and Cy')

In another language (:mod:`tabletop.core.i18n`) the words come from its catalog:

>>> from tabletop.core.i18n import using
>>> with using("de"):
...     plural(1000, "space", "spaces"), ordinal(2), listing(["Ann", "Bob", "Cy"])
('1.000 Felder', '2.', 'Ann, Bob und Cy')
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.core.i18n import language, ngettext


def word(n: int, one: str, other: str) -> str:
    """The form of a word that goes with the number ``n`` (English: ``one`` for 1, else ``other``)."""
    return one if n == 1 else other


def plural(n: int, one: str, other: str) -> str:
    """``n`` and the form of the word that goes with it: "1 roll", "8 rolls", "1,000 iterations".

    The words are messages of the catalogs (``make locales`` finds every ``plural(n, "one", "other")``).
    """
    return f"{number(n)} {ngettext(one, other, n)}"


def number(n: int) -> str:
    """"1,000" in English, "1.000" in German, "1 000" in French: a count as the current language writes it."""
    lang = language()
    if lang == "en":
        return f"{n:,}"
    try:
        from babel.numbers import format_decimal
    except ImportError:
        return f"{n:,}"
    return str(format_decimal(n, locale=lang))


def ordinal(n: int) -> str:
    """A place: "1st", "2nd", "3rd", "4th", "11th" ("1.", "1er"/"2e", "1.º" in German, French, Spanish)."""
    lang = language()
    if lang == "de":
        return f"{n}."
    if lang == "fr":
        return f"{n}er" if n == 1 else f"{n}e"
    if lang == "es":
        return f"{n}.º"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def listing(items: Sequence[str]) -> str:
    """"Ann", "Ann and Bob", "Ann, Bob and Cy"."""
    if len(items) < 2:
        return items[0] if items else ""
    lang = language()
    if lang != "en":
        try:
            from babel.lists import format_list
        except ImportError:
            pass
        else:
            return str(format_list(list(items), locale=lang))
    return f"{', '.join(items[:-1])} and {items[-1]}"


def places(values: Sequence[float]) -> list[int]:
    """Each entry's place when the highest value is first; equal values share a place ("1st, 1st, 3rd").

    >>> places([10, 30, 30, 5])
    [3, 1, 1, 4]
    """
    return [1 + sum(1 for other in values if other > value) for value in values]
