"""A Pig position: the scores, whose turn, the turn total, and whether the die is about to be rolled."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core import CHANCE, TERMINAL, Action, Distribution, State
from tabletop_pig.actions import DIE, HOLD, ROLL, Face

if TYPE_CHECKING:
    from tabletop_pig.game import PigGame

#: what happens next: the die is rolled, the seat decides, or the seat has won
ROLLING, DECIDING, WON = "roll", "decide", "won"


class PigState(State):
    """Scores, the seat to play, its turn total and what happens next."""

    __slots__ = ("next", "scores", "seat", "turn", "turn_total")

    game: PigGame

    def __init__(self, game: PigGame) -> None:
        super().__init__(game)
        self.scores = [0] * game.num_players  # P-SETUP-1
        self.seat = game.first_player
        self.turn_total = 0
        self.next = ROLLING  # P-TURN-1: a turn begins with a roll
        self.turn = 1

    # -- the rules ---------------------------------------------------------------
    def current_player(self) -> int:
        if self.next == WON:
            return TERMINAL
        return CHANCE if self.next == ROLLING else self.seat

    def chance_roller(self) -> int | None:
        return self.seat if self.next == ROLLING else None

    def _legal_actions(self) -> tuple[Action, ...]:
        return (ROLL, HOLD)  # R-P1: only after a scoring roll, when the seat decides

    def _chance_distribution(self) -> Distribution:
        return DIE

    def _apply(self, action: Action) -> None:
        if isinstance(action, Face):
            if action.value == 1:  # P-ROLL-2
                self._log("{seat} rolls a 1 and loses {points} points", seat=self.seat, points=self.turn_total)
                self._next_turn()
            else:  # P-ROLL-1
                self.turn_total += action.value
                self.next = DECIDING
                self._log("{seat} rolls {n}: {points} this turn", seat=self.seat, n=action.value,
                          points=self.turn_total)
        elif action is ROLL:
            self.next = ROLLING
        else:
            assert action is HOLD
            self.scores[self.seat] += self.turn_total  # P-HOLD-1
            self._log("{seat} holds {points}: score {score}", seat=self.seat, points=self.turn_total,
                      score=self.scores[self.seat])
            if self.scores[self.seat] >= self.game.goal:  # P-END-1
                self.turn_total = 0
                self.next = WON
                self._log("{seat} reaches {goal} and wins", seat=self.seat, goal=self.game.goal)
            else:
                self._next_turn()

    def _next_turn(self) -> None:
        self.seat = (self.seat + 1) % len(self.scores)
        self.turn_total = 0
        self.next = ROLLING
        self.turn += 1

    def winners(self) -> tuple[int, ...]:
        return (self.seat,) if self.next == WON else ()

    def returns(self) -> list[float]:
        if self.next != WON:
            return [0.0] * len(self.scores)
        return [1.0 if seat == self.seat else -1.0 for seat in range(len(self.scores))]

    def turn_number(self) -> int:
        return self.turn

    def metrics(self) -> dict[str, float]:
        figures = {f"score[{seat}]": float(score) for seat, score in enumerate(self.scores)}
        figures["turns"] = float(self.turn)
        return figures

    # -- copies and text ---------------------------------------------------------
    def _copy_into(self, other: State) -> None:
        assert isinstance(other, PigState)
        other.scores = self.scores.copy()
        other.seat, other.turn_total, other.next, other.turn = self.seat, self.turn_total, self.next, self.turn

    def to_text(self) -> str:
        scores = ",".join(str(score) for score in self.scores)
        return f"{scores} {self.seat} {self.turn_total} {self.next} {self.turn}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.to_text(),
            "scores": list(self.scores),
            "seat": self.seat,
            "turn_total": self.turn_total,
            "next": self.next,
            "goal": self.game.goal,
        }

    def __str__(self) -> str:
        scores = ", ".join(f"seat {seat} {score}" for seat, score in enumerate(self.scores))
        if self.next == WON:
            return f"Pig to {self.game.goal}: {scores}; seat {self.seat} has won"
        doing = "rolls" if self.next == ROLLING else "rolls again or holds"
        return f"Pig to {self.game.goal}: {scores}; seat {self.seat} {doing} with {self.turn_total} this turn"
