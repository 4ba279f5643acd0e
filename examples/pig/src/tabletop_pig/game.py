"""The Pig game: its facts, its options and its position notation (see RULES.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core import Game, GameInfo, GameParts, NotationError, Option
from tabletop.core.notation import parse_int
from tabletop_pig.state import DECIDING, ROLLING, WON, PigState

#: no turn total or score in a position text may exceed this (a turn total is unbounded in principle)
MAX_POINTS = 1_000_000


class PigGame(Game):
    """Pig for 2 to 4 players: roll to add to your turn, hold to bank it, a 1 loses it; first to ``goal`` wins."""

    info = GameInfo(
        name="pig",
        title="Pig (dice game)",
        min_players=2,
        max_players=4,
        options=(
            Option("players", int, 2, "number of players", minimum=2, maximum=4),
            Option("first_player", int, 0, "the seat that plays first", minimum=0, maximum=3),
            Option("goal", int, 100, "the score that wins (P-END-1)", minimum=10, maximum=1000),
        ),
        min_return=-1.0,
        max_return=1.0,
        description="Roll a die as long as you dare; a 1 loses the turn's points. First to 100 wins.",
    )
    parts = GameParts(
        terminal="tabletop_pig.terminal",
        web="tabletop_pig.web",
        heuristic="tabletop_pig.heuristic:choose",
        encoding="tabletop_pig.encoding",
    )

    goal: int
    first_player: int

    def _check_options(self, options: Mapping[str, Any]) -> None:
        self.goal = int(options["goal"])
        self.first_player = int(options["first_player"])

    def new_initial_state(self) -> PigState:
        return PigState(self)

    def _read_position(self, text: str) -> PigState:
        fields = text.split()
        if len(fields) != 5:
            raise NotationError(
                f"a pig position has 5 fields (scores, seat, turn total, next, turn), not {len(fields)}"
            )
        scores_text, seat_text, total_text, next_text, turn_text = fields
        state = PigState(self)
        parts = scores_text.split(",")
        if len(parts) != self.num_players:
            raise NotationError(f"a pig position for {self.num_players} players has {self.num_players} scores")
        state.scores = [parse_int(p, f"the score of seat {s}", 0, MAX_POINTS) for s, p in enumerate(parts)]
        state.seat = parse_int(seat_text, "the seat", 0, self.num_players - 1)
        state.turn_total = parse_int(total_text, "the turn total", 0, MAX_POINTS)
        if next_text not in (ROLLING, DECIDING, WON):
            raise NotationError(f"what happens next is 'roll', 'decide' or 'won', not {next_text!r}")
        state.next = next_text
        state.turn = parse_int(turn_text, "the turn", 1, MAX_POINTS)
        self._check_position(state)
        return state

    def _check_position(self, state: PigState) -> None:
        """Only positions the rules can reach."""
        over = [seat for seat, score in enumerate(state.scores) if score >= self.goal]
        if state.next == WON:
            if over != [state.seat] or state.turn_total:
                raise NotationError("a won pig position has the winner alone at the goal and no turn total")
        elif over:
            raise NotationError(f"seat {over[0]} has reached the goal, so the game is over ('won')")
        if state.next == DECIDING and state.turn_total < 2:
            raise NotationError("a seat decides only after a roll of 2 to 6: the turn total is at least 2")
        if state.turn_total == 1:
            raise NotationError("a turn total is never 1 (a roll of 1 ends the turn)")
