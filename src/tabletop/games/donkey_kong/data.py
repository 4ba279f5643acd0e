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
    """What is on the table when a game starts, and the bonus for finishing."""

    hand_size: int = Field(ge=0, le=MAX_COMPONENTS)
    """Cards dealt face up to each player at the start (3, confirmed by the rulebook)."""
    barrels: int = Field(ge=1, le=MAX_COMPONENTS)
    """Gold barrels in all (12, confirmed)."""
    barrels_on_board: int = Field(ge=0, le=MAX_COMPONENTS)
    """Barrels placed on the black dots at the start (one per black dot); the rest wait in Donkey Kong's arm."""
    fireballs: int = Field(ge=0, le=MAX_COMPONENTS)
    """Fireball tokens, all waiting at the Oil Can at the start (4, confirmed)."""
    finish_bonus: int = Field(ge=0, le=MAX_POINTS)
    """Points for the player who reaches the Finish first (500, confirmed)."""

    @model_validator(mode="after")
    def _barrels_fit(self) -> SetupModel:
        if self.barrels_on_board > self.barrels:
            raise ValueError(f"barrels_on_board ({self.barrels_on_board}) exceeds barrels ({self.barrels})")
        return self


class WhiteDieModel(DataModel):
    """The white die: moves the pawn and decides who starts."""

    faces: tuple[int, ...] = Field(min_length=1)
    """Its faces, each a number from 1 to 100 (an ordinary die: 1 to 6); a repeated face is more likely."""

    @field_validator("faces")
    @classmethod
    def _positive(cls, faces: tuple[int, ...]) -> tuple[int, ...]:
        if any(not 1 <= f <= MAX_FACE for f in faces):
            raise ValueError(f"white die faces must be from 1 to {MAX_FACE}")
        return faces


class RedDieModel(DataModel):
    """The red die: how far the barrels and fireballs move, or Donkey Kong rests."""

    faces: tuple[int | Literal["rests"], ...] = Field(min_length=1)
    """Its faces: numbers from 1 to 100, or "rests" (Donkey Kong rests: no obstacle moves); 3, 4, 5, 6 and two
    rests in the 1981 game."""

    @field_validator("faces")
    @classmethod
    def _positive(cls, faces: tuple[int | str, ...]) -> tuple[int | str, ...]:
        if any(isinstance(f, int) and not 1 <= f <= MAX_FACE for f in faces):
            raise ValueError(f'red die faces must be from 1 to {MAX_FACE}, or "rests"')
        return faces


class DiceModel(DataModel):
    """The two dice."""

    white: WhiteDieModel
    """The white die."""
    red: RedDieModel
    """The red die."""


class CardModel(DataModel):
    """One kind of card in the deck: Jump or Hammer, its points and how many there are."""

    kind: Literal["jump", "hammer"]
    """jump (leap a barrel or fireball) or hammer (smash it)."""
    points: int = Field(ge=0, le=MAX_POINTS)
    """The points the card scores when played."""
    count: int = Field(ge=1, le=MAX_COMPONENTS)
    """How many cards of this kind and points are in the deck."""


class GirderModel(DataModel):
    """One girder: a row of blue spaces, named by a letter, numbered from 1 at the left."""

    name: str = Field(pattern=r"^[A-Z]$")
    """Its letter (A at the bottom); its spaces are A1, A2 ... from the left."""
    spaces: int = Field(ge=1, le=99)
    """PROVISIONAL in the packaged file: how many blue spaces it has."""
    barrels_roll: Literal["left", "right", "none"]
    """Which way barrels roll along it (and fireballs climb the other way); none for a girder they never reach."""
    red_dots: tuple[int, ...] = ()
    """PROVISIONAL in the packaged file: its spaces with a red dot (a pawn landing there by exact count draws a
    card, K-CARD-1)."""
    black_dots: tuple[int, ...] = ()
    """PROVISIONAL in the packaged file: its spaces with a black dot (a barrel stands on each at the start)."""
    note: str = ""
    """Why it is so, in words (for a provisional value: the reasoning)."""


