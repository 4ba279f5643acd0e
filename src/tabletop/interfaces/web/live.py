"""Chance nodes that people settle in real time: Jumanji's rescues and its JUMANJI call.

In the engine a rescue is one chance node per rescuer with the outcomes
``saved`` and ``failed``, and a tie at the centre is a chance node ``first k``.
At a table these are races: every rescuer rolls the Rescue die again and again
until it shows the card's symbol (or the hourglass, wild except with two
players) before the 8-second timer runs out; several pawns reaching the centre
together race to call JUMANJI. Here the server runs those races: it rolls the
rescue dice with its own chance stream when a rescuer presses, keeps the time,
and then applies the ordinary chance outcomes, so the game record stays a
normal record that replays with the core API.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from typing import TYPE_CHECKING, Any

from tabletop.core.actions import Action
from tabletop.core.state import State

if TYPE_CHECKING:
    from tabletop.interfaces.web.rooms import LiveEvent, Room

SAVED, FAILED = "saved", "failed"
#: when nobody calls JUMANJI at a tie, the server decides after this many seconds
TIE_TIMEOUT = 30.0


def _outcomes(state: State) -> dict[str, Action]:
    return {str(a): a for a in state.legal_actions()}


def live_event_for(room: Room) -> LiveEvent | None:
    """The live event for the room's current chance node, if it is one people play out."""
    state = room.state
    if room.game.name != "jumanji" or not state.is_chance_node():
        return None
    outcomes = _outcomes(state)
    if set(outcomes) == {SAVED, FAILED}:
        return Rescue(room)
    if outcomes and all(text.startswith("first ") for text in outcomes):
        return JumanjiCall(room)
    return None


def rescuers_in_order(state: Any) -> list[int]:
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


