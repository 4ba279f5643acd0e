"""Live events: chance nodes that people settle in real time, described so any front end can drive them.

In the engine such a node is an ordinary chance node (a rescue saved or failed, the
first to call out). At a table it is a race: for a timed window some seats act (roll
a die again and again, press a button once) and what they did decides the outcome.
A game describes the race; a front end (the web server) keeps the time, lets the
seats act, plays bots, and at the end applies the outcomes as ordinary chance
actions, so the record stays an ordinary record that replays with the core API.

A :class:`LiveEvent` says:

- the window: ``window`` seconds by the rules (``None``: no timer in the rules; the
  front end waits as long as it is willing to), opened at once or after a moment
  to ``reveal`` what the race is about;
- who may act: ``seats``; ``may_act(seat)`` while that seat still has something to
  do; ``refusal(seat, what)`` says, in the game's words, why an act means nothing;
- what an act does: ``act(seat, what, rng)`` (the event may roll dice with the
  front end's chance stream); ``button`` is the act a bot makes; ``repeat`` says
  whether a seat acts again and again (at least ``act_seconds`` apart) or once;
- the result: ``settled()`` closes the window early; ``outcomes()`` lists the
  chance actions to apply, in order, or ``None`` to let chance decide.
"""

from __future__ import annotations

import abc
import random
from typing import Any, ClassVar

from tabletop.core.actions import Action


class LiveEvent(abc.ABC):
    """One race against time at a chance node (see the module docstring)."""

    #: names the event for the page's board module ("rescue" ...)
    kind: ClassVar[str]
    #: the act a bot makes, and the only one it makes
    button: ClassVar[str]
    #: a seat acts again and again while it may (True) or once (False)
    repeat: ClassVar[bool] = False
    #: the front end shows the event a moment before the window opens
    reveal: ClassVar[bool] = False

    def __init__(self, seats: tuple[int, ...], window: float | None, act_seconds: float = 0.0) -> None:
        #: the seats that may act
        self.seats = seats
        #: the rules' timer in seconds; ``None``: the rules set none
        self.window = window
        #: the least time between two acts of one seat (a die takes a moment to land)
        self.act_seconds = act_seconds

    def may_act(self, seat: int) -> bool:
        """Whether ``seat`` still has something to do (a bot keeps acting while it does)."""
        return seat in self.seats and self.refusal(seat, self.button) is None

    @abc.abstractmethod
    def refusal(self, seat: int, what: str) -> str | None:
        """Why ``seat`` may not do ``what`` now, in the game's words; ``None`` if it may."""

    @abc.abstractmethod
    def act(self, seat: int, what: str, rng: random.Random) -> None:
        """Carry out an act that :meth:`refusal` allowed."""

    @abc.abstractmethod
    def settled(self) -> bool:
        """Nothing more can change: the window may close early."""

    @abc.abstractmethod
    def outcomes(self) -> list[Action] | None:
        """The chance outcomes to apply once the window closes, in order; ``None``: chance decides."""

    @abc.abstractmethod
    def view(self) -> dict[str, Any]:
        """The event for the page, JSON-ready (the front end adds the time left and who may act)."""

    def busy(self, seat: int) -> str:
        """Why ``seat`` must wait before acting again (its last act is still under way)."""
        return "your last act is still under way"
