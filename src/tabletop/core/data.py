"""Loading game data files (TOML), validated by pydantic models with clear errors.

Game facts (boards, decks, levels, dice) live in data files, never in code.
A malformed file is rejected with its name and the problem.

A game's data is identified by its **content hash** (:func:`content_hash`): the SHA-256
of the validated model's canonical JSON, so two files that differ only in layout,
comments, key order or spelled-out defaults have the same hash, and data that arrives
as text (not as a file) hashes alike. :func:`with_field` changes one field of validated
data by its dotted name (``timer.default_rescue_rolls``), checked by the model again, and
:func:`toml_text` writes validated data back as TOML a game loads like any data file.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import tomllib
from collections.abc import Callable, Hashable
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from tabletop.core.errors import DataFileError

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")

#: The largest data file read, in bytes (the shipped ones are under 20 kB).
MAX_DATA_FILE_BYTES = 1_000_000


class DataModel(BaseModel):
    """Base for data-file models: unknown keys are errors, values are immutable.

    A field's docstring (the string just below it) is its description in the JSON Schema
    (``tabletop data schema GAME``), so every field says what it means where it is declared.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, use_attribute_docstrings=True)


def data_digest(text: str) -> str:
    """The content hash of a data file's text: the SHA-256 of its UTF-8 bytes, in hex.

    A board is named by it wherever it travels as content (records, the web server's
    database, a run's description), so two copies of one file have one name.

    >>> data_digest("title = 'mine'\\n")[:12]
    '239eb7975376'
    """
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _where(loc: tuple[int | str, ...]) -> str:
    return ".".join(str(part) for part in loc)


def _describe(error: ValidationError) -> str:
    lines = []
    for problem in error.errors()[:8]:
        lines.append(f"  {_where(problem['loc']) or '(top level)'}: {problem['msg']}")
    more = error.error_count() - 8
    if more > 0:
        lines.append(f"  ... and {more} more problems")
    return "\n".join(lines)


def _problems(error: ValidationError) -> tuple[tuple[str, str], ...]:
    """Every problem as (where, message): where is the dotted path of the value ("" for the whole file)."""
    return tuple((_where(problem["loc"]), problem["msg"].removeprefix("Value error, ")) for problem in error.errors())


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
        raise DataFileError(f"{p}: not valid TOML ({exc})", (("", f"not valid TOML ({exc})"),)) from None
    except (ValueError, RecursionError) as exc:  # integers beyond Python's digit limit, deep nesting
        raise DataFileError(f"{p}: not valid TOML ({str(exc)[:200]})") from None
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise DataFileError(f"{p}: invalid data file:\n{_describe(exc)}", _problems(exc)) from None
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


#: what a content hash starts with: the name of the hash function
HASH_PREFIX = "sha256:"


def canonical_json(model: BaseModel) -> str:
    """The validated data as canonical JSON: every field (defaults included), keys sorted, no spaces, UTF-8."""
    return json.dumps(model.model_dump(mode="json"), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def content_hash(model: BaseModel) -> str:
    """``"sha256:"`` and the SHA-256 (hex) of :func:`canonical_json`: what identifies a game's data.

    >>> class Die(DataModel):
    ...     faces: list[int]
    ...     label: str = "d6"
    >>> content_hash(Die(faces=[1, 2, 3])) == content_hash(Die.model_validate({"label": "d6", "faces": [1, 2, 3]}))
    True
    >>> canonical_json(Die(faces=[1, 2, 3]))
    '{"faces":[1,2,3],"label":"d6"}'
    >>> content_hash(Die(faces=[1, 2, 3]))[:15]  # the same as: printf '{"faces":[1,2,3],"label":"d6"}' | sha256sum
    'sha256:6c40d388'
    """
    return HASH_PREFIX + hashlib.sha256(canonical_json(model).encode("utf-8")).hexdigest()


def with_field(model: M, dotted: str, value: Any) -> M:
    """A copy of validated data with the field named ``dotted`` set to ``value``, validated again by its model
    (the checks a file gets); a list item is named by its index (``board.paths.0.spaces``).

    Raises :class:`DataFileError` naming the field for an unknown name or a value the model refuses.

    >>> class Timer(DataModel):
    ...     seconds: int
    >>> class Box(DataModel):
    ...     timer: Timer
    ...     sizes: list[int]
    >>> box = Box(timer=Timer(seconds=8), sizes=[1, 2])
    >>> with_field(box, "timer.seconds", 6).timer.seconds, with_field(box, "sizes.1", "5").sizes
    (6, [1, 5])
    >>> with_field(box, "timer.minutes", 1)
    Traceback (most recent call last):
    ...
    tabletop.core.errors.DataFileError: no data field 'timer.minutes': 'timer' has the fields seconds
    """
    raw = model.model_dump(mode="json")
    parts = dotted.split(".")
    if not dotted or any(not part for part in parts):
        raise DataFileError(f"a data field is named like timer.seconds or board.paths.0.spaces, not {dotted!r}")
    here: Any = raw
    for depth, part in enumerate(parts):
        where = ".".join(parts[:depth]) or "the data"
        last = depth == len(parts) - 1
        if isinstance(here, dict):
            if part not in here:
                fields = ", ".join(sorted(here)) or "none"
                raise DataFileError(f"no data field {dotted!r}: {where!r} has the fields {fields}")
            if last:
                here[part] = value
            else:
                here = here[part]
        elif isinstance(here, list):
            if not part.isdigit() or int(part) >= len(here):
                raise DataFileError(f"no data field {dotted!r}: {where!r} is a list of {len(here)}, "
                                    f"named by an index from 0 to {len(here) - 1}")
            if last:
                here[int(part)] = value
            else:
                here = here[int(part)]
        else:
            raise DataFileError(f"no data field {dotted!r}: {where!r} is a value, not a table")
    try:
        return type(model).model_validate(raw)
    except ValidationError as exc:
        raise DataFileError(f"data field {dotted} = {value!r} is refused:\n{_describe(exc)}") from None
    except (ValueError, RecursionError) as exc:
        raise DataFileError(f"data field {dotted} = {value!r} is refused: {str(exc)[:300]}") from None


def field_value(model: BaseModel, dotted: str) -> Any:
    """The value of the field named ``dotted`` (as in :func:`with_field`) in validated data.

    >>> class Timer(DataModel):
    ...     seconds: int
    >>> field_value(Timer(seconds=8), "seconds")
    8
    """
    here: Any = model.model_dump(mode="json")
    for part in dotted.split("."):
        if isinstance(here, dict) and part in here:
            here = here[part]
        elif isinstance(here, list) and part.isdigit() and int(part) < len(here):
            here = here[int(part)]
        else:
            with_field(model, dotted, None)  # raises the error naming what is wrong
    return here


def toml_text(model: BaseModel) -> str:
    """Validated data written as TOML that :func:`load_toml` reads back to equal data (same content hash).

    Fields that are ``None`` are left out: TOML has no null, and a data model's optional
    sections mean "absent" by ``None``.
    """
    try:
        import tomli_w
    except ImportError:
        raise DataFileError("writing game data as TOML needs tomli-w: pip install 'tabletop[analysis]'") from None
    return tomli_w.dumps(model.model_dump(mode="json", exclude_none=True))
