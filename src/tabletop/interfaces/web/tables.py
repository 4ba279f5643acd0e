"""Seating people at a table: new games' seats, stand-ins for empty seats, and rematches.

A rematch is a new game of the same game with the same options, seats, names, bots and turn
clock, in a waiting room of its own. Each person's seat keeps the hash of their token, so the
link a player holds, with the new game's id, opens their seat in the rematch: nothing secret
is sent or stored, and one click takes everyone there. Asked for twice, the rematch is the same
game.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from tabletop.core.i18n import _
from tabletop.core.registry import has_part
from tabletop.interfaces.web.driver import new_seed
from tabletop.interfaces.web.errors import Refused
from tabletop.interfaces.web.readonly import ReadOnlyRoom
from tabletop.interfaces.web.seating import Hand
from tabletop.interfaces.web.store import RUNNING, WAITING, StoredGame

if TYPE_CHECKING:
    from tabletop.interfaces.web.hub import Hub
    from tabletop.interfaces.web.rooms import Room


def stand_in(game: str) -> str:
    """The bot that takes a seat nobody joined: the game's heuristic where it has one."""
    return "heuristic" if has_part(game, "heuristic") else "random"


def expiry(days: float) -> str:
    return (datetime.now(UTC) + timedelta(days=days)).isoformat()


async def rematch(hub: Hub, room: Room, hand: Hand) -> str:
    """The id of the game that rematches ``room`` (made now if nobody asked before)."""
    if not hand:
        raise Refused(_("spectators cannot ask for a rematch: the players can"), 403)
    if not room.readonly.state.is_terminal():
        raise Refused(_("a rematch can start once the game is over"), 409)
    services = hub.services

    async def store_rematch(finished: ReadOnlyRoom) -> StoredGame:
        draft = rematch_of(finished, services.settings.token_days)
        game_id = await services.writer.call(services.store.create_game, draft.game, draft.options, draft.seed,
                                             draft.seats, draft.status, draft.clock)
        return replace(draft, id=game_id)

    game_id, made = await room.settle_rematch(store_rematch)
    if made is not None:
        hub.add(made)
        await asyncio.sleep(0)
    return game_id


def rematch_of(finished: ReadOnlyRoom, token_days: float) -> StoredGame:
    """A new game like ``finished``: the same game, options, seats, names, bots and clock (not stored yet)."""
    expires = expiry(token_days)
    seats = [replace(seat, joined=False, expires=expires if seat.kind == "human" else None, hints=False,
                     hints_used=False) for seat in finished.seats]
    status = WAITING if any(s.kind == "human" for s in seats) else RUNNING
    return StoredGame(id="", game=finished.game.name, options=finished.options, seed=new_seed(), seats=seats,
                      status=status, created=datetime.now(UTC), bots=any(s.kind == "bot" for s in seats),
                      clock=finished.clock)

