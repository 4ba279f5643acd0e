"""What each seat is shown: built from the game's observer, ``state.log()`` and the legal actions.

Nothing a seat may not know leaves the server: the position is sent as the game's
observer shows it to that viewer (``game.observer.observe(state, seat)``, and its
text), never as the state itself; the seed and the random streams stay on the
server (the seed is published only in the record of a finished game). For a game
whose observer hides nothing (``hidden_information`` false) one view of the
position serves every viewer; otherwise each seat gets its own.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletop.core.events import entry
from tabletop.core.game import Game
from tabletop.core.i18n import _, language
from tabletop.core.state import CHANCE, TERMINAL, State
from tabletop.interfaces.web.boards import board_module, board_style, help_page, summary_of
from tabletop.interfaces.web.turns import made_by_clock, roll_waits_for

if TYPE_CHECKING:
    from tabletop.interfaces.web.readonly import ReadOnlyRoom
    from tabletop.interfaces.web.seating import Hand


def seat_label(room: ReadOnlyRoom, seat: int) -> str:
    """A seat's name for people (seats count from 1 on the pages; the engine's log counts from 0)."""
    name = room.seats[seat].name or _("player {n}").format(n=seat + 1)
    if sum(1 for info in room.seats if info.name == name) > 1:
        return _("{name} (seat {n})").format(name=name, n=seat + 1)
    return name


def describe_mover(room: ReadOnlyRoom, mover: int) -> str:
    """Whom the game waits for, in words."""
    if mover == TERMINAL:
        return _("nobody: the game is over")
    if mover == CHANCE:
        roller = roll_waits_for(room)
        if roller is not None:
            return _("{name} to roll").format(name=seat_label(room, roller))
        return _("the dice (the server rolls)")
    return seat_label(room, mover)


def active_seat(room: ReadOnlyRoom, hand: Hand) -> int | None:
    """The seat a viewer plays now: the one whose turn it is, or who must roll or race; else its first."""
    if not hand:
        return None
    mover = room.state.current_player()
    if mover in hand:
        return mover
    roller = roll_waits_for(room)
    if roller in hand:
        return roller
    live = room.live
    if live is not None:
        for seat in hand:
            if live.may_act(seat):
                return seat
    return hand[0]


def undo_refusal(room: ReadOnlyRoom, seat: int) -> str | None:
    """Why ``seat`` may not take back its last decision now (``None``: it may).

    As on Board Game Arena: only your own last decision, and only while no chance
    event (a roll, a draw, a reveal) and no other player's action has happened since.
    """
    if room.state.is_terminal():
        return _("the game is over: nothing can be undone")
    if room.status == "waiting":
        return _("the game has not started yet")
    if room.live is not None:
        return _("nothing can be undone during a live event")
    if not room.actors:
        return _("there is nothing to undo: no action has been played yet")
    last = room.actors[-1]
    if made_by_clock(room.notes.get(len(room.actors) - 1)):
        return _("you cannot undo a move the server made when your turn clock ran out")
    if last == seat:
        return None
    if last < 0:
        return _("you cannot undo: a chance event (a roll, a draw or a reveal) has happened since your last decision")
    return _("you cannot undo: {name} has played since your last decision").format(name=seat_label(room, last))


def position_view(game: Game, state: State, seat: int | None) -> dict[str, Any]:
    """The position as ``seat`` (``None``: a spectator) may see it: the observer's dict and text."""
    observer = game.observer
    return {"state": observer.observe(state, seat), "text": observer.text(state, seat)}


#: how a view gets the position as a seat sees it (:func:`position_view`, or a :class:`Positions`)
PositionOf = Callable[[Game, State, "int | None"], dict[str, Any]]


class Positions:
    """:func:`position_view` of one position, built once per seat and language and kept until the position
    is another object (a room's state is never changed in place: every action makes a new one).

    A room's viewers are sent a new view at every change, and many changes leave the position as it was
    (a race's timer, a press, a clock started, a seat connecting): the observer's dict and text, the
    dearest part of a view, are then not built again.
    """

    def __init__(self) -> None:
        self._state: State | None = None
        self._views: dict[tuple[str, int | None], dict[str, Any]] = {}

    def __call__(self, game: Game, state: State, seat: int | None) -> dict[str, Any]:
        if state is not self._state:
            self._state, self._views = state, {}
        key = (language(), seat)
        view = self._views.get(key)
        if view is None:
            view = self._views[key] = position_view(game, state, seat)
        return view


def header(room: ReadOnlyRoom) -> dict[str, Any]:
    info = room.game.info
    return {
        "id": room.id,
        "game": info.name,
        "title": _(info.title),
        "options": room.options,
        "players": room.game.num_players,
        "board_module": board_module(info.name),
        "board_style": board_style(info.name),
        "how_to": help_page(info.name),
        "hidden_information": room.game.observer.hidden_information,
    }


