"""``tabletop serve``: the web server, with every bound a client meets set from the command line."""

from __future__ import annotations

from typing import Annotated

import typer

from tabletop.core.errors import TabletopError
from tabletop.interfaces.cli.console import console, fail, need


def serve_command(
    host: Annotated[str, typer.Option("--host", help="Address to listen on (127.0.0.1: this machine).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port to listen on.")] = 8000,
    database: Annotated[
        str, typer.Option("--database", help="Where games are kept: any SQLAlchemy URL (SQLite or PostgreSQL).")
    ] = "sqlite:///tabletop.db",
    bot_delay: Annotated[float, typer.Option("--bot-delay", help="Seconds a bot waits before it plays.")] = 0.9,
    live_seconds: Annotated[
        float | None,
        typer.Option("--live-seconds", help="Length of a live race against a timer (default: the rules' timer)."),
    ] = None,
    data: Annotated[
        list[str] | None,
        typer.Option("--data", help="A custom board as GAME=FILE, read once at start-up (repeatable)."),
    ] = None,
    bot_seconds: Annotated[float, typer.Option("--bot-seconds", help="Most seconds a bot may think a move.")] = 2.0,
    bot_iterations: Annotated[
        int, typer.Option("--bot-iterations", help="Most MCTS iterations a bot may spend on a move.")
    ] = 20_000,
    bot_workers: Annotated[
        int, typer.Option("--bot-workers", help="Processes that think for bots (default: one per core but one).")
    ] = -1,
    games_per_minute: Annotated[
        float, typer.Option("--games-per-minute", help="Games one address may create a minute.")
    ] = 30.0,
    max_games: Annotated[int, typer.Option("--max-games", help="Most games held in memory at once.")] = 5_000,
    idle_seconds: Annotated[
        float, typer.Option("--idle-seconds", help="A game nobody watches leaves memory after this long.")
    ] = 120.0,
    max_message: Annotated[
        int, typer.Option("--max-message", help="Largest WebSocket message a client may send (bytes).")
    ] = 8 * 1024,
    messages_per_second: Annotated[
        float, typer.Option("--messages-per-second", help="Messages a WebSocket may send per second.")
    ] = 40.0,
    server_games_per_minute: Annotated[
        float, typer.Option("--server-games-per-minute", help="Games the whole server creates a minute, whoever asks.")
    ] = 1_200.0,
    max_sockets: Annotated[int, typer.Option("--max-sockets", help="Most WebSockets open at once.")] = 20_000,
    sockets_per_address: Annotated[
        int, typer.Option("--sockets-per-address", help="Most WebSockets one address (IPv6: one /64) holds open.")
    ] = 64,
    max_connections: Annotated[
        int, typer.Option("--max-connections", help="Most TCP connections open at once (HTTP and WebSocket).")
    ] = 20_000,
    connections_per_address: Annotated[
        int, typer.Option("--connections-per-address", help="Most connections one address (IPv6: one /64) holds open.")
    ] = 256,
    header_timeout: Annotated[
        float, typer.Option("--header-timeout", help="Seconds a request's headers and body may take to arrive.")
    ] = 10.0,
    idle_timeout: Annotated[
        float, typer.Option("--idle-timeout", help="Seconds an HTTP connection may stay idle between requests.")
    ] = 5.0,
    analysis_workers: Annotated[
        int, typer.Option("--analysis-workers", help="Processes that analyse finished games at once.")
    ] = 1,
    analyses_per_hour: Annotated[
        float, typer.Option("--analyses-per-hour", help="Analyses one address may start an hour.")
    ] = 10.0,
    profile_games: Annotated[
        int, typer.Option("--profile-games", help="Most random games the board editor's profile plays.")
    ] = 5_000,
    profile_seconds: Annotated[
        float, typer.Option("--profile-seconds", help="Most seconds the board editor's profile plays.")
    ] = 20.0,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option("--forwarded-allow-ips",
                     help="Behind a reverse proxy: its addresses or networks (commas between), so X-Forwarded-For "
                          "gives each client's own; the proxy's connections count only towards --max-connections "
                          "(the proxy caps each client's own)."),
    ] = None,
    shard: Annotated[
        str | None,
        typer.Option("--shard", help="This server's shard in a deployment on one PostgreSQL database (like s1): "
                                     "it owns the games whose ids start with it (see `tabletop deploy`)."),
    ] = None,
    shard_wait: Annotated[
        float, typer.Option("--shard-wait", min=0, help="Seconds a shard waits for its lock, held by a process of the "
                                                         "same shard that has not quite gone, before it gives up.")
    ] = 30.0,
    shard_unprefixed: Annotated[
        bool, typer.Option("--shard-unprefixed", help="This shard also owns the games made before there were "
                                                      "shards (ids without a prefix): give it to one shard.")
    ] = False,
    http_cookies: Annotated[
        bool, typer.Option("--http-cookies", help="Guest and session cookies without the Secure flag, for plain http "
                                                  "where a browser does not count the page as secure (Safari on "
                                                  "localhost; a phone at http://<this machine's address>). Never on a "
                                                  "server reached over the internet: serve it over HTTPS.")
    ] = False,
) -> None:
    """Serve the games in the browser: a lobby, online play with friends and bots, spectators, replays.

    Games are stored in the database as they are played; stopping and starting the
    server again resumes every game where it was. Every resource a client can use is
    bounded (see docs/web.md); the flags below set the bounds.

    [b]Examples[/b]:
      tabletop serve
      tabletop serve --host 0.0.0.0 --port 8080 --database sqlite:///games.db
      tabletop serve --database postgresql+psycopg://user:pass@localhost/tabletop
      tabletop serve --data GAME=my-board.toml --bot-seconds 1
      tabletop serve --shard s1 --port 8001 --database postgresql+psycopg://...  (one shard; see tabletop deploy)
      tabletop serve --profile-games 2000 --profile-seconds 10
      tabletop serve --host 0.0.0.0 --http-cookies  (friends' phones on your network, over plain http)
    """
    import os

    for module in ("fastapi", "uvicorn", "sqlalchemy", "alembic"):
        need(module, "tabletop serve", "web")
    from tabletop.interfaces.web.app import create_app
    from tabletop.interfaces.web.guard import raise_file_limit, server
    from tabletop.interfaces.web.limits import Limits
    from tabletop.interfaces.web.players import PlayerLimits
    from tabletop.interfaces.web.rooms import Settings

    boards: dict[str, str] = {}
    for pair in data or []:
        game, sep, path = pair.partition("=")
        if not sep or not game or not path:
            raise fail(f"--data expects GAME=FILE, got {pair!r}")
        boards[game.strip()] = path.strip()
    if shard is not None:
        from tabletop.interfaces.web.shards import Shard

        try:
            Shard(shard)
        except ValueError as exc:
            raise fail(f"--shard: {exc}") from None
        if not database.startswith("postgresql"):
            raise fail(f"--shard {shard}: shards share one PostgreSQL database; --database is {database!r}")
    if forwarded_allow_ips is not None:
        from tabletop.interfaces.web.guard import Proxies

        try:
            Proxies(forwarded_allow_ips)
        except ValueError as exc:
            raise fail(str(exc)) from None
    workers = bot_workers if bot_workers >= 0 else max(1, (os.cpu_count() or 2) - 1)
    try:
        limits = Limits(bot_seconds=bot_seconds, bot_iterations=bot_iterations, bot_workers=workers,
                        games_per_minute=games_per_minute, rooms=max_games, idle_seconds=idle_seconds,
                        frame_bytes=max_message, messages_per_second=messages_per_second,
                        message_burst=2 * messages_per_second, server_games_per_minute=server_games_per_minute,
                        server_games_burst=max(1.0, server_games_per_minute / 6), sockets=max_sockets,
                        sockets_per_address=sockets_per_address, connections=max_connections,
                        connections_per_address=connections_per_address, header_seconds=header_timeout,
                        idle_connection_seconds=idle_timeout, analysis_workers=analysis_workers,
                        analyses_per_hour=analyses_per_hour,
                        profile_games=profile_games, profile_seconds=profile_seconds)
    except ValueError as exc:
        raise fail(str(exc)) from None
    try:
        web = create_app(database, Settings(bot_delay=bot_delay, live_seconds=live_seconds), limits=limits,
                         data=boards, shard=shard, shard_wait=shard_wait,
                         unprefixed=shard_unprefixed, player_limits=PlayerLimits(secure_cookies=not http_cookies))
    except TabletopError as exc:  # a custom board that cannot be read or played
        raise fail(f"cannot serve: {exc}") from None
    except Exception as exc:  # a bad URL, a missing database driver, an unreachable server ...
        raise fail(f"cannot open the database {database!r}: {exc}") from None
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    console.print(
        f"tabletop is serving at [b]http://{shown}:{port}/[/b]  (open it in a browser; Ctrl-C stops)", soft_wrap=True
    )
    if http_cookies and host not in ("127.0.0.1", "::1", "localhost"):
        console.print("[yellow]note[/yellow]: --http-cookies: sign-in and guest cookies cross the network "
                      "unencrypted; use it only on a network you trust", soft_wrap=True)
    # views are small: compressing every frame costs more time than it saves; a frame over the limit
    # is refused by the protocol itself (close code 1009) before it is buffered
    files = raise_file_limit(limits)
    if files < limits.connections:
        console.print(f"[yellow]note[/yellow]: this process may open {files} files, fewer than --max-connections "
                      f"{limits.connections}; connections past that are refused by the system", soft_wrap=True)
    from tabletop.interfaces.web import collector

    collector.tune()  # the loaded code out of the collector's view, collections on the loop's clock: see its docstring
    server(web, host, port, limits, kind=collector.Paced, log_level="warning",
           proxy_headers=forwarded_allow_ips is not None, forwarded_allow_ips=forwarded_allow_ips).run()
