"""The translation catalogs: extract every message, update each language's ``.po``, check them.

``make locales`` (``python -m tabletop.interfaces.web.catalogs``) runs all three on a source
checkout: Babel extracts the messages of the Python, the JavaScript and the Jinja2 pages
(``babel.cfg``) into a ``messages.pot`` per domain: ``src/tabletop/locales`` for everything but
the games, and ``src/tabletop/games/<game>/locales`` for each game, so a game's words stay in its
package. It merges each into ``<lang>/LC_MESSAGES/messages.po`` for German, French and Spanish
(new messages arrive untranslated, gone ones are dropped), then checks. ``python -m tabletop.interfaces.web.catalogs
check`` only checks, as ``tests/test_locales.py`` does; the check fails on:

- a message in the code that a catalog lacks, leaves untranslated or marks fuzzy (missing);
- a message in a catalog or in ``messages.pot`` that the code no longer has (stale);
- a translation whose ``{fields}`` differ from its message's (it would lose or invent a value);
- a plural message without every plural form of its language.
"""

from __future__ import annotations

import contextlib
import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.core.i18n import DOMAIN, LANGUAGES, LOCALES

ROOT = Path(__file__).resolve().parents[4]
CONFIG = ROOT / "babel.cfg"
TEMPLATE = LOCALES / f"{DOMAIN}.pot"
GAMES = ROOT / "src" / "tabletop" / "games"
#: the functions whose string arguments are messages: Python's and Jinja's gettext, the pages' tr and trn, the help
#: of an Option, and tabletop.core.words.plural(n, one, other)
KEYWORDS = ("_", "gettext", "ngettext:1,2", "pgettext:1c,2", "N_", "tr", "trn:1,2", "plural:2,3", "Option:4")
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")
_FIELD = re.compile(r"\{(\w*)[^{}]*\}")


@dataclass(frozen=True)
class Domain:
    """One catalog: the messages of ``source`` (a directory under the checkout), kept in ``locales``."""

    name: str
    source: Path
    locales: Path

    @property
    def template(self) -> Path:
        return self.locales / f"{DOMAIN}.pot"

    def po(self, lang: str) -> Path:
        return self.locales / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def domains() -> list[Domain]:
    """The shared catalog (everything but the games) and one per game, in the game's own package."""
    found = [Domain("tabletop", ROOT / "src", LOCALES)]
    for game in sorted(p for p in GAMES.iterdir() if (p / "__init__.py").is_file()):
        found.append(Domain(game.name, game, game / "locales"))
    return found


def _pybabel(*args: str) -> None:
    from babel.messages.frontend import CommandLineInterface

    with contextlib.chdir(ROOT):  # the catalogs name each message's places relative to the checkout
        CommandLineInterface().run(["pybabel", "--quiet", *args])  # type: ignore[no-untyped-call]


def extract(domain: Domain, target: Path | None = None) -> None:
    """Every message of the domain's code, into ``target`` (a ``.pot``; the domain's template by default)."""
    if not CONFIG.is_file():
        raise SystemExit(f"{CONFIG} is missing: the catalogs are extracted from a source checkout")
    target = target or domain.template
    target.parent.mkdir(parents=True, exist_ok=True)
    keywords = [arg for keyword in KEYWORDS for arg in ("-k", keyword)]
    _pybabel("extract", "-F", str(CONFIG), "--no-default-keywords", *keywords, "--add-comments", "TRANSLATORS:",
             "--sort-by-file", "--project", "tabletop", "--no-wrap", "-o", str(target),
             str(domain.source.relative_to(ROOT)))


def update() -> None:
    """Extract, then merge each template into each language's ``.po`` (made if missing)."""
    for domain in domains():
        extract(domain)
        for lang in TRANSLATED:
            command = "update" if domain.po(lang).is_file() else "init"
            extra = ["--no-fuzzy-matching", "--ignore-obsolete"] if command == "update" else []
            _pybabel(command, "-i", str(domain.template), "-d", str(domain.locales), "-D", DOMAIN, "-l", lang,
                     "--no-wrap", *extra)


