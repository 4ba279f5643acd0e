"""Terminal views of positions, drawn with Rich: each game's own view, found through the registry.

A game's terminal view (``GameParts(terminal=...)``, a :class:`~tabletop.core.parts.TerminalView`)
has ``render(state, viewer) -> RenderableType`` drawing its board as ``viewer`` may see it,
and may have ``describe(state, action) -> str`` saying in words what an action means for
people choosing one and ``chance_prompt(state) -> str`` naming what a person is about to
roll or draw. A game without one is shown as its observer's text.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from tabletop.core.actions import Action
from tabletop.core.hooks import CHANCE_PROMPT, DESCRIBE
from tabletop.core.observation import Viewer
from tabletop.core.registry import hook, terminal_view
from tabletop.core.state import State


def render(state: State, viewer: Viewer = None) -> RenderableType:
    """The board of ``state`` for a terminal, as ``viewer`` (a seat, or ``None``: anyone) may see it."""
    view = terminal_view(state.game.name)
    if view is None:
        return Text(state.game.observer.text(state, viewer))
    return view.render(state, viewer)


def describe(state: State, action: Action) -> str:
    """A few words on what ``action`` does, for a human choosing it."""
    explain = hook(state.game.name, DESCRIBE)
    return explain(state, action) if explain is not None else ""


def chance_prompt(state: State) -> str:
    """What the seat in ``state.chance_roller()`` is about to do, e.g. "roll the number die"."""
    prompt = hook(state.game.name, CHANCE_PROMPT)
    return prompt(state) if prompt is not None else "roll"
