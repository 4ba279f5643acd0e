"""Players: names people keep across devices, their sessions, and which seats were theirs.

Anyone may still play as a guest. A browser is known by a random **guest** cookie
(HTTP-only); a person who **signs up** (a name and a password, hashed with Argon2id by
argon2-cffi) or **logs in** gets a **session** cookie (random, 256 bits, HTTP-only, Secure,
SameSite=Lax; the database keeps only its SHA-256). When a person opens their seat, the seat
is recorded as theirs (``seat_owners``: a player's id, or ``guest:`` and the hash of their guest
cookie); signing up or logging in carries the guest's seats over to the player, so their games
count in their profile.

Names are unique by their key (:func:`.names.key`: case, width, accents and look-alike
characters folded). Every method here is synchronous and one short transaction: call it from
a thread (writes through the :class:`~.writer.Writer`).
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Column, DateTime, Float, ForeignKey, Index, Integer, String, Table, Text, insert, select, update
from sqlalchemy.exc import IntegrityError

from tabletop.core.i18n import _
from tabletop.interfaces.web.names import BadName, check_name, key
from tabletop.interfaces.web.schema import metadata
from tabletop.interfaces.web.store import Store

players_table = Table(
    "players", metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(64), nullable=False),
    Column("key", String(128), nullable=False, unique=True),
    Column("password", Text, nullable=True),  # an Argon2id hash (None: a passkey only)
    Column("created", DateTime(timezone=True), nullable=False),
    extend_existing=True,  # a doctest run imports this module again, under another name
)

sessions_table = Table(
    "sessions", metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("player_id", String(32), ForeignKey("players.id"), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("expires", DateTime(timezone=True), nullable=False),
    Index("ix_sessions_player", "player_id"),
    extend_existing=True,  # a doctest run imports this module again, under another name
)

seat_owners_table = Table(
    "seat_owners", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("owner", String(64), nullable=False),  # a player's id, or guest:<hash of the guest cookie>
    Index("ix_seat_owners_owner", "owner"),
    extend_existing=True,  # a doctest run imports this module again, under another name
)

ratings_table = Table(
    "ratings", metadata,
    Column("player_id", String(32), ForeignKey("players.id"), primary_key=True),
    Column("game", String(64), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
    Index("ix_ratings_game", "game", "mu"),
    extend_existing=True,  # a doctest run imports this module again, under another name
)

rating_changes_table = Table(
    "rating_changes", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("player_id", String(32), nullable=True),  # None: a guest or a bot (rated, not kept)
    Column("game", String(64), nullable=False),
    Column("rank", Integer, nullable=False),
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu_after", Float, nullable=False),
    Column("sigma_after", Float, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Index("ix_rating_changes_player", "player_id", "game", "at"),
    extend_existing=True,  # a doctest run imports this module again, under another name
)

SESSION_COOKIE, GUEST_COOKIE = "tabletop_session", "tabletop_guest"
#: passwords: shortest and longest accepted (a longer one is refused before it is hashed)
PASSWORD_LENGTH = (8, 256)
_hasher = PasswordHasher()  # Argon2id, the library's maintained defaults
#: verified against when a name is unknown, so a wrong name costs as long as a wrong password
_DUMMY = _hasher.hash("not a password of anyone")


class AccountError(ValueError):
    """A sign-up or log-in refused, with what to tell the person and the HTTP status."""

    def __init__(self, text: str, status: int = 422) -> None:
        super().__init__(text)
        self.status = status


@dataclass(frozen=True)
class Player:
    id: str
    name: str


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def guest_owner(guest_token: str) -> str:
    """The owner key of a guest's seats (never the cookie itself)."""
    return "guest:" + digest(guest_token)[:40]


def now() -> datetime:
    return datetime.now(UTC)


def check_password(password: str) -> None:
    low, high = PASSWORD_LENGTH
    if not low <= len(password) <= high:
        raise AccountError(_("a password has {low} to {high} characters").format(low=low, high=high))


def hash_password(password: str) -> str:
    """The Argon2id hash of a password (slow on purpose: call it from a thread, and bounded)."""
    check_password(password)
    return _hasher.hash(password)


def verify(stored: str | None, password: str) -> bool:
    try:
        return _hasher.verify(stored or _DUMMY, password) and stored is not None
    except (VerificationError, InvalidHashError):
        return False


