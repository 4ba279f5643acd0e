"""Jumanji's races against time, for front ends that let people settle chance nodes live.

In the engine a rescue is one chance node per rescuer with the outcomes ``saved`` and
``failed``, and a tie at the centre is a chance node ``first k``. At a table these
are races: every rescuer rolls the Rescue die again and again until it shows the
card's symbol (or the hourglass, wild except with two players, J-RESCUE-2) before
the 8-second timer runs out (the data file's ``timer.seconds``); several pawns
reaching the centre together race to call JUMANJI (R-J8). A front end keeps the
time and lets the seats act; these events roll the rescue dice with its chance
stream, and then give back the ordinary chance outcomes, so the record stays a
normal record that replays with the core API.
"""

from __future__ import annotations

import random
from typing import Any

from tabletop.core.actions import Action
from tabletop.core.live import LiveEvent
from tabletop.core.state import State
from tabletop.games.jumanji.actions import FAILED, FIRST, SAVED, CallFirst
from tabletop.games.jumanji.state import JumanjiState

__all__ = ["event_for"]


def event_for(state: State) -> LiveEvent | None:
    """The race at this chance node: a rescue, a JUMANJI call, or none (sampled at once)."""
    if not isinstance(state, JumanjiState) or not state.is_chance_node():
        return None
    outcomes = state.legal_actions()
    if set(outcomes) == {SAVED, FAILED}:
        return RescueRace(state)
    if outcomes and all(isinstance(a, CallFirst) for a in outcomes):
        return JumanjiCall(state)
    return None


def rescuers_in_order(state: JumanjiState) -> list[int]:
    """The seats the engine will ask, one rescue node each, from the current rescuer on.

    The engine asks the rescuer ``actor`` first and then each seat to its left
    until it comes back round to the player whose turn it is (who rescues too on
    a Jungle space, where the round starts with them).
    """
    n = state.game.num_players
    first, mover = int(state.actor), int(state.cur)
    order = [first]
    seat = first
    while (seat + 1) % n != mover:
        seat = (seat + 1) % n
        order.append(seat)
    return order


class RescueRace(LiveEvent):
    """One danger card's rescue: every rescuer rolls the Rescue die against the timer."""

    kind = "rescue"
    button = "roll"
    repeat = True
    reveal = True  # the card is read through the decoder before the timer starts

    def __init__(self, state: JumanjiState) -> None:
        game = state.game
        timer = game.data.timer
        # The engine's odds (R-J6) are those of rescue_rolls rolls before the timer runs out (8 in 8 seconds by
        # default). A real die takes a moment to toss, land and read, so a rescuer rolls at most rescue_rolls
        # times, one roll per timer / (rescue_rolls + 1): the rolls the odds promise fit in the timer with one
        # roll's time (0.9 s) to spare for a person to react, and nobody rolls more often than the odds assume.
        pace = timer.seconds / (game.rescue_rolls + 1)
        super().__init__(tuple(rescuers_in_order(state)), float(timer.seconds), pace)
        #: the most rolls a rescuer has (the engine's rescue_rolls)
        self.limit: int = game.rescue_rolls
        self.card = int(state.card) + 1
        self.symbol: str = game.board.card_symbols[state.card]
        self.message: str = game.board.card_messages[state.card]
        self.faces: list[str] = list(game.data.rescue_die.faces)
        self.wild: str | None = game.data.rescue_die.wild if game.wild else None
        self.rolls: dict[int, list[str]] = {s: [] for s in self.seats}
        self.saved: set[int] = set()

    def refusal(self, seat: int, what: str) -> str | None:
        if what != self.button:
            return f"during a rescue the only button is 'roll', not {what!r}"
        if seat not in self.rolls:
            return "you are not one of this card's rescuers"
        if seat in self.saved:
            return "you already rolled the symbol: you are safe"
        if len(self.rolls[seat]) >= self.limit:
            return f"you have rolled all your {self.limit} rolls"
        return None

    def busy(self, seat: int) -> str:
        return "your die is still rolling"

    def act(self, seat: int, what: str, rng: random.Random) -> None:
        """Roll ``seat``'s Rescue die."""
        face = self.faces[min(int(rng.random() * len(self.faces)), len(self.faces) - 1)]
        self.rolls[seat].append(face)
        if face == self.symbol or (self.wild is not None and face == self.wild):
            self.saved.add(seat)

    def settled(self) -> bool:
        return all(seat in self.saved or len(self.rolls[seat]) >= self.limit for seat in self.seats)

    def outcomes(self) -> list[Action]:
        return [SAVED if seat in self.saved else FAILED for seat in self.seats]

    def view(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "prompt": "Rescue! Roll the Rescue die.",
            "card": self.card,
            "symbol": self.symbol,
            "message": self.message,
            "wild": self.wild,
            "faces": self.faces,
            "limit": self.limit,
            "rescuers": [
                {"seat": s, "rolls": len(self.rolls[s]), "face": self.rolls[s][-1] if self.rolls[s] else None,
                 "saved": s in self.saved}
                for s in self.seats
            ],
        }


class JumanjiCall(LiveEvent):
    """Several pawns reached the centre at once: the first tied player to call JUMANJI wins.

    The rules set no timer; a front end that waits in vain lets chance decide.
    """

    kind = "jumanji"
    button = "jumanji"

    def __init__(self, state: JumanjiState) -> None:
        tied = sorted(a.seat for a in state.legal_actions() if isinstance(a, CallFirst))
        super().__init__(tuple(tied), None)
        self.winner: int | None = None

    def refusal(self, seat: int, what: str) -> str | None:
        if what != self.button:
            return f"several pawns reached the centre: press 'jumanji', not {what!r}"
        if seat not in self.seats:
            return "only the players who reached the centre can call JUMANJI"
        if self.winner is not None:
            return "JUMANJI has been called already"
        return None

    def act(self, seat: int, what: str, rng: random.Random) -> None:
        self.winner = seat

    def settled(self) -> bool:
        return self.winner is not None

    def outcomes(self) -> list[Action] | None:
        return None if self.winner is None else [FIRST[self.winner]]

    def view(self) -> dict[str, Any]:
        return {"kind": self.kind, "prompt": "JUMANJI! Call it first.", "tied": list(self.seats),
                "winner": self.winner}