class EdgeModel(DataModel):
    """A broken white line joining the end space of a girder to the end space of the girder below."""

    upper: str
    """The end space of the upper girder, where barrels leave it (for example F10)."""
    lower: str
    """The end space of the lower girder, where they land (for example E10); fireballs go the other way."""
    note: str = ""
    """Why it is so, in words."""


class LadderModel(DataModel):
    """A ladder: a column of ladder spaces between a girder space and the one above."""

    name: str = Field(pattern=r"^L[0-9]{1,2}$")
    """Its name, L1 to L99; its spaces are L1.1, L1.2 ... from the bottom."""
    bottom: str
    """PROVISIONAL in the packaged file: the girder space at its foot (for example A9)."""
    top: str
    """PROVISIONAL in the packaged file: the girder space at its head (for example B9)."""
    rungs: int = Field(ge=0, le=9)
    """How many ladder spaces lie between bottom and top."""
    note: str = ""
    """Why it is so, in words."""


class StartModel(DataModel):
    """The Start space: off the obstacles' way; a pawn's first step goes onto one of ``joins``."""

    joins: tuple[str, ...] = Field(min_length=1)
    """PROVISIONAL in the packaged file: the girder spaces a pawn's first step from START may go onto."""
    note: str = ""
    """Why START lies where it does, in words."""

    @field_validator("joins")
    @classmethod
    def _distinct(cls, joins: tuple[str, ...]) -> tuple[str, ...]:
        if len(set(joins)) != len(joins):
            raise ValueError("a space is listed twice")
        return joins


class BoardModel(DataModel):
    """The board: girders, the broken lines between them, ladders, and the special spaces."""

    provisional: bool = False
    """true when the layout is this project's guess (it is in the packaged file: the rulebook describes the
    board only in words)."""
    note: str = ""
    """Why the layout is so, in words."""
    start: StartModel
    """The Start space and where a pawn steps onto the girders."""
    finish: str
    """The space a pawn must reach to finish (the Fair Maiden's platform)."""
    oil_can_beside: str
    """The girder space beside the Oil Can: barrels rolling off the board there fall into it, fireballs come
    out of it."""
    barrel_drop: str
    """Where Donkey Kong drops a new barrel (the rulebook: the top left blue space of the gamepath)."""
    donkey_kong_front: str
    """The top space in front of Donkey Kong: a fireball reaching it goes back to the Oil Can (K-OBS-9)."""
    girders: tuple[GirderModel, ...] = Field(min_length=1)
    """The girders, from the bottom up."""
    edges: tuple[EdgeModel, ...] = ()
    """The broken white lines: the barrels' way down from girder to girder."""
    ladders: tuple[LadderModel, ...] = ()
    """The ladders: the pawns' way up."""


#: the most seconds one step of a game may take at a table, and minutes of setup
MAX_SECONDS = 3600.0


class TimeModelData(DataModel):
    """How long a game takes at a table (the analysis' minutes): setup, then seconds per turn, per decision
    and per chance event; ``source`` says where the numbers come from."""

    provisional: bool
    """true when the numbers are estimates (they are in the packaged file)."""
    source: str = Field(min_length=1)
    """Where the numbers come from, in words."""
    setup_minutes: float = Field(ge=0, le=MAX_SECONDS)
    """Minutes to set up a game."""
    seconds_per_turn: float = Field(ge=0, le=MAX_SECONDS)
    """Seconds a turn takes besides its decisions and chance events: moving the obstacles by hand."""
    seconds_per_decision: float = Field(ge=0, le=MAX_SECONDS)
    """Seconds a decision takes: choosing a route or the card to play."""
    seconds_per_chance: float = Field(ge=0, le=MAX_SECONDS)
    """Seconds a chance event takes: a roll, a card drawn, lost or stolen."""


class RulesModel(DataModel):
    """Every fact of a Donkey Kong game: setup, dice, deck and board."""

    title: str
    """The name of the game this file describes."""
    setup: SetupModel
    """The components and the finishing bonus."""
    dice: DiceModel
    """The white and red dice."""
    cards: tuple[CardModel, ...] = Field(min_length=1)
    """The deck: one entry per kind and points (24 Jump and 24 Hammer cards in the 1981 game)."""
    board: BoardModel
    """The board's layout."""
    time: TimeModelData | None = None
    """How long a game takes at a table (optional: without it, minutes are not estimated)."""

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
