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

from tabletop.core.registry import has_part
from tabletop.interfaces.web.rooms import Hand, Refused, Room, new_seed
from tabletop.interfaces.web.store import RUNNING, WAITING, StoredGame

if TYPE_CHECKING:
    from tabletop.interfaces.web.hub import Hub


def stand_in(game: str) -> str:
    """The bot that takes a seat nobody joined: the game's heuristic where it has one."""
    return "heuristic" if has_part(game, "heuristic") else "random"


def expiry(days: float) -> str:
    return (datetime.now(UTC) + timedelta(days=days)).isoformat()


async def rematch(hub: Hub, room: Room, hand: Hand) -> str:
    """The id of the game that rematches ``room`` (made now if nobody asked before)."""
    if not hand:
        raise Refused("spectators cannot ask for a rematch: the players can", 403)
    if not room.state.is_terminal():
        raise Refused("a rematch can start once the game is over", 409)
    async with room.lock:
        if room.rematch is not None:
            return room.rematch
        services = room.services
        expires = expiry(services.settings.token_days)
        seats = [replace(seat, joined=False, expires=expires if seat.kind == "human" else None, hints=False,
                         hints_used=False) for seat in room.seats]
        status = WAITING if any(s.kind == "human" for s in seats) else RUNNING
        seed = new_seed()
        store = services.store
        game_id = await services.writer.call(store.create_game, room.game.name, room.options, seed, seats, status,
                                             room.clock)
        await services.writer.call(store.set_rematch, room.id, game_id)
        room.rematch = game_id
        room.broadcast()
    hub.add(StoredGame(id=game_id, game=room.game.name, options=dict(room.options), seed=seed, seats=seats,
                       status=status, created=datetime.now(UTC), bots=any(s.kind == "bot" for s in seats),
                       clock=room.clock))
    await asyncio.sleep(0)
    return game_id

