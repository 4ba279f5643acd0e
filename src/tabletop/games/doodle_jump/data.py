"""The Doodle Jump data file: levels, dice, reach geometry and tile mixes, validated on load.

Every game fact lives in ``data/doodle_jump.toml``; this module checks it and
turns it into flat lookup tables (:class:`Rules`) that the state reads in its
hot path. A user's own file of the same schema can be given with the game
option ``data``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from tabletop.core.data import DataCache, DataModel, load_toml, packaged

#: The symbol-die faces the rules know: a number of dots, or one of three actions.
SYMBOL_ACTIONS = ("shift", "remove", "again")
#: What a tile does; the rules implement each of these effects.
TileEffect = Literal["spring", "shield", "shoes", "flight", "ufo", "monster", "black_hole"]
#: Effects of tiles a player keeps on their Doodler Card.
KEPT_EFFECTS = ("shield", "shoes", "flight", "ufo", "monster")


class Sourced(DataModel):
    """A block of facts with its provenance."""

    provisional: bool = False
    """true when the values are this project's choice, not given by a source (the reasoning is in ``source``)."""
    source: str = Field(min_length=1)
    """Where the values come from, in words."""


class DiceData(Sourced):
    """The numbered dice a player rolls (and rolls again) to jump."""

    numbered: int = Field(ge=1, le=8)
    """How many numbered dice there are (5)."""
    left_out_with_two_players: int = Field(ge=0, le=7)
    """How many of them are put away in a two-player game (1)."""
    faces: tuple[int, ...] = Field(min_length=2)
    """The faces of each numbered die (1 to 6)."""

    @model_validator(mode="after")
    def _check(self) -> DiceData:
        if self.numbered - self.left_out_with_two_players < 1:
            raise ValueError("dice: two players must keep at least one numbered die")
        if any(f < 1 for f in self.faces):
            raise ValueError("dice.faces: every face must be a positive number")
        return self


class SymbolDieData(Sourced):
    """The symbol die rolled with the numbered dice."""

    faces: tuple[str, ...] = Field(min_length=1)
    """Its faces: a number of dots ("1" to "6": counts like a numbered die of that value), shift (move a
    level one slot sideways), remove (put a level with no Doodler on top of the ramp), again (re-roll the
    unused dice)."""

    @model_validator(mode="after")
    def _check(self) -> SymbolDieData:
        for face in self.faces:
            if face not in SYMBOL_ACTIONS and not (face.isdigit() and 1 <= int(face) <= 6):
                raise ValueError(
                    f"symbol_die.faces: unknown face {face!r} "
                    f"(a number of dots 1-6, or one of {', '.join(SYMBOL_ACTIONS)})"
                )
        return self


class RampData(Sourced):
    """The geometry of the ramp: columns, how far a level shifts, and which pads a Doodler reaches."""

    columns: int = Field(ge=2, le=9)
    """Column slots on every level (5); a pad sits in one slot."""
    max_offset: int = Field(ge=0, le=2)
    """How far a level may be shifted over the left or right edge, in columns (1)."""
    same_level_reach: tuple[int, ...]
    """The columns, relative to a Doodler's, of the pads it reaches on its own level ([-1, 1]: either side)."""
    next_level_reach: tuple[int, ...] = Field(min_length=1)
    """The columns, relative to a Doodler's, of the pads it reaches on the level above ([-1, 0, 1])."""
    setup_tile_rows: tuple[int, ...]
    """The levels, counted from 1 at the bottom, that get a Power Tile on their highest-numbered pad at
    setup (2, 4, 6, 8)."""

    @model_validator(mode="after")
    def _check(self) -> RampData:
        if 0 in self.same_level_reach:
            raise ValueError("ramp.same_level_reach: a Doodler never stays in place (0 is not allowed)")
        return self


