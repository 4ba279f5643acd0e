"""Reading a record's JSON strictly: a pydantic model of every field, its type and its size.

Imported only when a record is read, so ``import tabletop`` stays light.
"""

from __future__ import annotations

import math
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from tabletop.core.errors import NotationError
from tabletop.core.notation import MAX_POSITION_CHARS

FORMAT = "tabletop-record/1"
#: Seeds are 64-bit integers, signed or not.
SEED_RANGE = (-(2**63), 2**64 - 1)
MAX_SEATS = 64
#: data files a record carries by content (each a board of at most 64 kB, so at most that many characters)
MAX_BOARDS = 4
MAX_BOARD_CHARS = 64 * 1024


def _option_value(value: Any) -> Any:
    """An option value is what options can hold: a bool, a bounded or finite number, a short string or null."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        if not SEED_RANGE[0] <= value <= SEED_RANGE[1]:
            raise ValueError("an option's number must be a 64-bit integer")
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError("an option's number must be finite")
        return value
    if isinstance(value, str):
        if len(value) > 4096:
            raise ValueError("an option's text is at most 4096 characters")
        return value
    raise ValueError(f"an option's value is a bool, a number, a string or null, not {_json_type(value)}")


def _finite(value: float) -> float:
    if not math.isfinite(value):
        raise ValueError("a return must be a finite number")
    return value


def _json_type(value: Any) -> str:
    if isinstance(value, dict):
        return "an object"
    return "a list" if isinstance(value, list) else type(value).__name__


Short = Annotated[str, Field(max_length=200)]


class RecordFile(BaseModel):
    """The JSON of a record, field by field (strict: no coercion, no unknown keys)."""

    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)

    format: Literal["tabletop-record/1"]
    game: Annotated[str, Field(min_length=1, max_length=100)]
    version: Annotated[str, Field(max_length=100)]
    options: Annotated[dict[Annotated[str, Field(max_length=100)], Annotated[Any, AfterValidator(_option_value)]],
                       Field(max_length=100)]
    seed: Annotated[int, Field(ge=SEED_RANGE[0], le=SEED_RANGE[1])] | None = None
    chance: Literal["seed"] | None = None
    agents: Annotated[list[Short], Field(max_length=MAX_SEATS)] = []
    actions: Annotated[list[Short], Field(max_length=1_000_000)]
    winners: Annotated[list[Annotated[int, Field(ge=0, lt=MAX_SEATS)]], Field(max_length=MAX_SEATS)] | None = None
    returns: Annotated[list[Annotated[float, AfterValidator(_finite)]], Field(max_length=MAX_SEATS)] | None = None
    initial: Annotated[str, Field(max_length=MAX_POSITION_CHARS)] | None = None
    boards: Annotated[
        dict[Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")], Annotated[str, Field(max_length=MAX_BOARD_CHARS)]],
        Field(max_length=MAX_BOARDS),
    ] | None = None


def _problem(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(part)[:40] for part in first["loc"])
    message = first["msg"].removeprefix("Value error, ")
    if first["type"] == "json_invalid":
        text = f"not a tabletop record (invalid JSON: {message.removeprefix('Invalid JSON: ')})"
    elif where == "format" or not first["loc"]:
        text = f'not a tabletop record (expected a JSON object with "format": "{FORMAT}")'
    else:
        text = f"{where or 'the record'}: {message}"
    more = error.error_count() - 1
    return text + (f" (and {more} more problem{'s' if more > 1 else ''})" if more else "")


def read_record_json(text: str, source: str) -> RecordFile:
    """The record in ``text``, or a :class:`NotationError` naming ``source`` and the first problem."""
    try:
        return RecordFile.model_validate_json(text)
    except ValidationError as exc:
        raise NotationError(f"{source}: {_problem(exc)}") from None
