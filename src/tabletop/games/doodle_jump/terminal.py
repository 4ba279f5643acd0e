"""The Doodle Jump ramp for a terminal: levels with their shifts, pads, Doodlers, tiles and dice."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tabletop.core.actions import Action
from tabletop.core.observation import Viewer
from tabletop.core.state import State
from tabletop.games.doodle_jump.actions import (
    DrawTile,
    Jump,
    LevelMove,
    OpeningRoll,
    PlaceLevel,
    Roll,
    Shoot,
    TileJump,
    Word,
)
from tabletop.games.doodle_jump.phases import Phase
from tabletop.games.doodle_jump.state import DoodleJumpState

__all__ = ["describe", "render"]

SEAT_STYLES = ("bold red", "bold blue", "bold yellow", "bold magenta")
SEAT_NAMES = ("Red", "Blue", "Yellow", "Purple")
PHASE_WORDS = {
    "levels": "stacking the levels",
    "tiles": "placing the starting tiles",
    "open": "opening roll: highest begins",
    "start": "start of turn: roll, or use a kept tile first",
    "roll": "rolling",
    "decide": "jump, use the symbol die, or shoot",
    "cont": "continue (roll the rest) or stop",
    "draw": "a replacement tile comes out of the box",
    "spring": "Trampoline/Springs: jump up a level, or stay",
    "shield": "about to fall: spend a Shield, or fall",
    "over": "game over",
}


def _seat(seat: int) -> Text:
    return Text(f"{SEAT_NAMES[seat]} ({seat})", style=SEAT_STYLES[seat])


def _ramp(state: DoodleJumpState) -> Table:
    r = state.rules
    table = Table(
        title="The ramp (top level wins)",
        caption="numbers are pads · ◀ ▶ a level shifted one slot · dots: beyond that level's edge",
        show_lines=True,
        expand=False,
        title_style="bold green",
    )
    table.add_column("row", justify="right", style="dim")
    table.add_column("level", justify="center")
    first = -r.max_offset
    for column in range(first, r.columns + r.max_offset):
        table.add_column(f"{column + 1}" if 0 <= column < r.columns else "edge", justify="center", min_width=7)
    for row in range(r.levels - 1, -1, -1):
        level = state.order[row]
        if level < 0:
            table.add_row(str(row + 1), "?", *("" for _ in range(r.columns + 2 * r.max_offset)))
            continue
        off = state.offset[level]
        arrow = {-1: "◀", 0: "", 1: "▶"}.get(off, f"{off:+d}")
        cells: list[Text] = []
        for column in range(first, r.columns + r.max_offset):
            pad = state.geo.pad_at(level, column, off)
            cell = Text()
            if pad >= 0:
                cell.append(str(r.pad_number[pad]), style="bold green")
                kind = state.board[pad]
                if kind >= 0:
                    style = "bold white on dark_red" if r.tile_expert[kind] else "black on yellow"
                    cell.append(f"\n{r.tile_kinds[kind]}", style=style)
                for seat, p in enumerate(state.pos):
                    if p == pad:
                        cell.append(f"\n● {SEAT_NAMES[seat]}", style=SEAT_STYLES[seat])
            elif not 0 <= column - off < r.columns:
                cell.append("·", style="dim")
            cells.append(cell)
        name = Text(r.level_names[level] + (f" {arrow}" if arrow else ""), style="bold cyan")
        table.add_row(Text(f"{row + 1}" + (" top" if row == r.levels - 1 else "")), name, *cells)
    return table


def _players(state: DoodleJumpState) -> Table:
    r = state.rules
    table = Table(title="Doodler Cards", expand=False)
    table.add_column("player")
    table.add_column("on pad")
    table.add_column("kept tiles")
    for seat, pad in enumerate(state.pos):
        who = _seat(seat)
        if seat == state.seat and state.phase != Phase.OVER:
            who.append("  ◀ to move", style="bold")
        kept = ", ".join(f"{n}× {r.tile_names[r.tile_kinds.index(k)]}" for k, n in state.kept(seat).items())
        table.add_row(who, "start (off the board)" if pad < 0 else r.pad_names[pad], kept or "-")
    return table


def _dice(state: DoodleJumpState) -> Text:
    r = state.rules
    text = Text("Dice: ")
    used = r.numbered_dice - state.numbered
    if state.roll is not None:
        for n in state.roll.numbers:
            text.append(f"[{n}]", style="bold white on blue")
            text.append(" ")
        if state.roll.symbol:
            text.append(f"⟨{state.roll.symbol}⟩", style="bold black on cyan")
            text.append(" ")
    else:
        text.append(f"{state.numbered} numbered", style="bold")
        if state.symbol:
            text.append(" + symbol die", style="bold cyan")
        text.append(" unused ")
    if used:
        text.append(" used: " + "▪ " * used, style="dim")
    if not state.symbol:
        text.append(" (symbol die used)", style="dim")
    return text


def render(state: State, viewer: Viewer = None) -> RenderableType:
    """The whole board of a Doodle Jump position (nothing is hidden: every viewer sees the same)."""
    assert isinstance(state, DoodleJumpState)
    r = state.rules
    phase = state.phase.word
    head = Text(f"Doodle Jump · turn {state.turns} · ", style="bold")
    if state.winner >= 0:
        head.append(_seat(state.winner))
        head.append(" reached the top and wins!", style="bold green")
    elif state.seat >= 0:
        head.append(_seat(state.seat))
        head.append(f": {PHASE_WORDS[phase]}")
    else:
        head.append(PHASE_WORDS[phase])
    places = state.tile_places()
    box = ", ".join(f"{n} {k}" for k, n in zip(r.tile_kinds, state.box, strict=True) if n) or "empty"
    tiles = Text(f"Box: {box} · out of the game: {places['out']}", style="dim")
    log = state.log()[-6:]
    recent = Text("\n".join(log), style="italic") if log else Text("")
    return Group(head, _ramp(state), _players(state), _dice(state), tiles, Panel(recent, title="recent events"))


def describe(state: State, action: Action) -> str:
    """A few words on what ``action`` does."""
    assert isinstance(state, DoodleJumpState)
    r = state.rules
    if isinstance(action, Jump):
        pad = action.pad
        what = f"jump onto pad {r.pad_number[pad]} of level {r.level_names[r.pad_level[pad]]}"
        kind = state.board[pad]
        if kind >= 0:
            what += f" and take the {r.tile_names[kind]}"
        if pad in state.pos:
            what += f", knocking {SEAT_NAMES[state.pos.index(pad)]} off"
        if state.rows[r.pad_level[pad]] == r.levels - 1:
            what += " - WINS the game"
        return what
    if isinstance(action, LevelMove):
        via = "the symbol die" if action.tile < 0 else f"your {r.tile_names[action.tile]}"
        if action.level < 0:
            return f"use {via} to re-roll every unused die"
        name = r.level_names[action.level]
        if action.direction:
            return f"use {via} to slide level {name} {'left' if action.direction < 0 else 'right'}"
        return f"use {via} to move level {name} to the top; the levels above slide down"
    if isinstance(action, TileJump):
        how = "spring" if action.tile < 0 else f"use your {r.tile_names[action.tile]}"
        return f"{how} to pad {r.pad_number[action.pad]} of level {r.level_names[r.pad_level[action.pad]]}"
    if isinstance(action, Shoot):
        with_dots = " with the symbol die's dots" if action.by_symbol else ""
        return f"shoot the {r.tile_names[state.board[action.pad]]} {action.die} levels up{with_dots} and win it"
    if isinstance(action, Word):
        return {
            "roll": "roll all the dice",
            "continue": f"roll the {state.numbered + state.symbol} unused dice (risk a fall)",
            "stop": "end your turn safely",
            "stay": "stay on this pad",
            "shield": "spend a Shield: no fall, the turn ends",
            "fall": "keep the Shield and fall",
        }[action.text]
    if isinstance(action, Roll | DrawTile | OpeningRoll | PlaceLevel):
        return "chance"
    return ""
