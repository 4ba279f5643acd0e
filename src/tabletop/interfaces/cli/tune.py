"""``tabletop tune GAME --param NAME=LOW..HIGH --target FIGURE=VALUE``: a parameter tuned to a target figure."""

from __future__ import annotations

import json
from contextlib import nullcontext
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from tabletop.analysis.backends import make_backend
from tabletop.analysis.findings import label, number
from tabletop.analysis.tuning import Tuning, tune
from tabletop.core.errors import TabletopError
from tabletop.interfaces.cli.console import console, errors, fail
from tabletop.interfaces.cli.options import parse_pairs


def tune_command(
    game: Annotated[str, typer.Argument(help="The game to tune (see `tabletop games`).", show_default=False)],
    param: Annotated[str, typer.Option("--param", help="NAME=LOW..HIGH: a numeric option, or data.FIELD of the "
                                                       "game's data (data.SECTION.FIELD).")],
    target: Annotated[str, typer.Option("--target", help="FIGURE=VALUE: a figure of docs/metrics.md (win[0], "
                                                         "turns, advantage ...) or one of the game's own figures.")],
    players: Annotated[int | None, typer.Option("--players", "-p", help="Players.")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Another game option, KEY=VALUE.")] = None,
    data: Annotated[str | None, typer.Option("--data", help="A data file of your own to start from.")] = None,
    agents: Annotated[str, typer.Option("--agents", "-a", help="One agent spec for all seats, or one per seat.")] = (
        "random"
    ),
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed: game i has the same seed for every value.")] = 0,
    candidates: Annotated[int, typer.Option("--candidates", help="Values tried per round.", min=3)] = 7,
    max_games: Annotated[int, typer.Option("--max-games", "-n", help="Games per value and round, at most.",
                                           min=2)] = 20_000,
    chunk: Annotated[int, typer.Option("--chunk", help="Games between two looks.", min=1)] = 250,
    precision: Annotated[float | None, typer.Option("--precision", help="Also play until the figure is known "
                                                                        "to ± this at the best value and its "
                                                                        "neighbours.")] = None,
    resolution: Annotated[float | None, typer.Option("--resolution", help="Finest step tried (default: 1 for an "
                                                                          "integer, the range / 1000 for a real).")
                          ] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Local worker processes.")] = 1,
    out: Annotated[Path | None, typer.Option("--out", help="Directory for tuning.json and the boards tried.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the answer as JSON.")] = False,
) -> None:
    """Find the value of a parameter (an option or a data field) whose figure comes closest to a target.

    Integer or real values are tried on common random numbers in rounds that narrow
    around the answer, each stopped as soon as the answer stands out. Prints the value
    with the figure's 95% interval at it and at its neighbours (docs/workbench.md).

    [b]Examples[/b]:
      tabletop tune GAME --param OPTION=1..20 --target FIGURE=0.2 -p 3
      tabletop tune GAME --param data.SECTION.FIELD=4..12 --target turns=30 -p 4 --max-games 5000
      tabletop tune GAME --param OPTION=0.0..1.0 --target "win[0]=0.5" --precision 0.01
    """
    options = parse_pairs(option)
    if data is not None:
        options["data"] = data
    boards = out / "boards" if out is not None else None
    try:
        backend = make_backend("local", workers)
        status = None if as_json else errors.status(f"tuning {escape(param)}")
        with status or nullcontext():
            answer = tune(game, param, target, players=players, options=options, agents=agents, seed=seed,
                          candidates=candidates, chunk=chunk, max_games=max_games, precision=precision,
                          resolution=resolution, backend=backend, boards=boards,
                          progress=None if status is None else (lambda text: status.update(escape(text))),
                          on_round=None if as_json else _say_round)
    except (TabletopError, ValueError) as exc:
        raise fail(str(exc)) from None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        (out / "tuning.json").write_text(json.dumps(answer.to_json_dict(), indent=1) + "\n", encoding="utf-8")
    if as_json:
        print(json.dumps(answer.to_json_dict(), indent=2))
    else:
        print_tuning(answer)
    if answer.stopped == "interrupted":
        raise typer.Exit(code=130)


def _say_round(answer: Tuning) -> None:
    p, last, best = answer.parameter, answer.rounds[-1], answer.best
    errors.print(f"round {len(answer.rounds)}: {escape(p.name)} in {p.show(last.low)}..{p.show(last.high)}, "
                 f"{last.games:,} games, {last.stopped}; best {p.show(best.value)}: {number(best.mean)} "
                 f"({number(best.low)} to {number(best.high)})", highlight=False)


def print_tuning(answer: Tuning) -> None:
    """The last round's values as a table, then the answer in one sentence."""
    p = answer.parameter
    last = answer.rounds[-1]
    # the title goes above the table, not in it: a narrow table would wrap it
    console.print(escape(f"{answer.game}: {p.name} for {label(answer.figure)} = {number(answer.target)} "
                         f"(round {len(answer.rounds)}, {p.show(last.low)}..{p.show(last.high)})"), style="italic")
    table = Table()
    short = p.name.rsplit(".", 1)[-1]  # the title names the whole data field; a narrow column keeps 80 columns
    for column in (short, label(answer.figure), "95% interval", "games", ""):
        table.add_column(escape(column), justify="right" if column else "left", overflow="fold",
                         min_width=len(column) if column == short else None)
    for c in last.candidates:
        style = "bold" if c.status == "best" else ""
        table.add_row(p.show(c.value), number(c.mean), f"{number(c.low)} to {number(c.high)}", f"{c.n:,}",
                      c.status, style=style)
    console.print(table)
    console.print(f"[b]{escape(answer.headline())}[/b]")
