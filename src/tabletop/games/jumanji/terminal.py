"""Jumanji in a terminal: the four colour paths, the rhino, the Doomsday Grid and the card in play."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tabletop.core.actions import Action
from tabletop.core.observation import Viewer
from tabletop.games.jumanji.actions import CallFirst, Draw, NoRhino, PlaceRhino, Rescue, Roll
from tabletop.games.jumanji.data import BLANK, JUNGLE, RHINO, WAIT
from tabletop.games.jumanji.state import (
    DRAW,
    JUNGLE_KIND,
    LIMIT,
    LOST,
    RESCUE,
    RHINO_CHOICE,
    ROLL,
    SETUP,
    TIE,
    WAITING,
    WON,
    JumanjiState,
)

__all__ = ["chance_prompt", "describe", "render"]

_PAWN_STYLE = {
    "red": "bold white on red",
    "yellow": "bold black on yellow",
    "green": "bold white on green",
    "blue": "bold white on blue",
}
_SPACE = {BLANK: ("·", "grey62"), WAIT: ("w", "bold magenta"), JUNGLE: ("J", "bold green"), RHINO: ("r", "bold cyan")}
_KIND_WORDS = {BLANK: "Blank", WAIT: "Wait for 5 or 8", JUNGLE: "Jungle", RHINO: "Rhino"}


def _colour(state: JumanjiState, seat: int) -> str:
    return state.game.board.colours[seat]


#: spaces per printed line, so a long path wraps instead of being cut at 80 columns
_LINE = 33


def _path_lines(state: JumanjiState, seat: int) -> list[Text]:
    line = _path_line(state, seat)
    return [line[i : i + _LINE] for i in range(0, len(line), _LINE)]


def _path_line(state: JumanjiState, seat: int) -> Text:
    board = state.game.board
    kinds = board.kinds[seat]
    centre = board.centre[seat]
    here = state.pos[seat]
    colour = _colour(state, seat)
    pawn_style = _PAWN_STYLE.get(colour, "bold reverse")
    line = Text()
    line.append("S", style=pawn_style if here == 0 else "bold")
    for i in range(1, centre):
        if i == here:
            line.append(str(seat), style=pawn_style)
        elif state.rhino == seat and i == here + 1:
            line.append("▲", style="bold black on white")
        else:
            mark, style = _SPACE[kinds[i]]
            line.append(mark, style=style)
    line.append("◎", style=pawn_style if here == centre else "bold yellow")
    return line


def _where(state: JumanjiState, seat: int) -> str:
    board = state.game.board
    p = state.pos[seat]
    if p == 0:
        return "START"
    if p == board.centre[seat]:
        return "the centre!"
    left = board.centre[seat] - p
    return f"space {p} ({_KIND_WORDS[board.kinds[seat][p]]}), {left} to the centre"


def _phase_words(state: JumanjiState) -> str:
    who = f"seat {state.cur} ({_colour(state, state.cur)})"
    phase = state.phase
    if phase == SETUP:
        return f"Challenge Game: {state.actor} more random card(s) go on the Doomsday Grid before the start."
    if phase == ROLL:
        if state.rhino == state.cur:
            return f"{who} is blocked by the rhino and rolls the number die: even frees them."
        return f"{who} rolls the number die."
    if phase == DRAW:
        where = "a Jungle space: everyone rolls" if state.kind == JUNGLE_KIND else "a Blank space: the others rescue"
        return f"{who} is on {where}. Draw a danger card."
    if phase == RESCUE:
        return f"Rolling against time: seat {state.actor} rolls a Rescue die next."
    if phase == WAITING:
        return f"{who} is being sucked back! Seat {state.actor} rolls: 5 or 8 stops it."
    if phase == RHINO_CHOICE:
        return f"{who} landed on a Rhino space: put the rhino ahead of a pawn, or leave it."
    if phase == TIE:
        return "Several pawns reached the centre: who calls JUMANJI first?"
    if phase == WON:
        return f"JUMANJI! Seat {state.winner} ({_colour(state, state.winner)}) wins."
    if phase == LOST:
        return "The Doomsday Grid is full: the jungle has won and every player loses."
    if phase == LIMIT:
        return "The last turn allowed is over: the game ends with no winner."
    return ""


def _grid(state: JumanjiState) -> Text:
    places = state.game.board.grid_places
    text = Text("Doomsday Grid ")
    for i in range(places):
        if i < len(state.grid):
            text.append(f"[{state.grid[i] + 1:>2}]", style="bold white on dark_red")
        else:
            text.append("[  ]", style="grey50")
    text.append(f"  {len(state.grid)}/{places} full")
    return text


def render(state: JumanjiState, viewer: Viewer = None) -> RenderableType:
    """A readable board: one line per colour path (S = START, ◎ = the centre); nothing is hidden,
    so every viewer sees the same."""
    board = state.game.board
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column("seat", no_wrap=True, min_width=10)
    table.add_column("colour path, START to centre", no_wrap=True)
    for seat in range(state.n):
        colour = _colour(state, seat)
        label = Text(f"{'▶' if seat == state.cur else ' '} {seat} {colour}", style=_PAWN_STYLE.get(colour, "bold"))
        where = _where(state, seat) + (" — blocked by the rhino" if state.rhino == seat else "")
        table.add_row(label, Text(where, style="bold" if seat == state.cur else ""))
        for line in _path_lines(state, seat):
            table.add_row("", line)
    legend = Text(
        "S START  · Blank  w Wait for 5 or 8  J Jungle  r Rhino space  ▲ the rhino  ◎ the centre", style="dim"
    )
    parts: list[RenderableType] = [table, legend, _grid(state)]
    piles = Text(f"Draw pile {len(state.pile)} cards · discard pile {len(state.discard)} cards · ")
    piles.append("rhino: " + (f"ahead of seat {state.rhino}" if state.rhino >= 0 else "on its home base"))
    hourglass = "wild" if state.game.wild else "NOT wild (two players)"
    piles.append(f" · hourglass {hourglass} · {state.game.rescue_rolls} rescue rolls per 8 s")
    parts.append(piles)
    if state.phase == RESCUE and state.card >= 0:
        c = state.card
        card = Text()
        card.append(f"Danger card {c + 1}: ", style="bold")
        card.append(board.card_messages[c], style="italic")
        card.append(f"  symbol: {board.card_symbols[c]}, number: {board.card_numbers[c]}", style="bold yellow")
        if state.failed:
            card.append("  — someone has already run out of time!", style="bold red")
        parts.append(card)
    parts.append(Text(_phase_words(state), style="bold"))
    return Panel(Group(*parts), title=f"Jumanji — turn {state.turn}", border_style="green")


def describe(state: JumanjiState, action: Action) -> str:
    """A few words on what ``action`` means here."""
    board = state.game.board
    if isinstance(action, PlaceRhino):
        s = action.seat
        mine = " (your own pawn!)" if s == state.cur else ""
        freed = f"; frees seat {state.rhino}" if state.rhino >= 0 else ""
        return f"block seat {s} {_colour(state, s)}{mine} at space {state.pos[s] + 1} until they roll even{freed}"
    if isinstance(action, NoRhino):
        if state.rhino >= 0:
            return f"leave the rhino blocking seat {state.rhino}"
        return "leave the rhino on its home base"
    if isinstance(action, Roll):
        if state.phase == WAITING:
            return "stops the slide" if action.n in board.stop_faces else "slides back one space"
        return f"move {action.n}"
    if isinstance(action, Draw):
        c = action.card
        return f"{board.card_symbols[c]}, {board.card_numbers[c]}: {board.card_messages[c]}"
    if isinstance(action, Rescue):
        return "rolls the symbol or hourglass in time" if action.saved else "runs out of time"
    if isinstance(action, CallFirst):
        return f"seat {action.seat} shouts JUMANJI first"
    return ""


def chance_prompt(state: JumanjiState) -> str:
    """What the seat at a chance node is about to do, for a person pressing Enter."""
    phase = state.phase
    if phase == DRAW:
        return "draw a danger card"
    if phase == RESCUE:
        card = state.game.board.card_symbols[state.card] if state.card >= 0 else "the symbol"
        wild = " or the hourglass" if state.game.wild else ""
        return f"roll your Rescue die against the 8-second timer (you need the {card}{wild})"
    if phase == WAITING:
        return f"roll the number die for seat {state.cur}: a 5 or an 8 stops the slide"
    if phase == ROLL and state.rhino == state.cur:
        return "roll the number die: an even number frees you from the rhino"
    return "roll the number die"
