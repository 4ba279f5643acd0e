"""A request the server refuses: nothing changes, and the answer says why.

Every part of a room raises :class:`Refused` for a request it will not carry out (a bad
token, an action out of turn, an illegal action ...); the HTTP API answers with its
``status``, the WebSocket with an ``error`` message (the socket stays open).
"""

from __future__ import annotations


class Refused(Exception):
    """A request that changes nothing: a bad token, an action out of turn, an illegal action ..."""

    def __init__(self, message: str, status: int = 409, retry_after: float = 0.0) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.retry_after = retry_after
