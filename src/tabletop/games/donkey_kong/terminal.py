"""Donkey Kong in a terminal: the girders and ladders with pawns, barrels and fireballs.

``render(state)`` draws the board from the top (the Fair Maiden) down to the Oil Can,
with Donkey Kong's arm, the fireballs waiting at the Oil Can, and each player's
cards and score; ``describe(state, action)`` says what a choice means.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tabletop.core.actions import Action
from tabletop.core.observation import Viewer
from tabletop.core.state import State
from tabletop.games.donkey_kong.actions import CardOutcome, PlayCard, Roll, Route
from tabletop.games.donkey_kong.position import Obstacle
from tabletop.games.donkey_kong.state import DonkeyKongState

__all__ = ["describe", "render"]

SEAT_STYLES = ("bold bright_cyan", "bold bright_magenta", "bold bright_green", "bold bright_white")
CELL = 4
STAGE_WORDS = {
    "deal": "dealing three face-up cards to each player",
    "open": "opening roll: the highest white die plays first",
    "white": "rolling the white die (moves the pawn)",
    "red": "rolling the red die (moves every obstacle)",
    "route": "choosing the pawn's route",
    "walk": "the pawn has moved: a red-dot card, then its contacts",
    "fire": "the fireballs are moving (highest first)",
    "barrel": "the barrels are moving (lowest first)",
    "release": "Donkey Kong releases a barrel",
    "drop": "Donkey Kong releases a barrel",
    "over": "the game is over",
}


def _card_name(state: DonkeyKongState, card: int) -> str:
    rules = state.rules
    kind = "Hammer" if rules.card_is_hammer[card] else "Jump"
    return f"{kind} {rules.card_points[card]}"


def _cards_text(state: DonkeyKongState, counts: tuple[int, ...]) -> Text:
    text = Text()
    for card, count in enumerate(counts):
        if count:
            style = "bold red" if state.rules.card_is_hammer[card] else "bold yellow"
            text.append(state.rules.card_codes[card] + (f"×{count}" if count > 1 else "") + " ", style=style)
    return text if text.plain else Text("-", style="dim")


def _cell(state: DonkeyKongState, s: int) -> Text:
    """One space: pawns (seat digits), an obstacle (B or F), or the space's mark."""
    board = state.rules.board
    content = Text()
    for seat, at in enumerate(state.pawns):
        if at == s:
            content.append(str(seat), style=SEAT_STYLES[seat])
    kind = state.obstacles[s]
    if state.mover_kind and state.mover_at == s:
        kind = state.mover_kind
    if kind == Obstacle.BARREL:
        content.append("B", style="bold black on yellow")
    elif kind == Obstacle.FIREBALL:
        content.append("F", style="bold white on red")
    if not content.plain:
        if s == board.finish:
            content.append("♥", style="bold magenta")
        elif board.red_dot[s]:
            content.append("•", style="bold red")
        elif s == board.start:
            content.append("S", style="bold green")
        elif board.ladder_of[s] >= 0:
            content.append("H", style="cyan")
        else:
            content.append("_", style="blue")
    content.truncate(CELL - 1)
    pad = CELL - len(content.plain)
    return Text(" " * (pad // 2)) + content + Text(" " * (pad - pad // 2))


def _board(state: DonkeyKongState) -> Text:
    board = state.rules.board
    width = max(len(spaces) for spaces in board.girder_spaces)
    lines = Text()
    girders = list(enumerate(board.girder_spaces))
    for gi, spaces in reversed(girders):
        name = board.girder_names[gi]
        line = Text(f"{name} ", style="bold")
        cells = [Text(" " * CELL)] * width
        for s in spaces:
            cells[board.column[s] - 1] = _cell(state, s)
        for c in cells:
            line += c
        roll = board.model.girders[gi].barrels_roll
        if gi == board.girder_of[board.dk_front]:
            line.append(f"  Donkey Kong at {board.names[board.dk_front]}, {state.barrels_in_arm} barrel(s) in his arm",
                        style="bold yellow")
        elif roll != "none":
            line.append("  barrels ←" if roll == "left" else "  barrels →", style="dim")
        if board.oil_can_beside_girder == gi:
            beside = board.model.oil_can_beside
            waiting = state.fireballs_at_oil_can
            line.append(f"  Oil Can beside {beside}: {waiting} fireball(s) waiting", style="bold red")
        lines.append_text(line)
        lines.append("\n")
        # the ladder spaces below this girder, top rung first
        below = [li for li, (bottom, top) in enumerate(board.ladder_ends) if board.girder_of[top] == gi]
        depth = max((len(board.ladder_rungs[li]) for li in below), default=0)
        for r in range(depth, 0, -1):
            row = Text("  ")
            cells = [Text(" " * CELL)] * width
            for li in below:
                rungs = board.ladder_rungs[li]
                if r <= len(rungs):
                    cells[board.column[rungs[r - 1]] - 1] = _cell(state, rungs[r - 1])
            for c in cells:
                row += c
            lines.append_text(row)
            lines.append("\n")
    # the Start space, below the girder spaces it leads onto (off the obstacles' way)
    row = Text("  ")
    cells = [Text(" " * CELL)] * width
    cells[board.column[board.start] - 1] = _cell(state, board.start)
    for c in cells:
        row += c
    lines.append_text(row)
    lines.append("\n")
    ruler = Text("  " + "".join(f"{c:^{CELL}}" for c in range(1, width + 1)), style="dim")
    lines.append_text(ruler)
    return lines


def _status(state: DonkeyKongState) -> Text:
    board = state.rules.board
    text = Text()
    text.append(f"Turn {state.turn}", style="bold")
    if state.turn:
        text.append(" — seat ")
        text.append(str(state.turn_seat), style=SEAT_STYLES[state.turn_seat])
        text.append("'s turn")
    text.append(f": {STAGE_WORDS[state.stage_name()]}.")
    if state.white_die:
        text.append(f"  White die {state.white_die}", style="bold")
        if state.red_die >= 0:
            text.append(", red die " + (str(state.red_die) if state.red_die else "Donkey Kong Rests"), style="bold red")
    if state.in_contact:
        seat = state.in_contact[0]
        at = state.contact_space()
        kind = "barrel" if (state.mover_kind or state.obstacles[at]) == Obstacle.BARREL else "fireball"
        text.append(f"\nContact on {board.names[at]}: seat {seat}'s pawn meets a {kind}")
        text.append(" (it landed there by exact count)" if state.landed_exactly else "")
        if state.current_player() == seat:
            text.append(f" — seat {seat} plays a face-up card.", style="bold")
        else:
            text.append(" — no face-up card: a face-down card is lost, stolen, or a card drawn.", style="bold")
    elif state.red_dot_draw:
        text.append(f"\nSeat {state.turn_seat} landed on a red dot and draws a card.", style="bold")
    if state.move_queue:
        text.append("\nStill to move: " + ", ".join(board.names[s] for s in state.move_queue), style="dim")
    arm, waiting = state.barrels_in_arm, state.fireballs_at_oil_can
    text.append(f"\nDonkey Kong's arm: {arm} barrel(s)   Oil Can: {waiting} fireball(s) waiting", style="yellow")
    return text


def _players(state: DonkeyKongState) -> Table:
    board = state.rules.board
    table = Table(title="Players", show_lines=False, expand=False)
    for column in ("seat", "pawn", "face-up cards", "played (face down)", "score"):
        table.add_column(column)
    winners = state.winners()
    for seat in range(state.players):
        mark = ""
        if seat == state.finisher:
            mark += " ♥ finished"
        if seat in winners:
            mark += " ★ wins"
        elif state.turn and seat == state.turn_seat and not state.is_terminal():
            mark += " ◀ to play"
        table.add_row(
            Text(f"{seat}{mark}", style=SEAT_STYLES[seat]),
            board.names[state.pawns[seat]],
            _cards_text(state, state.hand_of(seat)),
            _cards_text(state, state.played_of(seat)),
            str(state.score(seat)),
        )
    return table


def _legend() -> Text:
    text = Text("Legend: ", style="dim")
    text.append("0-3", style=SEAT_STYLES[0])
    text.append(" pawns  ", style="dim")
    text.append("B", style="bold black on yellow")
    text.append(" barrel  ", style="dim")
    text.append("F", style="bold white on red")
    text.append(" fireball  ", style="dim")
    text.append("•", style="bold red")
    text.append(" red dot  ", style="dim")
    text.append("H", style="cyan")
    text.append(" ladder  ", style="dim")
    text.append("S", style="bold green")
    text.append(" start  ", style="dim")
    text.append("♥", style="bold magenta")
    text.append(" the Finish", style="dim")
    return text


def render(state: State, viewer: Viewer = None) -> RenderableType:
    """The whole position for a terminal (nothing is hidden: every viewer sees the same)."""
    assert isinstance(state, DonkeyKongState)
    body = Group(_board(state), Text(""), _legend(), Text(""), _status(state), _players(state))
    return Panel(body, title="Donkey Kong", border_style="red")


def describe(state: State, action: Action) -> str:
    """A few words on what ``action`` means here."""
    assert isinstance(state, DonkeyKongState)
    board = state.rules.board
    if isinstance(action, Route):
        dest = action.path[-1]
        words = f"walk {len(action.path)} space(s) to {board.names[dest]}"
        met = [f"a {'barrel' if state.obstacles[s] == Obstacle.BARREL else 'fireball'} on {board.names[s]}"
               for s in action.path if state.obstacles[s]]
        if met:
            words += ", meeting " + ", ".join(met)
        if dest == board.finish:
            words += " — the Finish! (+500 at the end of the turn)"
        elif board.red_dot[dest] and len(action.path) == state.white_die:
            words += " — a red dot: draw a card"
        return words
    if isinstance(action, PlayCard):
        points = state.rules.card_points[action.card]
        if state.rules.card_is_hammer[action.card]:
            return f"{_card_name(state, action.card)}: +{points} points and destroy the obstacle"
        extra = ", which moves one space on" if state.landed_exactly else ""
        return f"{_card_name(state, action.card)}: +{points} points and let the obstacle pass{extra}"
    if isinstance(action, Roll):
        if action.die == "red":
            return "Donkey Kong Rests: no obstacle moves" if action.face == 0 else f"every obstacle moves {action.face}"
        return f"the white die shows {action.face}"
    if isinstance(action, CardOutcome):
        name = _card_name(state, action.card)
        return {
            "deal": f"{name} dealt face up",
            "draw": f"{name} drawn face up",
            "lose": f"{name} goes back into the deck",
            "steal": f"{name} taken by seat {state.turn_seat}",
        }[action.verb]
    return str(action)
