"""A race with an optional bonus die: a variant that consumes chance differently.

Each turn the mover rolls a d3 and advances that many squares (no decision). With
``bonus=True``, landing on an even square earns a bonus d3 roll (its own kind of
chance node) that moves one more square on a 3. ``bonus-race`` keeps the bonus rolls
on their own stream; ``bonus-race-one-stream`` puts every roll on one stream, so a
bonus roll shifts every later move roll. Standings are the positions.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from coin_game import CoinGame
from tabletop.core import CHANCE, TERMINAL, Action, Distribution, Game, GameInfo, NotationError, Option, State
from tabletop.core.notation import parse_int
from tabletop.core.registry import register


@dataclass(frozen=True, slots=True)
class Die(Action):
    kind: str
    value: int

    def __str__(self) -> str:
        return f"{self.kind} {self.value}"


MOVE = Distribution.uniform([Die("move", v) for v in (1, 2, 3)])
BONUS = Distribution.uniform([Die("bonus", v) for v in (1, 2, 3)])


class BonusRaceState(State):
    __slots__ = ("pending", "player", "positions", "turns")

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.positions = [0] * game.num_players
        self.player = 0
        self.pending = False
        self.turns = 1

    def _goal(self) -> int:
        return int(self.game.options["goal"])

    def current_player(self) -> int:
        return TERMINAL if max(self.positions) >= self._goal() else CHANCE

    def _legal_actions(self) -> tuple[Action, ...]:
        return ()

    def _chance_distribution(self) -> Distribution:
        return BONUS if self.pending else MOVE

    def chance_stream(self) -> str:
        return "bonus" if self.pending else "move"

    def chance_roller(self) -> int:
        return self.player

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Die)
        if action.kind == "bonus":
            self.pending = False
            self.positions[self.player] += action.value == 3
        else:
            self.positions[self.player] += action.value
            landed = self.positions[self.player]
            if self.game.options["bonus"] and landed % 2 == 0 and landed < self._goal():
                self.pending = True
                return
        if max(self.positions) < self._goal():
            self.player = (self.player + 1) % len(self.positions)
            self.turns += 1

    def returns(self) -> list[float]:
        win = self.winners()
        return [1.0 if s in win else -1.0 for s in range(len(self.positions))]

    def winners(self) -> tuple[int, ...]:
        return tuple(s for s, p in enumerate(self.positions) if p >= self._goal())

    def turn_number(self) -> int:
        return self.turns

    def standings(self) -> list[float]:
        return [float(p) for p in self.positions]

    def metrics(self) -> dict[str, float]:
        return {"lead": float(max(self.positions) - min(self.positions)), "rate:bonus_pending": 0.0}

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, BonusRaceState)
        other.positions = self.positions.copy()
        other.player, other.pending, other.turns = self.player, self.pending, self.turns

    def to_text(self) -> str:
        return f"{','.join(map(str, self.positions))} {self.player} {int(self.pending)} {self.turns}"

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.to_text()}

    def __str__(self) -> str:
        return f"positions {self.positions}"


class OneStreamState(BonusRaceState):
    __slots__ = ()

    def chance_stream(self) -> str:
        return "chance"


class BonusRaceGame(Game):
    info = GameInfo(
        name="bonus-race",
        title="Bonus race (test game)",
        min_players=2,
        max_players=3,
        options=(
            Option("players", int, 2, "number of players", minimum=2, maximum=3),
            Option("goal", int, 20, "length of the track", minimum=2, maximum=100),
            Option("bonus", bool, False, "roll a bonus die after landing on an even square"),
        ),
        min_return=-1.0,
        max_return=1.0,
    )

    def new_initial_state(self) -> BonusRaceState:
        return BonusRaceState(self)

    def _state_class(self) -> type[BonusRaceState]:
        return BonusRaceState

    def _read_position(self, text: str) -> BonusRaceState:
        fields = text.split(" ")
        if len(fields) != 4:
            raise NotationError(f"a {self.name} position has 4 fields (positions player pending turns), not {text!r}")
        goal, players = int(self.options["goal"]), self.num_players
        positions = [parse_int(p, "a position", 0, goal + 2) for p in fields[0].split(",")]
        if len(positions) != players:
            raise NotationError(f"{len(positions)} positions for {players} players")
        if sum(p >= goal for p in positions) > 1:
            raise NotationError("only one racer can have reached the goal")
        state = self._state_class()(self)
        state.positions = positions
        state.player = parse_int(fields[1], "player", 0, players - 1)
        state.pending = bool(parse_int(fields[2], "pending", 0, 1))
        if state.pending and not self.options["bonus"]:
            raise NotationError("a bonus roll is pending in a race without bonus rolls")
        state.turns = parse_int(fields[3], "turns", 1, self.max_game_length())
        return state


class OneStreamGame(BonusRaceGame):
    info = replace(BonusRaceGame.info, name="bonus-race-one-stream")

    def new_initial_state(self) -> OneStreamState:
        return OneStreamState(self)

    def _state_class(self) -> type[BonusRaceState]:
        return OneStreamState


register("bonus-race", BonusRaceGame)
register("bonus-race-one-stream", OneStreamGame)
register("coin", CoinGame)
