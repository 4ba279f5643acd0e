"""The door of the server: connections counted per client and in all, and slow requests cut off.

Below the application, each TCP connection is let in or turned away when it opens:

- at most :attr:`Limits.connections_per_address` connections from one client and
  :attr:`Limits.connections` in all (HTTP and WebSocket alike); beyond them a new
  connection is closed at once, before a byte of it is read;
- a request's headers and body must arrive within :attr:`Limits.header_seconds` of its
  first byte (or of the connection opening): a client trickling a header a byte at a time
  is answered 408 and closed, so it cannot hold a connection (a file descriptor) for long;
- an HTTP connection idle between requests is closed after :attr:`Limits.idle_connection_seconds`.

When a connection is over, its protocol objects let go of each other, so reference counting frees
them at once. While they serve they are in reference cycles (uvicorn's HTTP protocol and its
parser, which calls the protocol's methods back; a request's cycle, which calls the protocol
when the response is sent; websockets' protocol and the generator that parses its frames), and a
cycle that lived as long as a connection has reached the collector's oldest generation, which
``tabletop serve`` collects rarely (:mod:`.collector`): each WebSocket and each HTTP connection
would otherwise stay in memory until then (the soak of issue 22 found some 100 a minute).

A client is its address, except that an IPv6 client is its /64 network: one subscriber
is usually given a whole /64, so counting its addresses one by one would let it open
as many connections as it likes (:func:`client_key`). Behind a reverse proxy every
connection comes from the proxy, so connections from the addresses ``tabletop serve
--forwarded-allow-ips`` trusts count only towards the cap in all: the proxy caps each
client's connections itself (``tabletop deploy``'s nginx does, with ``limit_conn``), and
the limits the application applies (WebSockets, games, replays) see each client's own
address from ``X-Forwarded-For``.

:func:`server` makes the uvicorn server that ``tabletop serve`` runs, with these protocols.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from typing import Any

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from tabletop.interfaces.web.limits import Limits, client_key

log = logging.getLogger("tabletop.web")

_TIMEOUT = (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\n"
            b"content-length: 36\r\nconnection: close\r\n\r\nthe request took too long to arrive")


class Proxies:
    """The reverse proxies a server trusts (uvicorn's ``forwarded_allow_ips``: addresses or networks,
    separated by commas, or ``*`` for any).

    >>> proxies = Proxies("127.0.0.1, 10.0.0.0/8")
    >>> "127.0.0.1" in proxies, "10.1.2.3" in proxies, "203.0.113.9" in proxies, "unix" in proxies
    (True, True, False, False)
    >>> "2001:db8::1" in Proxies("*"), "127.0.0.1" in Proxies(None)
    (True, False)
    >>> Proxies("localhost")
    Traceback (most recent call last):
    ...
    ValueError: --forwarded-allow-ips: 'localhost' is not an IP address or network (or *)
    """

    def __init__(self, spec: str | None) -> None:
        entries = [entry.strip() for entry in (spec or "").split(",") if entry.strip()]
        self.anyone = "*" in entries
        self.networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
        for entry in entries:
            if entry == "*":
                continue
            try:
                self.networks.append(ipaddress.ip_network(entry, strict=False))
            except ValueError:
                raise ValueError(f"--forwarded-allow-ips: {entry!r} is not an IP address or network (or *)") from None

    def __contains__(self, host: object) -> bool:
        if self.anyone:
            return True
        try:
            address = ipaddress.ip_address(str(host).split("%", 1)[0])
        except ValueError:
            return False
        return any(address in network for network in self.networks)


class Door:
    """The connections open now, per client and in all (one per server); connections from a trusted
    proxy (``proxies``) count only in all."""

    def __init__(self, limits: Limits, proxies: Proxies | None = None) -> None:
        self.limits = limits
        self.proxies = proxies or Proxies(None)
        self.open: dict[str, int] = {}
        self.total = 0
        self.turned_away = 0
        self.timed_out = 0
        self.invalid_text = 0
        #: kept-alive connections the server closed after :attr:`Limits.idle_connection_seconds` without a request
        self.closed_idle = 0
        self._held: dict[int, str] = {}  # id(transport) -> its client

    def admit(self, transport: asyncio.BaseTransport) -> bool:
        """Count a new connection in, or say it must be closed (the client or the server is full)."""
        peer = transport.get_extra_info("peername")
        host = str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"
        key = client_key(host)
        capped = host not in self.proxies and self.open.get(key, 0) >= self.limits.connections_per_address
        if self.total >= self.limits.connections or capped:
            self.turned_away += 1
            return False
        self.open[key] = self.open.get(key, 0) + 1
        self.total += 1
        self._held[id(transport)] = key
        return True

    def release(self, transport: asyncio.BaseTransport) -> None:
        """A connection closed (called once per connection, whatever protocol held it last)."""
        key = self._held.pop(id(transport), None)
        if key is None:
            return
        self.total -= 1
        self.open[key] -= 1
        if self.open[key] <= 0:
            del self.open[key]


class GuardedHttp(HttpToolsProtocol):
    """uvicorn's HTTP protocol, with the door's count and the time a request may take to arrive."""

    door: Door

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._request_timer: asyncio.TimerHandle | None = None
        self.timeout_keep_alive = int(self.door.limits.idle_connection_seconds) or 1

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        if not self.door.admit(transport):
            self.transport = transport
            transport.abort()
            return
        super().connection_made(transport)
        self._start_request_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_request_timer()
        self.door.release(self.transport)
        if self.flow is not None:  # (None: turned away at the door)
            super().connection_lost(exc)
        self._let_go()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._request_timer is None:  # the next request on a kept-alive connection
            self._start_request_timer()

    def on_message_complete(self) -> None:
        self._stop_request_timer()
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        self._stop_request_timer()
        super().handle_websocket_upgrade()
        self._let_go()  # the WebSocket's protocol has the connection now: this one never hears of it again

    def _let_go(self) -> None:
        """Break the reference cycles this protocol is in, now that its connection is over (see the module's
        docstring). A request still running keeps its cycle to itself: answering it touches only the transport."""
        self.parser = None  # type: ignore[assignment]
        self.cycle = None  # type: ignore[assignment]
        self.pipeline.clear()

    def timeout_keep_alive_handler(self) -> None:
        if not self.transport.is_closing():
            self.door.closed_idle += 1
        super().timeout_keep_alive_handler()

    def _start_request_timer(self) -> None:
        self._request_timer = self.loop.call_later(self.door.limits.header_seconds, self._too_slow)

    def _stop_request_timer(self) -> None:
        if self._request_timer is not None:
            self._request_timer.cancel()
            self._request_timer = None

    def _too_slow(self) -> None:
        self._request_timer = None
        if self.transport.is_closing():
            return
        self.door.timed_out += 1
        if self.cycle is None or self.cycle.response_complete:  # nothing answered yet on this request
            self.transport.write(_TIMEOUT)
        self.transport.close()


class GuardedWebSocket(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol (the sans-I/O ``websockets``), giving its connection back to the door.

    A text message that is not UTF-8 is closed with 1007 and a reason, as uvicorn does, but
    without writing a traceback to the log for every such socket (any client can send one).
    """

    door: Door

    def send_receive_event_to_app(self) -> None:
        if self.curr_msg_data_type == "text" and not self.close_sent:
            try:
                b"".join(self.frames).decode()
            except UnicodeDecodeError:
                self.frames = []
                self.door.invalid_text += 1
                self.conn.send_close(1007, "invalid message: a text frame that is not UTF-8")
                self.handle_parser_exception()
                return
        super().send_receive_event_to_app()

    def connection_lost(self, exc: Exception | None) -> None:
        self.door.release(self.transport)
        super().connection_lost(exc)
        # websockets parses with a generator that holds its protocol (``conn.parser``): a reference cycle (see the
        # module's docstring). Nothing is read from the connection again: closing the generator breaks it.
        self.conn.parser.close()


