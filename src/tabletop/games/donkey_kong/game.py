"""The ``DonkeyKongGame``: options, the rules file, and making states."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from tabletop.core.game import Game, GameInfo, TimeModel
from tabletop.core.options import Option
from tabletop.core.parts import GameParts
from tabletop.games.donkey_kong.notation import read_position
from tabletop.games.donkey_kong.position import MAX_PLAYERS
from tabletop.games.donkey_kong.rules import Rules, load_rules
from tabletop.games.donkey_kong.state import DonkeyKongState


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
        ),
        min_return=-1.0,
        max_return=1.0,
        description="Climb the girders to the Fair Maiden, playing Jump and Hammer cards on barrels and fireballs.",
    )
    parts = GameParts(
        terminal="tabletop.games.donkey_kong.terminal",
        web="tabletop.games.donkey_kong.web",
        heuristic="tabletop.games.donkey_kong.heuristic:choose",
        evaluation="tabletop.games.donkey_kong.evaluation",
    )

    rules: Rules
    first_player: int | None

    def _check_options(self, options: Mapping[str, Any]) -> None:
        self.rules = load_rules(options["data"])
        self.first_player = options["first_player"]

    def max_game_length(self) -> int:
        """Generous: random routes drift slowly, and a game can in principle last for ever."""
        return 1_000_000

    def time_model(self) -> TimeModel | None:
        """Minutes at a table from the data file's ``[time]`` section (provisional; ``None`` without one)."""
        return self.rules.time_model

    def new_initial_state(self) -> DonkeyKongState:
        return DonkeyKongState(self)

    def _read_position(self, text: str) -> DonkeyKongState:
        return read_position(self, text)
