"""What one client may cost the server: frame sizes, message rates, queues, games created, bot budgets.

Every resource a client can make the server hold is bounded here, so a server
on the internet cannot be exhausted by one address:

- a WebSocket frame is at most :attr:`Limits.frame_bytes` (larger: close code 1009), a socket
  sends at most :attr:`Limits.messages_per_second` (more: 1008), and a viewer that does not read
  has at most :attr:`Limits.send_queue` answers waiting before it is disconnected (1008);
- a request body is at most :attr:`Limits.body_bytes` (413), or a board's size where a board is sent
  (:attr:`Limits.board_bytes`: the board editor's requests, and twice that beside the rest of a new
  game, for a board written as JSON text);
- an address creates at most :attr:`Limits.games_per_minute` games (429), the whole server at most
  :attr:`Limits.server_games_per_minute`, and an address keeps at most
  :attr:`Limits.sockets_per_address` WebSockets open, a game's and the lobby's alike (an IPv6 client is its
  /64: see ``guard.py``);
- replay steps and analyses are rate-limited per address and in all (429 with ``Retry-After``);
- connections are capped per client and in all, and a request must arrive within
  :attr:`Limits.header_seconds` (``guard.py``);
- a bot's decision gets at most :attr:`Limits.bot_seconds` and :attr:`Limits.bot_iterations`;
- at most :attr:`Limits.rooms` games are held in memory; idle ones are evicted and reloaded
  from the database when someone opens them again.

>>> bucket = TokenBucket(rate=1.0, burst=2.0, now=0.0)
>>> [bucket.take(now=0.0) for _ in range(3)]
[True, True, False]
>>> bucket.take(now=1.0)
True
"""

from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


@dataclass(frozen=True)
class Limits:
    """The server's bounds (``tabletop serve`` sets them from its flags)."""

    #: the largest WebSocket message a client may send, in bytes (close code 1009 beyond)
    frame_bytes: int = 8 * 1024
    #: messages a socket may send per second, on average, and in a burst (close code 1008 beyond)
    messages_per_second: float = 40.0
    message_burst: float = 80.0
    #: answers waiting for a viewer that does not read, before it is disconnected (close code 1008)
    send_queue: int = 32
    #: seconds one frame may take to leave before its viewer is disconnected as not reading
    send_timeout: float = 20.0
    #: the largest HTTP request body, in bytes (413 beyond)
    body_bytes: int = 16 * 1024
    #: games one address may create per minute on average, and in a burst (429 beyond)
    games_per_minute: float = 30.0
    games_burst: float = 10.0
    #: games the whole server creates per minute on average, and in a burst, whoever asks (429 beyond)
    server_games_per_minute: float = 1_200.0
    server_games_burst: float = 200.0
    #: replay steps one address may ask for per second on average, and in a burst (429 beyond); the server's
    replays_per_second: float = 10.0
    replays_burst: float = 30.0
    server_replays_per_second: float = 200.0
    #: analyses: waiting or running at once in all, waiting per address, and started per address per hour
    analyses_queued: int = 16
    analyses_per_address: int = 1
    analyses_per_hour: float = 10.0
    #: processes that analyse finished games (0: threads of the server process, for tests)
    analysis_workers: int = 1
    #: WebSockets one address may hold open at once, and in all
    sockets_per_address: int = 64
    sockets: int = 20_000
    #: TCP connections (HTTP and WebSocket) one client may hold open at once, and in all (closed beyond)
    connections_per_address: int = 256
    connections: int = 20_000
    #: seconds a request's headers and body may take to arrive (408 beyond), and an idle HTTP connection stays
    header_seconds: float = 10.0
    idle_connection_seconds: float = 5.0
    #: a bot's decision: at most this many seconds and MCTS iterations
    bot_seconds: float = 2.0
    bot_iterations: int = 20_000
    #: processes that think for bots (0: threads of the server process, for tests)
    bot_workers: int = 1
    #: games held in memory at most; a game nobody watches leaves memory after these many seconds
    rooms: int = 5_000
    idle_seconds: float = 120.0
    finished_seconds: float = 10.0
    #: addresses remembered by the rate limiters (the least recently seen are forgotten first)
    addresses: int = 100_000
    #: the largest board a client may send (the editor's checks, a game on a board of one's own), in bytes
    board_bytes: int = 64 * 1024
    #: checks of a board one address may ask for per second, on average and in a burst (429 beyond)
    board_checks_per_second: float = 5.0
    board_checks_burst: float = 20.0
    #: a board's profile: at most this many random games and seconds, one profile at a time in all,
    #: and so many per minute from one address (429 beyond)
    profile_games: int = 5_000
    profile_seconds: float = 20.0
    profiles_per_minute: float = 4.0
    #: while a lobby listens (``/ws/lobby``), its open tables are computed again at least this often (seconds:
    #: what other shards and clocks change), and at most every :attr:`lobby_gap` seconds however much changes
    lobby_seconds: float = 2.0
    lobby_gap: float = 0.25

    def __post_init__(self) -> None:
        for name, value in vars(self).items():
            if isinstance(value, bool) or not isinstance(value, int | float) or not value == value:
                raise ValueError(f"limit {name!r} must be a number, not {value!r}")
            may_be_zero = name in ("bot_workers", "analysis_workers")
            least = 0 if may_be_zero else 1 if isinstance(value, int) else 0.0
            if value < least or (not may_be_zero and value == 0) or value == float("inf"):
                raise ValueError(f"limit {name!r} must be a finite number above 0, not {value!r}")


