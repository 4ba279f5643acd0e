"""The translation catalogs: extract every message, update each language's ``.po``, check them.

``make locales`` (``python -m tabletop.interfaces.web.catalogs``) runs all three on a source
checkout: Babel extracts the messages of the server's Python, the pages' and boards' JavaScript
and the Jinja2 pages (``babel.cfg``) into ``src/tabletop/locales/messages.pot``, merges them into
``<lang>/LC_MESSAGES/messages.po`` for German, French and Spanish (new messages arrive
untranslated, gone ones are dropped), then checks. ``python -m tabletop.interfaces.web.catalogs
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

from tabletop.core.i18n import DOMAIN, LANGUAGES, LOCALES

ROOT = Path(__file__).resolve().parents[4]
CONFIG = ROOT / "babel.cfg"
TEMPLATE = LOCALES / f"{DOMAIN}.pot"
#: the functions whose string arguments are messages: Python's and Jinja's gettext, the pages' tr and trn, the help
#: of an Option, and tabletop.core.words.plural(n, one, other)
KEYWORDS = ("_", "gettext", "ngettext:1,2", "pgettext:1c,2", "N_", "tr", "trn:1,2", "plural:2,3", "Option:4")
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")
_FIELD = re.compile(r"\{(\w*)[^{}]*\}")


def _pybabel(*args: str) -> None:
    from babel.messages.frontend import CommandLineInterface

    with contextlib.chdir(ROOT):  # the catalogs name each message's places relative to the checkout
        CommandLineInterface().run(["pybabel", "--quiet", *args])  # type: ignore[no-untyped-call]


def extract(target: Path = TEMPLATE) -> None:
    """Every message of the code, into ``target`` (a ``.pot``)."""
    if not CONFIG.is_file():
        raise SystemExit(f"{CONFIG} is missing: the catalogs are extracted from a source checkout")
    keywords = [arg for keyword in KEYWORDS for arg in ("-k", keyword)]
    _pybabel("extract", "-F", str(CONFIG), "--no-default-keywords", *keywords, "--add-comments", "TRANSLATORS:",
             "--sort-by-file", "--project", "tabletop", "--msgid-bugs-address", "",
             "--no-wrap", "-o", str(target), "src")


def update() -> None:
    """Extract, then merge the template into each language's ``.po`` (made if missing)."""
    extract()
    for lang in TRANSLATED:
        po = LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        if not po.is_file():
            _pybabel("init", "-i", str(TEMPLATE), "-d", str(LOCALES), "-D", DOMAIN, "-l", lang, "--no-wrap")
        _pybabel("update", "-i", str(TEMPLATE), "-d", str(LOCALES), "-D", DOMAIN, "-l", lang,
                 "--no-fuzzy-matching", "--ignore-obsolete", "--no-wrap")


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
    """Compare a fresh extraction with ``messages.pot`` and every language's ``.po``."""
    from babel.messages.pofile import read_po

    with tempfile.TemporaryDirectory() as scratch:
        fresh = Path(scratch) / "fresh.pot"
        extract(fresh)
        with fresh.open("rb") as handle:
            code = {_key(m): m for m in read_po(handle) if m.id}
    report = Report(total=len(code))
    with TEMPLATE.open("rb") as handle:
        template = {_key(m) for m in read_po(handle) if m.id}
    report.missing["pot"] = sorted(set(code) - template)
    report.stale["pot"] = sorted(template - set(code))
    for lang in TRANSLATED:
        with (LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as handle:
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
                missing.append(key)
                continue
            ids = list(wanted.id) if wanted.pluralizable else [wanted.id]
            allowed = set().union(*(_fields(i) for i in ids)) | ({"n"} if wanted.pluralizable else set())
            if any(_fields(s) - allowed for s in strings) or (_fields(ids[-1]) - {"n"}) - _fields(strings[-1]):
                bad.append(key)
        report.missing[lang] = missing
        report.stale[lang] = sorted(set(have) - set(code))
        report.fields[lang] = bad
    return report


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "all"
    if command not in ("all", "extract", "update", "check"):
        print("usage: python -m tabletop.interfaces.web.catalogs [all|extract|update|check]", file=sys.stderr)
        return 2
    if command == "extract":
        extract()
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