class Accounts:
    """The players' tables (see the module's docstring)."""

    def __init__(self, store: Store, session_days: float = 30.0) -> None:
        self.engine = store.engine
        self.session_days = session_days

    # -- players ------------------------------------------------------------------------------
    def create_player(self, name: str, password_hash: str | None) -> Player:
        """A new player (the name checked and free), or :class:`AccountError`."""
        try:
            shown = check_name(name)
        except BadName as exc:
            raise AccountError(str(exc)) from None
        player = Player(secrets.token_hex(8), shown)
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(players_table).values(id=player.id, name=shown, key=key(shown),
                                                          password=password_hash, created=now()))
        except IntegrityError:
            raise AccountError(_('the name "{name}" is taken (or looks too much like one that is)').format(name=shown),
                               409) from None
        return player

    def find(self, name: str) -> tuple[Player, str | None] | None:
        """The player with this name (by key) and their password hash."""
        with self.engine.connect() as conn:
            row = conn.execute(select(players_table).where(players_table.c.key == key(name))).mappings().first()
        return (Player(row["id"], row["name"]), row["password"]) if row else None

    def by_id(self, player_id: str) -> Player | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(players_table.c.id, players_table.c.name)
                               .where(players_table.c.id == player_id)).first()
        return Player(row[0], row[1]) if row else None

    # -- sessions -----------------------------------------------------------------------------
    def open_session(self, player: Player) -> str:
        token = secrets.token_urlsafe(32)
        stamp = now()
        with self.engine.begin() as conn:
            conn.execute(insert(sessions_table).values(token_hash=digest(token), player_id=player.id, created=stamp,
                                                       expires=stamp + timedelta(days=self.session_days)))
        return token

    def session(self, token: str | None) -> Player | None:
        """The player a session cookie belongs to (``None``: none, unknown or expired)."""
        if not token or len(token) > 128:
            return None
        with self.engine.connect() as conn:
            row = conn.execute(
                select(players_table.c.id, players_table.c.name, sessions_table.c.expires)
                .join(players_table, players_table.c.id == sessions_table.c.player_id)
                .where(sessions_table.c.token_hash == digest(token))).first()
        if row is None:
            return None
        expires = row[2] if row[2].tzinfo else row[2].replace(tzinfo=UTC)
        return Player(row[0], row[1]) if expires > now() else None

    def close_session(self, token: str) -> None:
        from sqlalchemy import delete

        with self.engine.begin() as conn:
            conn.execute(delete(sessions_table).where(sessions_table.c.token_hash == digest(token)))

    # -- seats ----------------------------------------------------------------------------------
    def claim(self, game_id: str, seats: tuple[int, ...], owner: str) -> dict[int, str]:
        """Record ``owner`` on the seats nobody owns yet; returns every owner of these seats."""
        with self.engine.begin() as conn:
            known = dict(conn.execute(select(seat_owners_table.c.seat, seat_owners_table.c.owner)
                                      .where(seat_owners_table.c.game_id == game_id)).all())
            fresh = [s for s in seats if s not in known]
            if fresh:
                conn.execute(insert(seat_owners_table), [{"game_id": game_id, "seat": s, "owner": owner}
                                                         for s in fresh])
                known.update(dict.fromkeys(fresh, owner))
        return {int(s): str(o) for s, o in known.items()}

    def owners(self, game_id: str) -> dict[int, str]:
        with self.engine.connect() as conn:
            return {int(s): str(o) for s, o in conn.execute(
                select(seat_owners_table.c.seat, seat_owners_table.c.owner)
                .where(seat_owners_table.c.game_id == game_id)).all()}

    def carry_over(self, guest: str, player: Player) -> int:
        """A guest's seats become the player's (they signed up or logged in); returns how many."""
        with self.engine.begin() as conn:
            result = conn.execute(update(seat_owners_table).where(seat_owners_table.c.owner == guest)
                                  .values(owner=player.id))
        return int(result.rowcount or 0)

    def names(self, ids: list[str]) -> dict[str, str]:
        if not ids:
            return {}
        with self.engine.connect() as conn:
            return {str(i): str(n) for i, n in conn.execute(
                select(players_table.c.id, players_table.c.name).where(players_table.c.id.in_(ids))).all()}


def player_json(player: Player | None) -> dict[str, Any]:
    return {"signed_in": player is not None, "name": player.name if player else None}
