"""A game's data file as a designer sees it: its schema, the packaged file, and boards given as content.

A game that has a data file names its :class:`~tabletop.core.parts.DataPart` (``GameParts(data=...)``):
the pydantic model of the file and the packaged file. From them come the JSON Schema with every
field's description (:func:`schema`), the values the packaged file marks provisional
(:func:`provisional`) and the packaged text itself (:func:`packaged_text`).

A board travels as **content, never as a path**: a record, the web server and a run's description
name it ``board:<digest>`` (:func:`reference`; the digest is :func:`~tabletop.core.data.data_digest`
of its text) and carry the text beside. To be played, the text is written once into a private
folder of the process (mode 0700, removed at exit) and the game reads that file with its option of
kind ``path``, exactly as it reads a file a user names: one loader, one set of checks and errors.
"""

from __future__ import annotations

import atexit
import contextlib
import secrets
import tempfile
import tomllib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop.core.data import data_digest, read_data_text
from tabletop.core.errors import DataFileError
from tabletop.core.game import Game
from tabletop.core.hooks import DEFAULT_PATH, MODEL
from tabletop.core.registry import game_class, hook

if TYPE_CHECKING:
    from pydantic import BaseModel

#: how an option names a board given as content: ``board:`` and the digest of its text
BOARD_PREFIX = "board:"
#: the largest board given as content (over the web, in a record), in bytes of UTF-8
MAX_BOARD_BYTES = 64 * 1024
#: the JSON Schema dialect of :func:`schema`
DIALECT = "https://json-schema.org/draft/2020-12/schema"


def data_option(game: str) -> str | None:
    """The game's one option that names a data file (kind ``path``), or ``None``."""
    names = [o.name for o in game_class(game).info.options if o.kind == "path"]
    return names[0] if len(names) == 1 else None


def _model(game: str) -> type[BaseModel]:
    model = hook(game, MODEL)
    if model is None:
        raise DataFileError(f"{game} has no data file of its own")
    return model


def packaged_path(game: str) -> Path:
    """The data file shipped with ``game``."""
    default = hook(game, DEFAULT_PATH)
    if default is None:
        raise DataFileError(f"{game} has no data file of its own")
    return Path(default())


def packaged_text(game: str) -> str:
    """The text of the data file shipped with ``game`` (a starting point for a board of one's own)."""
    return read_data_text(packaged_path(game))


def schema(game: str) -> dict[str, Any]:
    """The JSON Schema of ``game``'s data file, from its pydantic model: every field with its
    description, and under ``x-provisional`` the values the packaged file marks provisional."""
    generated = _model(game).model_json_schema()
    return {
        "$schema": DIALECT,
        "title": f"{game_class(game).info.title}: data file",
        **{k: v for k, v in generated.items() if k != "title"},
        "x-provisional": provisional(game),
    }


def provisional(game: str) -> list[dict[str, str]]:
    """The parts of the packaged file marked provisional (``provisional = true`` or ``status =
    "provisional"``), each with its dotted ``path`` and the ``source`` or ``note`` that says why."""
    found: list[dict[str, str]] = []
    _walk(tomllib.loads(packaged_text(game)), "", found)
    return found


def _walk(value: Any, path: str, found: list[dict[str, str]]) -> None:
    if isinstance(value, dict):
        if value.get("provisional") is True or value.get("status") == "provisional":
            why = value.get("source") or value.get("note") or ""
            found.append({"path": path, "why": " ".join(str(why).split())})
        for key, item in value.items():
            _walk(item, f"{path}.{key}" if path else key, found)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _walk(item, f"{path}.{index}", found)


# -- boards given as content ------------------------------------------------------------------
def reference(text: str) -> str:
    """How an option names the board whose text is ``text``: ``board:<digest>``."""
    return BOARD_PREFIX + data_digest(text)


def referenced(value: Any) -> str | None:
    """The digest a ``board:<digest>`` option value names, or ``None`` for any other value."""
    if isinstance(value, str) and value.startswith(BOARD_PREFIX):
        return value.removeprefix(BOARD_PREFIX)
    return None


def check_board_text(text: str) -> None:
    """Refuse a board too large to travel as content (the loader checks the rest)."""
    size = len(text.encode("utf-8"))
    if size > MAX_BOARD_BYTES:
        raise DataFileError(f"a board is at most {MAX_BOARD_BYTES // 1024} kB, this one is {size:,} bytes")


