"""Game records: a header and every action in order, chance outcomes included.

A record is JSON, readable by people and by ``tabletop replay``. Because dice
and draws are ordinary actions, replaying is just applying the list
(:func:`tabletop.core.replay.replay`).

A record file comes from users and the network, so it is read strictly: a regular
file of bounded size, UTF-8 text without NUL bytes, JSON of bounded depth whose every
field has the right type and size (a pydantic model), then checked against the game
it names (options, seats, the starting position). Anything else is a
:class:`NotationError` naming the file and the problem, on one line.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tabletop._version import __version__
from tabletop.core.errors import NotationError, TabletopError
from tabletop.core.game import Game
from tabletop.core.registry import make
from tabletop.core.state import State

FORMAT = "tabletop-record/1"  # also written out in record_file.RecordFile
#: ``chance`` of a record whose chance outcomes were all drawn from its seed's streams
#: (:meth:`tabletop.core.play.Streams.chance`): ``tabletop.play``, terminal play, simulations
#: and tournaments. ``replay --strict`` re-derives them. Records without it (the web server's,
#: whose dice are rolled live, and older files) cannot be checked that way.
SEEDED = "seed"
#: The largest record file read, in bytes (a game of the longest declared length is under 10 MB).
MAX_RECORD_BYTES = 20_000_000


def one_line(text: str) -> str:
    """A message on one line (a data file's problems are listed on several)."""
    return "; ".join(part.strip() for part in text.splitlines() if part.strip())


@dataclass
class Record:
    """One game: who played what, with which options and seed, and every action."""

    game: str
    version: str
    options: dict[str, Any]
    seed: int | None
    agents: list[str]
    actions: list[str] = field(default_factory=list)
    winners: list[int] | None = None
    returns: list[float] | None = None
    initial: str | None = None
    chance: str | None = None
    #: the data files the options name by content (``board:<digest>``): digest to text
    boards: dict[str, str] | None = None

    @classmethod
    def of_state(
        cls,
        state: State,
        seed: int | None,
        agents: list[str],
        initial: str | None = None,
        since: int = 0,
        chance: str | None = SEEDED,
    ) -> Record:
        """The record of ``state``'s history from action ``since`` on (its result only once the game is over).

        ``chance`` says how the chance outcomes were chosen: :data:`SEEDED` (the default) when
        they were drawn from ``seed``'s streams as :func:`tabletop.play` draws them. A data file
        the game read is recorded by content (:func:`tabletop.core.datafile.by_content`), so the
        record replays where the file is not.
        """
        from tabletop.core.datafile import by_content

        done = state.is_terminal()
        options, boards = by_content(state.game.name, state.game.options)
        return cls(
            game=state.game.name,
            version=__version__,
            options=options,
            seed=seed,
            agents=agents,
            actions=[str(a) for a in state.history()[since:]],
            winners=list(state.winners()) if done else None,
            returns=[float(r) for r in state.returns()] if done else None,
            initial=initial,
            chance=chance if seed is not None else None,
            boards=boards or None,
        )

    def to_json(self) -> str:
        data = {"format": FORMAT, **asdict(self)}
        if data["boards"] is None:  # records without boards read as before, by older versions too
            del data["boards"]
        return json.dumps(data, indent=1)

    @classmethod
    def from_json(cls, text: str | bytes, source: str = "record") -> Record:
        """Read a record's JSON; raise :class:`NotationError` naming ``source`` and the first problem."""
        if isinstance(text, bytes):
            text = _decode(text, source)
        elif not isinstance(text, str):
            raise NotationError(f"{source}: a record is JSON text, not {type(text).__name__}")
        if "\x00" in text:
            where = text.index("\x00") + 1
            raise NotationError(f"{source}: not a tabletop record (a NUL character at character {where})")
        from tabletop.core.record_file import read_record_json  # pydantic only when a record is read

        data = read_record_json(text, source)
        return cls(
            game=data.game,
            version=data.version,
            options=dict(data.options),
            seed=data.seed,
            agents=list(data.agents),
            actions=list(data.actions),
            winners=data.winners,
            returns=data.returns,
            initial=data.initial,
            chance=data.chance,
            boards=dict(data.boards) if data.boards is not None else None,
        )

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record file: a regular file of at most :data:`MAX_RECORD_BYTES`, in UTF-8."""
        p = Path(path)
        try:
            info = os.stat(p)
            if not stat.S_ISREG(info.st_mode):
                raise NotationError(f"{p}: cannot read record (not a regular file)")
            if info.st_size > MAX_RECORD_BYTES:
                raise NotationError(f"{p}: cannot read record (larger than {MAX_RECORD_BYTES} bytes)")
            with open(p, "rb") as handle:
                raw = handle.read(MAX_RECORD_BYTES + 1)
        except OSError as exc:
            raise NotationError(f"{p}: cannot read record ({exc.strerror or exc})") from None
        except ValueError as exc:  # a NUL byte in the path
            raise NotationError(f"{str(p)[:200]!r}: cannot read record ({exc})") from None
        if len(raw) > MAX_RECORD_BYTES:
            raise NotationError(f"{p}: cannot read record (larger than {MAX_RECORD_BYTES} bytes)")
        return cls.from_json(raw, source=str(p))

    # -- the game it names ------------------------------------------------------------
    def make_game(self) -> Game:
        """The game of the record; a bad name or option is a :class:`NotationError`.

        A data file named by content (``board:<digest>``) is read from the record's ``boards``.
        """
        from tabletop.core.datafile import with_boards

        try:
            game = make(self.game, **with_boards(self.options, self.boards or {}))
        except TabletopError as exc:
            raise NotationError(f"the record's game: {one_line(str(exc))}") from None
        self._check_against(game)
        return game

    def initial_state(self) -> State:
        game = self.make_game()
        if self.initial is None:
            return game.new_initial_state()
        try:
            return game.state_from_text(self.initial)
        except NotationError as exc:
            raise NotationError(f"the record's initial position: {exc}") from None

    def _check_against(self, game: Game) -> None:
        n = game.num_players
        if self.agents and len(self.agents) != n:
            raise NotationError(f"the record names {len(self.agents)} agents for {n} seats")
        if self.winners is not None and (
            len(set(self.winners)) != len(self.winners) or any(not 0 <= w < n for w in self.winners)
        ):
            raise NotationError(f"the record's winners {self.winners} are not different seats from 0 to {n - 1}")
        if self.returns is not None and len(self.returns) != n:
            raise NotationError(f"the record's returns list {len(self.returns)} numbers for {n} seats")
        if len(self.actions) > game.max_game_length():
            raise NotationError(
                f"the record lists {len(self.actions)} actions; "
                f"a game of {game.name} has at most {game.max_game_length()}"
            )
        if self.chance is not None and self.seed is None:
            raise NotationError("the record says its chance outcomes come from its seed, but it has no seed")


def _decode(raw: bytes, source: str) -> str:
    if b"\x00" in raw:
        raise NotationError(f"{source}: not a tabletop record (a NUL byte at byte {raw.index(0) + 1}; is it binary?)")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        problem = f"not UTF-8 text: {exc.reason} at byte {exc.start + 1}"
        raise NotationError(f"{source}: not a tabletop record ({problem})") from None
