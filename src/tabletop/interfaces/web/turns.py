"""Whom the server waits for, and how long: people roll their own dice; the turn clock.

**People roll their own dice.** At a chance node that a seat rolls (``state.chance_roller()``:
a number die, a pair of dice, a handful), the server waits for that person to press "roll", as
they would pick up the dice at a table. One press rolls on through the chance nodes of that
roll (a white then a red die, a die then the card it makes them draw); a roll that follows the
seat's own decision in the same turn (a "continue" after a jump) needs no second press. A seat
may opt in to ``auto_roll``: the server then rolls for them at once. Bots always roll at once.

**The turn clock** (per game, as on Board Game Arena; ``None``: no limit): when the server
waits for a person (a decision or a roll) longer than the clock, it plays for them — their
game's heuristic where it has one, else a random legal action; a roll is simply rolled — and
the log says so. So a game never stalls on a closed tab.

A clock cannot be extended. Each point where the server waits (the seat, what it waits for, and
the number of actions played) gets its deadline once, when the wait first starts; a decision
taken back returns to the same point and so to the same deadline, so an act and undo loop runs
the clock out as surely as doing nothing. Once a wait's deadline has passed, the person's own act
there and an undo back to it are refused (:meth:`TurnClock.ran_out`): the server plays it, however
fast they send. A move the server made because a clock ran out cannot be taken back
(:func:`clock_note` marks it; see ``views.undo_refusal``).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tabletop.core.actions import Action
from tabletop.core.registry import heuristic_policy

if TYPE_CHECKING:
    from tabletop.interfaces.web.driver import Driver
    from tabletop.interfaces.web.readonly import ReadOnlyRoom

#: what the server waits for a person to do
DECIDE, ROLL = "decide", "roll"


def roll_waits_for(room: ReadOnlyRoom) -> int | None:
    """The seat whose press the server waits for before it rolls this chance node (``None``: roll now)."""
    state = room.state
    if not state.is_chance_node():
        return None
    roller = state.chance_roller()
    if roller is None or not 0 <= roller < len(room.seats):
        return None
    seat = room.seats[roller]
    if seat.kind != "human" or seat.auto_roll:
        return None
    if room.rolling == (roller, state.turn_number()):
        return None  # a roll already under way, or one the seat's own decision set off
    return roller


def stand_in_move(room: ReadOnlyRoom, seat: int, rng: random.Random) -> Action:
    """The move the server makes for a person whose clock ran out: the game's heuristic, else a random one."""
    state = room.state
    policy = heuristic_policy(room.game.name)
    if policy is not None:
        return policy(state, rng)
    legal = state.legal_actions()
    return legal[int(rng.random() * len(legal))]


#: the start of every note of a move the server made when a clock ran out
CLOCK_NOTE = "turn clock ran out"


def clock_note(seat: int, kind: str) -> str:
    """The log's words for a move the server made for a person (seats count from 0, as in the engine's log)."""
    if kind == ROLL:
        return f"seat {seat}'s {CLOCK_NOTE}: the server rolled for them"
    return f"seat {seat}'s {CLOCK_NOTE}: the server played for them"


@dataclass
class Wait:
    """The server waits for ``seat`` to ``kind`` (decide or roll), until ``deadline`` if the game has a clock."""

    seat: int
    kind: str
    version: int
    seconds: float | None
    deadline: float | None

    def view(self) -> dict[str, Any]:
        left = None if self.deadline is None else round(max(0.0, self.deadline - time.monotonic()), 1)
        return {"seat": self.seat, "kind": self.kind, "seconds": self.seconds, "left": left}


class TurnClock:
    """The room's wait for a person, and the timer that has the driver play for them when it runs out."""

    def __init__(self, room: ReadOnlyRoom, driver: Driver) -> None:
        self.room = room
        self.driver = driver
        self.wait: Wait | None = None
        self._task: asyncio.Task[None] | None = None
        #: (seat, kind, actions played) -> its deadline, set once (see the module's docstring)
        self._deadlines: dict[tuple[int, str, int], float] = {}

    def start(self, seat: int, kind: str) -> None:
        """The server now waits for ``seat`` (kept as it is if it already did, at this version)."""
        room = self.room
        if self.wait is not None and (self.wait.seat, self.wait.kind, self.wait.version) == (seat, kind, room.version):
            return
        self.stop()
        seconds = room.clock
        deadline = None
        if seconds is not None:
            deadline = self._deadlines.setdefault((seat, kind, len(room.actors)), time.monotonic() + seconds)
        self.wait = Wait(seat, kind, room.version, seconds, deadline)
        if seconds is not None:  # the pages show the time left
            self._task = asyncio.get_running_loop().create_task(self._run_out(self.wait))
            self.driver.changed()

    def ran_out(self, seat: int, kind: str, actions: int) -> bool:
        """Has the clock of ``seat``'s wait to ``kind`` after ``actions`` actions run out? (Then the server
        plays it: the person's own act, or an undo back to it, comes too late.)"""
        deadline = self._deadlines.get((seat, kind, actions))
        return deadline is not None and time.monotonic() >= deadline

    def settled(self, actor: int) -> None:
        """An action by ``actor`` was just committed: if it was chance, the waits before it are forgotten.

        Undos (each seat taking back its own last decision in turn) can go back as far as the
        last chance event, never past it; the waits from there on are kept.
        """
        if actor >= 0:
            return
        number = len(self.room.actors) - 1
        for key in [key for key in self._deadlines if key[2] <= number]:
            del self._deadlines[key]

    def stop(self) -> None:
        self.wait = None
        if self._task is not None and not self._task.done() and self._task is not asyncio.current_task():
            self._task.cancel()
        self._task = None

    def view(self) -> dict[str, Any] | None:
        wait = self.wait
        return wait.view() if wait is not None and wait.version == self.room.version else None

    async def _run_out(self, wait: Wait) -> None:
        assert wait.deadline is not None
        await asyncio.sleep(max(0.0, wait.deadline - time.monotonic()))
        room = self.room
        if room.closed or room.version != wait.version:
            return
        with contextlib.suppress(asyncio.CancelledError):
            await self.driver.play_for(wait.seat, wait.kind, wait.version)
