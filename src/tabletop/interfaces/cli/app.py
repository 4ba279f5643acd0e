"""The ``tabletop`` command: play, replay, analyse, simulate, compare, report, tune, tournament, games, agents,
serve, deploy, data."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from tabletop.agents import RandomAgent
from tabletop.analysis.backends import make_backend
from tabletop.analysis.findings import number, span
from tabletop.analysis.simulate import SimulationReport, simulate
from tabletop.core.datafile import run_boards
from tabletop.core.errors import NotationError, ReplayError, TabletopError
from tabletop.core.record import Record, one_line
from tabletop.core.registry import game_class, list_games
from tabletop.core.replay import replay
from tabletop.interfaces.cli.agents import agents_command
from tabletop.interfaces.cli.analyse import analyse_command
from tabletop.interfaces.cli.console import console, errors, fail, need, or_exit
from tabletop.interfaces.cli.data import app as data_app
from tabletop.interfaces.cli.deploy import deploy_command
from tabletop.interfaces.cli.options import build_bots, build_game
from tabletop.interfaces.cli.serve import serve_command
from tabletop.interfaces.cli.session import PlaySession, ReplaySession, verdict
from tabletop.interfaces.cli.tune import tune_command
from tabletop.interfaces.cli.workbench import compare_command, report_command

app = typer.Typer(
    name="tabletop",
    help="Play, replay, simulate and serve board games (`tabletop games` lists them).",
    no_args_is_help=True,
    rich_markup_mode="rich",
    add_completion=False,
    pretty_exceptions_enable=False,
)

GameName = Annotated[str, typer.Argument(help="The game, by the name `tabletop games` lists.", show_default=False)]
Players = Annotated[
    int | None, typer.Option("--players", "-p", help="Number of players (the game's default if absent).")
]
FirstPlayer = Annotated[int | None, typer.Option("--first-player", help="Seat that starts (0-based).")]
DataFile = Annotated[str | None, typer.Option("--data", help="Your own board/deck data file (TOML).")]
Pairs = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="Any game option as KEY=VALUE, repeatable (see `tabletop games`)."),
]
Bots = Annotated[
    str,
    typer.Option("--bots", help="Agent for every bot seat: a level (beginner, easy, medium, hard, expert), "
                                "random, heuristic, mcts or a spec like mcts:iterations=800."),
]
BotSeat = Annotated[
    list[str] | None,
    typer.Option("--bot-seat", help="A different agent for one seat, as SEAT=AGENT (e.g. 2=mcts:iterations=800)."),
]
Seed = Annotated[int | None, typer.Option("--seed", "-s", help="Seed for dice, draws and bots (random if absent).")]


@app.command()
def games() -> None:
    """List the games and their options.

    [b]Example[/b]: tabletop games
    """
    for name in list_games():
        try:
            info = game_class(name).info
        except TabletopError as exc:  # an installed game that does not load: say so, list the others
            errors.print(f"[red]{escape(name)}: {escape(str(exc))}[/red]")
            continue
        table = Table(title=f"{info.title}  ([b]{name}[/b], {info.min_players}-{info.max_players} players)")
        table.add_column("option")
        table.add_column("default")
        table.add_column("allowed")
        table.add_column("meaning")
        for option in info.options:
            table.add_row(option.name, repr(option.default), option.describe_allowed(), option.help)
        console.print(table)


@app.command()
def play(
    game: GameName,
    players: Players = None,
    humans: Annotated[
        int, typer.Option("--humans", help="How many seats (the first ones) are people at this keyboard.")
    ] = 1,
    seed: Seed = None,
    first_player: FirstPlayer = None,
    data: DataFile = None,
    option: Pairs = None,
    bots: Bots = "random",
    bot_seat: BotSeat = None,
    save: Annotated[Path | None, typer.Option("--save", help="Where to save the game record (JSON).")] = None,
) -> None:
    """Play a game in the terminal against bots, or with friends at the same keyboard.

    At your turn the legal choices are listed: type a number or the action's text.
    Type [b]help[/b] for commands. At the end the game record is saved for `tabletop replay`.

    [b]Examples[/b] (GAME is a name from `tabletop games`, KEY one of its options):
      tabletop play GAME --players 4 --humans 1 --seed 7
      tabletop play GAME -p 2 --humans 2 -o KEY=VALUE
      tabletop play GAME -p 3 --humans 0 --seed 1
      tabletop play GAME -p 2 --bots heuristic
      tabletop play GAME -p 3 --bot-seat 2=mcts:iterations=800
    """
    built = or_exit(lambda: build_game(game, players, first_player, data, option))
    if not 0 <= humans <= built.num_players:
        fail(f"--humans must be from 0 to {built.num_players} for {built.num_players} players, not {humans}")
    agents = or_exit(lambda: build_bots(built.num_players, humans, bots, bot_seat))
    session = PlaySession(built, humans=humans, seed=seed, console=console, bots=agents)
    record = session.run()
    path = save or Path(f"tabletop-{built.name}-{record.seed}.json")
    record.save(path)
    console.print(f"\nGame record saved to [b]{path}[/b]  (replay it with: tabletop replay {path})")


@app.command(name="replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A game record saved by `tabletop play` or `tabletop.play`.")],
    step: Annotated[bool, typer.Option("--step", help="Pause after each action (Enter: next, q: to the end).")] = False,
    to: Annotated[
        int | None, typer.Option("--to", min=0, help="Stop after this many actions and show the position.")
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Only verify; print the result line.")] = False,
    strict: Annotated[
        bool,
        typer.Option("--strict", help="Also re-derive every die and draw from the record's seed and refuse any other."),
    ] = False,
) -> None:
    """Re-play a game record step by step or to the end, and verify it.

    The record is checked action by action, and the result it claims must be the
    one reached. A record that stops before the game is over replays as
    [b]incomplete[/b] (and must claim no result). With [b]--strict[/b], every chance
    outcome must be the one the record's seed gives, as `tabletop play`, `simulate`
    and `tournament` draw them (web games roll their dice live and cannot be checked so).

    Exit status: 0 verified or incomplete; 1 the record does not replay (an illegal
    action, a different result, a different die or draw); 2 not a readable record.

    [b]Examples[/b]:
      tabletop replay tabletop-GAME-7.json
      tabletop replay game.json --step
      tabletop replay game.json --to 40
      tabletop replay game.json --quiet --strict
    """
    try:
        record = Record.load(file)
        if quiet:
            final = replay(record, until=to, strict=strict)
            console.print(escape(verdict(record, final, strict, to)), soft_wrap=True)
        else:
            ReplaySession(record, console=console, step=step, until=to, strict=strict).run()
    except ReplayError as exc:
        errors.print(f"[red]replay failed:[/red] {escape(f'{file}: {one_line(str(exc))}')}")
        raise typer.Exit(code=1) from None
    except NotationError as exc:
        message = one_line(str(exc))
        raise fail(escape(message if message.startswith(str(file)) else f"{file}: {message}")) from None


@app.command(name="simulate")
def simulate_command(
    game: GameName,
    n: Annotated[int, typer.Option("-n", "--games", help="How many games to play.", min=1)] = 1000,
    players: Players = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the whole run; game i is reproducible alone.")] = 0,
    first_player: FirstPlayer = None,
    data: DataFile = None,
    option: Pairs = None,
    workers: Annotated[
        int, typer.Option("--workers", "-w", help="Worker processes (the result does not depend on it).")
    ] = 1,
    bots: Bots = "random",
    bot_seat: BotSeat = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    backend: Annotated[str, typer.Option("--backend", help="local (processes on this machine) or ray.")] = "local",
    address: Annotated[str | None, typer.Option("--address", help="Ray cluster to join: auto or HOST:PORT.")] = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="Also write every game's row to this directory (tabletop report).")
    ] = None,
) -> None:
    """Play many games with bots (random unless chosen) and report win rates, losses and game length.

    Reports each seat's win rate with a 95% Wilson interval, the rate of games
    everyone lost, game length in turns (mean, median, 90th percentile) and the
    game's own figures.

    [b]Examples[/b] (GAME is a name from `tabletop games`, KEY one of its options):
      tabletop simulate GAME -n 10000 --players 4 --seed 1
      tabletop simulate GAME -n 2000 -p 2 --json
      tabletop simulate GAME -n 5000 -o KEY=VALUE -w 2
      tabletop simulate GAME -n 2000 -p 4 --bots random --bot-seat 0=heuristic
    """
    built = or_exit(lambda: build_game(game, players, first_player, data, option))
    chosen = or_exit(lambda: build_bots(built.num_players, 0, bots, bot_seat))
    agents = [a if a is not None else RandomAgent() for a in chosen]
    run_backend = or_exit(lambda: make_backend(backend, workers, address))
    with Progress(*_progress_columns(), console=errors, transient=True, disable=as_json) as progress:
        task = progress.add_task(f"simulating {built.name}", total=n)
        report = or_exit(
            lambda: simulate(
                built, n, seed=seed, agents=agents, backend=run_backend, out=out,
                progress=lambda k: progress.advance(task, k),
            )
        )
    if as_json:
        print(json.dumps(report.to_json_dict(), indent=2))
    else:
        _print_report(report)
    if report.stopped == "interrupted":
        again = "run the same command again to resume it" if out is not None else "give --out DIR to resume a run"
        errors.print(f"interrupted after {report.games:,} games; {again}")
        raise typer.Exit(code=130)


app.command(name="compare")(compare_command)
app.command(name="report")(report_command)
app.command(name="tune")(tune_command)
app.command(name="analyse")(analyse_command)


@app.command(name="tournament")
def tournament_command(
    game: GameName,
    agents: Annotated[str, typer.Option("--agents", "-a", help="Comma-separated agent specs to compare.")] = (
        "random,heuristic"
    ),
    n: Annotated[int, typer.Option("-n", "--games", help="How many games in all.", min=1)] = 400,
    players: Players = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the tournament; game i is reproducible.")] = 0,
    first_player: FirstPlayer = None,
    data: DataFile = None,
    option: Pairs = None,
    workers: Annotated[
        int | None, typer.Option("--workers", "-w", help="Worker processes (default: all cores).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    out: Annotated[Path | None, typer.Option("--out", help="Write every game's result to a Parquet file.")] = None,
) -> None:
    """Compare agents: every pairing (or seating) with seats rotated, played in parallel.

    Prints each agent's win rate with a 95% Wilson interval, mean score (where the
    game keeps scores), mean game length, mean decision time and Elo-style ratings.
    Game i of a tournament uses seed i of the run and can be re-run alone.

    [b]Examples[/b] (GAME is a name from `tabletop games`):
      tabletop tournament GAME --agents random,heuristic,mcts --games 400 --players 2 --seed 3
      tabletop tournament GAME -a heuristic,mcts:seconds=1 -n 100 -p 2 --json
      tabletop tournament GAME -a random,heuristic -p 4 -n 2000 --out results.parquet
    """
    import os

    from tabletop.analysis.tournament import tournament

    if out is not None:
        need("pyarrow", "--out", "analysis")
    built = or_exit(lambda: build_game(game, players, first_player, data, option))
    specs = [a.strip() for a in agents.split(",") if a.strip()]
    count = workers if workers is not None else (os.cpu_count() or 1)
    with Progress(*_progress_columns(), console=errors, transient=True, disable=as_json) as progress:
        task = progress.add_task(f"{built.name} tournament", total=n)
        report = or_exit(
            lambda: tournament(
                built, specs, n, seed=seed, workers=count, progress=lambda k: progress.advance(task, k)
            )
        )
    if out is not None:
        _write_parquet(report, out, run_boards({built.name: built}))
    if as_json:
        print(json.dumps(report.to_json_dict(), indent=2))
        return
    options = ", ".join(f"{k}={v}" for k, v in report.options.items() if v is not None)
    table = Table(
        title=f"{report.game} ({options}): {report.games} games, seed {report.seed}",
        caption="win rate with its 95% Wilson interval; score and turns are means; ms/move: time per decision",
    )
    table.add_column("agent", no_wrap=True)
    for column in ("games", "win rate", "95% CI", "score", "turns", "ms/move", "Elo"):
        table.add_column(column, justify="right", no_wrap=True)
    for a in sorted(report.agents, key=lambda a: -a.elo):
        score = f"{a.mean_score:.0f}" if a.mean_score is not None else "-"
        table.add_row(
            a.agent,
            str(a.games),
            f"{a.win_rate:.3f}",
            f"{a.low:.3f}–{a.high:.3f}",
            score,
            f"{a.mean_turns:.1f}",
            f"{a.mean_decision_ms:.2f}",
            f"{a.elo:.0f}",
        )
    console.print(table)
    if out is not None:
        console.print(f"Per-game results written to [b]{out}[/b]")


def _write_parquet(report: object, path: Path, boards: dict[str, Any] | None) -> None:
    from tabletop.analysis.storage import BOARDS_KEY
    from tabletop.analysis.tournament import TournamentReport

    assert isinstance(report, TournamentReport)
    import pyarrow as pa
    import pyarrow.parquet as pq

    rows = [
        {
            "game": report.game,
            "index": r.index,
            "seed": r.seed,
            "seating": list(r.seating),
            "winners": list(r.winners),
            "returns": r.returns,
            "scores": r.scores,
            "turns": r.turns,
            "actions": r.actions,
            "decision_seconds": r.decision_seconds,
            "decisions": r.decisions,
        }
        for r in report.results
    ]
    table = pa.Table.from_pylist([{k: v for k, v in row.items() if k != "seed"} for row in rows])
    seeds = pa.array([row["seed"] for row in rows], type=pa.uint64())  # game seeds are 64-bit unsigned
    table = table.add_column(2, "seed", seeds)
    if boards is not None:  # the board the games were played on, by content hash, with a copy
        table = table.replace_schema_metadata({BOARDS_KEY: json.dumps(boards)})
    pq.write_table(table, str(path))


def _progress_columns() -> tuple[ProgressColumn, ...]:
    return (
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )


app.command(name="agents")(agents_command)
app.command(name="serve")(serve_command)
app.command(name="deploy", context_settings={"allow_extra_args": True, "ignore_unknown_options": True})(deploy_command)
app.add_typer(data_app, name="data")


def _print_report(report: SimulationReport) -> None:
    options = ", ".join(f"{k}={v}" for k, v in report.options.items() if v is not None)
    console.print(f"[b]{report.game}[/b] ({options}): {report.games} games, seed {report.seed}, agents {report.agents}")
    wins = Table(title=f"Win rate per seat (95% Wilson intervals, simultaneous over the {len(report.seats)} seats)")
    for column in ("seat", "wins", "rate", "95% interval"):
        wins.add_column(column, justify="right")
    for s in report.seats:
        wins.add_row(str(s.seat), str(s.wins), f"{s.rate:.3f}", f"{s.low:.3f} – {s.high:.3f}")
    lo, hi = report.all_lose_interval
    wins.add_row("nobody", str(report.all_lose), f"{report.all_lose_rate:.3f}", f"{lo:.3f} – {hi:.3f}", style="red")
    for name, (mean, low, high) in (("shared wins", report.shared), ("balance", report.balance),
                                    ("first-mover advantage", report.advantage)):
        wins.add_row(name, "", number(mean), span(low, high))
    console.print(wins)
    length = Table(title="Game length")
    for column in ("", "mean", "95% interval", "median", "90th percentile"):
        length.add_column(column, justify="right")
    length.add_row("turns", f"{report.turns_mean:.1f}", span(*report.turns_interval), f"{report.turns_median:.1f}",
                   f"{report.turns_p90:.1f}")
    console.print(length)
    if report.metrics:
        figures = Table(title=f"{report.game} figures (per game)")
        figures.add_column("figure", overflow="fold")
        for column in ("mean", "95% interval", "10th pct", "median", "90th pct"):
            figures.add_column(column, justify="right", overflow="fold")
        for m in report.metrics:
            interval = span(m.low, m.high) if m.low is not None and m.high is not None else "–"
            figures.add_row(m.name, _figure(m.mean), interval, *(_figure(v) for v in (m.p10, m.median, m.p90)))
        console.print(figures)


def _figure(value: float) -> str:
    return f"{value:,.0f}" if abs(value) >= 100 else f"{value:.3g}"


def main() -> None:
    """Entry point of the ``tabletop`` command."""
    try:
        app()
    except KeyboardInterrupt:
        errors.print("\ninterrupted")
        sys.exit(130)