def client_key(host: str) -> str:
    """Who a client is, for the limits per client: its IPv4 address, or its IPv6 /64 network.

    >>> client_key("203.0.113.9")
    '203.0.113.9'
    >>> client_key("2001:db8:1:2:aaaa::1") == client_key("2001:db8:1:2:bbbb::7")
    True
    >>> client_key("2001:db8:1:2::1") == client_key("2001:db8:1:3::1")
    False
    >>> client_key("::ffff:198.51.100.4")
    '198.51.100.4'
    >>> client_key("testclient")
    'testclient'
    """
    try:
        address = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` saved; :meth:`take` spends one if there is one."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: float, now: float | None = None) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic() if now is None else now

    def take(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def wait(self) -> float:
        """Seconds until the next token."""
        return max(0.0, (1.0 - self.tokens) / self.rate) if self.rate > 0 else float("inf")


class AddressLimiter:
    """One token bucket per client (an IPv6 client is its /64), the least recently seen forgotten beyond
    ``size``; and, if ``total_rate`` is given, one bucket for every client together.

    >>> limiter = AddressLimiter(rate=1.0, burst=1.0, size=10, total_rate=1.0, total_burst=2.0)
    >>> [limiter.take(a) == 0.0 for a in ("2001:db8::1", "2001:db8::2", "192.0.2.1", "192.0.2.2")]
    [True, False, True, False]
    """

    def __init__(self, rate: float, burst: float, size: int, total_rate: float | None = None,
                 total_burst: float | None = None) -> None:
        self.rate = rate
        self.burst = burst
        self.size = size
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()
        self._total = None if total_rate is None else TokenBucket(total_rate, total_burst or total_rate)

    def take(self, address: str) -> float:
        """0.0 if ``address`` may go on, else the seconds it should wait."""
        key = client_key(address)
        bucket = self._buckets.pop(key, None) or TokenBucket(self.rate, self.burst)
        self._buckets[key] = bucket
        while len(self._buckets) > self.size:
            self._buckets.popitem(last=False)
        if not bucket.take():
            return bucket.wait()
        if self._total is not None and not self._total.take():
            bucket.tokens = min(bucket.burst, bucket.tokens + 1.0)  # not this client's fault: give it back
            return self._total.wait()
        return 0.0


class BodyLimit:
    """ASGI middleware: refuse a request body larger than ``limit`` bytes (413) before it is read.

    The HTTP parser delivers exactly ``Content-Length`` bytes, so the header is checked; a body
    sent in chunks (no length announced) is refused with 411.
    """

    def __init__(self, app: ASGIApp, limit: int, larger: dict[str, int] | None = None) -> None:
        self.app = app
        self.limit = limit
        self.larger = larger or {}  # a path (or a path prefix ending in "/") -> its own limit

    def limit_of(self, path: str) -> int:
        for prefix, limit in self.larger.items():
            if path == prefix or (prefix.endswith("/") and path.startswith(prefix)):
                return limit
        return self.limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            headers = dict(scope.get("headers", []))
            length = headers.get(b"content-length")
            limit = self.limit_of(scope.get("path", ""))
            if length is not None and (not length.isdigit() or int(length) > limit):
                await _refuse(send, 413, f"the request body is larger than {limit} bytes")
                return
            if length is None and b"transfer-encoding" in headers:
                await _refuse(send, 411, "send the request body with a Content-Length")
                return
        await self.app(scope, receive, send)


async def _refuse(send: Send, status: int, message: str) -> None:
    body = ('{"detail": "' + message + '"}').encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
