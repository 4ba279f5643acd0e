"""The Jumanji data file: its schema (pydantic models), checks and the compiled board.

Every game fact lives in ``data/jumanji.toml`` (or a user's file of the same
schema, given with the option ``data``): dice faces, the timer, the Doomsday
Grid, the four colour paths and the 30 danger cards. :func:`load_board` reads
and checks the file and compiles it into a :class:`Board` of plain tuples that
the rules read in their hot path.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from tabletop.core.data import DataCache, DataModel, load_toml, packaged
from tabletop.games.jumanji.actions import MAX_CARDS, MAX_FACES

#: The letters a path string may use, and what each space is.
SPACE_LETTERS = {"B": "Blank", "W": "Wait for 5 or 8", "J": "Jungle", "R": "Rhino"}

# Space type codes used by the rules (index 0 of every path is START,
# index len(path)+1 is the gameboard centre).
START, BLANK, WAIT, JUNGLE, RHINO, CENTRE = range(6)
_CODE = {"B": BLANK, "W": WAIT, "J": JUNGLE, "R": RHINO}

Status = Literal["confirmed", "provisional"]


class NumberDie(DataModel):
    """The number die every player rolls to move their pawn (R-J1)."""

    status: Status
    """"confirmed" (a source states the values) or "provisional" (chosen by this project)."""
    source: str
    """Where the values come from, in words."""
    faces: list[int] = Field(min_length=2, max_length=MAX_FACES)
    """The faces, 1 to n each once (a pawn moves that many spaces); 8 faces on the 1995 die."""

    @model_validator(mode="after")
    def _faces(self) -> NumberDie:
        if sorted(self.faces) != list(range(1, len(self.faces) + 1)):
            raise ValueError(f"number_die.faces must be 1..n, each once; got {self.faces}")
        return self


class RescueDie(DataModel):
    """The Rescue die rescuers roll against the timer for a danger card's symbol (J-RESCUE-1)."""

    status: Status
    """"confirmed" or "provisional"."""
    source: str
    """Where the values come from, in words."""
    faces: list[str] = Field(min_length=3)  # a symbol and the wild face must leave a miss
    """Its faces' symbols, each once; the danger cards' symbols are the faces but the wild one."""
    wild: str
    """The face that matches any symbol (the hourglass), except in a two-player game (J-RESCUE-2)."""

    @model_validator(mode="after")
    def _faces(self) -> RescueDie:
        if len(set(self.faces)) != len(self.faces):
            raise ValueError(f"rescue_die.faces repeat a symbol: {self.faces}")
        if self.wild not in self.faces:
            raise ValueError(f"rescue_die.wild {self.wild!r} is not one of its faces {self.faces}")
        return self


class Timer(DataModel):
    """The sand timer of a rescue, and how many rolls each rescuer makes before it runs out."""

    status: Status
    """"confirmed" or "provisional" (for the seconds; the rolls are provisional, see below)."""
    source: str
    """Where the values come from, in words."""
    seconds: int = Field(ge=1)
    """How long a rescue lasts, in seconds (the web table's live race runs this long)."""
    default_rescue_rolls: int = Field(ge=1, le=20)
    """PROVISIONAL in the packaged file (ruling R-J6): rolls of the Rescue die each rescuer makes within
    the timer, unless the game option ``rescue_rolls`` says otherwise."""
    rescue_rolls_note: str
    """Why that many rolls, in words."""


class WaitRule(DataModel):
    """Wait for 5 or 8 spaces: a pawn there waits until one of these numbers is rolled."""

    source: str
    """Where the rule comes from, in words."""
    stop_faces: list[int] = Field(min_length=1)
    """The number die faces that free a waiting pawn (5 and 8); each must be a face of the die."""


class Grid(DataModel):
    """The Doomsday Grid: a danger card lost by every rescuer fills one place; full, everyone loses."""

    status: Status
    """"confirmed" or "provisional"."""
    source: str
    """Where the value comes from, in words."""
    places: int = Field(ge=1, le=30)
    """Its places (10 on the 1995 board): when the last one is filled, every player loses (J-LOSE-1)."""


class Path_(DataModel):
    """One colour's path from its START to the centre of the board."""

    colour: str
    """The pawn colour that walks it (red, yellow, green, blue: the seats in order)."""
    spaces: str = Field(min_length=1)
    """PROVISIONAL in the packaged file: its spaces from START to the centre, one letter each:
    B (Blank), W (Wait for 5 or 8), J (Jungle: draw a danger card), R (Rhino: the rhino blocks)."""

    @model_validator(mode="after")
    def _letters(self) -> Path_:
        bad = sorted({c for c in self.spaces if c not in SPACE_LETTERS})
        if bad:
            raise ValueError(
                f"path {self.colour!r} uses unknown space letters {bad}; allowed: "
                + ", ".join(f"{k} ({v})" for k, v in SPACE_LETTERS.items())
            )
        return self


