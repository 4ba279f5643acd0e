"""Helpers every position reader shares: bounded numbers and the outer checks on a text.

A position text comes from users, files and the network, so a reader accepts only
what the game can reach: ASCII text of bounded size, numbers written in ASCII digits
and within the range the rules allow. Anything else is a :class:`NotationError`
naming the field.
"""

from __future__ import annotations

from tabletop.core.errors import NotationError

#: The longest position text accepted (the longest real position is under 2 kB).
MAX_POSITION_CHARS = 20_000


def check_position_text(text: object, game: str) -> str:
    """``text`` itself if it can be a position of ``game``: a bounded ASCII string."""
    if not isinstance(text, str):
        raise NotationError(f"a {game} position is text, not {type(text).__name__}")
    if len(text) > MAX_POSITION_CHARS:
        raise NotationError(f"a {game} position is at most {MAX_POSITION_CHARS} characters, not {len(text)}")
    if not text.isascii():
        where = next(i for i, ch in enumerate(text) if not ch.isascii())
        raise NotationError(f"a {game} position is ASCII text; found {text[where]!r} at character {where + 1}")
    if "\x00" in text:
        raise NotationError(f"a {game} position has no NUL character (found one at character {text.index(chr(0)) + 1})")
    return text


def parse_int(text: str, field: str, low: int, high: int) -> int:
    """The whole number ``text`` names, if it lies in ``low..high``; else a :class:`NotationError` naming ``field``.

    Only ASCII digits are read (with a leading ``-`` when ``low`` is negative), and a
    number longer than ``high`` is refused before it is converted.

    >>> parse_int("12", "turn", 1, 500)
    12
    >>> parse_int("٣", "turn", 1, 500)
    Traceback (most recent call last):
    ...
    tabletop.core.errors.NotationError: turn must be a whole number from 1 to 500, not '٣'
    """
    digits = text[1:] if low < 0 and text.startswith("-") else text
    if (
        not digits
        or not digits.isascii()
        or not digits.isdigit()
        or len(digits) > max(len(str(high)), len(str(low)))
        or not low <= int(text) <= high
    ):
        shown = text if len(text) <= 24 else text[:20] + "..."
        raise NotationError(f"{field} must be a whole number from {low} to {high}, not {shown!r}")
    return int(text)
