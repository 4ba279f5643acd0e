"""Players' names: what a name may be, and when two names are one (no look-alike impersonation).

A name is cleaned (Unicode NFKC, spaces collapsed) and checked: its length (``data/names.toml``),
its characters (letters, digits, marks, and the separators space ``-`` ``_`` ``.`` ``'``), at
least one letter, and not a reserved word. Two names are the same name when their **key** is
the same: NFKC, case folded, accents dropped, each character replaced by the Latin letter or
digit it looks like (Unicode's confusables table, shipped by ``confusable-homoglyphs``), a few
ASCII look-alikes folded (``0``/``o``, ``1``/``l``/``i``, ``rn``/``m``, ``vv``/``w``), and the
separators dropped. So ``Anna``, ``ANNA``, ``anna_`` and ``Аnna`` (a Cyrillic А) are one name.

>>> key("Anna") == key("ANNA") == key("an-na") == key("\\u0410nna")
True
>>> key("Bob") == key("B0b"), key("Bill") == key("BiII")
(True, True)
>>> check_name("  Zoë   Smith ")
'Zoë Smith'
>>> try:
...     check_name("Bot 7")
... except BadName as exc:
...     print(exc)
"Bot 7" is reserved (it reads like one of the server's bots or roles)
"""

from __future__ import annotations

import json
import tomllib
import unicodedata
from functools import cache
from importlib import resources
from pathlib import Path

from tabletop.core.i18n import _

DATA = Path(__file__).resolve().parent / "data" / "names.toml"
SEPARATORS = frozenset(" -_.'")
#: ASCII letters and digits that read alike, folded after the confusables (UTS #39 treats them so)
ASCII_FOLDS = (("rn", "m"), ("vv", "w"), ("0", "o"), ("1", "l"), ("i", "l"), ("|", "l"))


class BadName(ValueError):
    """A name that may not be taken, and why."""


@cache
def rules() -> dict[str, object]:
    with DATA.open("rb") as f:
        return tomllib.load(f)


@cache
def _lookalikes() -> dict[str, str]:
    """Each character that looks like a Latin letter or a digit, and that letter (case folded)."""
    raw = json.loads(resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8"))
    table: dict[str, str] = {}
    for char, glyphs in raw.items():
        if len(char) != 1 or (char.isascii() and char.isalnum()):
            continue
        for glyph in glyphs:
            target = str(glyph["c"]).casefold()
            if len(target) == 1 and target.isascii() and target.isalnum():
                table[char] = target
                break
    return table


def clean(name: str) -> str:
    """The name as it will be shown: NFKC, spaces collapsed and trimmed."""
    return " ".join(unicodedata.normalize("NFKC", name).split())


def key(name: str) -> str:
    """What two names must differ in to be two names (see the module's docstring)."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    lookalikes = _lookalikes()
    chars = []
    for char in unicodedata.normalize("NFKD", folded):
        if unicodedata.category(char).startswith("M") or char in SEPARATORS or char.isspace():
            continue
        chars.append(lookalikes.get(char, char))
    text = "".join(chars)
    for old, new in ASCII_FOLDS:
        text = text.replace(old, new)
    return text


def _reserved(name_key: str) -> bool:
    words = {key(str(w)) for w in rules()["reserved"]}  # type: ignore[attr-defined]
    if name_key in words:
        return True
    for prefix in rules()["reserved_prefixes"]:  # type: ignore[attr-defined]
        stem = key(str(prefix))
        if name_key.startswith(stem) and (len(name_key) == len(stem) or not name_key[len(stem)].isalpha()):
            return True
    return False


def check_name(name: str) -> str:
    """The name cleaned (:func:`clean`), or :class:`BadName` saying why it may not be taken."""
    shown = clean(name)
    low, high = int(rules()["min_length"]), int(rules()["max_length"])  # type: ignore[call-overload]
    if not low <= len(shown) <= high:
        raise BadName(_("a name has {low} to {high} characters (this one has {n})").format(
            low=low, high=high, n=len(shown)))
    for char in shown:
        kind = unicodedata.category(char)
        if not (kind[0] in "LMN" or char in SEPARATORS):
            raise BadName(_("a name may hold letters, digits, spaces and - _ . ' only, not {char}").format(
                char=repr(char)))
    if not any(unicodedata.category(c).startswith("L") for c in shown):
        raise BadName(_("a name needs at least one letter"))
    if _reserved(key(shown)):
        raise BadName(_('"{name}" is reserved (it reads like one of the server\'s bots or roles)').format(name=shown))
    return shown