class SharedSpace(DataModel):
    """One physical space lying on several colour paths (a crossing)."""

    at: list[tuple[str, int]] = Field(min_length=2)
    """The space as [colour, space number] on each path it lies on (numbered from 1 after START);
    the paths must agree on its kind."""


class BoardData(DataModel):
    """The game board: four colour paths winding to the centre."""

    status: Status
    """"provisional" in the packaged file: no source gives the paths' lengths or the order of their spaces."""
    source: str
    """Where the values come from, in words."""
    notes: str
    """How the paths were chosen, in words."""
    paths: list[Path_] = Field(min_length=4, max_length=4)
    """The four colour paths, one per seat in order (a game of fewer players uses the first ones)."""
    shared: list[SharedSpace] = Field(default_factory=list)
    """Spaces where paths cross (none on the packaged board, ruling R-J11)."""


class Card(DataModel):
    """One danger card, read through the decoder when a pawn lands on a Jungle space."""

    id: int
    """Its number in the deck: 1, 2, 3 ... in order (the Doomsday Grid shows it)."""
    message: str = Field(min_length=1, max_length=120)
    """The danger, read aloud (at most 120 characters)."""
    symbol: str
    """The Rescue die symbol that saves a rescuer (a face of the die, not the wild one)."""
    number: int = Field(ge=1)
    """How many spaces back a pawn goes when its rescuer fails."""


class Deck(DataModel):
    """The danger cards (30 in the 1995 game)."""

    status: Status
    """"provisional" in the packaged file: the symbols and numbers of all cards but one are not known."""
    source: str
    """Where the values come from, in words."""
    cards: list[Card] = Field(max_length=MAX_CARDS)
    """The cards, at least the grid's places plus two, so a reshuffled discard pile is never empty."""


class TimeData(DataModel):
    """Estimated time at a table, for the analysis' minutes (``Game.time_model``)."""

    status: Status
    """"provisional" in the packaged file: estimates, not measured at a table."""
    source: str = Field(min_length=1)
    """Where the numbers come from, in words."""
    setup_minutes: float = Field(ge=0, le=60)
    """Minutes to set up a game."""
    seconds_per_turn: float = Field(ge=0, le=600)
    """Seconds a turn takes: roll the number die, count the move."""
    seconds_per_danger_card: float = Field(ge=0, le=600)
    """Seconds a danger card takes: draw, decode, read, the timed rescue, move the pawns."""
    seconds_per_wait_roll: float = Field(ge=0, le=600)
    """Seconds each roll of a pawn waiting for 5 or 8 takes."""


class JumanjiData(DataModel):
    """Every fact of a Jumanji game: dice, timer, Doomsday Grid, the four paths and the danger cards."""

    title: str
    """The name of the game this file describes."""
    notes: str
    """Free text: how the provisional values were chosen."""
    number_die: NumberDie
    """The die that moves the pawns."""
    rescue_die: RescueDie
    """The die of the rescues."""
    timer: Timer
    """The rescue's timer."""
    wait: WaitRule
    """Wait for 5 or 8 spaces."""
    grid: Grid
    """The Doomsday Grid."""
    board: BoardData
    """The four colour paths."""
    deck: Deck
    """The danger cards."""
    time: TimeData | None = None  # no [time] section: no time model, minutes are not estimated
    """How long a game takes at a table (optional: without it, minutes are not estimated)."""

    @model_validator(mode="after")
    def _cross_checks(self) -> JumanjiData:
        problems: list[str] = []
        symbols = [f for f in self.rescue_die.faces if f != self.rescue_die.wild]
        cards = self.deck.cards
        if [c.id for c in cards] != list(range(1, len(cards) + 1)):
            problems.append("deck.cards ids must be 1, 2, 3, ... in order")
        for card in cards:
            if card.symbol not in symbols:
                problems.append(f"card {card.id}: symbol {card.symbol!r} is not a non-wild rescue die face {symbols}")
        if len(cards) < self.grid.places + 2:
            problems.append(
                f"the deck needs at least grid.places + 2 = {self.grid.places + 2} cards "
                f"(so a reshuffled discard pile is never empty), not {len(cards)}"
            )
        faces = self.number_die.faces
        for f in self.wait.stop_faces:
            if f not in faces:
                problems.append(f"wait.stop_faces: {f} is not a number die face")
        colours = [p.colour for p in self.board.paths]
        if len(set(colours)) != len(colours):
            problems.append(f"board.paths colours repeat: {colours}")
        lengths = {p.colour: len(p.spaces) for p in self.board.paths}
        letters = {p.colour: p.spaces for p in self.board.paths}
        seen: set[tuple[str, int]] = set()
        for group in self.board.shared:
            kinds = set()
            for colour, index in group.at:
                if colour not in lengths:
                    problems.append(f"board.shared: unknown colour {colour!r}")
                    continue
                if not 1 <= index <= lengths[colour]:
                    problems.append(f"board.shared: {colour} space {index} is off its path (1..{lengths[colour]})")
                    continue
                if (colour, index) in seen:
                    problems.append(f"board.shared: {colour} space {index} is listed twice")
                seen.add((colour, index))
                kinds.add(letters[colour][index - 1])
            if len({c for c, _ in group.at}) != len(group.at):
                problems.append(f"board.shared: a shared space lies on two places of one path: {group.at}")
            if len(kinds) > 1:
                problems.append(f"board.shared: the paths disagree on the kind of the shared space {group.at}")
        if problems:
            raise ValueError("; ".join(problems))
        return self


