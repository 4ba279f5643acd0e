"""A coin with a known bias, for tests whose answer is known exactly: seat 0 wins on heads.

One chance node decides the game: heads with probability ``p`` (seat 0 wins), tails otherwise
(seat 1 wins), so seat 0's win rate is ``p``. ``p`` is the option ``bias``, else ``tenths / 10``,
else the data file's ``coin.bias`` (a data file of its own, validated by a pydantic model, so a
data field can be tuned). Sampled by inverting one uniform number, heads is ``u < p``: on common
random numbers a game won at one bias is won at every higher one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from pydantic import Field

from tabletop.core import CHANCE, TERMINAL, Action, Distribution, Game, GameInfo, NotationError, Option, State
from tabletop.core.data import DataModel, load_toml

DATA = Path(__file__).resolve().parent / "coin.toml"


class Coin(DataModel):
    bias: float = Field(ge=0, le=1)
    note: str


class CoinData(DataModel):
    coin: Coin


@dataclass(frozen=True, slots=True)
class Side(Action):
    heads: bool

    def __str__(self) -> str:
        return "heads" if self.heads else "tails"


HEADS, TAILS = Side(True), Side(False)


class CoinState(State):
    __slots__ = ("side",)

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.side: Side | None = None

    def current_player(self) -> int:
        return CHANCE if self.side is None else TERMINAL

    def _legal_actions(self) -> tuple[Action, ...]:
        return ()

    def _chance_distribution(self) -> Distribution:
        assert isinstance(self.game, CoinGame)
        p = self.game.p
        if p <= 0 or p >= 1:
            return Distribution([HEADS if p >= 1 else TAILS], [Fraction(1)])
        return Distribution([HEADS, TAILS], [p, 1 - p])

    def chance_roller(self) -> int:
        return 0

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Side)
        self.side = action

    def winners(self) -> tuple[int, ...]:
        return () if self.side is None else (0,) if self.side.heads else (1,)

    def returns(self) -> list[float]:
        return [1.0 if s in self.winners() else -1.0 for s in range(2)]

    def turn_number(self) -> int:
        return 1

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, CoinState)
        other.side = self.side

    def to_text(self) -> str:
        return "-" if self.side is None else str(self.side)

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.to_text()}

    def __str__(self) -> str:
        return self.to_text()


class CoinGame(Game):
    info = GameInfo(
        name="coin",
        title="A biased coin (test game)",
        min_players=2,
        max_players=2,
        options=(
            Option("players", int, 2, "number of players", minimum=2, maximum=2),
            Option("bias", float, None, "chance of heads", minimum=0, maximum=1, nullable=True),
            Option("tenths", int, None, "chance of heads in tenths", minimum=0, maximum=10, nullable=True),
            Option("data", "path", None, "the coin's data file", nullable=True),
        ),
        min_return=-1.0,
        max_return=1.0,
    )

    data: CoinData
    p: Fraction

    def _check_options(self, options: Mapping[str, Any]) -> None:
        self.data = load_toml(options["data"] or DATA, CoinData)
        if options["bias"] is not None:
            self.p = Fraction(str(options["bias"]))
        elif options["tenths"] is not None:
            self.p = Fraction(options["tenths"], 10)
        else:
            self.p = Fraction(str(self.data.coin.bias))

    def data_model(self) -> CoinData:
        return self.data

    def new_initial_state(self) -> CoinState:
        return CoinState(self)

    def _read_position(self, text: str) -> CoinState:
        state = CoinState(self)
        if text not in ("-", "heads", "tails"):
            raise NotationError(f"a coin position is -, heads or tails, not {text!r}")
        state.side = None if text == "-" else HEADS if text == "heads" else TAILS
        return state
