"""The front-end checks of the conformance suite: every view, for every viewer, shows only what it may.

A game's views all come from one place, its observer, and from its parts (terminal
view, web board). :func:`check_views` plays seeded random games and, at every
state, for the spectator and every seat, checks that

- the observation is JSON-ready (it survives a JSON round trip unchanged) and the
  observer's text is a string;
- the terminal view renders (to plain text, at 100 columns; each state for one
  viewer in turn, and for every viewer where the game hides information), and
  ``describe`` and ``chance_prompt`` say something in words;
- nothing hidden leaks: a state the observer draws for that viewer
  (``observer.resample``) gives the same observation, the same text, the same
  log, the same legal actions for the viewer's own decision, and, where the game
  hides information, the same terminal drawing (a view that reads a hidden fact
  from the state differs between the two);

and that the web board's layout is JSON-ready and its ``board.js`` exists.
"""

from __future__ import annotations

import io
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.core.game import Game
from tabletop.core.hooks import CHANCE_PROMPT, DESCRIBE
from tabletop.core.observation import Viewer
from tabletop.core.parts import TerminalView
from tabletop.core.registry import hook, terminal_view, web_board
from tabletop.core.state import State
from tabletop.testing.errors import ConformanceError


@dataclass
class ViewReport:
    states: int
    viewers: int
    renders: int


def _fail(game: Game, seed: int, step: int, viewer: Viewer, state: State, problem: str) -> ConformanceError:
    who = "the spectator" if viewer is None else f"seat {viewer}"
    return ConformanceError(
        f"{game!r}, playout seed {seed}, step {step}, as {who}: {problem}\n  position: {state.to_text()}"
    )


def json_ready(value: Any) -> bool:
    """Whether ``value`` survives a JSON round trip unchanged (plain dicts, lists, strings, numbers)."""
    try:
        return bool(json.loads(json.dumps(value)) == value)
    except (TypeError, ValueError):
        return False


def rendered(view: TerminalView, state: State, viewer: Viewer) -> str:
    """The terminal view's drawing of ``state`` for ``viewer``, as plain text 100 columns wide."""
    from rich.console import Console

    console = Console(file=io.StringIO(), width=100, color_system=None, record=True, legacy_windows=False)
    console.print(view.render(state, viewer))
    return console.export_text()


def check_layout(game: Game) -> None:
    """The web board's fixed layout is JSON-ready and its entry module exists."""
    board = web_board(game.name)
    if board is None:
        return
    if not json_ready(board.layout(game)):
        raise ConformanceError(f"{game!r}: the web board's layout is not JSON-ready")
    if not (Path(board.ASSETS) / "board.js").is_file():
        raise ConformanceError(f"{game!r}: the web board has no board.js in {board.ASSETS}")


def check_viewer(
    game: Game, state: State, viewer: Viewer, rng: random.Random, where: tuple[int, int], draw: bool = True
) -> int:
    """Check every view of ``state`` for ``viewer``; return how many terminal drawings were made.

    The terminal drawing is made when ``draw`` is true or the game hides information.
    """
    seed, step = where
    observer = game.observer
    seen = observer.observe(state, viewer)
    if not json_ready(seen):
        raise _fail(game, seed, step, viewer, state, f"the observation is not JSON-ready: {seen!r}")
    text = observer.text(state, viewer)
    if not isinstance(text, str):
        raise _fail(game, seed, step, viewer, state, "the observer's text is not a string")
    view = terminal_view(game.name)
    if not (draw or observer.hidden_information):
        view = None
    drawing = rendered(view, state, viewer) if view is not None else ""
    other = observer.resample(state, viewer, rng)
    problems = []
    if other.current_player() != state.current_player():
        problems.append("whose turn it is")
    if observer.observe(other, viewer) != seen:
        problems.append("the observation")
    if observer.text(other, viewer) != text:
        problems.append("the observer's text")
    if other.log() != state.log():
        problems.append("the log")
    mine = viewer is not None and viewer == state.current_player()
    if mine and [str(a) for a in other.legal_actions()] != [str(a) for a in state.legal_actions()]:
        problems.append("the legal actions")
    renders = 1 if view is not None else 0
    if view is not None and observer.hidden_information:
        renders += 1
        if rendered(view, other, viewer) != drawing:
            problems.append("the terminal drawing")
    if problems:
        raise _fail(game, seed, step, viewer, state,
                    f"a state the viewer cannot tell from this one gives another {', '.join(problems)}: "
                    "a view shows something hidden")
    return renders


def check_words(game: Game, state: State, where: tuple[int, int]) -> None:
    """The terminal view's words for the choices and for a chance node are strings."""
    if terminal_view(game.name) is None or state.is_terminal():
        return
    describe = hook(game.name, DESCRIBE)
    prompt = hook(game.name, CHANCE_PROMPT)
    if state.is_chance_node():
        if prompt is not None and not isinstance(prompt(state), str):
            raise _fail(game, *where, None, state, "chance_prompt() is not a string")
        return
    if describe is not None:
        for action in state.legal_actions():
            if not isinstance(describe(state, action), str):
                raise _fail(game, *where, None, state, f"describe() of {action} is not a string")


def check_views(game: Game, playouts: int = 1, seed: int = 0) -> ViewReport:
    """Play ``playouts`` seeded random games and check every view of every state, for every viewer."""
    check_layout(game)
    viewers: list[Viewer] = [None, *range(game.num_players)]
    states = renders = 0
    for n in range(playouts):
        playout_seed = seed * 1_000_003 + n
        rng = random.Random(playout_seed)
        state = game.new_initial_state()
        step = 0
        while True:
            for index, viewer in enumerate(viewers):
                draw = index == step % len(viewers)
                renders += check_viewer(game, state, viewer, rng, (playout_seed, step), draw)
            check_words(game, state, (playout_seed, step))
            states += 1
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply_action(
                state.chance_distribution().sample(rng) if state.is_chance_node() else legal[rng.randrange(len(legal))]
            )
            step += 1
    return ViewReport(states, len(viewers), renders)