@dataclass(frozen=True)
class Board:
    """The data compiled for the rules: plain tuples indexed by colour and position."""

    colours: tuple[str, ...]
    #: ``kinds[colour][i]``: START at 0, the path's spaces at 1..L, CENTRE at L+1.
    kinds: tuple[tuple[int, ...], ...]
    #: ``centre[colour]``: the position index of the gameboard centre (L+1).
    centre: tuple[int, ...]
    #: ``space_ids[colour][i]``: one number per physical space (shared spaces share it).
    space_ids: tuple[tuple[int, ...], ...]
    shared: bool
    number_faces: tuple[int, ...]
    stop_faces: frozenset[int]
    rescue_faces: int
    default_rescue_rolls: int
    grid_places: int
    card_numbers: tuple[int, ...]
    card_symbols: tuple[str, ...]
    card_messages: tuple[str, ...]
    path_letters: tuple[str, ...]


def compile_board(data: JumanjiData) -> Board:
    paths = data.board.paths
    kinds = tuple((START, *(_CODE[c] for c in p.spaces), CENTRE) for p in paths)
    ids: dict[tuple[str, int], int] = {}
    next_id = 0
    for group in data.board.shared:
        for place in group.at:
            ids[place] = next_id
        next_id += 1
    centre_id = next_id
    next_id += 1
    space_ids = []
    for p in paths:
        ids[(p.colour, len(p.spaces) + 1)] = centre_id
        row = []
        for i in range(len(p.spaces) + 2):
            if (p.colour, i) not in ids:
                ids[(p.colour, i)] = next_id
                next_id += 1
            row.append(ids[(p.colour, i)])
        space_ids.append(tuple(row))
    cards = data.deck.cards
    return Board(
        colours=tuple(p.colour for p in paths),
        kinds=kinds,
        centre=tuple(len(p.spaces) + 1 for p in paths),
        space_ids=tuple(space_ids),
        shared=bool(data.board.shared),
        number_faces=tuple(sorted(data.number_die.faces)),
        stop_faces=frozenset(data.wait.stop_faces),
        rescue_faces=len(data.rescue_die.faces),
        default_rescue_rolls=data.timer.default_rescue_rolls,
        grid_places=data.grid.places,
        card_numbers=tuple(c.number for c in cards),
        card_symbols=tuple(c.symbol for c in cards),
        card_messages=tuple(c.message for c in cards),
        path_letters=tuple(p.spaces for p in paths),
    )


def default_path() -> Path:
    """The data file shipped with the game."""
    return packaged("tabletop.games.jumanji", "data/jumanji.toml")


_CACHE = DataCache()  # by file identity: an edited file is read again


def load_board(path: str | Path | None = None) -> tuple[JumanjiData, Board]:
    """Read, check and compile a data file (the shipped one when ``path`` is None).

    Raises :class:`~tabletop.core.errors.DataFileError` naming the file and each problem.
    """
    return _CACHE.get(path if path is not None else default_path(), _compile)


def _compile(path: Path) -> tuple[JumanjiData, Board]:
    data = load_toml(path, JumanjiData)
    return data, compile_board(data)