def protocols(limits: Limits, proxies: Proxies | None = None) -> tuple[Door, type[GuardedHttp], type[GuardedWebSocket]]:
    """A door and the two protocol classes that share it (one set per server)."""
    door = Door(limits, proxies)
    http = type("GuardedHttp", (GuardedHttp,), {"door": door})
    ws = type("GuardedWebSocket", (GuardedWebSocket,), {"door": door})
    return door, http, ws


def server(app: Any, host: str, port: int, limits: Limits, kind: type[uvicorn.Server] = uvicorn.Server,
           **options: Any) -> uvicorn.Server:
    """The uvicorn server (of class ``kind``) of ``app`` with the door's protocols (``options``: more of uvicorn's
    settings; its ``forwarded_allow_ips`` are also the proxies whose connections the door counts only in all)."""
    door, http, ws = protocols(limits, Proxies(options.get("forwarded_allow_ips")))
    if hasattr(app, "state"):
        app.state.door = door
    # views are small: compressing every frame costs more time than it saves; a frame over the limit
    # is refused by the protocol itself (close code 1009) before it is buffered
    config = uvicorn.Config(app, host=host, port=port, http=http, ws=ws, ws_max_size=limits.frame_bytes,
                            ws_per_message_deflate=False,
                            timeout_keep_alive=max(1, int(limits.idle_connection_seconds)), **options)
    return kind(config)


def raise_file_limit(limits: Limits) -> int:
    """Raise this process's open-file limit towards what :attr:`Limits.connections` needs (up to the hard
    limit the system allows); the limit it has now."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = limits.connections + 256  # and the database, the workers' pipes, the static files
    if soft != resource.RLIM_INFINITY and soft < wanted:
        new = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
            soft = new
        except (ValueError, OSError):
            pass
    return soft if soft != resource.RLIM_INFINITY else 1 << 30
