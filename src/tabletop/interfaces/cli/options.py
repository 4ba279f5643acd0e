"""Turning command-line flags into game options and agents."""

from __future__ import annotations

from typing import Any

import typer

from tabletop.agents import from_spec
from tabletop.core.agent import Agent
from tabletop.core.game import Game
from tabletop.core.registry import make


def parse_pairs(pairs: list[str] | None) -> dict[str, str]:
    """``["a=1", "b=x"]`` to ``{"a": "1", "b": "x"}``, with a clear error otherwise."""
    options: dict[str, str] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise typer.BadParameter(f"expected KEY=VALUE, got {pair!r}", param_hint="--option")
        options[key.strip().replace("-", "_")] = value.strip()
    return options


def build_game(
    name: str,
    players: int | None,
    first_player: int | None,
    data: str | None,
    pairs: list[str] | None,
) -> Game:
    """Make the game named on the command line, or exit with the reason."""
    options: dict[str, Any] = parse_pairs(pairs)
    if players is not None:
        options["players"] = players
    if first_player is not None:
        options["first_player"] = first_player
    if data is not None:
        options["data"] = data
    return make(name, **options)


def build_bots(players: int, first_bot_seat: int, bots: str, bot_seats: list[str] | None) -> list[Agent | None]:
    """One agent per seat from ``--bots SPEC`` and ``--bot-seat SEAT=SPEC``; seats before
    ``first_bot_seat`` are people (``None``)."""
    specs: list[str | None] = [None if seat < first_bot_seat else bots for seat in range(players)]
    for pair in bot_seats or []:
        seat_text, sep, spec = pair.partition("=")
        if not sep or not seat_text.strip().isdigit():
            raise typer.BadParameter(f"expected SEAT=AGENT, got {pair!r}", param_hint="--bot-seat")
        seat = int(seat_text)
        if not 0 <= seat < players:
            raise typer.BadParameter(f"seat {seat} does not exist with {players} players", param_hint="--bot-seat")
        if seat < first_bot_seat:
            raise typer.BadParameter(f"seat {seat} is a human seat (--humans)", param_hint="--bot-seat")
        specs[seat] = spec
    return [None if spec is None else from_spec(spec) for spec in specs]