class BoardFolder:
    """The private folder where boards given as content become files the games read, by digest."""

    def __init__(self) -> None:
        self._folder: Path | None = None
        self._files: dict[str, Path] = {}

    def _here(self) -> Path:
        if self._folder is None or not self._folder.is_dir():
            self._folder = Path(tempfile.mkdtemp(prefix="tabletop-boards-"))
        return self._folder

    def path(self, text: str) -> Path:
        """The file holding ``text`` for games to read (written once; the folder is made on first use,
        mode 0700). Games are bounded, so are these files."""
        digest = data_digest(text)
        known = self._files.get(digest)
        if known is not None and known.is_file():
            return known
        path = self._here() / f"{digest}.toml"
        path.write_text(text, encoding="utf-8")
        self._files[digest] = path
        return path

    @contextlib.contextmanager
    def scratch(self, text: str) -> Iterator[Path]:
        """A file holding ``text`` for one check, removed after it (a board only checked leaves nothing)."""
        path = self._here() / f"check-{secrets.token_hex(8)}.toml"
        path.write_text(text, encoding="utf-8")
        try:
            yield path
        finally:
            path.unlink(missing_ok=True)

    def close(self) -> None:
        """Remove the folder and its files."""
        if self._folder is not None:
            for path in self._folder.glob("*.toml"):
                path.unlink(missing_ok=True)
            self._folder.rmdir()
        self._folder = None
        self._files.clear()


FOLDER = BoardFolder()
atexit.register(FOLDER.close)


def board_file(text: str) -> Path:
    """The private file from which a game reads the board ``text`` (see :class:`BoardFolder`)."""
    check_board_text(text)
    return FOLDER.path(text)


def with_boards(options: Mapping[str, Any], boards: Mapping[str, str]) -> dict[str, Any]:
    """``options`` with each ``board:<digest>`` value turned into the private file of that board's
    text in ``boards`` (digest to text); a board that is missing or whose text has another digest
    is a :class:`DataFileError`."""
    resolved = dict(options)
    for name, value in options.items():
        digest = referenced(value)
        if digest is None:
            continue
        text = boards.get(digest)
        if text is None:
            raise DataFileError(f"option {name!r} names the board {digest[:12]}, whose text is not given")
        if data_digest(text) != digest:
            raise DataFileError(f"the board given as {digest[:12]} has another content hash ({data_digest(text)[:12]})")
        resolved[name] = str(board_file(text))
    return resolved


def board_text(game: Game) -> str | None:
    """The text of the data file ``game`` read: its data option's file, or the packaged one (``None``: the game
    has no data file). What a run keeps as a copy of the board it was played on."""
    name = data_option(game.name)
    if name is None or hook(game.name, DEFAULT_PATH) is None:
        return None
    value = game.options.get(name)
    return read_data_text(value) if isinstance(value, str) else packaged_text(game.name)


def run_boards(games: Mapping[str, Game]) -> dict[str, Any] | None:
    """What a run of many games keeps of its boards (``run.json``, a results file's metadata): the
    content hash of the board each named game is played on (``variants``: name to digest) and one
    copy of each board's text (``texts``: digest to text); ``None`` when no game has a data file.

    Read when the run starts, so a file edited while the games are played does not change what the
    run says it played on.
    """
    texts: dict[str, str] = {}
    variants: dict[str, str] = {}
    for name, game in games.items():
        text = board_text(game)
        if text is not None:
            digest = data_digest(text)
            texts[digest] = text
            variants[name] = digest
    return {"variants": variants, "texts": texts} if variants else None


def by_content(game: str, options: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """``options`` with the game's data file named by content (``board:<digest>``), and the texts.

    A path option that names a readable file is replaced; a missing or unreadable file is left as
    it was (the game would have refused it). What a record or a run stores, so it replays anywhere.
    """
    name = data_option(game)
    value = options.get(name) if name is not None else None
    if name is None or not isinstance(value, str) or referenced(value) is not None:
        return dict(options), {}
    try:
        text = read_data_text(value)
    except DataFileError:
        return dict(options), {}
    return {**options, name: reference(text)}, {data_digest(text): text}
