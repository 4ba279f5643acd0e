"""What the learning adapters share: resolving chance, drawing a position as text, and seeds."""

from __future__ import annotations

import io
from typing import Any

from tabletop.core.game import Game
from tabletop.core.observation import Viewer
from tabletop.core.play import Streams
from tabletop.core.registry import terminal_view
from tabletop.core.state import State


def advance_chance(state: State, streams: Streams) -> None:
    """Apply chance outcomes, drawn from ``streams`` as :func:`tabletop.core.play.run` draws them,
    until the state is a decision or over."""
    while state.is_chance_node():
        state.apply_action(streams.chance(state))


def ansi(state: State, viewer: Viewer = None, width: int = 100) -> str:
    """The position as its game's terminal view draws it for ``viewer`` (plain text), or the observer's text."""
    game = state.game
    view = terminal_view(game.name)
    if view is None:
        return game.observer.text(state, viewer) + "\n"
    from rich.console import Console

    console = Console(file=io.StringIO(), width=width, color_system=None, record=True, legacy_windows=False)
    console.print(view.render(state, viewer))
    return console.export_text()


def env_id(name: str) -> str:
    """The Gymnasium id of a game: ``tabletop/``, its name in CamelCase, version 0 (``race``: ``tabletop/Race-v0``)."""
    return "tabletop/" + "".join(word.capitalize() for word in name.replace("_", "-").split("-")) + "-v0"


def make_game(name: str, players: int | None, options: dict[str, Any]) -> Game:
    from tabletop.core.registry import make

    if players is not None:
        options = {**options, "players": players}
    return make(name, **options)
