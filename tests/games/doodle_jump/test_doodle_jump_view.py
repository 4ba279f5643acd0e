"""The terminal view draws the ramp, Doodlers, tiles, cards and dice; describe() explains choices."""

from __future__ import annotations

from rich.console import Console

from tabletop.interfaces.terminal import describe, render


def text_of(state) -> str:  # type: ignore[no-untyped-def]
    console = Console(width=120, record=True, color_system=None)
    console.print(render(state))
    return console.export_text()


def test_render_shows_levels_offsets_pads_doodlers_tiles_cards_and_dice(dj) -> None:
    state = dj.position("A7+shield/off/C5/off", ramp="A0/B+/C0/D0/E0/F0/G0/H0", tiles="D10:jet", box="hat:1")
    dj.play(state, "roll 1 3 4 4 6 / shift")
    shown = text_of(state)
    for words in ("B ▶", "10", "jet", "● Red", "● Yellow", "1× Shield", "[1] [3] [4] [4] [6]", "shift", "8 top"):
        assert words in shown, words
    dj.play(state, "jump B4 = 4")
    assert "used: ▪" in text_of(state)


def test_describe_explains_decisions(dj) -> None:
    state = dj.play(dj.position("A7/B9/off/off"), "roll 1 3 4 4 6 / shift")
    words = {str(a): describe(state, a) for a in state.legal_actions()}
    assert words["jump B9 = 3+6"] == "jump onto pad 9 of level B, knocking Blue off"
    assert words["shift C right"] == "use the symbol die to slide level C right"