@dataclass
class Report:
    """What the check found, per language."""

    total: int = 0
    missing: dict[str, list[str]] = field(default_factory=dict)
    stale: dict[str, list[str]] = field(default_factory=dict)
    fields: dict[str, list[str]] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not any([*self.missing.values(), *self.stale.values(), *self.fields.values()])

    def coverage(self, lang: str) -> float:
        return 100.0 * (self.total - len(self.missing.get(lang, []))) / self.total if self.total else 100.0

    def __str__(self) -> str:
        lines = [f"{self.total} messages"]
        for lang in ["pot", *TRANSLATED]:
            lines.append(f"{lang}: {self.coverage(lang):.1f}% translated" if lang != "pot" else "messages.pot:")
            for kind, found in (("missing", self.missing), ("stale", self.stale), ("fields differ", self.fields)):
                for message in found.get(lang, [])[:20]:
                    lines.append(f"  {kind}: {message!r}")
                if len(found.get(lang, [])) > 20:
                    lines.append(f"  ... {len(found[lang]) - 20} more {kind}")
        return "\n".join(lines)


def _key(message: object) -> str:
    msgid = getattr(message, "id")  # noqa: B009  # Babel's Message
    context = getattr(message, "context")  # noqa: B009
    text = msgid[0] if isinstance(msgid, tuple) else msgid
    return f"{context}\x04{text}" if context else str(text)


def _fields(text: object) -> set[str]:
    return set(_FIELD.findall(str(text or "")))


def check() -> Report:
    """Compare a fresh extraction with each domain's ``messages.pot`` and every language's ``.po``."""
    report = Report()
    for domain in domains():
        _check(domain, report)
    return report


def _check(domain: Domain, report: Report) -> None:
    from babel.messages.pofile import read_po

    prefix = "" if domain.name == "tabletop" else f"[{domain.name}] "
    with tempfile.TemporaryDirectory() as scratch:
        fresh = Path(scratch) / "fresh.pot"
        extract(domain, fresh)
        with fresh.open("rb") as handle:
            code = {_key(m): m for m in read_po(handle) if m.id}
    report.total += len(code)
    template: set[str] = set()
    if domain.template.is_file():
        with domain.template.open("rb") as handle:
            template = {_key(m) for m in read_po(handle) if m.id}
    report.missing.setdefault("pot", []).extend(prefix + k for k in sorted(set(code) - template))
    report.stale.setdefault("pot", []).extend(prefix + k for k in sorted(template - set(code)))
    for lang in TRANSLATED:
        have: dict[str, Any] = {}
        forms = 2
        if domain.po(lang).is_file():
            with domain.po(lang).open("rb") as handle:
                catalog = read_po(handle, locale=lang)
            forms = catalog.num_plurals
            have = {_key(m): m for m in catalog if m.id}
        missing, bad = [], []
        for key, wanted in code.items():
            found = have.get(key)
            strings = ([] if found is None else list(found.string) if isinstance(found.string, tuple)
                       else [found.string])
            if (found is None or found.fuzzy or not all(strings) or not strings
                    or (wanted.pluralizable and len(strings) != forms)):
                missing.append(prefix + key)
                continue
            ids = list(wanted.id) if wanted.pluralizable else [wanted.id]
            allowed = set().union(*(_fields(i) for i in ids)) | ({"n"} if wanted.pluralizable else set())
            if any(_fields(s) - allowed for s in strings) or (_fields(ids[-1]) - {"n"}) - _fields(strings[-1]):
                bad.append(prefix + key)
        report.missing.setdefault(lang, []).extend(missing)
        report.stale.setdefault(lang, []).extend(prefix + k for k in sorted(set(have) - set(code)))
        report.fields.setdefault(lang, []).extend(bad)


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "all"
    if command not in ("all", "extract", "update", "check"):
        print("usage: python -m tabletop.interfaces.web.catalogs [all|extract|update|check]", file=sys.stderr)
        return 2
    if command == "extract":
        for domain in domains():
            extract(domain)
        return 0
    if command in ("all", "update"):
        update()
    if command == "update":
        return 0
    report = check()
    print(report)
    return 0 if report.ok else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
