"""What every room shares: the store and its writer, the bot pool, the limits, the pacing, the boards.

:class:`Settings` is how the server paces a game; :class:`Services` is handed to each room
when the hub makes it, and caches one :class:`~tabletop.core.game.Game` (and its board's
fixed layout) per game and options, shared by every room with those options.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from tabletop.core.game import Game
from tabletop.interfaces.web.boards import static_board
from tabletop.interfaces.web.bots import BotPool
from tabletop.interfaces.web.limits import Limits
from tabletop.interfaces.web.options import Boards
from tabletop.interfaces.web.store import Store, StoredGame
from tabletop.interfaces.web.writer import Writer

if TYPE_CHECKING:
    from tabletop.interfaces.web.connections import Connection
    from tabletop.interfaces.web.driver import Driver
    from tabletop.interfaces.web.live import LiveRace
    from tabletop.interfaces.web.messages import ChatMessage, Mute, RemoveSpectator
    from tabletop.interfaces.web.readonly import ReadOnlyRoom
    from tabletop.interfaces.web.rooms import Room

    #: makes the live race for a room's chance node, if the node is one people play out
    RaceFactory = Callable[[ReadOnlyRoom, Driver], LiveRace | None]

#: games kept made, one per game and options (each with its board's fixed layout)
GAMES_KEPT = 256


def _unheard() -> None:
    """No lobby listens to the open tables (a server built without :mod:`.lobby_feed`)."""


class PlayersHook(Protocol):
    """What the rooms tell the players' part of the server (:class:`~.players.Players`)."""

    async def claim(self, room: Room, hand: tuple[int, ...], cookies: Mapping[str, str]) -> None:
        """The person with these cookies opened these seats."""
        ...

    def finished(self, room: Room) -> None:
        """The game just ended (rate it, if it is rated)."""
        ...

    async def rematched(self, finished: str, rematch: StoredGame) -> None:
        """A rematch of the game ``finished`` was stored: it is rated if that game was (and it still may be)."""
        ...


class ChatHook(Protocol):
    """What a table's sockets tell the chat (:class:`~.chat.Chats`)."""

    async def join(self, room: Room, conn: Connection, cookies: Mapping[str, str]) -> None:
        """A viewer opened the table (sent the chat so far)."""
        ...

    def leave(self, game_id: str, conn: Connection) -> None:
        """The viewer left."""
        ...

    async def answer(self, room: Room, conn: Connection, request: ChatMessage | Mute | RemoveSpectator
                     ) -> dict[str, Any]:
        """A chat request (a line, a mute, the host removing a spectator), answered."""
        ...


@dataclass
class Settings:
    """How the server paces a game (seconds)."""

    bot_delay: float = 0.9
    chance_delay: float = 0.35
    #: a live event's timed window (a race against the rules' timer); None: as long as the rules say
    live_seconds: float | None = None
    #: the least time between two acts of one seat in a live event (a die takes a moment to land);
    #: None: as the game says
    live_act_seconds: float | None = None
    #: a live event without a timer in the rules that nobody settles is decided by chance after this long
    live_patience: float = 30.0
    #: a bot acts in a live event every this many seconds, give or take a third (never faster than allowed)
    bot_act_interval: float = 1.1
    #: how long a bot takes to press a button it presses once, at least and at most
    bot_press_delay: tuple[float, float] = (0.6, 2.0)
    token_days: float = 30.0


@dataclass
class Services:
    """What every room shares: the store and its writer, the bot pool, the limits, the pacing, boards."""

    store: Store
    writer: Writer
    pool: BotPool
    boards: Boards
    settings: Settings
    limits: Limits
    #: the live races (``None``: every chance node is rolled by the server at once)
    races: RaceFactory | None = None
    games: dict[str, tuple[Game, dict[str, Any] | None]] = field(default_factory=dict)
    #: the players' part (seats claimed, ratings); ``None``: the server knows no players
    players: PlayersHook | None = None
    #: the tables' chat; ``None``: no chat
    chat: ChatHook | None = None
    #: called when the open tables may have changed (a waiting game made, joined, sat at, renamed or started)
    tables_changed: Callable[[], None] = _unheard

    def game(self, name: str, options: dict[str, Any]) -> tuple[Game, dict[str, Any] | None]:
        """The game for stored options and its static board, shared by every room with these options."""
        key = json.dumps([name, options], sort_keys=True, default=str)
        found = self.games.get(key)
        if found is None:
            game = self.boards.make(name, options)
            found = (game, static_board(game))
            if len(self.games) >= GAMES_KEPT:
                self.games.pop(next(iter(self.games)))
            self.games[key] = found
        return found
