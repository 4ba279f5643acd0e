"""Replaying a record: every action re-applied, the claimed result checked, and, strictly,
every chance outcome re-derived from the record's seed.

A record whose actions stop before the game is over is *incomplete*: it replays, but
it must not claim a result. A record that claims one (``winners`` or ``returns``) must
reach the end and agree with it.
"""

from __future__ import annotations

from tabletop.core.errors import IllegalActionError, NotationError, ReplayError
from tabletop.core.play import Streams
from tabletop.core.record import SEEDED, Record
from tabletop.core.state import State


def replay(record: Record, until: int | None = None, strict: bool = False) -> State:
    """Re-apply a record's actions and return the final state.

    Raises :class:`ReplayError` when an action is illegal, when the record claims a result
    it does not reach or that differs, and (``strict``) when a die or a draw differs from
    the one the record's seed gives, naming the first step that differs. A record that
    cannot be read as one of its game (bad options, seats, starting position), or whose
    seed cannot re-derive its chance (``strict``), raises :class:`NotationError`.
    With ``until``, stop after that many actions (no result check unless that is all of them).
    """
    if until is not None and until >= len(record.actions):
        until = None
    state = record.initial_state()
    streams = None
    if strict:
        if record.seed is None:
            raise NotationError("cannot replay strictly: the record carries no seed")
        if record.chance != SEEDED:
            raise NotationError(
                "cannot replay strictly: the record does not say its chance outcomes were drawn from its seed "
                '("chance": "seed"; a web game\'s dice are rolled live, and older records do not say)'
            )
        streams = Streams(record.seed)
    total = len(record.actions)
    actions = record.actions if until is None else record.actions[:until]
    for number, text in enumerate(actions, start=1):
        try:
            action = state.parse_action(text)
        except IllegalActionError as exc:
            raise ReplayError(f"action {number} of {total} ({text!r}) does not replay: {exc}") from None
        if streams is not None and state.is_chance_node():
            drawn = streams.chance(state)
            if drawn != action:
                raise ReplayError(
                    f"action {number} of {total}: the record has {text!r}, but seed {record.seed} gives {str(drawn)!r}"
                )
        state.apply_action(action)
    if until is None:
        _check_result(record, state)
    return state


def _check_result(record: Record, state: State) -> None:
    claimed = record.winners is not None or record.returns is not None
    if not claimed:
        return
    if not state.is_terminal():
        raise ReplayError(
            f"the record claims a result (winners {record.winners}, returns {record.returns}) but its "
            f"{len(record.actions)} actions end before the game is over"
        )
    if record.winners is not None and list(state.winners()) != list(record.winners):
        raise ReplayError(f"the replay's winners {list(state.winners())} differ from the record's {record.winners}")
    if record.returns is not None and [float(r) for r in state.returns()] != [float(r) for r in record.returns]:
        raise ReplayError(f"the replay's returns {state.returns()} differ from the record's {record.returns}")


def drawn_from_seed(record: Record) -> bool:
    """Whether every chance outcome of ``record`` is the one its seed gives (as :func:`tabletop.play` draws
    them): what lets a record say ``"chance": "seed"`` so that a strict replay checks it.

    The web server draws a game's dice from its seed's streams, as :func:`tabletop.play` does, unless a
    person settled an outcome live (a race against a timer) or the game was rebuilt mid-way; a finished
    web game's record is checked with this before it says so.
    """
    if record.seed is None:
        return False
    try:
        state = record.initial_state()
        streams = Streams(record.seed)
        for text in record.actions:
            action = state.parse_action(text)
            if state.is_chance_node() and streams.chance(state) != action:
                return False
            state.apply_action(action)
    except (NotationError, IllegalActionError):
        return False
    return True
