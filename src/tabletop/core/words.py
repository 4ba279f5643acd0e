"""Words with numbers in them, for people, in one place: every count a front end writes goes through
:func:`plural`, so a language's plural rules live here and nowhere else (the pages' own helper is
``static/words.js``).

>>> plural(1, "roll", "rolls"), plural(8, "roll", "rolls"), plural(0, "other player", "other players")
('1 roll', '8 rolls', '0 other players')
>>> word(1, "makes", "make"), ordinal(1), ordinal(2), ordinal(3), ordinal(11), ordinal(22)
('makes', '1st', '2nd', '3rd', '11th', '22nd')
>>> listing(["Ann"]), listing(["Ann", "Bob"]), listing(["Ann", "Bob", "Cy"])
('Ann', 'Ann and Bob', 'Ann, Bob and Cy')
"""

from __future__ import annotations

from collections.abc import Sequence


def word(n: int, one: str, other: str) -> str:
    """The form of a word that goes with the number ``n`` (English: ``one`` for 1, else ``other``)."""
    return one if n == 1 else other


def plural(n: int, one: str, other: str) -> str:
    """``n`` and the form of the word that goes with it: "1 roll", "8 rolls", "1,000 iterations"."""
    return f"{n:,} {word(n, one, other)}"


def ordinal(n: int) -> str:
    """A place: "1st", "2nd", "3rd", "4th", "11th"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def listing(items: Sequence[str]) -> str:
    """"Ann", "Ann and Bob", "Ann, Bob and Cy"."""
    if len(items) < 2:
        return items[0] if items else ""
    return f"{', '.join(items[:-1])} and {items[-1]}"


def places(values: Sequence[float]) -> list[int]:
    """Each entry's place when the highest value is first; equal values share a place ("1st, 1st, 3rd").

    >>> places([10, 30, 30, 5])
    [3, 1, 1, 4]
    """
    return [1 + sum(1 for other in values if other > value) for value in values]
