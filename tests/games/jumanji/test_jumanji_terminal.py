"""The terminal view draws every phase and explains every choice."""

from __future__ import annotations

import random

from rich.console import Console

import tabletop
from tabletop.interfaces.terminal import describe, render


def _draw(state) -> str:
    console = Console(width=160, record=True, color_system=None)
    console.print(render(state))
    return console.export_text()


def test_board_view_shows_paths_grid_card_and_whose_turn(pos):
    game = tabletop.make("jumanji", players=4)
    state = game.state_from_text(
        "pawns=12,3,30,0 rhino=1 grid=4,17 discard=1,9 card=5 seat=2 turn=11 phase=rescue:blank:0:fail tally=5,2,13,3"
    )
    text = _draw(state)
    for words in (
        "Jumanji",
        "turn 11",
        "red",
        "blue",
        "blocked by the rhino",
        "Doomsday Grid",
        "2/10",
        "Danger card 5",
        "racquet",
        "seat 0 rolls",
        "START",
    ):
        assert words in text, words


def test_every_phase_renders_and_every_action_is_described():
    game = tabletop.make("jumanji", players=3, challenge_cards=2)
    rng = random.Random(5)
    for _ in range(3):
        state = game.new_initial_state()
        while True:
            assert _draw(state)
            if state.is_terminal():
                assert "wins" in _draw(state) or "jungle has won" in _draw(state)
                break
            for action in state.legal_actions():
                assert describe(state, action)
            if state.is_chance_node():
                state.apply_action(state.chance_distribution().sample(rng))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])


def test_rhino_choices_say_what_they_do(pos):
    game = tabletop.make("jumanji", players=4)
    state = game.state_from_text(pos("4,3,30,0", rhino="1", phase="rhino"))
    words = {str(a): describe(state, a) for a in state.legal_actions()}
    assert words["no rhino"] == "leave the rhino blocking seat 1"
    assert "your own pawn" in words["rhino 0"] and "frees seat 1" in words["rhino 0"]
    assert words["rhino 3"].startswith("block seat 3 blue at space 1")
