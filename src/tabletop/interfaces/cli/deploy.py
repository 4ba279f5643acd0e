"""``tabletop deploy``: several ``tabletop serve`` shards on one PostgreSQL database behind nginx, on this machine."""

from __future__ import annotations

import signal
from types import FrameType
from typing import Annotated

import typer

from tabletop.interfaces.cli.console import console, fail, need


def deploy_command(
    context: typer.Context,
    database: Annotated[
        str, typer.Option("--database", help="The PostgreSQL database every shard shares "
                                             "(postgresql+psycopg://USER:PASSWORD@HOST/DB).")
    ],
    shards: Annotated[int, typer.Option("--shards", min=1, max=64, help="How many `tabletop serve` processes.")] = 3,
    host: Annotated[str, typer.Option("--host", help="Address nginx listens on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="Port nginx listens on (0: a free one).")
                    ] = 8000,
) -> None:
    """Serve the games from several processes: SHARDS shards of `tabletop serve` behind nginx.

    Each shard (s1, s2, ...) is `tabletop serve --shard sK` on a free port of 127.0.0.1; the games it
    makes have ids that start with its name, and nginx (Debian's, started unprivileged from a
    configuration written in a folder of its own) sends every request that names a game to its
    shard, and the rest (the lobby, new games) to any shard. A shard that stops is started again and
    resumes its games. Options after `--` are passed to every shard (see `tabletop serve --help`).
    Ctrl-C stops everything.

    [b]Examples[/b]:
      tabletop deploy --shards 3 --database postgresql+psycopg://tabletop:secret@localhost/tabletop
      tabletop deploy --shards 2 --port 8080 --database postgresql+psycopg://... -- --bot-delay 0.5
    """
    for module in ("fastapi", "uvicorn", "sqlalchemy", "alembic", "psycopg"):
        need(module, "tabletop deploy", "postgresql" if module == "psycopg" else "web")
    from tabletop.interfaces.web.deployment import Deployment, find_nginx

    try:
        find_nginx()
        deployment = Deployment(shards=shards, database=database, host=host, port=port, serve_args=list(context.args),
                                keep_files=True)
    except (RuntimeError, ValueError) as exc:
        raise fail(str(exc)) from None

    def stop(_signal: int, _frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    try:
        console.print(f"starting {shards} shard{'s' if shards > 1 else ''} and nginx (files in a temporary folder) ...")
        deployment.start()
        assert deployment.folder is not None
        for shard in deployment.members:
            console.print(f"  shard {shard.name}: {shard.url} (log: {shard.log})")
        console.print(f"nginx's configuration and logs: {deployment.folder}")
        console.print(f"tabletop is serving at [b]{deployment.url}/[/b]  (open it in a browser; Ctrl-C stops)",
                      soft_wrap=True)
        deployment.supervise()
    except KeyboardInterrupt:
        console.print("stopping ...")
    except RuntimeError as exc:
        raise fail(str(exc)) from None
    finally:
        deployment.stop()
