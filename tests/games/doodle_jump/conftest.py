"""Helpers for Doodle Jump tests: positions from notation, actions by their text.

The standard ramp in these tests stacks levels A..H bottom to top, unshifted:

    row 8  H: . 7 10 . 4        row 4  D: . 10 4 . 7
    row 7  G: 5 9 . 6 3         row 3  C: 8 5 . 3 .
    row 6  F: . 3 . 8 10        row 2  B: . 4 . 9 6
    row 5  E: 6 . 9 4 .         row 1  A: 3 . 7 . 5
"""

from __future__ import annotations

from typing import Any

import pytest

import tabletop
from tabletop.games.doodle_jump import DoodleJumpGame, DoodleJumpState

RAMP = "A0/B0/C0/D0/E0/F0/G0/H0"
FULL_BOX = "tramp:4,spring:4,shield:4,shoes:3,hat:3,jet:2"


def make(**options: Any) -> DoodleJumpGame:
    options.setdefault("players", 4)
    game = tabletop.make("doodle-jump", **options)
    assert isinstance(game, DoodleJumpGame)
    return game


def position(
    doodlers: str = "off/off/off/off",
    *,
    seat: int = 0,
    phase: str = "roll",
    dice: str = "5s",
    roll: str = "-",
    tiles: str = "-",
    box: str = "-",
    ramp: str = RAMP,
    counters: str = "t1,r0,f0",
    tiles_option: str = "power",
    **options: Any,
) -> DoodleJumpState:
    """A position built from its notation fields (``tiles_option`` is the game option ``tiles``)."""
    options.setdefault("players", len(doodlers.split("/")))
    options["tiles"] = tiles_option
    text = f"{ramp} {tiles} {box} {doodlers} {seat} {phase} {dice} {roll} {counters}"
    state = make(**options).state_from_text(text)
    assert state.to_text() == text
    return state


def play(state: DoodleJumpState, *actions: str) -> DoodleJumpState:
    for action in actions:
        state.apply_action(action)
    return state


def legal(state: DoodleJumpState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def fields(state: DoodleJumpState) -> dict[str, str]:
    names = ("ramp", "tiles", "box", "doodlers", "seat", "phase", "dice", "roll", "counters")
    return dict(zip(names, state.to_text().split(), strict=True))


@pytest.fixture
def power4() -> DoodleJumpGame:
    return make(players=4, tiles="power")