def seats(room: ReadOnlyRoom) -> list[dict[str, Any]]:
    online = room.connected_seats()
    return [
        {"seat": s, "kind": info.kind, "name": info.name, "bot": info.bot, "joined": info.joined, "host": info.host,
         "connected": s in online or info.kind == "bot", "auto_roll": info.auto_roll, "hints": info.hints_used}
        for s, info in enumerate(room.seats)
    ]


def shared_view(room: ReadOnlyRoom, position: PositionOf = position_view) -> dict[str, Any]:
    """The part of every seat's view that is the same for all (built once per change)."""
    state = room.state
    mover = state.current_player()
    terminal = state.is_terminal()
    return {
        **header(room),
        "status": room.status,
        "clock": room.clock,
        "rematch": room.rematch,
        "seats": seats(room),
        "n": len(room.actors),
        **position(room.game, state, None),
        "mover": mover,
        "roller": state.chance_roller() if mover == CHANCE else None,
        "roll_waits": roll_waits_for(room) if room.status == "running" and room.live is None else None,
        "waiting_for": describe_mover(room, mover),
        "wait": room.turns.view(),
        "turn": state.turn_number(),
        "terminal": terminal,
        "winners": list(state.winners()),
        "returns": [float(r) for r in state.returns()] if terminal else None,
        "ending": summary_of(room.game, state) if terminal else None,
        "log_size": len(room.log_lines),
        "live": room.live.view() if room.live is not None else None,
        # the server's clock (Unix seconds) when the countdowns above were read (``live.remaining``, ``wait.left``):
        # a page reckons them on the server's clock from here, not from when the view reached it (see game.js)
        "measured_at": round(time.time(), 3),
    }


def personal_view(
    room: ReadOnlyRoom, hand: Hand, log_from: int = 0, actions_from: int = 0, with_board: bool = True,
    position: PositionOf = position_view,
) -> dict[str, Any]:
    """The part of the view that depends on the viewer's seats and on what it was sent before.

    ``you`` is the seat the viewer plays now (:func:`active_seat`), ``mine`` all its seats (pass
    and play: several). ``log`` holds the log's entries from ``log_from`` on, and ``actions`` the
    actions from number ``actions_from`` on, so an update is small.
    """
    state = room.state
    seat = active_seat(room, hand)
    legal: list[str] = []
    if seat is not None and state.current_player() == seat and room.live is None and room.status == "running":
        legal = [str(a) for a in state.legal_actions()]
    n = state.history_size()
    actions_from = actions_from if actions_from <= n else 0
    log_from = log_from if log_from <= len(room.log_lines) else 0
    actors = room.actors
    undo_seat = actors[-1] if actors and actors[-1] in hand else seat
    info = room.seats[seat] if seat is not None else None
    view: dict[str, Any] = {
        "you": seat,
        "mine": list(hand),
        "prefs": {"auto_roll": info.auto_roll, "hints": info.hints} if info is not None else None,
        "hint": room.hint(seat) if seat is not None and info is not None and info.hints and not state.is_terminal()
        else None,
        "legal": legal,
        "undo": undo_seat is not None and undo_refusal(room, undo_seat) is None,
        "log_from": log_from,
        "log": [entry(event) for event in room.log_lines[log_from:]],
        "actions_from": actions_from,
        "actions": [{"n": i, "action": str(action), "by": actors[i]}
                    for i, action in enumerate(state.history(actions_from), actions_from)],
    }
    if with_board:
        view["board"] = room.board
    if room.game.observer.hidden_information:  # the seat's own view of the position
        view.update(position(room.game, state, seat))
    return view


def seat_view(
    room: ReadOnlyRoom, hand: Hand, log_from: int = 0, actions_from: int = 0, with_board: bool = True
) -> dict[str, Any]:
    """The whole view of the game for the holder of ``hand`` (``()``: a spectator)."""
    return {**shared_view(room), **personal_view(room, hand, log_from, actions_from, with_board)}


def replay_view(room: ReadOnlyRoom, step: int) -> dict[str, Any]:
    """A spectator's view of the game after its first ``step`` actions (for the replay page)."""
    history = room.state.history()
    step = max(0, min(step, len(history)))
    state, log = room.replay(step)  # from the nearest kept position: fewer than SNAPSHOT_EVERY actions
    # what the last action did, in the engine's words and the server's (the replay page says it)
    last = [entry(event) for event in room.lines_of(step)] if step else []
    mover = state.current_player()
    return {
        **header(room),
        "you": None,
        "mine": [],
        "seats": seats(room),
        "status": room.status,
        "ending": summary_of(room.game, state) if state.is_terminal() else None,
        "step": step,
        "total": len(history),
        "n": step,
        "last": str(history[step - 1]) if step else None,
        "last_log": last,
        "actions": [str(a) for a in history],
        **position_view(room.game, state, None),
        "mover": mover,
        "waiting_for": describe_mover(room, mover),
        "turn": state.turn_number(),
        "terminal": state.is_terminal(),
        "winners": list(state.winners()),
        "log": [entry(event) for event in log],
        "log_from": 0,
        "log_size": len(log),
        "legal": [],
        "undo": False,
        "live": None,
        "board": room.board,
    }

