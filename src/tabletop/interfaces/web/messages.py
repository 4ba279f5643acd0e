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

from tabletop.core.datafile import MAX_BOARD_BYTES

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


Seat = Annotated[int, Field(ge=0, le=63)]
Name = Annotated[str, Field(max_length=40)]


class Press(_Message):
    """Roll your dice, or act in a live event; ``seat``: which of your seats (pass and play)."""

    type: Literal["press"]
    what: str = Field(max_length=32)
    seat: Seat | None = None
    id: Ident = None


class Ping(_Message):
    type: Literal["ping"]
    id: Ident = None


class Start(_Message):
    """The host starts a waiting game; empty seats become bots."""

    type: Literal["start"]
    id: Ident = None


class Rename(_Message):
    """Your name, for your seats."""

    type: Literal["name"]
    name: Name
    seat: Seat | None = None
    id: Ident = None


class Prefs(_Message):
    """Your settings: the server rolls your dice at once (``auto_roll``), odds hints (``hints``)."""

    type: Literal["prefs"]
    auto_roll: bool | None = None
    hints: bool | None = None
    id: Ident = None


class Rematch(_Message):
    """A new game with the same seats and options (one for everyone: asked twice, it is the same game)."""

    type: Literal["rematch"]
    id: Ident = None


Message = Act | Undo | Press | Ping | Start | Rename | Prefs | Rematch
ClientMessage = Annotated[Message, Field(discriminator="type")]
_TAGS = ("act", "undo", "press", "ping", "start", "name", "prefs", "rematch")
_BRANCHES = ("int", "str", "bool", "none")  # the members of a union, as pydantic names them
_CLIENT_MESSAGE: TypeAdapter[Message] = TypeAdapter(ClientMessage)


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


def parse_message(raw: str) -> Message:
    """A client's WebSocket message, or :class:`BadMessage` saying what is wrong with it."""
    try:
        return _CLIENT_MESSAGE.validate_json(raw)
    except ValidationError as exc:
        raise BadMessage(describe(exc)) from None


# -- HTTP request bodies -----------------------------------------------------------------------
class SeatRequest(_Message):
    """A seat: a person or a bot. Seats with the same ``holder`` share one link (pass and play on one
    device); ``host`` may start the game before everyone has joined; ``auto_roll``: the server rolls
    this person's dice at once (the lobby asks for people to roll their own)."""

    kind: Literal["human", "bot"]
    name: Name = ""
    bot: str | None = Field(default=None, max_length=100)
    holder: Annotated[int, Field(ge=0, le=15)] | None = None
    host: bool = False
    auto_roll: bool = True


#: the longest turn clock (a day) and the shortest (a few seconds: a test's)
MAX_CLOCK, MIN_CLOCK = 86_400.0, 1.0


class CreateRequest(_Message):
    """A new game. ``start``: "now", or "joined" (a waiting room: it starts when every person has
    joined, or the host starts it); ``clock``: seconds a person has for a turn before the server
    plays for them (``None``: no limit); ``board``: a board of one's own, the text of its data file."""

    game: str = Field(max_length=64)
    options: dict[Annotated[str, Field(max_length=64)], OptionValue] = Field(default_factory=dict, max_length=32)
    seats: list[SeatRequest] = Field(min_length=1, max_length=16)
    start: Literal["now", "joined"] = "now"
    clock: Annotated[float, Field(ge=MIN_CLOCK, le=MAX_CLOCK, allow_inf_nan=False)] | None = None
    #: a board of one's own, as the text of its data file (the board editor's TOML), never a path
    board: Annotated[str, Field(max_length=MAX_BOARD_BYTES)] | None = None


class ActRequest(_Message):
    token: Token | None = None
    action: str = Field(max_length=MAX_ACTION_TEXT)
    n: Count | None = None


class TokenRequest(_Message):
    token: Token | None = None


class NameRequest(_Message):
    token: Token | None = None
    name: Name
    seat: Seat | None = None


class PrefsRequest(_Message):
    token: Token | None = None
    auto_roll: bool | None = None
    hints: bool | None = None


class PressRequest(_Message):
    token: Token | None = None
    what: str = Field(max_length=32)
    seat: Seat | None = None


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
