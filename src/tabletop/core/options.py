"""Options: declared as data, validated in one place, for games and agents alike.

Every game lists its options as :class:`Option` values, and so does every agent
(``mcts:iterations=800``). ``validate_options`` turns user input (Python values,
or text from the command line) into a clean dict, or raises
:class:`InvalidOptionError` saying what was wrong and what is allowed.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.core.errors import InvalidOptionError


@dataclass(frozen=True)
class Option:
    """One option of a game (or of an agent).

    ``kind`` is ``int``, ``float``, ``str``, ``bool`` or ``"path"`` (a file path
    kept as a string). ``None`` is allowed as a value only when ``nullable``; it then
    means what ``none_means`` says (for example "decided by an opening roll").
    """

    name: str
    kind: type | str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    nullable: bool = False
    none_means: str = ""

    def describe_allowed(self) -> str:
        if self.choices is not None:
            allowed = ", ".join(repr(c) for c in self.choices)
            text = f"one of {allowed}"
        elif self.kind is int:
            text = "an integer" + _bounds(self.minimum, self.maximum)
        elif self.kind is float:
            text = "a number" + _bounds(self.minimum, self.maximum)
        elif self.kind is bool:
            text = "true or false"
        elif self.kind == "path":
            text = "a file path"
        else:
            text = "a string"
        if self.nullable:
            text += f", or none ({self.none_means})" if self.none_means else ", or none"
        return text

    def convert(self, owner: str, value: Any) -> Any:
        """Check and convert one value (text from a command line is accepted); ``owner`` names
        the game or agent in the error."""
        problem = f"option {self.name!r} of {owner} must be {self.describe_allowed()}, not {shown(value)}"
        if value is None or (isinstance(value, str) and value.lower() in ("none", "null") and self.nullable):
            if self.nullable:
                return None
            raise InvalidOptionError(problem)
        if self.kind is int:
            if isinstance(value, bool):
                raise InvalidOptionError(problem)
            if isinstance(value, str):
                try:
                    value = int(value.strip())
                except ValueError:
                    raise InvalidOptionError(problem) from None
            if not isinstance(value, int):
                raise InvalidOptionError(problem)
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise InvalidOptionError(problem)
        elif self.kind is float:
            if isinstance(value, bool):
                raise InvalidOptionError(problem)
            if isinstance(value, str):
                try:
                    value = float(value.strip())
                except ValueError:
                    raise InvalidOptionError(problem) from None
            if isinstance(value, int) and abs(value) > 2**1000:  # too large to be a float
                raise InvalidOptionError(problem)
            if not isinstance(value, int | float) or not math.isfinite(value):
                raise InvalidOptionError(problem)
            value = float(value)
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise InvalidOptionError(problem)
        elif self.kind is bool:
            if isinstance(value, str):
                lowered = value.strip().lower()
                if lowered in ("1", "true", "yes", "on"):
                    value = True
                elif lowered in ("0", "false", "no", "off"):
                    value = False
            if not isinstance(value, bool):
                raise InvalidOptionError(problem)
        elif (self.kind is str or self.kind == "path") and (not isinstance(value, str) or not value):
            raise InvalidOptionError(problem)
        if self.choices is not None and value not in self.choices:
            raise InvalidOptionError(problem)
        return value


def shown(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters (an integer too long to print is described).

    >>> shown(10**5000)
    'an integer of 5001 digits'
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 10_000:
        return f"an integer of {_digits(value)} digits"
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _digits(value: int) -> int:
    """The number of decimal digits of a (huge) integer, without printing it."""
    digits = int(abs(value).bit_length() * 0.30102999566398120)
    return digits + 1 if abs(value) >= 10**digits else digits


def _bounds(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f" from {_number(low)} to {_number(high)}"
    if low is not None:
        return f" of at least {_number(low)}"
    if high is not None:
        return f" of at most {_number(high)}"
    return ""


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def validate_options(owner: str, declared: Sequence[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Return every declared option's value: given ones checked, others defaulted.

    ``owner`` names the game (or agent) in error messages.
    """
    by_name = {o.name: o for o in declared}
    unknown = [k for k in given if k not in by_name]
    if unknown:
        allowed = ", ".join(by_name) or "none"
        raise InvalidOptionError(f"unknown option {unknown[0]!r} for {owner}; allowed options: {allowed}")
    values: dict[str, Any] = {}
    for option in declared:
        if option.name in given:
            values[option.name] = option.convert(owner, given[option.name])
        else:
            values[option.name] = option.default
    return values
