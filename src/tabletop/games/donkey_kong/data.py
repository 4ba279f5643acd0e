"""The data file's schema, as pydantic models.

Every game fact lives in ``data/donkey_kong.toml`` (or a user's file of the same
schema, given with the option ``data``). These models check each value;
:mod:`~tabletop.games.donkey_kong.rules` then checks the board as a graph.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator, model_validator

from tabletop.core.data import DataModel, load_toml, packaged

#: Upper bounds of the numbers in a data file: far above any real game, low enough that scores,
#: counts and positions stay ordinary numbers (a score is turned into a float by ``returns()``).
MAX_COMPONENTS = 1000
MAX_POINTS = 1_000_000
MAX_FACE = 100


class SetupModel(DataModel):
    hand_size: int = Field(ge=0, le=MAX_COMPONENTS)
    barrels: int = Field(ge=1, le=MAX_COMPONENTS)
    barrels_on_board: int = Field(ge=0, le=MAX_COMPONENTS)
    fireballs: int = Field(ge=0, le=MAX_COMPONENTS)
    finish_bonus: int = Field(ge=0, le=MAX_POINTS)

    @model_validator(mode="after")
    def _barrels_fit(self) -> SetupModel:
        if self.barrels_on_board > self.barrels:
            raise ValueError(f"barrels_on_board ({self.barrels_on_board}) exceeds barrels ({self.barrels})")
        return self


class WhiteDieModel(DataModel):
    faces: tuple[int, ...] = Field(min_length=1)

    @field_validator("faces")
    @classmethod
    def _positive(cls, faces: tuple[int, ...]) -> tuple[int, ...]:
        if any(not 1 <= f <= MAX_FACE for f in faces):
            raise ValueError(f"white die faces must be from 1 to {MAX_FACE}")
        return faces


class RedDieModel(DataModel):
    faces: tuple[int | Literal["rests"], ...] = Field(min_length=1)

    @field_validator("faces")
    @classmethod
    def _positive(cls, faces: tuple[int | str, ...]) -> tuple[int | str, ...]:
        if any(isinstance(f, int) and not 1 <= f <= MAX_FACE for f in faces):
            raise ValueError(f'red die faces must be from 1 to {MAX_FACE}, or "rests"')
        return faces


class DiceModel(DataModel):
    white: WhiteDieModel
    red: RedDieModel


class CardModel(DataModel):
    kind: Literal["jump", "hammer"]
    points: int = Field(ge=0, le=MAX_POINTS)
    count: int = Field(ge=1, le=MAX_COMPONENTS)


class GirderModel(DataModel):
    name: str = Field(pattern=r"^[A-Z]$")
    spaces: int = Field(ge=1, le=99)
    barrels_roll: Literal["left", "right", "none"]
    red_dots: tuple[int, ...] = ()
    black_dots: tuple[int, ...] = ()
    note: str = ""


class EdgeModel(DataModel):
    upper: str
    lower: str
    note: str = ""


class LadderModel(DataModel):
    name: str = Field(pattern=r"^L[0-9]{1,2}$")
    bottom: str
    top: str
    rungs: int = Field(ge=0, le=9)
    note: str = ""


class StartModel(DataModel):
    """The Start space: off the obstacles' way; a pawn's first step goes onto one of ``joins``."""

    joins: tuple[str, ...] = Field(min_length=1)
    note: str = ""

    @field_validator("joins")
    @classmethod
    def _distinct(cls, joins: tuple[str, ...]) -> tuple[str, ...]:
        if len(set(joins)) != len(joins):
            raise ValueError("a space is listed twice")
        return joins


class BoardModel(DataModel):
    provisional: bool = False
    note: str = ""
    start: StartModel
    finish: str
    oil_can_beside: str
    barrel_drop: str
    donkey_kong_front: str
    girders: tuple[GirderModel, ...] = Field(min_length=1)
    edges: tuple[EdgeModel, ...] = ()
    ladders: tuple[LadderModel, ...] = ()


#: the most seconds one step of a game may take at a table, and minutes of setup
MAX_SECONDS = 3600.0


class TimeModelData(DataModel):
    """How long a game takes at a table (the analysis' minutes): setup, then seconds per turn, per decision
    and per chance event; ``source`` says where the numbers come from."""

    provisional: bool
    source: str = Field(min_length=1)
    setup_minutes: float = Field(ge=0, le=MAX_SECONDS)
    seconds_per_turn: float = Field(ge=0, le=MAX_SECONDS)
    seconds_per_decision: float = Field(ge=0, le=MAX_SECONDS)
    seconds_per_chance: float = Field(ge=0, le=MAX_SECONDS)


class RulesModel(DataModel):
    title: str
    setup: SetupModel
    dice: DiceModel
    cards: tuple[CardModel, ...] = Field(min_length=1)
    board: BoardModel
    time: TimeModelData | None = None

    @model_validator(mode="after")
    def _cards_unique(self) -> RulesModel:
        seen = set()
        for card in self.cards:
            key = (card.kind, card.points)
            if key in seen:
                raise ValueError(f"card {card.kind} {card.points} is listed twice")
            seen.add(key)
        return self


DEFAULT_DATA = "donkey_kong.toml"


def default_path() -> Path:
    """The packaged data file."""
    return packaged("tabletop.games.donkey_kong", f"data/{DEFAULT_DATA}")


def read_rules_file(path: Path) -> RulesModel:
    """Read and validate a data file's schema (the board's graph is checked by ``Board``)."""
    return load_toml(path, RulesModel)
