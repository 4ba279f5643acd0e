"""Small games to test the core without depending on a real game, registered for every test.

``race``: each turn the mover rolls a d3 (a chance node), then chooses ``advance``
(move that many steps) or ``wait``. The first to reach ``goal`` wins.
``hidden-card`` (tests/hidden_card.py): a game with hidden information.
The race's standings are the positions; its time model is a minute to set up, 6 s a turn and
3 s a decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from hidden_card import HiddenCardGame
from tabletop.core import (
    CHANCE,
    TERMINAL,
    Action,
    Distribution,
    Game,
    GameInfo,
    NotationError,
    Option,
    State,
    TimeModel,
)
from tabletop.core.encoding import relative_seat, seat_order
from tabletop.core.observation import Viewer
from tabletop.core.parts import GameParts
from tabletop.core.registry import register


@dataclass(frozen=True, slots=True)
class Roll(Action):
    value: int

    def __str__(self) -> str:
        return f"roll {self.value}"


@dataclass(frozen=True, slots=True)
class Choice(Action):
    word: str

    def __str__(self) -> str:
        return self.word


ROLLS = tuple(Roll(v) for v in (1, 2, 3))
D3 = Distribution.uniform(ROLLS)
ADVANCE, WAIT = Choice("advance"), Choice("wait")


class RaceState(State):
    __slots__ = ("die", "player", "positions", "turns")

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.positions = [0] * game.num_players
        self.player = int(game.options["first_player"])
        self.die = 0
        self.turns = 1

    def _goal(self) -> int:
        return int(self.game.options["goal"])

    def current_player(self) -> int:
        if max(self.positions) >= self._goal():
            return TERMINAL
        return CHANCE if self.die == 0 else self.player

    def _legal_actions(self) -> tuple[Action, ...]:
        return (ADVANCE, WAIT)

    def _chance_distribution(self) -> Distribution:
        return D3

    def _apply(self, action: Action) -> None:
        if isinstance(action, Roll):
            self.die = action.value
            self._log("seat {} rolls {}", self.player, action.value)
            return
        if action is ADVANCE:
            self.positions[self.player] += self.die
        self.die = 0
        if max(self.positions) < self._goal():
            self.player = (self.player + 1) % len(self.positions)
            self.turns += 1

    def returns(self) -> list[float]:
        win = self.winners()
        return [1.0 if s in win else (-1.0 if win else 0.0) for s in range(len(self.positions))]

    def winners(self) -> tuple[int, ...]:
        return tuple(s for s, p in enumerate(self.positions) if p >= self._goal())

    def turn_number(self) -> int:
        return self.turns

    def standings(self) -> list[float]:
        return [float(p) for p in self.positions]

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, RaceState)
        other.positions = self.positions.copy()
        other.player, other.die, other.turns = self.player, self.die, self.turns

    def to_text(self) -> str:
        return f"{','.join(map(str, self.positions))} {self.player} {self.die} {self.turns}"

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.to_text(), "positions": list(self.positions)}

    def __str__(self) -> str:
        return f"positions {self.positions}, seat {self.player} to play"


class RaceBoard:
    """The race's web board: a track drawn by ``race_board/board.js`` (a part given as an object)."""

    ASSETS = Path(__file__).resolve().parent / "race_board"

    @staticmethod
    def layout(game: Game) -> dict[str, Any]:
        return {"goal": game.options["goal"]}


class RaceEncoding:
    """The race in numbers (an encoding part given as an object): the seat to move, each position
    / the goal, the die one-hot."""

    @staticmethod
    def actions(game: Game) -> list[str]:
        return [str(ADVANCE), str(WAIT)]

    @staticmethod
    def chance_outcomes(game: Game) -> list[str]:
        return [str(r) for r in ROLLS]

    @staticmethod
    def layout(game: Game) -> list[tuple[str, int]]:
        return [("to_move", game.num_players), ("position", game.num_players), ("die", len(ROLLS))]

    @staticmethod
    def encode(state: State, viewer: Viewer, out: Any) -> None:
        assert isinstance(state, RaceState)
        n, goal = len(state.positions), state._goal()
        for k, seat in enumerate(seat_order(viewer, n)):
            out[n + k] = min(1.0, state.positions[seat] / goal)
        if not state.is_terminal():
            out[relative_seat(state.player, viewer, n)] = 1.0
        if state.die:
            out[2 * n + state.die - 1] = 1.0


class RaceGame(Game):
    parts = GameParts(web=RaceBoard(), encoding=RaceEncoding())
    info = GameInfo(
        name="race",
        title="Dice race (test game)",
        min_players=2,
        max_players=3,
        options=(
            Option("players", int, 2, "number of players", minimum=2, maximum=3),
            Option("first_player", int, 0, "seat that starts"),
            Option("goal", int, 6, "length of the track", minimum=2, maximum=50),
        ),
        min_return=-1.0,
        max_return=1.0,
    )

    def new_initial_state(self) -> RaceState:
        return RaceState(self)

    def _read_position(self, text: str) -> RaceState:
        try:
            positions, player, die, turns = text.split()
            state = RaceState(self)
            state.positions = [int(p) for p in positions.split(",")]
            state.player, state.die, state.turns = int(player), int(die), int(turns)
        except ValueError:
            raise NotationError(f"not a race position: {text!r}") from None
        if len(state.positions) != self.num_players:
            raise NotationError(f"a race position for {self.num_players} players needs {self.num_players} positions")
        return state

    def max_game_length(self) -> int:
        return 10_000

    def time_model(self) -> TimeModel:
        return TimeModel(setup_minutes=1.0, seconds_per_turn=6.0, seconds_per_decision=3.0)


register("race", RaceGame)
register("hidden-card", HiddenCardGame)


@pytest.fixture
def race() -> RaceGame:
    return RaceGame(players=2)
