"""A game's tunable parameters: an option (``rescue_rolls``) or a field of its data (``data.grid.places``).

``NAME=LOW..HIGH`` names a parameter and its range. An option's type and bounds come from
the game's declared :class:`~tabletop.core.options.Option`; a data field's type from its
value in the game's data, and its bounds from the data model's own checks. A game with a
data field changed is made from validated data written as TOML to a directory of boards
(:func:`tabletop.core.data.with_field`, :func:`~tabletop.core.data.toml_text`), so the
game loads and checks it exactly as it would a user's file, and a run records its
content hash like any board's.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.core.data import field_value, toml_text, with_field
from tabletop.core.errors import DataFileError, InvalidOptionError
from tabletop.core.game import Game
from tabletop.core.registry import game_class, make

#: a data field's name starts with this
DATA_PREFIX = "data."


@dataclass(frozen=True)
class Parameter:
    """A parameter to tune over ``low..high``: a game option or (``data.`` first) a field of the game's data."""

    name: str
    low: float
    high: float
    integer: bool

    @property
    def field(self) -> str | None:
        """The dotted data field, or ``None`` for an option."""
        return self.name.removeprefix(DATA_PREFIX) if self.name.startswith(DATA_PREFIX) else None

    def value(self, x: float) -> int | float:
        """``x`` as this parameter's type."""
        return round(x) if self.integer else float(x)

    def show(self, x: float) -> str:
        return str(round(x)) if self.integer else f"{x:.6g}"


def parse_range(text: str) -> tuple[str, str, str]:
    """``"NAME=LOW..HIGH"`` to its three parts.

    >>> parse_range("rescue_rolls=2..12")
    ('rescue_rolls', '2', '12')
    """
    name, sep, span = text.partition("=")
    low, dots, high = span.partition("..")
    if not sep or not dots or not name.strip() or not low.strip() or not high.strip():
        raise InvalidOptionError(f"a parameter is NAME=LOW..HIGH (an option, or data.FIELD), not {text!r}")
    return name.strip().replace("-", "_") if not name.strip().startswith(DATA_PREFIX) else name.strip(), low, high


def parse_parameter(text: str, game: str, options: Mapping[str, Any]) -> Parameter:
    """Read ``NAME=LOW..HIGH`` for ``game`` made with ``options``, checked against what the parameter allows."""
    name, low_text, high_text = parse_range(text)
    if name.startswith(DATA_PREFIX):
        model = make(game, **options).data_model()
        if model is None:
            raise DataFileError(f"{game} has no data file, so no data field {name!r} to tune")
        current = field_value(model, name.removeprefix(DATA_PREFIX))
        if isinstance(current, bool) or not isinstance(current, int | float):
            raise InvalidOptionError(f"data field {name.removeprefix(DATA_PREFIX)!r} of {game} is "
                                     f"{current!r}, not a number to tune")
        integer = isinstance(current, int)
        minimum = maximum = None
    else:
        declared = {o.name: o for o in game_class(game).info.options}
        option = declared.get(name)
        if option is None or option.kind not in (int, float):
            numeric = ", ".join(o.name for o in declared.values() if o.kind in (int, float)) or "none"
            raise InvalidOptionError(f"{game} has no numeric option {name!r} to tune (its numeric options: "
                                     f"{numeric}; a data field is named data.FIELD)")
        integer = option.kind is int
        minimum, maximum = option.minimum, option.maximum
    try:
        low, high = (int(low_text) if integer else float(low_text)), (int(high_text) if integer else float(high_text))
    except ValueError:
        kind = "integers" if integer else "numbers"
        raise InvalidOptionError(f"{name} takes {kind}: {low_text!r}..{high_text!r} is not a range of them") from None
    if not (math.isfinite(low) and math.isfinite(high)) or not low < high:
        raise InvalidOptionError(f"{name}: the range {low_text}..{high_text} must go from a lower to a higher value")
    if (minimum is not None and low < minimum) or (maximum is not None and high > maximum):
        raise InvalidOptionError(f"{name} of {game} goes from {minimum:g} to {maximum:g}; {low_text}..{high_text} "
                                 "leaves that range")
    return Parameter(name, float(low), float(high), integer)


class GameMaker:
    """Makes ``game`` with ``options`` and the parameter at a value (boards for data fields in ``boards``)."""

    def __init__(self, game: str, options: Mapping[str, Any], parameter: Parameter, boards: Path) -> None:
        self.game = game
        self.options = dict(options)
        self.parameter = parameter
        self.boards = boards
        self._model = make(game, **options).data_model() if parameter.field is not None else None

    def __call__(self, x: float) -> Game:
        value = self.parameter.value(x)
        field = self.parameter.field
        if field is None:
            return make(self.game, **{**self.options, self.parameter.name: value})
        assert self._model is not None
        changed = with_field(self._model, field, value)
        self.boards.mkdir(parents=True, exist_ok=True)
        path = self.boards / f"{field}={self.parameter.show(x)}.toml"
        path.write_text(toml_text(changed), encoding="utf-8")
        return make(self.game, **{**self.options, "data": str(path)})


def grid(low: float, high: float, count: int, integer: bool) -> list[float]:
    """``count`` values spread evenly over ``low..high`` (integers: every one when there are few enough).

    >>> grid(1, 5, 9, True), grid(0.0, 1.0, 5, False)
    ([1.0, 2.0, 3.0, 4.0, 5.0], [0.0, 0.25, 0.5, 0.75, 1.0])
    >>> grid(0, 100, 5, True)
    [0.0, 25.0, 50.0, 75.0, 100.0]
    """
    if integer and high - low + 1 <= count:
        return [float(v) for v in range(int(low), int(high) + 1)]
    values = [low + (high - low) * i / (count - 1) for i in range(count)]
    if integer:
        values = sorted({float(round(v)) for v in values})
    return values
