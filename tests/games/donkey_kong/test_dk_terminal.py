"""The terminal view draws every part of the position, and describes every choice."""

from __future__ import annotations

import random

from dk_scenarios import apply, make_game, position, route_to, state_of
from rich.console import Console

from tabletop.interfaces.terminal import describe, render


def draw(state: object) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(render(state))  # type: ignore[arg-type]
    return console.export_text()


def test_render_shows_girders_obstacles_arm_oil_can_cards_and_scores() -> None:
    state = state_of(position(pawns="L11.1,A6", dice="1,4", barrels="A8,C3", fireballs="D5",
                              up="J100/J200.H300", down="H400/-"))
    apply(state, route_to(state, "L11.2"))
    text = draw(state)
    for part in ("Donkey Kong at F1", "in his arm", "Oil Can beside A1", "fireball(s) waiting", "J200", "H300",
                 "Contact on A6", "score", "400", "barrels ←", "Legend"):
        assert part in text, part
    assert " B " in text and " F " in text


def test_describe_says_something_for_every_legal_action_along_a_game() -> None:
    game = make_game(3, first_player=None)
    rng = random.Random(3)
    state = game.new_initial_state()
    for _ in range(400):
        if state.is_terminal():
            break
        for action in state.legal_actions():
            assert describe(state, action)
        draw(state)
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
