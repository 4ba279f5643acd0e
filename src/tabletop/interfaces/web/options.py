"""Which game options a client may set, and the boards the server's operator gives.

The server never opens a path a client names. The options a client may set are, for
each game, the options the game declares minus those whose kind is ``"path"`` (files
to load): an allow-list derived from the game's own declaration, so it needs no edit
when a game is added. ``players`` comes from the seats.

Boards of one's own come as content, never as a path. An operator gives one on the command
line (``tabletop serve --data GAME=FILE``: :class:`Boards` reads each such file once at
start-up); a player sends one with a new game (the board editor's TOML, at most 64 kB),
checked by the same code as a file (:func:`tabletop.analysis.boards.check_board`). Either is
kept in the database under the SHA-256 digest of its text, and the game stores
``board:<digest>`` as the value of its file option. To make a game, a stored board is
written once into a private directory of the server process (mode 0700,
:mod:`tabletop.core.datafile`), and the game reads that file.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tabletop.analysis.boards import check_board
from tabletop.core.data import read_data_text
from tabletop.core.datafile import board_file, reference, referenced
from tabletop.core.errors import TabletopError
from tabletop.core.game import Game
from tabletop.core.registry import game_class, make
from tabletop.interfaces.web.store import Store

#: how the server names a board a player sent, in its messages and its database
CLIENT_BOARD = "your board"


class OptionRefused(TabletopError):
    """An option a client may not set over the web."""


def file_options(game: str) -> list[str]:
    """The game's options that name a file to read."""
    return [o.name for o in game_class(game).info.options if o.kind == "path"]


def board_option(game: str) -> str:
    """The game's one option that reads a board (its data file), or a refusal naming why there is none."""
    files = file_options(game)
    if len(files) != 1:
        raise OptionRefused(f"{game} takes no board of one's own")
    return files[0]


def _one_line(text: str) -> str:
    """A message of several lines on one: "file: invalid data file: grid.places: ...; deck.cards: ..."."""
    out = ""
    for part in (line.strip() for line in text.splitlines() if line.strip()):
        out += part if not out else (" " if out.endswith(":") else "; ") + part
    return out


def board_of(game: str, options: Mapping[str, Any]) -> str | None:
    """The digest of the board of one's own a stored game is played on (``None``: the packaged board)."""
    try:
        names = file_options(game)
    except TabletopError:  # a game no longer installed
        return None
    return next((digest for name in names if (digest := referenced(options.get(name))) is not None), None)


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
                f"option {name!r} of {game} names a file, and this server opens no file a client names; send "
                f"your board's content instead (the board editor at /editor/{game} does), or the server's "
                f"operator can give a custom board with `tabletop serve --data {game}=FILE`")
        if name not in allowed:
            raise OptionRefused(f"unknown option {name!r} for {game}; options you can set: {', '.join(allowed)}")


class Boards:
    """Boards of one's own: the operator's (read once at start-up) and the players' (sent as content with a new
    game), checked as a file is, kept in the database by digest, made into games on demand."""

    def __init__(self, store: Store, given: Mapping[str, str | Path] | None = None) -> None:
        self.store = store
        self.defaults: dict[str, dict[str, str]] = {}  # game -> {file option: "board:<digest>"}
        for game, path in (given or {}).items():
            self.defaults[game] = {self._option(game): self._register(game, Path(path))}

    def _option(self, game: str) -> str:
        files = file_options(game)
        if len(files) != 1:
            raise OptionRefused(f"{game} has {len(files)} file options, so --data cannot say which one to set")
        return files[0]

    def _register(self, game: str, path: Path) -> str:
        text = read_data_text(path)  # a regular file of bounded size, or a clear DataFileError
        private = board_file(text)
        try:
            make(game, **{self._option(game): str(private)})  # the game accepts it, or says why not
        except TabletopError as exc:
            raise OptionRefused(f"--data {game}={path}: {str(exc).replace(str(private), str(path))}") from None
        self.store.put_board(game, path.name, text)
        return reference(text)

    def from_client(self, game: str, text: str, players: int) -> str:
        """A board a client sent as content (never a path): checked by the same code as a file (the game's
        checks at load, every place reachable: :func:`tabletop.analysis.boards.check_board`), kept in the
        database; its option value, ``board:<digest>``. A board with problems is refused, saying them."""
        board_option(game)  # a game that reads a board, or a clear refusal
        found = check_board(game, text, source=CLIENT_BOARD, players=players, playouts=0)
        if not found.ok:
            why = found.refusal or f"{CLIENT_BOARD}: " + "; ".join(p.message for p in found.problems)
            raise OptionRefused(_one_line(why))
        self.store.put_board(game, CLIENT_BOARD, text)
        return reference(text)

    def stored(self, digest: str) -> tuple[str, str] | None:
        """The game and the text of the board kept under ``digest`` (``None``: no such board)."""
        return self.store.board_of(digest)

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
            digest = referenced(value)
            if digest is None:
                raise OptionRefused(f"option {name!r} names a file ({str(value)[:60]!r}), which this server does "
                                    "not open; only boards given as content are played")
            text = self.store.board(digest)
            if text is None:
                raise OptionRefused(f"the board {digest[:12]} is not in this server's database")
            options[name] = str(board_file(text))
        return make(game, **options)

    def boards_of(self, options: Mapping[str, Any]) -> dict[str, str]:
        """The texts of the boards ``options`` name by content (digest to text), for a game's record."""
        found = {}
        for value in options.values():
            digest = referenced(value)
            text = self.store.board(digest) if digest is not None else None
            if digest is not None and text is not None:
                found[digest] = text
        return found

    def close(self) -> None:
        """Nothing to release: the boards' private files go with the process (:mod:`tabletop.core.datafile`)."""
