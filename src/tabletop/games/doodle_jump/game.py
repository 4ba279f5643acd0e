"""The Doodle Jump game: options, the data file, and the shared tables every state reads."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from tabletop.core.chance import Distribution
from tabletop.core.game import Game, GameInfo, TimeModel
from tabletop.core.i18n import N_, NC_
from tabletop.core.options import Option
from tabletop.core.parts import GameParts
from tabletop.core.twins import Twins
from tabletop.games.doodle_jump.actions import ActionTable
from tabletop.games.doodle_jump.board import Geometry
from tabletop.games.doodle_jump.data import DoodleJumpData, Rules, TimeData, build_rules, load_data
from tabletop.games.doodle_jump.state import DoodleJumpState

#: R-D24: turns before a game ends with no winner; random players need a few hundred at most
TURN_LIMIT = 1000
MAX_TURN_LIMIT = 1_000_000
#: rounds of the opening roll allowed for in max_game_length (R-D22 re-rolls ties with no cap; R-D24)
OPENING_ROUNDS = 64
#: tile draws a game keeps (one distribution per box composition met, about 1 kB each; past this many the
#: cache starts again). The box has some 190,000 compositions and each game meets new ones, so a server
#: playing game after game filled the 50,000 kept before: 50 MB, a creep of a long-running server
#: (issue 22, finding 7). The compositions of a game's first draws, met by every game, come back at once.
DRAWS_KEPT = 1_024


#: the options' names (and choices) as the lobby shows them, in the catalogs (tabletop.core.i18n.option_label)
OPTION_LABELS = (
    NC_("option", "first player"),
    NC_("option", "tiles"),
    NC_("option", "none"),
    NC_("option", "power"),
    NC_("option", "expert"),
    NC_("option", "choose shield"),
    NC_("option", "turn limit"),
)


class DoodleJumpGame(Game):
    """Doodle Jump (Ravensburger, 2013) for 2 to 4 players."""

    #: the differential run cycles through 2 to 4 players, no tiles, Power and Expert Tiles, a Shield's holder
    #: choosing or not
    twin_options: ClassVar[tuple[dict[str, Any], ...]] = (
        {"players": 4, "tiles": "power"},
        {"players": 2, "tiles": "none"},
        {"players": 3, "tiles": "expert"},
        {"players": 2, "tiles": "power", "choose_shield": True},
        {"players": 4, "tiles": "expert", "choose_shield": True},
        {"players": 3, "tiles": "none", "first_player": 1},
        {"players": 2, "tiles": "expert", "turn_limit": 20},
    )

    info = GameInfo(
        name="doodle-jump",
        title="Doodle Jump",
        min_players=2,
        max_players=4,
        options=(
            Option("players", int, 4, "number of Doodlers", minimum=2, maximum=4),
            Option(
                "first_player", int, None, "seat that begins", nullable=True,
                none_means="decided by an opening roll, ties re-rolled among the tied",
            ),
            Option(
                "tiles", str, "power", "tiles in play: none (very first game), power, or expert (adds Expert Tiles)",
                choices=("none", "power", "expert"),
            ),
            Option("data", "path", None, "your own levels, dice and tiles file", nullable=True,
                   none_means="the packaged data file"),
            Option("choose_shield", bool, False,
                   "a Shield holder about to fall (a failed roll, a Monster zonk) chooses whether to spend it (R-D7); "
                   "off: spent automatically"),
            Option("turn_limit", int, TURN_LIMIT, "the game ends with no winner once this many turns "
                   "are over (real games end long before)", minimum=1, maximum=MAX_TURN_LIMIT),
        ),
        min_return=-1.0,
        max_return=1.0,
        description=N_("Roll, jump up the ramp, push your luck; first Doodler on the top level wins."),
    )  # fmt: skip
    parts = GameParts(
        terminal="tabletop.games.doodle_jump.terminal",
        web="tabletop.games.doodle_jump.web",
        heuristic="tabletop.games.doodle_jump.heuristic:choose",
        evaluation="tabletop.games.doodle_jump.evaluation",
        encoding="tabletop.games.doodle_jump.encoding",
        data="tabletop.games.doodle_jump.datafile",
    )

    compiled_playout = "tabletop.games.doodle_jump.playout:RandomPlayout"
    compiled_learner = "tabletop.games.doodle_jump.learning:LEARNER"

    _data: DoodleJumpData
    rules: Rules
    table: ActionTable
    geometry: Geometry
    has_targets: bool
    time: TimeData | None
    turn_limit: int

    def _check_options(self, options: Mapping[str, Any]) -> None:
        data = self._data = load_data(options["data"])
        self.turn_limit = int(options["turn_limit"])
        self.rules = build_rules(data, options["players"], options["tiles"], options["choose_shield"])
        self.time = data.time
        self.table = ActionTable(self.rules)
        self.geometry = Geometry.build(self.rules)
        self.has_targets = any(
            n and e in ("ufo", "monster") for n, e in zip(self.rules.tile_counts, self.rules.tile_effects, strict=True)
        )
        self._draws: dict[tuple[int, ...], Distribution] = {}
        self._level_draws: dict[tuple[int, ...], Distribution] = {}

    def max_game_length(self) -> int:
        """A bound from the turn limit (R-D24) and the most a turn can hold.

        The setup stacks the levels and draws tiles (at most every tile of the box), then the
        opening roll: ties are rolled again among the tied (R-D22) with no cap, so the bound
        allows :data:`OPENING_ROUNDS` rounds of it, more than any game will see (two tied seats
        tie again with probability 1/6 at most, so 64 rounds come once in 10^49 games). Then each
        turn holds at most :meth:`max_turn_length` actions: tests check every turn of random games
        against it and games played to the turn limit against this bound.
        """
        r = self.rules
        setup = r.levels + sum(r.tile_counts) + OPENING_ROUNDS * r.players
        return setup + self.turn_limit * self.max_turn_length()

    def max_turn_length(self) -> int:
        """The most actions (chance included) one turn can hold: each jump spends a numbered die, the
        symbol die is used once, each kept tile once and each spring follows a tile taken; each of
        these brings at most a roll, a continue-or-stop, a replacement drawn, a spring and a Shield
        choice besides itself."""
        r = self.rules
        steps = r.numbered_dice + 1 + 2 * sum(r.tile_counts)
        return 1 + 6 * (steps + 1)

    def data_model(self) -> DoodleJumpData:
        return self._data

    def time_model(self) -> TimeModel | None:
        """Minutes at the table from the data file's provisional ``[time]`` estimates: setup, seconds per
        roll (the figure ``rolls``) and per decision."""
        time = self.time
        if time is None:
            return None
        return TimeModel(
            setup_minutes=time.setup_minutes,
            seconds_per_decision=time.seconds_per_decision,
            seconds_per_figure=(("rolls", time.seconds_per_roll),),
        )

    def new_initial_state(self) -> DoodleJumpState:
        return DoodleJumpState(self)

    def twins(self) -> Twins:
        """The fast state against its readable twin, ``readable.ReadableDoodleJumpState``."""
        from tabletop.games.doodle_jump.readable import twins

        return twins(self)

    def _read_position(self, text: str) -> DoodleJumpState:
        from tabletop.games.doodle_jump.notation import read

        return read(self, text)

    def draw_distribution(self, box: tuple[int, ...]) -> Distribution:
        """A tile drawn at random from the box: each kind weighted by how many are left."""
        dist = self._draws.get(box)
        if dist is None:
            if len(self._draws) >= DRAWS_KEPT:
                self._draws.clear()
            draws = self.table.draws
            dist = self._draws[box] = Distribution.weighted([(draws[k], n) for k, n in enumerate(box) if n])
        return dist

    def level_distribution(self, left: tuple[int, ...]) -> Distribution:
        """The next row's level, uniform over the levels not yet placed."""
        dist = self._level_draws.get(left)
        if dist is None:
            dist = self._level_draws[left] = Distribution.uniform([self.table.levels[lv] for lv in left])
        return dist