class LevelData(DataModel):
    """One Game Board Level: a letter and its pads. The levels are stacked in a random order at setup."""

    name: str = Field(pattern=r"^[A-Z]$")
    """Its letter; a pad is named by it and its number (B9)."""
    pads: tuple[tuple[int, int], ...] = Field(min_length=1)
    """PROVISIONAL in the packaged file: its pads as [column slot, number]: the slot from 0 at the left,
    the number within ``pad_numbers`` (the dice total needed to jump there); one pad per slot, numbers distinct."""
    provisional: bool = False
    """true when the layout is this project's design (it is for every packaged level)."""
    note: str = ""
    """The layout in words."""


class TileData(DataModel):
    """One kind of tile: a Power Tile or an Expert Tile, what it does and how many there are."""

    kind: str = Field(pattern=r"^[a-z]+$")
    """A short name in lower-case letters, used in positions and actions (tramp, jet ...)."""
    name: str
    """The tile's printed name (Trampoline, Jetpack ...)."""
    set: Literal["power", "expert"]
    """power (played in every game with tiles) or expert (the Expert game only)."""
    effect: TileEffect
    """What the rules do with it: spring, shield, shoes, flight, ufo, monster or black_hole."""
    count: int = Field(ge=0)
    """PROVISIONAL in the packaged file for most kinds: how many tiles of this kind there are."""
    provisional: bool = False
    """true when the count is a guess."""
    source: str = Field(min_length=1)
    """Where the count comes from, in words."""


class TimeData(Sourced):
    """Estimated time at a table, for the analysis' minutes (``Game.time_model``)."""

    setup_minutes: float = Field(ge=0, le=60)
    """Minutes to set up a game."""
    seconds_per_roll: float = Field(ge=0, le=600)
    """Seconds a roll takes: gather the dice, roll, read the faces."""
    seconds_per_decision: float = Field(ge=0, le=600)
    """Seconds a decision takes, on average, with moving the Doodler."""


class DoodleJumpData(DataModel):
    """The whole data file."""

    pad_numbers: tuple[int, int]
    """The lowest and highest number a pad may show ([3, 10])."""
    dice: DiceData
    """The numbered dice."""
    symbol_die: SymbolDieData
    """The symbol die."""
    ramp: RampData
    """The ramp's geometry."""
    levels: tuple[LevelData, ...]
    """The Game Board Levels (8), at least two; stacked in a random order at setup."""
    levels_source: str = Field(min_length=1)
    """Where the level layouts come from, in words."""
    tiles: tuple[TileData, ...]
    """The tiles, one entry per kind."""
    time: TimeData | None = None  # no [time] section: no time model, minutes are not estimated
    """How long a game takes at a table (optional: without it, minutes are not estimated)."""

    @model_validator(mode="after")
    def _check(self) -> DoodleJumpData:
        low, high = self.pad_numbers
        names = [level.name for level in self.levels]
        if len(set(names)) != len(names):
            raise ValueError("levels: two levels share a name")
        for level in self.levels:
            slots = [slot for slot, _ in level.pads]
            numbers = [number for _, number in level.pads]
            if len(set(slots)) != len(slots):
                raise ValueError(f"level {level.name}: two pads in one column slot")
            if len(set(numbers)) != len(numbers):
                raise ValueError(f"level {level.name}: two pads share a number (pads are named by level and number)")
            for slot, number in level.pads:
                if not 0 <= slot < self.ramp.columns:
                    raise ValueError(f"level {level.name}: pad slot {slot} outside 0..{self.ramp.columns - 1}")
                if not low <= number <= high:
                    raise ValueError(f"level {level.name}: pad number {number} outside {low}..{high}")
        rows = self.ramp.setup_tile_rows
        if any(not 1 <= r <= len(self.levels) for r in rows) or len(set(rows)) != len(rows):
            raise ValueError(f"ramp.setup_tile_rows: rows must be distinct and within 1..{len(self.levels)}")
        kinds = [t.kind for t in self.tiles]
        if len(set(kinds)) != len(kinds):
            raise ValueError("tiles: two tile entries share a kind")
        if sum(t.count for t in self.tiles if t.set == "power") < len(rows):
            raise ValueError(f"tiles: fewer Power Tiles than the {len(rows)} placed at setup")
        if len(self.levels) < 2:
            raise ValueError("levels: the ramp needs at least two levels")
        return self


