"""The learners' odds hints of a room: computed once per position, seat and language, off the event loop.

A hint (the game's board ``hint``: the chance of falling on the next roll ...) may
enumerate a roll's outcomes, so it is computed in a thread the first time a seat's view
asks for it; the view says nothing until it is ready, then the room's viewers are told.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

from tabletop.core.i18n import language
from tabletop.core.state import State
from tabletop.interfaces.web.boards import hint_for

if TYPE_CHECKING:
    from tabletop.interfaces.web.readonly import ReadOnlyRoom


class Hints:
    """The hints of one room at its current position, keyed by the action log's version and the seat."""

    def __init__(self, room: ReadOnlyRoom, changed: Callable[[], None]) -> None:
        self._room = room
        self._changed = changed
        # (version, seat, language) -> the hint, None while computed
        self._known: dict[tuple[int, int, str], str | None] = {}

    def hint(self, seat: int) -> str | None:
        """The odds hint for ``seat`` at this position, once computed (``None`` until then, or if there is none)."""
        version = self._room.version
        key = (version, seat, language())  # the task and its thread speak the viewer's language too
        if key in self._known:
            return self._known[key]
        self._known = {k: v for k, v in self._known.items() if k[0] == version}
        self._known[key] = None
        asyncio.get_running_loop().create_task(self._compute(key, self._room.state))
        return None

    async def _compute(self, key: tuple[int, int, str], state: State) -> None:
        text = await asyncio.to_thread(hint_for, self._room.game, state, key[1])
        if key[0] == self._room.version and text is not None:
            self._known[key] = text
            self._changed()