class Rescue:
    """One danger card's rescue: an 8-second race of every rescuer against the timer."""

    def __init__(self, room: Room) -> None:
        self.room = room
        state: Any = room.state
        game: Any = room.game
        self.version = room.version
        self.card = int(state.card) + 1
        self.symbol: str = game.board.card_symbols[state.card]
        self.message: str = game.board.card_messages[state.card]
        self.faces: list[str] = list(game.data.rescue_die.faces)
        self.wild: str | None = game.data.rescue_die.wild if game.wild else None
        self.rescuers = rescuers_in_order(state)
        self.rolls: dict[int, list[str]] = {s: [] for s in self.rescuers}
        self.rolled_at: dict[int, float] = {}  # when each rescuer's die last left their hand
        self.saved: set[int] = set()
        self.seconds = room.settings.rescue_seconds
        self.phase = "reveal"
        self.deadline = 0.0
        self.changed = asyncio.Event()

    def _remaining(self) -> float:
        if self.phase == "reveal":
            return self.seconds
        if self.phase == "done":
            return 0.0
        return max(0.0, self.deadline - time.monotonic())

    def view(self) -> dict[str, Any]:
        return {
            "kind": "rescue",
            "phase": self.phase,
            "card": self.card,
            "symbol": self.symbol,
            "message": self.message,
            "wild": self.wild,
            "faces": self.faces,
            "seconds": self.seconds,
            "remaining": round(self._remaining(), 3),
            "roll_seconds": self.room.settings.rescue_roll_seconds,
            "rescuers": [
                {"seat": s, "rolls": len(self.rolls[s]), "face": self.rolls[s][-1] if self.rolls[s] else None,
                 "saved": s in self.saved}
                for s in self.rescuers
            ],
        }

    def _hit(self, face: str) -> bool:
        return face == self.symbol or (self.wild is not None and face == self.wild)

    def roll(self, seat: int) -> None:
        """Roll ``seat``'s rescue die with the server's chance stream."""
        self.rolled_at[seat] = time.monotonic()
        rng: random.Random = self.room.streams.stream("live")
        face = self.faces[min(int(rng.random() * len(self.faces)), len(self.faces) - 1)]
        self.rolls[seat].append(face)
        if self._hit(face):
            self.saved.add(seat)
        self.changed.set()
        self.room.broadcast()

    async def press(self, seat: int, what: str) -> None:
        from tabletop.interfaces.web.rooms import Refused

        if what != "roll":
            raise Refused(f"during a rescue the only button is 'roll', not {what!r}", 409)
        if seat not in self.rolls:
            raise Refused("you are not one of this card's rescuers", 409)
        if self.phase != "running":
            raise Refused("the timer has not started yet" if self.phase == "reveal" else "time is up", 409)
        if seat in self.saved:
            raise Refused("you already rolled the symbol: you are safe", 409)
        # a real die takes a moment to toss, land and read: about one roll a second, as the engine assumes
        wait = self.rolled_at.get(seat, -1e9) + self.room.settings.rescue_roll_seconds - time.monotonic()
        if wait > 0:
            raise Refused(f"your die is still rolling (again in {max(wait, 0.1):.1f} s)", 409)
        self.roll(seat)

    async def _bot(self, seat: int) -> None:
        settings = self.room.settings
        rng = self.room.streams.seat(seat)
        while seat not in self.saved:
            pause = settings.bot_roll_interval * (0.67 + 0.66 * rng.random())
            await asyncio.sleep(max(pause, settings.rescue_roll_seconds))
            if self.phase != "running":
                return
            self.roll(seat)

    async def run(self) -> None:
        room = self.room
        await asyncio.sleep(min(room.settings.chance_delay * 4, 2.0))  # the card is read through the decoder
        if room.version != self.version:
            return
        self.phase = "running"
        self.deadline = time.monotonic() + self.seconds
        room.broadcast()
        bots = [asyncio.create_task(self._bot(s)) for s in self.rescuers if s in room.agents]
        try:
            while len(self.saved) < len(self.rescuers) and room.version == self.version and not room.closed:
                left = self.deadline - time.monotonic()
                if left <= 0:
                    break
                self.changed.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.changed.wait(), timeout=left)
        finally:
            for task in bots:
                task.cancel()
            self.phase = "done"
        if room.version != self.version:
            return
        room.broadcast()
        await asyncio.sleep(min(room.settings.chance_delay * 2, 1.0))  # let people see who made it
        for seat in self.rescuers:
            state = room.state
            if not state.is_chance_node():
                break
            outcome = _outcomes(state).get(SAVED if seat in self.saved else FAILED)
            if outcome is None or not await room.commit(outcome, -1, room.version):
                break


class JumanjiCall:
    """Several pawns reached the centre at once: the first tied player to press JUMANJI wins."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.version = room.version
        self.outcomes = _outcomes(room.state)
        self.tied = sorted(int(text.split()[1]) for text in self.outcomes)
        self.winner: int | None = None
        self.pressed = asyncio.Event()

    def view(self) -> dict[str, Any]:
        return {"kind": "jumanji", "tied": self.tied, "winner": self.winner}

    async def press(self, seat: int, what: str) -> None:
        from tabletop.interfaces.web.rooms import Refused

        if what != "jumanji":
            raise Refused(f"several pawns reached the centre: press 'jumanji', not {what!r}", 409)
        if seat not in self.tied:
            raise Refused("only the players who reached the centre can call JUMANJI", 409)
        if self.winner is None:
            self.winner = seat
            self.pressed.set()

    async def _bot(self, seat: int) -> None:
        low, high = self.room.settings.bot_press_delay
        await asyncio.sleep(low + (high - low) * self.room.streams.seat(seat).random())
        await self.press(seat, "jumanji")

    async def run(self) -> None:
        room = self.room
        bots = [asyncio.create_task(self._bot(s)) for s in self.tied if s in room.agents]
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.pressed.wait(), timeout=TIE_TIMEOUT)
        finally:
            for task in bots:
                task.cancel()
        if room.version != self.version:
            return
        # nobody called: the server decides by chance
        outcome = room.streams.chance(room.state) if self.winner is None else self.outcomes[f"first {self.winner}"]
        room.broadcast()
        await room.commit(outcome, -1, room.version)
