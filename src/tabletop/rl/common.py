"""What the learning adapters share: which games they offer, resolving chance, drawing a position as text.

The three adapters offer the same games, from the part contract: a game is a learning
environment exactly when it loads and declares an encoding part (:func:`learning_games`),
so no registry lists a game that cannot be made.
"""

from __future__ import annotations

import io
import warnings
from collections.abc import Callable
from typing import Any

from tabletop.core.actions import Action
from tabletop.core.encoding import NoEncodingError
from tabletop.core.errors import TabletopError
from tabletop.core.game import Game
from tabletop.core.observation import Viewer
from tabletop.core.registry import game_class, has_part, list_games, terminal_view
from tabletop.core.state import State


def learning_games() -> list[str]:
    """The games the learning environments offer: every game that loads and has an encoding part, sorted.

    A game that does not load is left out with a warning (it cannot be made, whatever it declares).
    """
    found = []
    for name in list_games():
        try:
            game_class(name)
        except TabletopError as exc:
            warnings.warn(f"{name} is no learning environment: {exc}", RuntimeWarning, stacklevel=2)
            continue
        if has_part(name, "encoding"):
            found.append(name)
    return found


def advance_chance(state: State, sample: Callable[[State], Action]) -> None:
    """Apply chance outcomes, each ``sample(state)`` (a game's ``Streams.sampler``: drawn as
    :func:`tabletop.core.play.run` draws them), until the state is a decision or over."""
    while state.is_chance_node():
        state.apply_action(sample(state))


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
    """The game ``name`` for a learning environment (:class:`NoEncodingError` for a game without an encoding)."""
    from tabletop.core.registry import make

    if not has_part(name, "encoding"):
        raise NoEncodingError(f"{name} has no encoding part, so it is no learning environment; "
                              f"the environments are: {', '.join(learning_games())}")
    if players is not None:
        options = {**options, "players": players}
    return make(name, **options)
