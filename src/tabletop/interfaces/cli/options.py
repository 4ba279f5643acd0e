"""Turning command-line flags into game options and agents."""

from __future__ import annotations

from typing import Any

import typer

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