DEFAULT_PATH = packaged("tabletop.games.doodle_jump", "data/doodle_jump.toml")


@dataclass(frozen=True)
class Rules:
    """The data file as flat tables, plus the options that shape a game.

    Pads are numbered globally (``0..len(pad_level)-1``); a level's pads are
    listed by slot. Tile kinds are indexed in data-file order.
    """

    players: int
    numbered_dice: int
    die_faces: tuple[int, ...]
    symbol_faces: tuple[str, ...]
    columns: int
    max_offset: int
    same_reach: tuple[int, ...]
    up_reach: tuple[int, ...]
    setup_rows: tuple[int, ...]  # 0-based rows, bottom = 0
    level_names: tuple[str, ...]
    level_pads: tuple[tuple[int, ...], ...]  # pad ids of each level, by slot
    level_top_pad: tuple[int, ...]  # the highest-numbered pad of each level
    pad_level: tuple[int, ...]
    pad_slot: tuple[int, ...]
    pad_number: tuple[int, ...]
    pad_names: tuple[str, ...]  # "B9": level B, pad numbered 9
    tile_kinds: tuple[str, ...]
    tile_effects: tuple[str, ...]
    tile_names: tuple[str, ...]
    tile_expert: tuple[bool, ...]
    tile_counts: tuple[int, ...]  # in play for this game (0 for unused sets)
    choose_shield: bool

    @property
    def levels(self) -> int:
        return len(self.level_names)


def load_data(path: str | Path | None = None) -> DoodleJumpData:
    """Read and validate a data file (the packaged one by default)."""
    return _CACHE.get(path if path is not None else DEFAULT_PATH, _read)


_CACHE = DataCache()  # by file identity: an edited file is read again


def _read(path: Path) -> DoodleJumpData:
    return load_toml(path, DoodleJumpData)


def build_rules(data: DoodleJumpData, players: int, tiles: str, choose_shield: bool) -> Rules:
    """The lookup tables for one game configuration."""
    pad_level: list[int] = []
    pad_slot: list[int] = []
    pad_number: list[int] = []
    pad_names: list[str] = []
    level_pads: list[tuple[int, ...]] = []
    level_top: list[int] = []
    for index, level in enumerate(data.levels):
        ids = []
        for slot, number in sorted(level.pads):
            ids.append(len(pad_level))
            pad_level.append(index)
            pad_slot.append(slot)
            pad_number.append(number)
            pad_names.append(f"{level.name}{number}")
        level_pads.append(tuple(ids))
        level_top.append(max(ids, key=lambda p: pad_number[p]))
    sets = {"none": (), "power": ("power",), "expert": ("power", "expert")}[tiles]
    numbered = data.dice.numbered - (data.dice.left_out_with_two_players if players == 2 else 0)
    return Rules(
        players=players,
        numbered_dice=numbered,
        die_faces=data.dice.faces,
        symbol_faces=data.symbol_die.faces,
        columns=data.ramp.columns,
        max_offset=data.ramp.max_offset,
        same_reach=data.ramp.same_level_reach,
        up_reach=data.ramp.next_level_reach,
        setup_rows=tuple(r - 1 for r in data.ramp.setup_tile_rows) if sets else (),
        level_names=tuple(level.name for level in data.levels),
        level_pads=tuple(level_pads),
        level_top_pad=tuple(level_top),
        pad_level=tuple(pad_level),
        pad_slot=tuple(pad_slot),
        pad_number=tuple(pad_number),
        pad_names=tuple(pad_names),
        tile_kinds=tuple(t.kind for t in data.tiles),
        tile_effects=tuple(t.effect for t in data.tiles),
        tile_names=tuple(t.name for t in data.tiles),
        tile_expert=tuple(t.set == "expert" for t in data.tiles),
        tile_counts=tuple(t.count if t.set in sets else 0 for t in data.tiles),
        choose_shield=choose_shield,
    )
