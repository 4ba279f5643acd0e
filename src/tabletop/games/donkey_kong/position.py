"""A Donkey Kong position: its fields, listed once, and the small questions asked of it.

:data:`FIELDS` is the one list of a position's fields, with what each holds; the slots of
:class:`Position`, its blank values before the setup and the copy made by ``clone()`` all come
from it, so they cannot drift apart. The rules that move a position on are in
:mod:`~tabletop.games.donkey_kong.movement` (what happens by itself) and
:mod:`~tabletop.games.donkey_kong.state` (decisions and chance outcomes).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from typing import TYPE_CHECKING, NamedTuple

from tabletop.core.i18n import N_
from tabletop.core.state import CHANCE, State

if TYPE_CHECKING:
    from tabletop.games.donkey_kong.game import DonkeyKongGame
    from tabletop.games.donkey_kong.rules import Rules


class Stage(IntEnum):
    """Where the game stands: the setup, then each turn's steps (K-TURN-2), then the end."""

    DEAL = 0  # cards dealt face up, seat by seat (chance)
    OPENING_ROLL = 1  # who plays first (K-TURN-1, chance)
    WHITE_ROLL = 2  # the white die (chance)
    RED_ROLL = 3  # the red die (chance)
    ROUTE = 4  # the pawn's route (a decision)
    WALK = 5  # the pawn has moved: its red-dot draw, then its contacts (R-K22)
    FIREBALLS_MOVE = 6  # the fireballs move, highest first (K-OBS-8)
    BARRELS_MOVE = 7  # the barrels move, lowest first (K-OBS-8)
    RELEASE = 8  # Donkey Kong releases a barrel (K-OBS-10)
    DROP = 9  # the released barrel lands on the drop space (R-K17)
    OVER = 10

    @property
    def text(self) -> str:
        """The stage's name in the position notation."""
        return STAGE_TEXTS[self]

    @classmethod
    def from_text(cls, text: str) -> Stage | None:
        """The stage a notation name stands for (``None`` if none)."""
        return _STAGE_BY_TEXT.get(text)


STAGE_TEXTS = ("deal", "open", "white", "red", "route", "walk", "fire", "barrel", "release", "drop", "over")
_STAGE_BY_TEXT = {text: Stage(i) for i, text in enumerate(STAGE_TEXTS)}


class Obstacle(IntEnum):
    """What lies on a space: obstacles of one kind never share a space (K-OBS-6), and a fireball
    destroys any barrel it meets (K-OBS-7), so one value per space is enough."""

    NONE = 0
    BARREL = 1
    FIREBALL = 2


OBSTACLE_WORDS = ("nothing", "barrel", "fireball")
#: the log's message for a card played on each kind of obstacle (one message each: a language may need
#: the obstacle's gender around it)
PLAYED_ON = ("", N_("{seat} plays {card} {points} on the barrel at {space}"),
             N_("{seat} plays {card} {points} on the fireball at {space}"))

# Looking up an enum member (``Stage.WALK``) costs about a microsecond in Python 3.11, and ``==`` on
# int subclasses misses the interpreter's fast path for ints; the rules' hot paths use these module
# names for the same members and compare them by identity (``stage is WALK``), which is exact because
# a position's stage and obstacles are always members of these enums, never bare numbers.
DEAL, OPENING_ROLL, WHITE_ROLL, RED_ROLL, ROUTE, WALK, FIREBALLS_MOVE, BARRELS_MOVE, RELEASE, DROP, OVER = Stage
NO_OBSTACLE, BARREL, FIREBALL = Obstacle


#: the most players a game has (the board has four pawns)
MAX_PLAYERS = 4


class Field(NamedTuple):
    """One field of a position: its name, its blank value before the setup (``LIST`` for a list,
    copied with the position; anything else is shared by copies), and what it holds."""

    name: str
    blank: object
    meaning: str


LIST = "list"

#: Every field of a position, once.
FIELDS: tuple[Field, ...] = (
    Field("rules", None, "the rules' facts (shared by every position of a game)"),
    Field("players", 0, "the number of players"),
    Field("stage", DEAL, "where the game stands (Stage)"),
    Field("turn", 0, "turns started so far"),
    Field("turn_seat", 0, "the seat whose turn it is"),
    Field("white_die", 0, "the white die this turn (0 before it is rolled)"),
    Field("red_die", -1, "the red die this turn (-1 before it is rolled, 0 for Donkey Kong Rests)"),
    Field("pawns", LIST, "each seat's space"),
    Field("obstacles", LIST, "what rests on each space (Obstacle)"),
    Field("barrels_in_arm", 0, "barrels in Donkey Kong's arm"),
    Field("fireballs_at_oil_can", 0, "fireballs waiting at the Oil Can, off the path"),
    Field("hands", LIST, "face-up card counts, seat by seat, one per card type"),
    Field("played", LIST, "face-down (played) card counts, seat by seat, one per card type"),
    Field("deck", LIST, "card counts left in the deck, one per card type (its order is never stored: R-K8)"),
    Field("finisher", -1, "the seat whose pawn reached the Finish (-1: none yet)"),
    Field("opening_rolls", LIST, "each seat's opening roll (0: still to roll, -1: out); empty after it"),
    Field("opening_round", 1, "the round of the opening roll (R-K23: the last one allowed ends every tie)"),
    Field("obstacles_met", LIST, "the spaces of the obstacles the pawn met on its move, contacts still to answer"),
    Field("move_queue", LIST, "the spaces of the obstacles still to move this phase, in order"),
    Field("mover_kind", NO_OBSTACLE, "the obstacle moving now (Obstacle.NONE when none)"),
    Field("mover_at", 0, "the moving obstacle's space"),
    Field("mover_steps_left", 0, "how many spaces the moving obstacle still has to go"),
    Field("mover_slid", False, "the moving obstacle has just slid along a ladder (R-K13)"),
    Field("in_contact", LIST, "seats whose pawns are in contact, waiting to answer in order (R-K11)"),
    Field("landed_exactly", False, "the moving obstacle landed on the seats in contact by exact count (K-CARD-3)"),
    Field("red_dot_draw", False, "a red-dot card draw is due (K-CARD-1)"),
    Field("to_act", CHANCE, "who acts now (current_player())"),
)


