"""Loading game data files (TOML), validated by pydantic models with clear errors.

Game facts (boards, decks, levels, dice) live in data files, never in code.
A malformed file is rejected with its name and the problem.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from tabletop.core.errors import DataFileError

M = TypeVar("M", bound=BaseModel)


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


def load_toml(path: str | Path, model: type[M]) -> M:
    """Read a TOML file and validate it against ``model``.

    Raises :class:`DataFileError` naming the file and every problem found.
    """
    p = Path(path)
    try:
        raw = tomllib.loads(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataFileError(f"{p}: cannot read data file ({exc.strerror})") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataFileError(f"{p}: not valid TOML ({exc})") from None
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise DataFileError(f"{p}: invalid data file:\n{_describe(exc)}") from None
    except ValueError as exc:
        raise DataFileError(f"{p}: invalid data file: {exc}") from None


def packaged(package: str, filename: str) -> Path:
    """The path of a data file shipped inside a package."""
    return Path(str(resources.files(package).joinpath(filename)))
