"""Sharding games by id: a game's id names the server that owns it.

A game's state lives in one process (its room holds the position, the random streams and the
viewers' sockets), so several servers on one PostgreSQL database split the games between them:
each is started with a shard name (``tabletop serve --shard s2``) and makes its games' ids
start with that name (``s2-3fa9c0e2b7d1``). The load balancer in front routes every request that
names a game by that prefix (``tabletop deploy`` generates nginx's configuration), so a game is
served by the shard that made it for its whole life, before and after a restart, whatever the
number of shards; a rematch is made on the finished game's shard. A shard serves no other
shard's game (421: the balancer routed it wrongly) and, after a restart, resumes only its own.

A server without a shard name (the default, one process) makes ids without a prefix and
serves every game in its database. When such a database grows into a deployment, one shard
(``unprefixed``: the first, in ``tabletop deploy``) also owns the games made before, whose ids
have no prefix.

>>> shard = Shard("s2")
>>> game_id = shard.new_id()
>>> game_id.startswith("s2-") and shard.owns(game_id) and Shard().owns(game_id)
True
>>> owner_of(game_id), owner_of("3fa9c0e2b7d1"), shard.owns("s1-3fa9c0e2b7d1"), shard.owns("3fa9c0e2b7d1")
('s2', None, False, False)
>>> Shard("s1", unprefixed=True).owns("3fa9c0e2b7d1")
True
>>> Shard("S 2")
Traceback (most recent call last):
...
ValueError: a shard name is a lowercase letter then up to 7 lowercase letters or digits (like s1), got 'S 2'
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

SHARD_NAME = re.compile(r"[a-z][a-z0-9]{0,7}")
#: a game's id: 12 hex digits (up to 32 from older servers), after its shard's name and a hyphen if it has one
GAME_ID = re.compile(r"(?:(?P<shard>[a-z][a-z0-9]{0,7})-)?[0-9a-f]{1,32}")


def owner_of(game_id: str) -> str | None:
    """The shard named by a game's id (``None``: a game of a server without shards, or not an id)."""
    found = GAME_ID.fullmatch(game_id)
    return found.group("shard") if found else None


@dataclass(frozen=True)
class Shard:
    """Which games a server owns: those whose id starts with its name (no name: every game), and those
    without a prefix if ``unprefixed``."""

    name: str | None = None
    unprefixed: bool = False

    def __post_init__(self) -> None:
        if self.name is not None and not SHARD_NAME.fullmatch(self.name):
            raise ValueError("a shard name is a lowercase letter then up to 7 lowercase letters or digits "
                             f"(like s1), got {self.name!r}")

    @property
    def prefix(self) -> str:
        """What the ids of this shard's games start with (``""``: any id)."""
        return f"{self.name}-" if self.name else ""

    def new_id(self) -> str:
        """A fresh game id (48 random bits after the prefix)."""
        return self.prefix + secrets.token_hex(6)

    def owns(self, game_id: str) -> bool:
        owner = owner_of(game_id)
        return self.name is None or owner == self.name or (owner is None and self.unprefixed)

    def __str__(self) -> str:
        return self.name or "the only server"
