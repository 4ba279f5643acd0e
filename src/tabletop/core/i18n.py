"""Words for people in four languages: gettext catalogs (``locales/<lang>/LC_MESSAGES/messages.po``).

The shared words (the pages, the server) are in ``src/tabletop/locales``; each game keeps its own
words in its own package (``games/<game>/locales``), so a new game brings its catalog and changes
no other file. A message is looked up in the shared catalog first, then in each game's.

Every string a front end shows goes through :func:`gettext` (``_``) or :func:`ngettext` (a
count: the language's plural forms), in the language of the current request: a
:class:`~contextvars.ContextVar` that the web server sets per request and per WebSocket
(:func:`using`). Outside a request the language is English, the messages' own language, and
nothing is loaded. The catalogs are the ``.po`` files themselves, read with Babel when a
language is first asked for (``make locales`` extracts, updates and checks them; there is no
compiled file to forget). Without Babel installed (the ``web`` extra) every language reads as
English.

A message is written in English with ``{name}`` fields and formatted after translation, so a
translator can move the fields: ``_("{name} to roll").format(name=...)``.

>>> with using("de"):
...     _("Rematch"), ngettext("{n} die", "{n} dice", 3).format(n=3)
('Revanche', '3 Würfel')
>>> _("Rematch"), language()
('Rematch', 'en')
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext as _gettext
import io
from collections.abc import Iterator
from pathlib import Path

#: the languages of the pages, English (the messages' own) first
LANGUAGES = ("en", "de", "fr", "es")
#: each language's name in itself, for the language setting
NAMES = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español"}
#: where the catalogs live (``messages.pot`` and ``<lang>/LC_MESSAGES/messages.po``)
LOCALES = Path(__file__).resolve().parent.parent / "locales"
DOMAIN = "messages"

_language: contextvars.ContextVar[str] = contextvars.ContextVar("tabletop_language", default="en")


def language() -> str:
    """The language of the current request (``"en"`` outside one)."""
    return _language.get()


@contextlib.contextmanager
def using(lang: str) -> Iterator[None]:
    """Speak ``lang`` inside the block (an unknown language is English)."""
    token = _language.set(lang if lang in LANGUAGES else "en")
    try:
        yield
    finally:
        _language.reset(token)


def set_language(lang: str) -> contextvars.Token[str]:
    """Speak ``lang`` from now on in this context (a request's or a socket's task); see :func:`using`."""
    return _language.set(lang if lang in LANGUAGES else "en")


def po_path(lang: str, root: Path = LOCALES) -> Path:
    return root / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def catalog_roots() -> list[Path]:
    """Every ``locales`` directory: the shared one, then each installed game's (in its package)."""
    import inspect

    from tabletop.core.registry import game_class, installed_games

    roots = [LOCALES]
    for name in installed_games():
        try:
            home = Path(inspect.getfile(game_class(name))).resolve().parent
        except Exception:  # a game that cannot load has no words to give
            continue
        while home.name != "games" and (home.parent / "__init__.py").is_file() and home.parent.name != "games":
            home = home.parent  # the game's package, above the module that defines its class
        if (home / "locales").is_dir() and home / "locales" not in roots:
            roots.append(home / "locales")
    return roots


def _read(path: Path, lang: str) -> _gettext.GNUTranslations:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return _gettext.GNUTranslations(buffer)


@functools.cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The catalogs of ``lang``, read from their ``.po`` files once (fuzzy entries left out, as ``msgfmt`` does):
    the shared one, falling back on each game's."""
    if lang == "en":
        return _gettext.NullTranslations()
    try:
        import babel  # noqa: F401
    except ImportError:  # the rules and the terminal need no Babel: everything reads as English
        return _gettext.NullTranslations()
    first: _gettext.NullTranslations | None = None
    for root in catalog_roots():
        path = po_path(lang, root)
        if path.is_file():
            found = _read(path, lang)
            if first is None:
                first = found
            else:
                first.add_fallback(found)
    return first or _gettext.NullTranslations()


def gettext(message: str) -> str:
    """``message`` in the current language."""
    return translations(_language.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message that goes with the number ``n``, in the current language."""
    return translations(_language.get()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English word by ``context``."""
    return translations(_language.get()).pgettext(context, message)


_ = gettext


def N_(message: str) -> str:  # gettext's name for "extract me, translate me later"
    """Mark ``message`` for the catalogs where it is defined, and translate it where it is shown."""
    return message
