"""Loading game data files (TOML), validated by pydantic models with clear errors.

Game facts (boards, decks, levels, dice) live in data files, never in code.
A malformed file is rejected with its name and the problem.
"""

from __future__ import annotations

import os
import stat
import tomllib
from collections.abc import Callable, Hashable
from importlib import resources
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from tabletop.core.errors import DataFileError

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")

#: The largest data file read, in bytes (the shipped ones are under 20 kB).
MAX_DATA_FILE_BYTES = 1_000_000


class DataModel(BaseModel):
    """Base for data-file models: unknown keys are errors, values are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def _describe(error: ValidationError) -> str:
    lines = []
    for problem in error.errors()[:8]:
        where = ".".join(str(part) for part in problem["loc"]) or "(top level)"
        lines.append(f"  {where}: {problem['msg']}")
    more = error.error_count() - 8
    if more > 0:
        lines.append(f"  ... and {more} more problems")
    return "\n".join(lines)


def read_data_text(path: str | Path) -> str:
    """The text of a data file: a regular file of at most :data:`MAX_DATA_FILE_BYTES`, in UTF-8.

    Devices, pipes and directories are refused before they are opened, so a path such
    as ``/dev/stdin`` or ``/dev/zero`` can neither block nor exhaust memory.
    """
    p = Path(path)
    try:
        info = os.stat(p)
        if not stat.S_ISREG(info.st_mode):
            raise DataFileError(f"{p}: cannot read data file (not a regular file)")
        if info.st_size > MAX_DATA_FILE_BYTES:
            raise DataFileError(f"{p}: cannot read data file (larger than {MAX_DATA_FILE_BYTES} bytes)")
        with open(p, "rb") as handle:
            raw = handle.read(MAX_DATA_FILE_BYTES + 1)
    except OSError as exc:
        raise DataFileError(f"{p}: cannot read data file ({exc.strerror or exc})") from None
    except ValueError as exc:  # a NUL byte in the path, for one
        raise DataFileError(f"{str(p)[:200]!r}: cannot read data file ({exc})") from None
    if len(raw) > MAX_DATA_FILE_BYTES:
        raise DataFileError(f"{p}: cannot read data file (larger than {MAX_DATA_FILE_BYTES} bytes)")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataFileError(f"{p}: not valid TOML (not UTF-8 text: {exc.reason} at byte {exc.start})") from None


def load_toml(path: str | Path, model: type[M]) -> M:
    """Read a TOML file and validate it against ``model``.

    Raises :class:`DataFileError` naming the file and every problem found.
    """
    p = Path(path)
    text = read_data_text(p)
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataFileError(f"{p}: not valid TOML ({exc})") from None
    except (ValueError, RecursionError) as exc:  # integers beyond Python's digit limit, deep nesting
        raise DataFileError(f"{p}: not valid TOML ({str(exc)[:200]})") from None
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise DataFileError(f"{p}: invalid data file:\n{_describe(exc)}") from None
    except (ValueError, RecursionError) as exc:
        raise DataFileError(f"{p}: invalid data file: {str(exc)[:300]}") from None


def file_key(path: str | Path) -> Hashable:
    """What identifies a file's current contents: its resolved path, inode, size and modification time.

    A cache keyed by it sees a file that was edited or replaced; an unreadable path
    gives a key of its own and is reported by the loader.
    """
    p = Path(path)
    try:
        info = os.stat(p)
        return (str(p.resolve()), info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)
    except (OSError, ValueError):
        return ("unreadable", str(p))


class DataCache:
    """Compiled data files, keyed by :func:`file_key` so an edited file is read again.

    Errors are never cached. At most ``size`` entries are kept (oldest dropped first).
    """

    def __init__(self, size: int = 16) -> None:
        self.size = size
        self._entries: dict[Hashable, object] = {}

    def get(self, path: str | Path, build: Callable[[Path], T]) -> T:
        key = file_key(path)
        if key in self._entries:
            return self._entries[key]  # type: ignore[return-value]
        value = build(Path(path))
        if len(self._entries) >= self.size:
            del self._entries[next(iter(self._entries))]
        self._entries[key] = value
        return value

    def clear(self) -> None:
        self._entries.clear()


def packaged(package: str, filename: str) -> Path:
    """The path of a data file shipped inside a package."""
    return Path(str(resources.files(package).joinpath(filename)))


class LadderElo(DataModel):
    """A game's ``data/ladder.toml``: each difficulty level's strength in Elo, relative to ``beginner``."""

    elo: dict[str, float]


def read_ladder_elo(path: str | Path) -> dict[str, float]:
    """Each level's measured Elo from a ladder file (a game's ``LADDER_ELO``)."""
    return dict(load_toml(path, LadderElo).elo)
