"""A tiny game with hidden information, to test what each seat may see.

Each of two seats is dealt a card from 1, 2, 3 (chance; each card seen only by its
holder). Seat 0 bets or folds; after a bet seat 1 calls or folds; a call shows both
cards and the higher wins, a fold loses. The observer hides the other seat's card
until the showdown; a leaky variant (``LeakyObserver``) shows it, to prove that the
checks catch a leak.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rich.text import Text

from tabletop.core import TERMINAL, Action, Distribution, Game, GameInfo, NotationError, Option, State
from tabletop.core.observation import Observer, Viewer
from tabletop.core.parts import GameParts
from tabletop.core.state import CHANCE

CARDS = (1, 2, 3)


@dataclass(frozen=True, slots=True)
class Deal(Action):
    card: int

    def __str__(self) -> str:
        return f"deal {self.card}"


@dataclass(frozen=True, slots=True)
class Say(Action):
    word: str

    def __str__(self) -> str:
        return self.word


DEALS = {c: Deal(c) for c in CARDS}
BET, CALL, FOLD = Say("bet"), Say("call"), Say("fold")


class HiddenCardState(State):
    __slots__ = ("cards", "moves")

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.cards: list[int] = []
        self.moves: list[str] = []

    def current_player(self) -> int:
        if len(self.cards) < 2:
            return CHANCE
        if self.moves in (["fold"], ["bet", "fold"], ["bet", "call"]):
            return TERMINAL
        return len(self.moves)

    def _legal_actions(self) -> tuple[Action, ...]:
        return (BET, FOLD) if not self.moves else (CALL, FOLD)

    def _chance_distribution(self) -> Distribution:
        return Distribution.uniform([DEALS[c] for c in CARDS if c not in self.cards])

    def _apply(self, action: Action) -> None:
        if isinstance(action, Deal):
            self.cards.append(action.card)
            self._log("seat {} is dealt a card", len(self.cards) - 1)  # the log is public: no value
        else:
            self._log("seat {} says {}", len(self.moves), action)
            self.moves.append(str(action))

    def showdown(self) -> bool:
        return self.moves == ["bet", "call"]

    def winners(self) -> tuple[int, ...]:
        if not self.is_terminal():
            return ()
        if self.showdown():
            return (0,) if self.cards[0] > self.cards[1] else (1,)
        return (1,) if self.moves == ["fold"] else (0,)

    def returns(self) -> list[float]:
        won = self.winners()
        return [1.0 if s in won else (-1.0 if won else 0.0) for s in range(2)]

    def turn_number(self) -> int:
        return len(self.moves) + 1

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, HiddenCardState)
        other.cards = self.cards.copy()
        other.moves = self.moves.copy()

    def to_text(self) -> str:
        return f"{','.join(map(str, self.cards)) or '-'} {','.join(self.moves) or '-'}"

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.to_text(), "cards": list(self.cards), "moves": list(self.moves)}

    def __str__(self) -> str:
        return f"cards {self.cards}, moves {self.moves}"


class HiddenCardObserver(Observer):
    """Each seat sees its own card; both are shown at a showdown; a spectator sees none before it."""

    hidden_information = True

    def _seen(self, state: HiddenCardState, viewer: Viewer) -> list[int | None]:
        return [c if viewer == s or state.showdown() else None for s, c in enumerate(state.cards)]

    def observe(self, state: State, viewer: Viewer) -> dict[str, Any]:
        self.check_viewer(viewer)
        assert isinstance(state, HiddenCardState)
        return {"cards": self._seen(state, viewer), "moves": list(state.moves), "dealt": len(state.cards)}

    def text(self, state: State, viewer: Viewer) -> str:
        self.check_viewer(viewer)
        assert isinstance(state, HiddenCardState)
        shown = ", ".join("?" if c is None else str(c) for c in self._seen(state, viewer))
        return f"cards: {shown or 'none yet'}; moves: {', '.join(state.moves) or 'none'}"

    def resample(self, state: State, viewer: Viewer, rng: random.Random) -> State:
        self.check_viewer(viewer)
        assert isinstance(state, HiddenCardState)
        seen = self._seen(state, viewer)
        left = [c for c in CARDS if c not in seen]
        rng.shuffle(left)
        other = state.game.new_initial_state()  # the same public history, with the hidden cards drawn again
        for card in seen:
            other.apply_action(DEALS[card if card is not None else left.pop()])
        for move in state.moves:
            other.apply_action(move)
        return other


class LeakyObserver(HiddenCardObserver):
    """Shows the web page everything (the mistake the checks must catch)."""

    def observe(self, state: State, viewer: Viewer) -> dict[str, Any]:
        return {**super().observe(state, viewer), "cards": list(state.cards)}  # type: ignore[attr-defined]


class HiddenCardTerminal:
    """A terminal view that draws what the observer shows."""

    @staticmethod
    def render(state: State, viewer: Viewer = None) -> Text:
        return Text(state.game.observer.text(state, viewer))


class PeekingTerminal:
    """A terminal view that draws the state itself (the mistake the checks must catch)."""

    @staticmethod
    def render(state: State, viewer: Viewer = None) -> Text:
        return Text(str(state))


class HiddenCardEncoding:
    """The vector: the viewer's card, the other seat's card once shown, the moves (read through the observer)."""

    LEAK = False

    @staticmethod
    def actions(game: Game) -> list[str]:
        return [str(BET), str(CALL), str(FOLD)]

    @staticmethod
    def chance_outcomes(game: Game) -> list[str]:
        return [str(DEALS[c]) for c in CARDS]

    @staticmethod
    def layout(game: Game) -> list[tuple[str, int]]:
        return [("own_card", len(CARDS)), ("other_card", len(CARDS)), ("moves", 3)]

    @classmethod
    def encode(cls, state: State, viewer: Viewer, out: Any) -> None:
        assert isinstance(state, HiddenCardState)
        seen = list(state.cards) if cls.LEAK else state.game.observer.observe(state, viewer)["cards"]
        me = viewer if viewer is not None else 0
        for seat, card in enumerate(seen):
            if card is not None:
                out[(0 if seat == me else len(CARDS)) + card - 1] = 1.0
        for k, move in enumerate(state.moves):
            out[2 * len(CARDS) + k] = 1.0 if move in ("bet", "call") else 0.5


class LeakyEncoding(HiddenCardEncoding):
    """Reads the cards from the state itself (the mistake check_encoding must catch)."""

    LEAK = True


class HiddenCardGame(Game):
    info = GameInfo(
        name="hidden-card",
        title="Hidden card (test game)",
        min_players=2,
        max_players=2,
        options=(Option("players", int, 2, "number of players", minimum=2, maximum=2),),
        min_return=-1.0,
        max_return=1.0,
    )
    parts = GameParts(terminal=HiddenCardTerminal(), encoding=HiddenCardEncoding())
    observer_class = HiddenCardObserver

    def new_initial_state(self) -> HiddenCardState:
        return HiddenCardState(self)

    def _read_position(self, text: str) -> HiddenCardState:
        state = HiddenCardState(self)
        try:
            cards, moves = text.split()
            state.cards = [] if cards == "-" else [int(c) for c in cards.split(",")]
            state.moves = [] if moves == "-" else moves.split(",")
        except ValueError:
            raise NotationError(f"not a hidden-card position: {text!r}") from None
        if len(state.cards) > 2 or len(set(state.cards)) != len(state.cards) or not set(state.cards) <= set(CARDS):
            raise NotationError(f"not a hidden-card deal: {cards!r}")
        if state.moves not in ([], ["bet"], ["fold"], ["bet", "fold"], ["bet", "call"]) or (
            state.moves and len(state.cards) < 2
        ):
            raise NotationError(f"not a hidden-card bidding: {moves!r}")
        return state
