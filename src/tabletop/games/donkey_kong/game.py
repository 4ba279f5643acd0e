"""The ``DonkeyKongGame``: options, the rules file, and making states."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from tabletop.core.game import Game, GameInfo, TimeModel
from tabletop.core.i18n import N_, NC_
from tabletop.core.options import Option
from tabletop.core.parts import GameParts
from tabletop.core.twins import Twins
from tabletop.games.donkey_kong.data import RulesModel
from tabletop.games.donkey_kong.notation import read_position
from tabletop.games.donkey_kong.position import MAX_PLAYERS
from tabletop.games.donkey_kong.rules import Rules, load_rules
from tabletop.games.donkey_kong.state import OPENING_ROUNDS, DonkeyKongState

#: R-K24: turns before a game ends with no winner; random players' games end in a few hundred
TURN_LIMIT = 2000
MAX_TURN_LIMIT = 1_000_000


#: the options' names (and choices) as the lobby shows them, in the catalogs (tabletop.core.i18n.option_label)
OPTION_LABELS = (
    NC_("option", "first player"),
    NC_("option", "turn limit"),
)


class DonkeyKongGame(Game):
    """Donkey Kong for 2 to 4 players; ``data`` may name a user's own board and deck file."""

    info: ClassVar[GameInfo] = GameInfo(
        name="donkey-kong",
        title="Donkey Kong (Milton Bradley, 1981)",
        min_players=2,
        max_players=MAX_PLAYERS,
        options=(
            Option("players", int, 2, "number of players", minimum=2, maximum=MAX_PLAYERS),
            Option(
                "first_player",
                int,
                None,
                "the seat that plays first",
                minimum=0,
                maximum=MAX_PLAYERS - 1,
                nullable=True,
                none_means="decided by an opening roll of the white die, ties rolled again",
            ),
            Option("data", "path", None, "a data file with your own board, dice and deck", nullable=True,
                   none_means="the packaged provisional board"),
            Option("turn_limit", int, TURN_LIMIT, "the game ends with no winner once this many turns are "
                   "over (real games end long before)", minimum=1, maximum=MAX_TURN_LIMIT),
        ),
        min_return=-1.0,
        max_return=1.0,
        description=N_("Climb the girders to the Fair Maiden, playing Jump and Hammer cards on barrels and fireballs."),
    )
    parts = GameParts(
        terminal="tabletop.games.donkey_kong.terminal",
        web="tabletop.games.donkey_kong.web",
        heuristic="tabletop.games.donkey_kong.heuristic:choose",
        evaluation="tabletop.games.donkey_kong.evaluation",
        encoding="tabletop.games.donkey_kong.encoding",
        data="tabletop.games.donkey_kong.datafile",
    )

    #: the differential run cycles through 2, 3 and 4 players, seat 0 first or an opening roll
    twin_options: ClassVar[tuple[dict[str, Any], ...]] = tuple(
        {"players": players, "first_player": first} for players in (2, 3, 4) for first in (0, None)
    )

    #: the compiled random playout (the ``fast`` extra): :mod:`tabletop.games.donkey_kong.playout`
    compiled_playout = "tabletop.games.donkey_kong.playout:RandomPlayout"
    #: the compiled games for a learner (``tabletop.rl.vector``): :mod:`tabletop.games.donkey_kong.learning`
    compiled_learner = "tabletop.games.donkey_kong.learning:LEARNER"

    rules: Rules
    first_player: int | None
    turn_limit: int

    def _check_options(self, options: Mapping[str, Any]) -> None:
        self.rules = load_rules(options["data"])
        self.first_player = options["first_player"]
        self.turn_limit = int(options["turn_limit"])

    def max_game_length(self) -> int:
        """A true bound, from the turn limit (R-K24) and the most a turn can hold.

        The setup is the deal (one chance node per card) and at most :data:`OPENING_ROUNDS` rounds
        of opening rolls. A turn is two dice, a route and a red-dot draw, then contacts: each
        contact asks each seat in it for at most two actions (a card played, then the reward drawn;
        or one penalty). The pawn meets at most one obstacle per space it enters (the white die's
        count); each obstacle's move enters each space at most once, and the movers of a turn are
        every barrel and fireball, a fireball released by each barrel reaching the Oil Can, and the
        released barrel. tests/games/donkey_kong/test_donkey_kong_encoding.py plays games to the turn
        limit and checks every turn against :meth:`max_turn_length`.
        """
        rules, n = self.rules, self.num_players
        setup = rules.hand_size * n + OPENING_ROUNDS * n
        return setup + self.turn_limit * self.max_turn_length()

    def max_turn_length(self) -> int:
        """The most actions (chance included) one turn can take; see :meth:`max_game_length`."""
        rules, n = self.rules, self.num_players
        movers = 2 * rules.barrels + rules.fireballs + 1
        contacts = max(rules.white_faces) + movers * rules.board.size
        return 4 + 2 * n * contacts

    def data_model(self) -> RulesModel:
        return self.rules.model

    def time_model(self) -> TimeModel | None:
        """Minutes at a table from the data file's ``[time]`` section (provisional; ``None`` without one)."""
        return self.rules.time_model

    def new_initial_state(self) -> DonkeyKongState:
        return DonkeyKongState(self)

    def twins(self) -> Twins:
        """The fast state against its readable twin, ``readable.ReadableDonkeyKongState``."""
        from tabletop.games.donkey_kong.readable import twins

        return twins(self)

    def _read_position(self, text: str) -> DonkeyKongState:
        return read_position(self, text)
