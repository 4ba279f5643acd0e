"""``tabletop data``: a game's data file for the people who make boards: its schema, the packaged file, a check.

``schema GAME`` prints the JSON Schema of the file (every field described, the packaged file's
provisional values listed), ``export GAME`` writes the packaged file as a starting point, and
``validate FILE`` checks a file as the game loads it, then as play needs it, with a short profile
(:mod:`tabletop.analysis.boards`).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from tabletop.analysis.boards import PLAYOUTS, BoardCheck, Estimate, check_board, guess_game
from tabletop.core.data import read_data_text
from tabletop.core.datafile import packaged_path, packaged_text, schema
from tabletop.interfaces.cli.console import console, errors, fail, or_exit
from tabletop.interfaces.cli.fields import markdown as fields_markdown

app = typer.Typer(
    name="data",
    help="A game's data file (board, deck, dice): its schema, the packaged file, and a check of your own.",
    no_args_is_help=True,
    rich_markup_mode="rich",
)

GameName = Annotated[str, typer.Argument(help="The game, by the name `tabletop games` lists.", show_default=False)]


@app.command(name="schema")
def schema_command(
    game: GameName,
    out: Annotated[Path | None, typer.Option("--out", help="Write the schema to this file.")] = None,
    markdown: Annotated[
        bool, typer.Option("--markdown", help="The fields as a table in words (Markdown), not JSON Schema.")
    ] = False,
) -> None:
    """Print the JSON Schema of a game's data file: every field described, the provisional values listed.

    [b]Examples[/b]:
      tabletop data schema GAME --out GAME.schema.json
      tabletop data schema GAME --markdown
    """
    if markdown:
        text = or_exit(lambda: fields_markdown(game))
    else:
        text = json.dumps(or_exit(lambda: schema(game)), indent=2, ensure_ascii=False) + "\n"
    if out is None:
        sys.stdout.write(text)
        return
    _write(out, text, force=True)
    errors.print(f"schema written to {escape(str(out))}")


@app.command(name="export")
def export_command(
    game: GameName,
    out: Annotated[Path | None, typer.Option("--out", help="Write the file here (it prints otherwise).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace the file --out names if it exists.")] = False,
) -> None:
    """Write the data file shipped with a game, as the starting point of a board of your own.

    Edit it (`tabletop data schema GAME` explains every field), check it with `tabletop data validate`,
    then play it with `--data FILE`.

    [b]Example[/b]: tabletop data export GAME --out my-board.toml
    """
    text = or_exit(lambda: packaged_text(game))
    if out is None:
        sys.stdout.write(text)
        return
    _write(out, text, force)
    errors.print(f"{escape(str(packaged_path(game).name))} written to {escape(str(out))}; "
                 f"check it with: tabletop data validate {escape(str(out))}")


def _write(path: Path, text: str, force: bool) -> None:
    if path.exists() and not force:
        raise fail(f"{path} exists; give --force to replace it")
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise fail(f"cannot write {path}: {exc.strerror or exc}") from None


@app.command(name="validate")
def validate_command(
    file: Annotated[Path, typer.Argument(help="A data file (TOML).", show_default=False)],
    game: Annotated[
        str | None, typer.Option("--game", "-g", help="The game the file is for (guessed from its keys if absent).")
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Players in the random games (the game's default).")
    ] = None,
    games: Annotated[int, typer.Option("-n", "--games", min=0, help="Random games to play (0: none).")] = PLAYOUTS,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the random games.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the findings as JSON.")] = False,
) -> None:
    """Check a data file as the game loads it, then as play needs it, and profile it.

    The game makes every check it makes when it loads a file; then every place of the board must be
    reachable, and random games on it must end. Their profile: mean length, each seat's win rate and
    the game's own rates, with 95% intervals.

    Exit status: 0 the board is fine; 1 it has problems; 2 the file cannot be read.

    [b]Examples[/b]:
      tabletop data validate my-board.toml
      tabletop data validate my-board.toml --game GAME --players 2 -n 1000 --json
    """
    text = or_exit(lambda: read_data_text(file))
    name = game or or_exit(lambda: guess_game(text))
    found = or_exit(lambda: check_board(name, text, path=file, players=players, playouts=games, seed=seed))
    if as_json:
        print(json.dumps(found.to_dict(), indent=2))
    else:
        print_check(found, guessed=game is None)
    if not found.ok:
        raise typer.Exit(code=1)


def print_check(found: BoardCheck, guessed: bool) -> None:
    """The findings in words and tables."""
    how = " (guessed from its keys; say --game otherwise)" if guessed else ""
    console.print(f"[b]{escape(found.source)}[/b]: a {escape(found.game)} data file{how}, sha256 {found.digest[:16]}")
    if found.refusal is not None:
        errors.print(f"[red]the game refuses it:[/red] {escape(found.refusal)}")
        return
    console.print("[green]✓[/green] the game loads it (every check it makes on a data file)")
    places = [p for p in found.problems if p.kind == "place"]
    for problem in places:
        errors.print(f"[red]✗ unreachable:[/red] {escape(problem.message)}")
    if not places:
        console.print("[green]✓[/green] every place of the board can be reached")
    for problem in (p for p in found.problems if p.kind == "play"):
        errors.print(f"[red]✗ play:[/red] {escape(problem.message)}")
    profile = found.profile
    if profile is None:
        return
    if not profile.unfinished:
        console.print(f"[green]✓[/green] {profile.games} random games ended, none at the turn limit")
    table = Table(title=f"{profile.games} random games, {profile.players} players, seed {profile.seed}",
                  caption="95% intervals: Wilson for rates, normal for means")
    for column in ("", "value", "95% interval"):
        table.add_column(column, justify="right" if column else "left")
    _row(table, profile.turns, "mean turns", rate=False)
    for estimate in (*profile.seats, *profile.rates):
        _row(table, estimate, estimate.name, rate=True)
    for estimate in profile.figures:
        _row(table, estimate, f"mean {estimate.name}", rate=False, digits=".2f")
    console.print(table)


def _row(table: Table, estimate: Estimate, label: str, rate: bool, digits: str | None = None) -> None:
    digits = digits or (".3f" if rate else ".1f")
    low, high = max(estimate.low, 0.0) if rate else estimate.low, estimate.high
    table.add_row(escape(label), f"{estimate.value:{digits}}", f"{low:{digits}} – {high:{digits}}")
