"""What a client may send, as pydantic models: every field typed, every number finite and bounded.

HTTP bodies are validated by FastAPI against the request models (a bad one gets 422 and a
message naming the field); WebSocket messages by :func:`parse_message`, which turns anything
malformed (not JSON, not an object we know, a number that is not a finite bounded integer,
nesting too deep) into a :class:`BadMessage` carrying the close code 1007.

>>> parse_message('{"type": "act", "action": "advance", "n": 12, "id": 1}')
Act(type='act', action='advance', n=12, id=1)
>>> try:
...     parse_message('{"type": "act", "action": "advance", "n": 1e400}')
... except BadMessage as exc:
...     print(exc)
n: Input should be a finite number
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

#: the most actions a stored game may hold (far above any real game's length)
MAX_ACTIONS = 10_000_000
#: the longest action notation accepted (the real ones are a few words)
MAX_ACTION_TEXT = 200

Ident = Annotated[int, Field(ge=-(2**53), le=2**53)] | Annotated[str, Field(max_length=64)] | None
Count = Annotated[int, Field(ge=0, le=MAX_ACTIONS)]
Token = Annotated[str, Field(max_length=128)]
OptionValue = bool | Annotated[int, Field(ge=-(2**31), le=2**31)] | Annotated[str, Field(max_length=200)] | None


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Act(_Message):
    type: Literal["act"]
    action: str = Field(max_length=MAX_ACTION_TEXT)
    n: Count | None = None
    id: Ident = None


class Undo(_Message):
    type: Literal["undo"]
    id: Ident = None


class Press(_Message):
    type: Literal["press"]
    what: str = Field(max_length=32)
    id: Ident = None


class Ping(_Message):
    type: Literal["ping"]
    id: Ident = None


ClientMessage = Annotated[Act | Undo | Press | Ping, Field(discriminator="type")]
_TAGS = ("act", "undo", "press", "ping")
_BRANCHES = ("int", "str", "bool", "none")  # the members of a union, as pydantic names them
_CLIENT_MESSAGE: TypeAdapter[Act | Undo | Press | Ping] = TypeAdapter(ClientMessage)


class BadMessage(ValueError):
    """A WebSocket message that is not one of :data:`ClientMessage` (close code 1007)."""


def describe(error: ValidationError) -> str:
    """The first problem of a validation error, short and without the offending input."""
    first = error.errors(include_url=False, include_input=False)[0]
    loc = list(first["loc"])
    if loc and loc[0] in _TAGS:  # the discriminated union's branch: the message's type
        loc = loc[1:]
    where = ".".join(str(part) for part in loc if str(part) not in _BRANCHES and "constrained" not in str(part))
    more = f" (and {error.error_count() - 1} more problems)" if error.error_count() > 1 else ""
    return f"{where}: {first['msg']}{more}" if where else f"{first['msg']}{more}"


def parse_message(raw: str) -> Act | Undo | Press | Ping:
    """A client's WebSocket message, or :class:`BadMessage` saying what is wrong with it."""
    try:
        return _CLIENT_MESSAGE.validate_json(raw)
    except ValidationError as exc:
        raise BadMessage(describe(exc)) from None


# -- HTTP request bodies -----------------------------------------------------------------------
class SeatRequest(_Message):
    kind: Literal["human", "bot"]
    name: str = Field(default="", max_length=40)
    bot: str | None = Field(default=None, max_length=100)


class CreateRequest(_Message):
    game: str = Field(max_length=64)
    options: dict[Annotated[str, Field(max_length=64)], OptionValue] = Field(default_factory=dict, max_length=32)
    seats: list[SeatRequest] = Field(min_length=1, max_length=16)


class ActRequest(_Message):
    token: Token | None = None
    action: str = Field(max_length=MAX_ACTION_TEXT)
    n: Count | None = None


class TokenRequest(_Message):
    token: Token | None = None


class PressRequest(_Message):
    token: Token | None = None
    what: str = Field(max_length=32)


def problems(errors: list[dict[str, Any]]) -> str:
    """FastAPI's validation errors as one line, without the inputs (which may not even be JSON-encodable)."""
    parts = []
    for error in errors[:4]:
        if error.get("type") == "json_invalid":
            parts.append(f"the body is not valid JSON ({error.get('ctx', {}).get('error', 'cannot be read')})")
            continue
        where = ".".join(str(p) for p in error.get("loc", ()) if p != "body")
        parts.append(f"{where}: {error.get('msg', 'invalid')}" if where else str(error.get("msg", "invalid")))
    if len(errors) > 4:
        parts.append(f"and {len(errors) - 4} more problems")
    return "; ".join(parts)
