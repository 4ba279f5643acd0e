"""The Jumanji game: options, the data file, and the precomputed chance tables."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, ClassVar

from tabletop.core.chance import Distribution
from tabletop.core.errors import InvalidOptionError
from tabletop.core.game import Game, GameInfo, TimeModel
from tabletop.core.i18n import N_, NC_
from tabletop.core.options import Option
from tabletop.core.parts import GameParts
from tabletop.core.play import PlayoutSummary
from tabletop.core.twins import Twins
from tabletop.games.jumanji.actions import FAILED, ROLLS, SAVED
from tabletop.games.jumanji.data import Board, JumanjiData, load_board
from tabletop.games.jumanji.notation import read
from tabletop.games.jumanji.state import JumanjiState

MAX_RESCUE_ROLLS = 20
MAX_CHALLENGE_CARDS = 6
#: R-J21: turns before a game ends with no winner; random players' games end in a few hundred
TURN_LIMIT = 2000
MAX_TURN_LIMIT = 1_000_000


def rescue_chance(rolls: int, faces: int, wild: bool) -> Fraction:
    """J-RESCUE-1/2, R-J6: the chance one rescuer rolls the card's symbol (or the wild
    hourglass) within ``rolls`` rolls of a die with ``faces`` faces."""
    hit = Fraction(2 if wild else 1, faces)
    return 1 - (1 - hit) ** rolls


#: the options' names (and choices) as the lobby shows them, in the catalogs (tabletop.core.i18n.option_label)
OPTION_LABELS = (
    NC_("option", "first player"),
    NC_("option", "challenge cards"),
    NC_("option", "rescue rolls"),
    NC_("option", "turn limit"),
)


class JumanjiGame(Game):
    """Jumanji (Milton Bradley, 1995): race to the centre before the Doomsday Grid fills."""

    #: the differential run cycles through every player count with every rescue roll count, then a few others
    twin_options: ClassVar[tuple[dict[str, Any], ...]] = (
        *({"players": players, "rescue_rolls": rolls} for players in (2, 3, 4) for rolls in (4, 6, 8, 10)),
        {"players": 4, "first_player": 2},
        {"players": 3, "challenge_cards": 4, "rescue_rolls": 6},
        {"players": 2, "turn_limit": 12},
        {"players": 4, "challenge_cards": 2, "first_player": 3, "turn_limit": 25},
    )

    info = GameInfo(
        name="jumanji",
        title="Jumanji (Milton Bradley, 1995)",
        min_players=2,
        max_players=4,
        options=(
            Option("players", int, 4, "number of players", minimum=2, maximum=4),
            Option(
                "first_player",
                int,
                0,
                "the seat of the player who suggested the game, who goes first (J-TURN-1)",
                minimum=0,
                maximum=3,
            ),
            Option(
                "challenge_cards",
                int,
                0,
                "Challenge Game: random danger cards put on the Doomsday Grid before the start (J-SETUP-2)",
                minimum=0,
                maximum=MAX_CHALLENGE_CARDS,
            ),
            Option(
                "rescue_rolls",
                int,
                None,
                "rolls each rescuer gets before the 8-second timer runs out (R-J6)",
                minimum=1,
                maximum=MAX_RESCUE_ROLLS,
                nullable=True,
                none_means="the data file's default: 8 rolls in 8 seconds",
            ),
            Option(
                "data",
                "path",
                None,
                "a board, deck and grid file of your own",
                nullable=True,
                none_means="the 1995 game's data shipped with tabletop",
            ),
            Option("turn_limit", int, TURN_LIMIT, "the game ends with no winner once this many turns are "
                   "over (real games end long before)", minimum=1, maximum=MAX_TURN_LIMIT),
        ),
        min_return=-1.0,
        max_return=1.0,
        description=N_("Race along your colour path to the centre; fail a rescue and the Doomsday Grid fills."),
    )
    parts = GameParts(
        terminal="tabletop.games.jumanji.terminal",
        web="tabletop.games.jumanji.web",
        heuristic="tabletop.games.jumanji.heuristic:choose",
        evaluation="tabletop.games.jumanji.evaluation",
        live="tabletop.games.jumanji.live",
        encoding="tabletop.games.jumanji.encoding",
        data="tabletop.games.jumanji.datafile",
    )

    data: JumanjiData
    board: Board
    first_player: int
    challenge_cards: int
    rescue_rolls: int
    wild: bool
    rescue_probability: Fraction
    d8: Distribution
    rescue: Distribution
    turn_limit: int

    def _check_options(self, options: Mapping[str, Any]) -> None:
        self.data, self.board = load_board(options["data"])
        board = self.board
        self.first_player = int(options["first_player"])
        self.turn_limit = int(options["turn_limit"])
        self.challenge_cards = int(options["challenge_cards"])
        if self.challenge_cards >= board.grid_places:
            raise InvalidOptionError(
                f"option 'challenge_cards' of jumanji must leave a grid place free ({board.grid_places} places)"
            )
        rolls = options["rescue_rolls"]
        self.rescue_rolls = board.default_rescue_rolls if rolls is None else int(rolls)
        self.wild = self.num_players > 2  # J-RESCUE-2: not wild with two players
        self.rescue_probability = rescue_chance(self.rescue_rolls, board.rescue_faces, self.wild)
        self.rescue = Distribution([SAVED, FAILED], [self.rescue_probability, 1 - self.rescue_probability])
        self.d8 = Distribution.uniform([ROLLS[n] for n in board.number_faces])  # R-J1

    def data_model(self) -> JumanjiData:
        return self.data

    def time_model(self) -> TimeModel | None:
        """Minutes at the table from the data file's provisional ``[time]`` section: seconds per turn, per
        danger card (the figure ``rescues_attempted``: cards faced) and per Wait roll (``wait_rolls``)."""
        time = self.data.time
        if time is None:
            return None
        return TimeModel(
            setup_minutes=time.setup_minutes,
            seconds_per_turn=time.seconds_per_turn,
            seconds_per_figure=(
                ("rescues_attempted", time.seconds_per_danger_card),
                ("wait_rolls", time.seconds_per_wait_roll),
            ),
        )

    #: the compiled random playout (the ``fast`` extra): :mod:`tabletop.games.jumanji.playout`
    compiled_playout = "tabletop.games.jumanji.playout:RandomPlayout"
    #: the compiled games for a learner (``tabletop.rl.vector``): :mod:`tabletop.games.jumanji.learning`
    compiled_learner = "tabletop.games.jumanji.learning:LEARNER"

    def random_playout(self) -> Callable[[int], PlayoutSummary] | None:
        """The compiled random playout (:mod:`tabletop.games.jumanji.playout`) where Numba is installed, on
        a board without shared spaces (R-J11); otherwise ``None`` (the readable rules play)."""
        if self.board.shared:
            return None
        return super().random_playout()

    def twins(self) -> Twins | None:
        """The compiled random playout, stepped action by action, against the readable rules (its only fast
        engine: :meth:`kernel_twins`); ``None`` where it does not play (no Numba, a board with shared spaces)."""
        return self.kernel_twins()

    def new_initial_state(self) -> JumanjiState:
        return JumanjiState(self)

    def _read_position(self, text: str) -> JumanjiState:
        return read(self, text)

    def max_game_length(self) -> int:
        """A true bound, from the turn limit (R-J21) and the most a turn can hold.

        The setup deals the Challenge cards (one chance node each). A turn is a roll, a Rhino
        choice, a Wait for 5 or 8 (the other seat's rolls: one per turn of the wait, bounded by the
        pawn's slide back, at most its path's length) and danger cards: each card drawn after the
        first in one turn follows a failed Jungle race that put a card on the grid, so a turn draws
        at most the grid's places plus one, and each draw takes one rescue roll per seat and the
        draw itself; a tie at the centre takes one chance node. tests check every turn of random
        games played to the limit against :meth:`max_turn_length`.
        """
        return self.challenge_cards + self.turn_limit * self.max_turn_length()

    def max_turn_length(self) -> int:
        """The most actions (chance included) one turn can take; see :meth:`max_game_length`."""
        board = self.board
        draws = board.grid_places + 1
        return 3 + max(board.centre) + draws * (1 + self.num_players) + 1
