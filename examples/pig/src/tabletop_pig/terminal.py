"""Pig in a terminal: each seat's score on a bar to the goal, the turn total at stake, and what is next."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tabletop.core import Action, State, Viewer
from tabletop_pig.actions import HOLD, ROLL
from tabletop_pig.state import DECIDING, WON, PigState

__all__ = ["chance_prompt", "describe", "render"]

BAR = 40  # characters from 0 to the goal
STYLES = ("bold red", "bold blue", "bold green", "bold magenta")


def render(state: State, viewer: Viewer = None) -> RenderableType:
    """The scores and the turn in play (nothing is hidden: every viewer sees the same)."""
    assert isinstance(state, PigState)
    goal = state.game.goal
    table = Table(show_header=False, box=None, pad_edge=False)
    for seat, score in enumerate(state.scores):
        style = STYLES[seat % len(STYLES)]
        playing = seat == state.seat and state.next != WON
        banked = min(BAR, BAR * score // goal)
        at_stake = min(BAR - banked, BAR * state.turn_total // goal) if playing else 0
        bar = Text("█" * banked, style=style)
        bar.append("▒" * at_stake, style=style)
        bar.append("·" * (BAR - banked - at_stake), style="dim")
        mark = "▶" if playing else " "
        you = " (you)" if seat == viewer else ""
        table.add_row(Text(f"{mark} seat {seat}{you}", style=style), bar, Text(f"{score:>4}", style="bold"))
    if state.next == WON:
        status = Text(f"Seat {state.seat} reaches {goal} and wins!", style="bold green")
    elif state.next == DECIDING:
        status = Text(f"Seat {state.seat} has {state.turn_total} at stake: roll again or hold.", style="bold")
    else:
        status = Text(f"Seat {state.seat} rolls the die ({state.turn_total} at stake; a 1 loses it).", style="bold")
    return Panel(Group(table, status), title=f"Pig to {goal} · turn {state.turn}", border_style="yellow")


def describe(state: State, action: Action) -> str:
    """What a choice means here."""
    assert isinstance(state, PigState)
    score, at_stake = state.scores[state.seat], state.turn_total
    if action is HOLD:
        winning = " and win" if score + at_stake >= state.game.goal else ""
        return f"bank {at_stake}: score {score} → {score + at_stake}{winning}"
    if action is ROLL:
        return f"risk the {at_stake} at stake: a 1 (one chance in six) loses it"
    return ""


def chance_prompt(state: State) -> str:
    return "roll the die"
