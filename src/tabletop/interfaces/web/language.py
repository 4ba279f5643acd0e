"""The language of each request: the player's setting (a cookie), else the browser's ``Accept-Language``.

:class:`LanguageMiddleware` negotiates it with Babel for every HTTP request and WebSocket
and speaks it for the request's whole task (:func:`tabletop.core.i18n.set_language`), so
every refusal, status and view the server builds in it is in the viewer's language. The
pages are Jinja2 templates rendered in that language (:func:`page`, ``<html lang>`` set);
their scripts load the same catalog as JSON (:func:`js_catalog`, at ``/locales/<lang>.json``).

>>> negotiate("fr-CH, fr;q=0.9, en;q=0.8", None), negotiate("pt-BR,de;q=0.5", None), negotiate("ja", None)
('fr', 'de', 'en')
>>> negotiate("fr", "es"), negotiate(None, "xx")
('es', 'en')
"""

from __future__ import annotations

import functools
import html
import json
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse
from markupsafe import Markup
from starlette.types import ASGIApp, Receive, Scope, Send

from tabletop._version import __version__
from tabletop.core import i18n
from tabletop.core.i18n import LANGUAGES, _

#: the site's pages and their files
STATIC = Path(__file__).resolve().parent / "static"
#: the cookie that holds the player's own choice of language (the pages' language setting)
COOKIE = "tabletop_lang"
#: at most this many languages of an Accept-Language header are weighed (the header is the client's)
_MOST = 20


def _preferred(header: str | None) -> list[str]:
    """The languages of an ``Accept-Language`` header, most wanted first (``q=0`` left out)."""
    weighed: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")[:_MOST]):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if tag and tag != "*" and quality > 0:
            weighed.append((-quality, index, tag.strip()))
    return [tag for _, _, tag in sorted(weighed)]


def negotiate(accept_language: str | None, cookie: str | None) -> str:
    """The language to speak: the cookie's if it names one of ours, else the browser's best match, else English."""
    if cookie in LANGUAGES:
        return cookie
    from babel import Locale

    preferred = _preferred(accept_language)
    found: str | None = str(Locale.negotiate(preferred, list(LANGUAGES), sep="-") or "") or None
    if found is None:  # Babel matches "fr-CH" to "fr" only through its aliases: try each tag's language too
        found = next((tag.split("-")[0].lower() for tag in preferred if tag.split("-")[0].lower() in LANGUAGES), None)
    return str(found) if found is not None else "en"


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def _cookie(scope: Scope) -> str | None:
    raw = _header(scope, b"cookie")
    if not raw:
        return None
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(raw)
    except Exception:  # a malformed cookie header is the client's: ignore it
        return None
    morsel = jar.get(COOKIE)
    return morsel.value if morsel is not None else None


class LanguageMiddleware:
    """Speak each request's language (:func:`negotiate`) for the whole of its task."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        lang = negotiate(_header(scope, b"accept-language"), _cookie(scope))
        scope.setdefault("state", {})["language"] = lang
        token = i18n.set_language(lang)
        try:
            await self.app(scope, receive, send)
        finally:
            i18n._language.reset(token)


#: the files whose messages the pages' scripts show (the rest are translated on the server)
SCRIPTS_READ = (".js", ".toml")


@functools.cache
def js_catalog(lang: str) -> bytes:
    """The messages of the pages' scripts and templates in ``lang``, as JSON: ``{msgid: text or [forms]}``.

    Only messages found in a ``.js`` file, or in a game's data file (texts its board shows, such as cards),
    are sent (the templates are translated on the server). A
    plural message has one form per plural category of the language, in gettext's order, which
    ``plurals`` names (French: ``one``, ``many``, ``other``); the page picks the form of
    ``Intl.PluralRules``' category.
    """
    from babel import Locale
    from babel.plural import _plural_tags

    messages: dict[str, Any] = {}
    tags = Locale.parse(lang).plural_form.tags
    plurals = [tag for tag in _plural_tags if tag in tags and tag != "other"] + ["other"]
    for root in i18n.catalog_roots() if lang != "en" else []:  # the shared catalog first, then each game's
        path = i18n.po_path(lang, root)
        if path.is_file():
            _add_scripts_messages(path, lang, messages)
    return json.dumps({"language": lang, "version": __version__, "plurals": plurals, "messages": messages},
                      ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _add_scripts_messages(path: Path, lang: str, messages: dict[str, Any]) -> None:
    from babel.messages.pofile import read_po

    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not message.id or message.fuzzy or not all(strings):
            continue
        if not any(Path(where).suffix in SCRIPTS_READ for where, _ in message.locations):
            continue
        key = message.id[0] if message.pluralizable else str(message.id)
        messages.setdefault(key, list(strings) if message.pluralizable else strings[0])


@functools.cache
def _templates(directory: str) -> Any:
    from jinja2 import Environment, FileSystemLoader, select_autoescape

    environment = Environment(loader=FileSystemLoader(directory), autoescape=select_autoescape(["html"]),
                              extensions=["jinja2.ext.i18n"])
    environment.install_gettext_callables(  # type: ignore[attr-defined]  # added by the i18n extension
        i18n.gettext, i18n.ngettext)
    return environment


def page(directory: Path, name: str, **values: Any) -> str:
    """The template ``name`` of ``directory`` in the current language (``lang``, ``languages`` given to it)."""
    lang = i18n.language()
    template = _templates(str(directory)).get_template(name)
    return str(template.render(lang=lang, languages=i18n.NAMES, version=__version__, **values))


def _titles() -> dict[int, str]:
    return {404: _("Not found"), 403: _("Not allowed"), 409: _("Not now"), 429: _("Too many requests"),
            503: _("Busy")}


def problem_page(status: int, message: str) -> HTMLResponse:
    """A page that says what went wrong, in the site's look and the viewer's language (never raw JSON)."""
    title = _titles().get(status, _("Something went wrong"))
    text = Markup(html.escape(message, quote=False))  # as it reads: quotes stay quotes
    return HTMLResponse(page(STATIC, "problem.html", title=title, message=text), status_code=status,
                        headers=LANGUAGE_HEADERS)


def html_page(name: str, **values: Any) -> HTMLResponse:
    """One of the site's pages (a Jinja2 template in ``static/``, given ``values``) in the viewer's language."""
    return HTMLResponse(page(STATIC, name, **values), headers=LANGUAGE_HEADERS)


#: a page's language follows the request's Accept-Language and the language cookie
LANGUAGE_HEADERS = {"Vary": "Accept-Language, Cookie", "Cache-Control": "no-cache"}


def wants_page(request: Request) -> bool:
    """A request a person's browser made for a page (not the API, a board's file or a script)."""
    path = request.url.path
    if path.startswith(("/api/", "/ws/", "/static/", "/boards/")):
        return False
    return request.method == "GET"
