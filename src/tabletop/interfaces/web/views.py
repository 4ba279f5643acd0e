"""What each seat is shown: built from the game's observer, ``state.log()`` and the legal actions.

Nothing a seat may not know leaves the server: the position is sent as the game's
observer shows it to that viewer (``game.observer.observe(state, seat)``, and its
text), never as the state itself; the seed and the random streams stay on the
server (the seed is published only in the record of a finished game). For a game
whose observer hides nothing (``hidden_information`` false) one view of the
position serves every viewer; otherwise each seat gets its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.game import Game
from tabletop.core.state import CHANCE, TERMINAL, State
from tabletop.interfaces.web.boards import board_module

if TYPE_CHECKING:
    from tabletop.interfaces.web.rooms import Room


def seat_label(room: Room, seat: int) -> str:
    """A seat's name for people (seats count from 1 on the pages; the engine's log counts from 0)."""
    name = room.seats[seat].name or f"player {seat + 1}"
    if sum(1 for info in room.seats if info.name == name) > 1:
        return f"{name} (seat {seat + 1})"
    return name


def describe_mover(room: Room, mover: int) -> str:
    """Whom the game waits for, in words."""
    if mover == TERMINAL:
        return "nobody: the game is over"
    if mover == CHANCE:
        return "the dice (the server rolls)"
    return seat_label(room, mover)


def undo_refusal(room: Room, seat: int) -> str | None:
    """Why ``seat`` may not take back its last decision now (``None``: it may).

    As on Board Game Arena: only your own last decision, and only while no chance
    event (a roll, a draw, a reveal) and no other player's action has happened since.
    """
    if room.state.is_terminal():
        return "the game is over: nothing can be undone"
    if room.live is not None:
        return "nothing can be undone during a live event"
    if not room.actors:
        return "there is nothing to undo: no action has been played yet"
    last = room.actors[-1]
    if last == seat:
        return None
    if last < 0:
        return "you cannot undo: a chance event (a roll, a draw or a reveal) has happened since your last decision"
    return f"you cannot undo: {seat_label(room, last)} has played since your last decision"


def position_view(game: Game, state: State, seat: int | None) -> dict[str, Any]:
    """The position as ``seat`` (``None``: a spectator) may see it: the observer's dict and text."""
    observer = game.observer
    return {"state": observer.observe(state, seat), "text": observer.text(state, seat)}


def header(room: Room) -> dict[str, Any]:
    info = room.game.info
    return {
        "id": room.id,
        "game": info.name,
        "title": info.title,
        "options": room.options,
        "players": room.game.num_players,
        "board_module": board_module(info.name),
    }


def seats(room: Room) -> list[dict[str, Any]]:
    online = room.connected_seats()
    return [
        {"seat": s, "kind": info.kind, "name": info.name, "bot": info.bot, "joined": info.joined,
         "connected": s in online or info.kind == "bot"}
        for s, info in enumerate(room.seats)
    ]


def shared_view(room: Room) -> dict[str, Any]:
    """The part of every seat's view that is the same for all (built once per change)."""
    state = room.state
    mover = state.current_player()
    return {
        **header(room),
        "seats": seats(room),
        "n": len(room.actors),
        **position_view(room.game, state, None),
        "mover": mover,
        "waiting_for": describe_mover(room, mover),
        "turn": state.turn_number(),
        "terminal": state.is_terminal(),
        "winners": list(state.winners()),
        "returns": [float(r) for r in state.returns()] if state.is_terminal() else None,
        "log_size": len(room.log_lines),
        "live": room.live.view() if room.live is not None else None,
    }


def personal_view(
    room: Room, seat: int | None, log_from: int = 0, actions_from: int = 0, with_board: bool = True
) -> dict[str, Any]:
    """The part of the view that depends on the seat and on what that viewer was sent before.

    ``log`` holds the log's entries from ``log_from`` on, and ``actions`` the actions from
    number ``actions_from`` on, so an update is small.
    """
    state = room.state
    legal: list[str] = []
    if seat is not None and state.current_player() == seat and room.live is None:
        legal = [str(a) for a in state.legal_actions()]
    history = state.history()
    n = len(history)
    actions_from = actions_from if actions_from <= n else 0
    log_from = log_from if log_from <= len(room.log_lines) else 0
    view: dict[str, Any] = {
        "you": seat,
        "legal": legal,
        "undo": seat is not None and undo_refusal(room, seat) is None,
        "log_from": log_from,
        "log": room.log_lines[log_from:],
        "actions_from": actions_from,
        "actions": [{"n": i, "action": str(history[i]), "by": room.actors[i]} for i in range(actions_from, n)],
    }
    if with_board:
        view["board"] = room.board
    if room.game.observer.hidden_information:  # the seat's own view of the position
        view.update(position_view(room.game, state, seat))
    return view


def seat_view(
    room: Room, seat: int | None, log_from: int = 0, actions_from: int = 0, with_board: bool = True
) -> dict[str, Any]:
    """The whole view of the game for ``seat`` (``None``: a spectator)."""
    return {**shared_view(room), **personal_view(room, seat, log_from, actions_from, with_board)}


def replay_view(room: Room, step: int) -> dict[str, Any]:
    """A spectator's view of the game after its first ``step`` actions (for the replay page)."""
    history = room.state.history()
    step = max(0, min(step, len(history)))
    state = room.game.new_initial_state()
    for action in history[:step]:
        state.apply_action(action)
    mover = state.current_player()
    return {
        **header(room),
        "you": None,
        "seats": seats(room),
        "step": step,
        "total": len(history),
        "n": step,
        "last": str(history[step - 1]) if step else None,
        "actions": [str(a) for a in history],
        **position_view(room.game, state, None),
        "mover": mover,
        "waiting_for": describe_mover(room, mover),
        "turn": state.turn_number(),
        "terminal": state.is_terminal(),
        "winners": list(state.winners()),
        "log": state.log(),
        "log_from": 0,
        "log_size": state.log_size(),
        "legal": [],
        "undo": False,
        "live": None,
        "board": room.board,
    }
