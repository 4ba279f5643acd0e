"""Terminal views of positions, drawn with Rich.

Each game has a module here with ``render(state) -> RenderableType`` drawing
its board, ``describe(state, action) -> str`` saying in words what an
action means for people choosing one, and optionally
``chance_prompt(state) -> str`` naming what a person is about to roll or draw. Games without a module fall back to
``str(state)``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from tabletop.core.actions import Action
from tabletop.core.state import State

_VIEWS = {
    "jumanji": "tabletop.interfaces.terminal.jumanji",
    "doodle-jump": "tabletop.interfaces.terminal.doodle_jump",
    "donkey-kong": "tabletop.interfaces.terminal.donkey_kong",
}


def _module(game: str) -> Any:
    path = _VIEWS.get(game)
    if path is None:
        return None
    try:
        return importlib.import_module(path)
    except ModuleNotFoundError:
        return None


def render(state: State) -> RenderableType:
    """The board of ``state`` for a terminal."""
    module = _module(state.game.name)
    if module is None:
        return Text(str(state))
    draw: Callable[[State], RenderableType] = module.render
    return draw(state)


def describe(state: State, action: Action) -> str:
    """A few words on what ``action`` does, for a human choosing it."""
    module = _module(state.game.name)
    if module is None or not hasattr(module, "describe"):
        return ""
    explain: Callable[[State, Action], str] = module.describe
    return explain(state, action)


def chance_prompt(state: State) -> str:
    """What the seat in ``state.chance_roller()`` is about to do, e.g. "roll the number die"."""
    module = _module(state.game.name)
    if module is None or not hasattr(module, "chance_prompt"):
        return "roll"
    prompt: Callable[[State], str] = module.chance_prompt
    return prompt(state)
