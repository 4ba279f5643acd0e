"""Helpers for Doodle Jump tests, as the session fixture ``dj``: positions from notation, actions by text.

(Tests run with ``--import-mode=importlib``, so helpers come as a fixture, not an import.)

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

FIELDS = ("ramp", "tiles", "box", "doodlers", "seat", "phase", "dice", "roll", "counters")


class DoodleHelpers:
    RAMP = "A0/B0/C0/D0/E0/F0/G0/H0"

    @staticmethod
    def make(**options: Any) -> DoodleJumpGame:
        options.setdefault("players", 4)
        game = tabletop.make("doodle-jump", **options)
        assert isinstance(game, DoodleJumpGame)
        return game

    def position(
        self,
        doodlers: str = "off/off/off/off",
        *,
        seat: int = 0,
        phase: str = "roll",
        dice: str = "5s",
        roll: str = "-",
        tiles: str = "-",
        box: str = "-",
        ramp: str = RAMP,
        counters: str = "",
        tiles_option: str = "power",
        **options: Any,
    ) -> DoodleJumpState:
        """A position built from its notation fields (``tiles_option`` is the game option ``tiles``).

        The counters default to the first turn: no roll yet, or one roll once a roll has been used.
        """
        counters = counters or ("t1,r1,f0" if phase in ("decide", "cont") else "t1,r0,f0")
        options.setdefault("players", len(doodlers.split("/")))
        options["tiles"] = tiles_option
        text = f"{ramp} {tiles} {box} {doodlers} {seat} {phase} {dice} {roll} {counters}"
        state = self.make(**options).state_from_text(text)
        assert state.to_text() == text
        return state

    def expert(self, doodlers: str, **kw: Any) -> DoodleJumpState:
        """An expert-variant position; ``board`` is the tiles field, ``box`` defaults to one UFO."""
        kw.setdefault("box", "ufo:1")
        kw["tiles"] = kw.pop("board", "-")
        return self.position(doodlers, tiles_option="expert", **kw)

    @staticmethod
    def play(state: DoodleJumpState, *actions: str) -> DoodleJumpState:
        for action in actions:
            state.apply_action(action)
        return state

    def stack(self, state: DoodleJumpState, letters: str = "ABCDEFG") -> DoodleJumpState:
        """Stack the levels in this order (the last one goes on top by itself)."""
        return self.play(state, *(f"level {c}" for c in letters))

    @staticmethod
    def legal(state: DoodleJumpState) -> list[str]:
        return [str(a) for a in state.legal_actions()]

    def jumps(self, state: DoodleJumpState) -> list[str]:
        return [a for a in self.legal(state) if a.startswith("jump")]

    @staticmethod
    def fields(state: DoodleJumpState) -> dict[str, str]:
        return dict(zip(FIELDS, state.to_text().split(), strict=True))


@pytest.fixture(scope="session")
def dj() -> DoodleHelpers:
    return DoodleHelpers()
