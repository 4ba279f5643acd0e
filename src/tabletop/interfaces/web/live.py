"""Live events on the server: chance nodes people settle in real time, driven for any game.

A game that has them (``GameParts(live=...)``) describes each as a
:class:`~tabletop.core.live.LiveEvent`: a timed window, who may act, what an act
does, and the chance outcomes it comes to. Here the server runs it: it shows the
event (for a moment first, if the event asks to be revealed), opens the window,
takes the seats' presses (no faster than the event allows: a press made while the seat's last act is
still under way waits for it, so a quick player loses no press), plays the bot seats,
closes the window when time is up or nothing more can change, and then applies the
outcomes as ordinary chance actions, so the game record stays a normal record that
replays with the core API.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from tabletop.core.i18n import _
from tabletop.core.live import LiveEvent
from tabletop.core.registry import live_rules
from tabletop.interfaces.web.actionlog import AWAY_IN_RACE, note
from tabletop.interfaces.web.driver import BY_CHANCE, wait_for
from tabletop.interfaces.web.errors import Refused

if TYPE_CHECKING:
    from tabletop.interfaces.web.driver import Driver
    from tabletop.interfaces.web.readonly import ReadOnlyRoom

#: presses a seat may have waiting while its last act is under way (a person's presses a little early, or bunched
#: up on their way; more than this is mashing, and a die rolls no faster for it)
MAX_QUEUED = 2


def race_for(room: ReadOnlyRoom, driver: Driver) -> LiveRace | None:
    """The race for the room's current chance node, if the game describes it as a live event."""
    state = room.state
    if not state.is_chance_node():
        return None
    rules = live_rules(room.game.name)
    event = rules.event_for(state) if rules is not None else None
    return LiveRace(room, driver, event) if event is not None else None


class LiveRace:
    """The server running one :class:`~tabletop.core.live.LiveEvent`: its phases (reveal, running, done),
    its clock and its bots. The event is the game's description; the race is its playing out."""

    def __init__(self, room: ReadOnlyRoom, driver: Driver, event: LiveEvent) -> None:
        self.room = room
        self.driver = driver
        self.event = event
        self.version = room.version
        settings = driver.settings
        window = event.window if settings.live_seconds is None or event.window is None else settings.live_seconds
        #: how long the window stays open: the rules' timer, or the server's patience when there is none
        self.seconds = window if window is not None else settings.live_patience
        self.act_seconds = event.act_seconds if settings.live_act_seconds is None else settings.live_act_seconds
        self.phase = "reveal" if event.reveal else "running"
        self.deadline = time.monotonic() + self.seconds
        self.acted_at: dict[int, float] = {}  # when each seat last acted
        #: presses made while the seat's last act was under way (its die still rolling): each acts as soon as it may
        self.queued: dict[int, int] = {}
        self._timers: dict[int, asyncio.TimerHandle] = {}
        self.changed = asyncio.Event()

    def _remaining(self) -> float:
        if self.phase == "reveal":
            return self.seconds
        if self.phase == "done":
            return 0.0
        return max(0.0, self.deadline - time.monotonic())

    def view(self) -> dict[str, Any]:
        event = self.event
        running = self.phase == "running"
        return {
            **event.view(),
            "phase": self.phase,
            "seconds": self.seconds,
            "remaining": round(self._remaining(), 3),
            "act_seconds": self.act_seconds,
            "acting": [s for s in event.seats if running and event.may_act(s)],
            "queued": sorted(self.queued),
        }

    def may_act(self, seat: int) -> bool:
        return self.phase == "running" and self.event.may_act(seat)

    def _act(self, seat: int, what: str) -> None:
        self.acted_at[seat] = time.monotonic()
        self.event.act(seat, what, self.driver.streams.stream("live"))
        self.changed.set()
        self.driver.changed()

    async def press(self, seat: int, what: str) -> None:
        """A seat's button press; refused (:class:`Refused`) if it means nothing now."""
        refusal = self.event.refusal(seat, what)
        if refusal is not None:
            raise Refused(refusal, 409)
        if self.phase != "running":
            raise Refused(_("the timer has not started yet") if self.phase == "reveal" else _("time is up"), 409)
        wait = self.acted_at.get(seat, -1e9) + self.act_seconds - time.monotonic()
        if wait > 0 or self.queued.get(seat):  # the die is still rolling: the press waits for it to land
            self.queued[seat] = min(self.queued.get(seat, 0) + 1, MAX_QUEUED)
            if seat not in self._timers:
                self._timers[seat] = asyncio.get_running_loop().call_later(max(wait, 0.0), self._act_queued, seat, what)
            self.driver.changed()
            return
        self._act(seat, what)

    def _act_queued(self, seat: int, what: str) -> None:
        """The die landed: roll it again for a press that waited (and wait again for the next one, if any)."""
        self._timers.pop(seat, None)
        waiting = self.queued.pop(seat, 0)
        if self.phase != "running" or self.room.version != self.version or self.event.refusal(seat, what) is not None:
            return
        self._act(seat, what)
        if waiting > 1 and self.event.refusal(seat, what) is None:
            self.queued[seat] = waiting - 1
            self._timers[seat] = asyncio.get_running_loop().call_later(self.act_seconds, self._act_queued, seat, what)

    async def _bot(self, seat: int) -> None:
        settings, event = self.driver.settings, self.event
        rng = self.driver.streams.seat(seat)
        if not event.repeat:
            low, high = settings.bot_press_delay
            await asyncio.sleep(low + (high - low) * rng.random())
            if self.phase == "running" and event.may_act(seat):
                self._act(seat, event.button)
            return
        while event.may_act(seat):
            pause = settings.bot_act_interval * (0.67 + 0.66 * rng.random())
            await asyncio.sleep(max(pause, self.act_seconds))
            if self.phase != "running" or not event.may_act(seat):
                return
            self._act(seat, event.button)

    async def run(self) -> None:
        """Drive the race until its outcomes are committed (or the game changes under it)."""
        room, driver, event = self.room, self.driver, self.event
        if self.phase == "reveal":
            await asyncio.sleep(min(driver.settings.chance_delay * 4, 2.0))  # let people read what the race is about
            if room.version != self.version:
                return
            self.phase = "running"
            self.deadline = time.monotonic() + self.seconds
            driver.changed()
        # with a turn clock the server plays for people who are away, as it does for bots
        away = [s for s in event.seats if room.clock is not None and room.is_away(s)]
        bots = [asyncio.create_task(self._bot(s)) for s in event.seats if s in driver.bot_seats or s in away]
        try:
            while not event.settled() and room.version == self.version and not room.closed:
                left = self.deadline - time.monotonic()
                if left <= 0:
                    break
                self.changed.clear()
                await wait_for(self.changed, left)
        finally:
            for task in bots:
                task.cancel()
            for handle in self._timers.values():
                handle.cancel()
            self._timers.clear()
            self.queued.clear()
            self.phase = "done"
        if room.version != self.version:
            return
        driver.changed()
        await asyncio.sleep(min(driver.settings.chance_delay * 2, 1.0))  # let people see how it went
        outcomes = event.outcomes()
        if outcomes is None:  # nobody settled it: chance decides
            if not room.state.is_chance_node():
                return
            outcomes = [driver.streams.chance(room.state)]
        notes = [note(AWAY_IN_RACE, s) for s in away]
        for outcome in outcomes:
            said = "; ".join(notes) if notes else None
            if not room.state.is_chance_node() or not await driver.commit(outcome, BY_CHANCE, room.version, said):
                break
            notes = []
