"""The replay page's analysis: a finished game's decisions judged by ``expert`` (:mod:`tabletop.analysis.annotate`).

An analysis is computed once per game, only once the game is over (an analysis of a game in
progress would be advice to its players), one at a time for the whole server and off the event
loop, with at most the server's bot iterations per decision (:attr:`Limits.bot_iterations`, and
no more than :data:`ITERATIONS`). The last :data:`KEPT` analyses are kept in memory.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

from tabletop.analysis.annotate import annotate
from tabletop.core.record import Record
from tabletop.interfaces.web.errors import Refused
from tabletop.interfaces.web.limits import Limits

#: search iterations per decision at most (the server's bot budget may lower it)
ITERATIONS = 1000
#: playouts behind each estimate at least
ROLLOUTS = 100
#: analyses kept in memory
KEPT = 64


class Analyses:
    """Finished games' analyses, computed on request (see the module's docstring)."""

    def __init__(self, limits: Limits) -> None:
        self.iterations = max(1, min(ITERATIONS, limits.bot_iterations))
        self._lock = asyncio.Lock()
        self._kept: OrderedDict[str, dict[str, Any]] = OrderedDict()

    async def of(self, game_id: str, record: Record) -> dict[str, Any]:
        """The analysis of a finished game (409 while it is being played)."""
        if record.winners is None:
            raise Refused("a game is analysed once it is over", 409)
        async with self._lock:
            found = self._kept.get(game_id)
            if found is None:
                analysis = await asyncio.to_thread(annotate, record, None, self.iterations, ROLLOUTS,
                                                   record.seed or 0)
                found = self._kept[game_id] = analysis.to_dict()
                while len(self._kept) > KEPT:
                    self._kept.popitem(last=False)
            return found
