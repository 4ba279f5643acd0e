"""Which game options a client may set, and the boards the server's operator gives.

The server never opens a path a client names. The options a client may set are, for
each game, the options the game declares minus those whose kind is ``"path"`` (files
to load): an allow-list derived from the game's own declaration, so it needs no edit
when a game is added. ``players`` comes from the seats.

An operator who wants a custom board passes it on the command line
(``tabletop serve --data GAME=FILE``). :class:`Boards` reads each such file once at
start-up, checks that the game accepts it, and keeps its text in the database under
its SHA-256 digest; games created afterwards store ``board:<digest>`` as the value of
the game's file option. To make a game, a stored digest is written once into a private
directory of the server process (mode 0700), and the game reads that file.
"""

from __future__ import annotations

import hashlib
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tabletop.core.data import read_data_text
from tabletop.core.errors import TabletopError
from tabletop.core.game import Game
from tabletop.core.registry import game_class, make
from tabletop.interfaces.web.store import Store

BOARD_PREFIX = "board:"


class OptionRefused(TabletopError):
    """An option a client may not set over the web."""


def file_options(game: str) -> list[str]:
    """The game's options that name a file to read."""
    return [o.name for o in game_class(game).info.options if o.kind == "path"]


def client_options(game: str) -> list[str]:
    """The options a client may set for ``game`` (everything but files; ``players`` comes from the seats)."""
    return [o.name for o in game_class(game).info.options if o.kind != "path"]


def check_client_options(game: str, given: Mapping[str, Any]) -> None:
    """Refuse an option that loads a file, or one the game does not declare, naming it."""
    files = file_options(game)
    allowed = client_options(game)
    for name in given:
        if name in files:
            raise OptionRefused(
                f"option {name!r} of {game} names a file, and this server opens no file a client names; "
                f"the server's operator can give a custom board with `tabletop serve --data {game}=FILE`")
        if name not in allowed:
            raise OptionRefused(f"unknown option {name!r} for {game}; options you can set: {', '.join(allowed)}")


class Boards:
    """The operator's custom boards: read once at start-up, kept in the database, made into games on demand."""

    def __init__(self, store: Store, given: Mapping[str, str | Path] | None = None) -> None:
        self.store = store
        self.defaults: dict[str, dict[str, str]] = {}  # game -> {file option: "board:<digest>"}
        self._folder: Path | None = None
        self._files: dict[str, Path] = {}
        for game, path in (given or {}).items():
            self.defaults[game] = {self._option(game): self._register(game, Path(path))}

    def _option(self, game: str) -> str:
        files = file_options(game)
        if len(files) != 1:
            raise OptionRefused(f"{game} has {len(files)} file options, so --data cannot say which one to set")
        return files[0]

    def _register(self, game: str, path: Path) -> str:
        text = read_data_text(path)  # a regular file of bounded size, or a clear DataFileError
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        private = self._file(digest, text)
        try:
            make(game, **{self._option(game): str(private)})  # the game accepts it, or says why not
        except TabletopError as exc:
            raise OptionRefused(f"--data {game}={path}: {str(exc).replace(str(private), str(path))}") from None
        self.store.put_board(game, path.name, text)
        return BOARD_PREFIX + digest

    def _file(self, digest: str, text: str | None = None) -> Path:
        known = self._files.get(digest)
        if known is not None:
            return known
        if text is None:
            text = self.store.board(digest)
            if text is None:
                raise OptionRefused(f"the board {digest[:12]} is not in this server's database")
        if self._folder is None:
            self._folder = Path(tempfile.mkdtemp(prefix="tabletop-boards-"))  # mode 0700
        path = self._folder / f"{digest}.toml"
        path.write_text(text, encoding="utf-8")
        self._files[digest] = path
        return path

    def new_options(self, game: str, given: Mapping[str, Any]) -> dict[str, Any]:
        """A client's options for a new game, with the operator's board for the game if there is one."""
        return {**given, **self.defaults.get(game, {})}

    def make(self, game: str, stored: Mapping[str, Any]) -> Game:
        """The game for stored options (``board:<digest>`` values become the board's private file)."""
        options = dict(stored)
        for name in file_options(game):
            value = options.get(name)
            if value is None:
                continue
            if not isinstance(value, str) or not value.startswith(BOARD_PREFIX):
                raise OptionRefused(f"option {name!r} names a file ({str(value)[:60]!r}), which this server does "
                                    "not open; only boards given with --data are played")
            options[name] = str(self._file(value.removeprefix(BOARD_PREFIX)))
        return make(game, **options)

    def close(self) -> None:
        if self._folder is not None:
            for path in self._folder.glob("*.toml"):
                path.unlink(missing_ok=True)
            self._folder.rmdir()
            self._folder = None
            self._files.clear()