def _field_copier(fields: tuple[Field, ...]) -> Callable[[Position, Position], None]:
    """A function copying every field into another position (a list as a new list), written out once
    from ``fields`` so that it runs as fast as a copy written by hand (``clone()`` is on the hot path
    of the search agents)."""
    lines = [f"    other.{f.name} = self.{f.name}{'.copy()' if f.blank is LIST else ''}" for f in fields]
    namespace: dict[str, Callable[[Position, Position], None]] = {}
    exec("def copy_fields(self, other):\n" + "\n".join(lines), namespace)
    return namespace["copy_fields"]


class Position(State):
    """A position's fields (see :data:`FIELDS`) as set up by K-SETUP-1, and the questions asked of them."""

    __slots__ = tuple(field.name for field in FIELDS)

    game: DonkeyKongGame
    rules: Rules
    players: int
    stage: Stage
    turn: int
    turn_seat: int
    white_die: int
    red_die: int
    pawns: list[int]
    obstacles: list[Obstacle]
    barrels_in_arm: int
    fireballs_at_oil_can: int
    hands: list[int]
    played: list[int]
    deck: list[int]
    finisher: int
    opening_rolls: list[int]
    opening_round: int
    obstacles_met: list[int]
    move_queue: list[int]
    mover_kind: Obstacle
    mover_at: int
    mover_steps_left: int
    mover_slid: bool
    in_contact: list[int]
    landed_exactly: bool
    red_dot_draw: bool
    to_act: int

    def __init__(self, game: DonkeyKongGame) -> None:
        super().__init__(game)
        for field in FIELDS:
            setattr(self, field.name, [] if field.blank is LIST else field.blank)
        rules = self.rules = game.rules
        board = rules.board
        players = self.players = game.num_players
        self.pawns = [board.start] * players  # K-SETUP-1: every pawn on START
        self.obstacles = [NO_OBSTACLE] * board.size
        for s in board.black_dots:  # K-SETUP-1: barrels on the black dots, the rest in the arm
            self.obstacles[s] = BARREL
        self.barrels_in_arm = rules.barrels - len(board.black_dots)
        self.fireballs_at_oil_can = rules.fireballs  # K-SETUP-1: every fireball waits at the Oil Can
        self.hands = [0] * (players * rules.types)
        self.played = [0] * (players * rules.types)
        self.deck = list(rules.card_counts)

    # -- the cards -------------------------------------------------------------------
    def hand_of(self, seat: int) -> tuple[int, ...]:
        """Face-up card counts of ``seat``, one per card type."""
        t = self.rules.types
        return tuple(self.hands[seat * t : seat * t + t])

    def played_of(self, seat: int) -> tuple[int, ...]:
        """Face-down (played) card counts of ``seat``, one per card type."""
        t = self.rules.types
        return tuple(self.played[seat * t : seat * t + t])

    def _has_cards(self, cards: list[int], seat: int) -> bool:
        t = self.rules.types
        return any(cards[seat * t : seat * t + t])

    def score(self, seat: int) -> int:
        """K-END-2: points of the face-down cards, plus the finish bonus once the game is over."""
        total = sum(c * p for c, p in zip(self.played_of(seat), self.rules.card_points, strict=True))
        if self.stage is OVER and seat == self.finisher:
            total += self.rules.finish_bonus
        return total

    def scores(self) -> list[int]:
        return [self.score(seat) for seat in range(self.players)]

    # -- the obstacles -----------------------------------------------------------------
    def barrels_on_board(self) -> int:
        """Barrels resting or moving on the board."""
        return self.obstacles.count(BARREL) + (self.mover_kind is BARREL)

    def fireballs_on_board(self) -> int:
        """Fireballs resting or moving on the board (the Oil Can's space included)."""
        return self.obstacles.count(FIREBALL) + (self.mover_kind is FIREBALL)

    def spaces_of(self, kind: Obstacle) -> list[int]:
        """The spaces where obstacles of ``kind`` rest, in board order."""
        return [s for s, here in enumerate(self.obstacles) if here is kind]

    def contact_space(self) -> int:
        """The space of the contact waiting to be answered (-1 if none): the mover's, or the first obstacle met."""
        if not self.in_contact:
            return -1
        return self.mover_at if self.mover_kind else self.obstacles_met[0]

    def stage_name(self) -> str:
        return self.stage.text

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, Position)
        copy_fields(self, other)


copy_fields = _field_copier(FIELDS)
