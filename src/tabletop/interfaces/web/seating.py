"""The seats of one game: who holds which (by token), the waiting room, and each person's settings.

A token may hold several seats (pass and play: one device, several people); a viewer's
``hand`` is the tuple of its seats (empty: a spectator). A game with a friend's seat waits
(status ``waiting``) until every person has opened their link, or until its host starts
it: seats nobody joined are then played by stand-in bots. The game is ``running`` until it
ends (``finished``).

Seats are values (:class:`~.store.Seat` is frozen): a change replaces a seat, and a reader
of the room is handed the tuple of seats as they are.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime

from tabletop.core.i18n import _
from tabletop.interfaces.web.errors import Refused
from tabletop.interfaces.web.store import FINISHED, RUNNING, WAITING, Seat, Store, StoredGame, hash_token
from tabletop.interfaces.web.writer import Writer

#: the seats one viewer holds (empty: a spectator)
Hand = tuple[int, ...]
#: the longest name a person may give
NAME_LENGTH = 40


class Seating:
    """Who sits where in one game, and whether it waits for them (see the module's docstring)."""

    def __init__(self, stored: StoredGame, writer: Writer, store: Store) -> None:
        self.game_id = stored.id
        #: the seats, replaced as a whole by each change
        self.seats: tuple[Seat, ...] = tuple(stored.seats)
        #: ``waiting``, ``running`` or ``finished``
        self.status = stored.status
        self._writer = writer
        self._store = store

    def hand_for_token(self, token: str | None) -> Hand:
        """The seats a token holds (several when people share a device); ``()`` for no token; refuses a bad one."""
        if token is None or token == "":
            return ()
        digest = hash_token(token)
        hand = tuple(s for s, info in enumerate(self.seats) if info.kind == "human" and info.token_hash == digest)
        if not hand:
            raise Refused(_("this join link is not valid for game {game} (no seat has this token); check that you "
                            "copied the whole link, or watch as a spectator").format(game=self.game_id), 403)
        expires = self.seats[hand[0]].expires
        if expires and datetime.fromisoformat(expires) < datetime.now(UTC):
            raise Refused(_("this join link for seat {n} of game {game} has expired; you can still watch the game as "
                            "a spectator").format(n=hand[0] + 1, game=self.game_id), 403)
        return hand

    def join(self, hand: Hand) -> bool | None:
        """The holder of ``hand`` opened the game: ``None`` if they had before, else whether everyone is in now
        (the game waits and every person has joined: it may start)."""
        fresh = [s for s in hand if not self.seats[s].joined]
        if not fresh:
            return None
        for seat in fresh:
            self._put(seat, replace(self.seats[seat], joined=True))
        return self.status == WAITING and all(s.joined for s in self.seats if s.kind == "human")

    def seat_stand_ins(self, hand: Hand, stand_in: str, label: Callable[[int], str]) -> None:
        """The host starts a waiting game early: seats nobody joined get ``stand_in`` bots (refused for others)."""
        if not hand:
            raise Refused(_("spectators cannot start a game"), 403)
        if self.status != WAITING:
            raise Refused(_("the game has already started"), 409)
        hosts = [s for s, info in enumerate(self.seats) if info.host]
        if hosts and not set(hosts) & set(hand):
            raise Refused(_("only the host ({name}) can start the game early").format(name=label(hosts[0])), 403)
        for seat, info in enumerate(self.seats):
            if info.kind == "human" and not info.joined:
                self._put(seat, replace(info, kind="bot", bot=stand_in, token_hash=None, name=f"{info.name} (bot)"))

    def begin(self) -> None:
        """The game starts (store it with :meth:`save_begun`)."""
        self.status = RUNNING

    def finish(self) -> None:
        self.status = FINISHED

    def rename(self, hand: Hand, name: str, seat: int | None = None) -> None:
        """The holder of a seat gives their name (``seat``: which one, when one device holds several)."""
        name = " ".join(name.split())[:NAME_LENGTH]
        if not hand:
            raise Refused(_("spectators have no seat to name"), 403)
        if seat is None and len(hand) > 1:
            raise Refused(_("this link plays several seats: say which seat the name is for"), 422)
        seat = hand[0] if seat is None else seat
        if seat not in hand:
            raise Refused(_("seat {n} is not yours").format(n=seat + 1), 403)
        if not name:
            raise Refused(_("a name needs at least one letter or digit"), 422)
        self._put(seat, replace(self.seats[seat], name=name))

    def set_prefs(self, hand: Hand, auto_roll: bool | None, hints: bool | None) -> None:
        """A person's settings: the server rolls their dice at once (``auto_roll``), odds hints (``hints``)."""
        if not hand:
            raise Refused(_("spectators have no settings to change"), 403)
        for seat in hand:
            info = self.seats[seat]
            if auto_roll is not None:
                info = replace(info, auto_roll=auto_roll)
            if hints is not None:
                info = replace(info, hints=hints, hints_used=info.hints_used or hints)
            self._put(seat, info)

    def _put(self, seat: int, info: Seat) -> None:
        self.seats = (*self.seats[:seat], info, *self.seats[seat + 1:])

    async def save(self) -> None:
        """Store the seats as they are now."""
        await self._writer.call(self._store.set_seats, self.game_id, list(self.seats))

    async def save_begun(self) -> None:
        """Store that the game has begun (:meth:`begin`), with its seats as they are now."""
        await self._writer.call(self._store.start, self.game_id, list(self.seats))
