"""A position's history and event log, kept as chunks its clones share and a short tail each copies
(``core/state.py``): they read exactly as one growing list would, and a clone never changes the position
it was cloned from, across the chunks' edges."""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.core.events import Event, Term
from tabletop.core.state import CHUNK, State


def step(state: State, rng: random.Random) -> State:
    """A clone of ``state`` with one more action (a random legal one, or a sampled chance outcome), as a room
    makes its next position."""
    after = state.clone()
    play_in_place(after, rng)
    return after


@pytest.mark.parametrize("name", ["donkey-kong", "doodle-jump", "jumanji"])
def test_history_and_log_read_as_one_list_across_chunks(name: str) -> None:
    game = tabletop.make(name, players=2)
    rng = random.Random(3)
    state = game.new_initial_state()
    actions: list[object] = []
    events: list[Event] = []
    earlier: list[tuple[State, int, int]] = []  # every position passed, with its history's and log's size then
    while not state.is_terminal() and len(actions) < 3 * CHUNK + 5:
        earlier.append((state, len(actions), state.log_size()))
        before, state = state, step(state, rng)
        actions.append(state.history()[-1])
        events.extend(state.events(before.log_size()))
        if state.is_terminal():  # a short game: the next one goes on from a new start
            state = game.new_initial_state()
            actions, events, earlier = [], [], []
    assert len(actions) > 2 * CHUNK and len(events) > CHUNK
    assert state.history() == tuple(actions) and state.history_size() == len(actions)
    assert state.log_size() == len(events)
    for start in (0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK + 3, len(actions), len(actions) + 2, -1, -CHUNK - 2):
        assert state.history(start) == tuple(actions)[start:], start
        assert state.events(start) == events[start:], start
        assert state.log(start) == [str(e) for e in events[start:]], start
        for stop in (start + 1, CHUNK, CHUNK + 2, len(events) - 1, len(events) + 3, -2):
            assert state.events(start, stop) == events[start:stop], (start, stop)
    for position, length, log_size in earlier:  # the clones shared its chunks and never changed them
        assert position.history() == tuple(actions[:length]) and position.history_size() == length
        assert position.events() == events[:log_size]
    # a clone played on in place, across a chunk's edge, leaves its original as it was
    while state.history_size() % CHUNK != CHUNK - 2 and not state.is_terminal():
        state = step(state, rng)
    history, log = state.history(), state.events()
    clone = state.clone()
    for _ in range(4):
        if not clone.is_terminal():
            play_in_place(clone, rng)
    assert state.history() == history and state.events() == log and state.history_size() == len(history)
    assert clone.history()[:len(history)] == history and clone.events()[:len(log)] == log


def play_in_place(state: State, rng: random.Random) -> None:
    if state.is_chance_node():
        state.apply_action(state.chance_distribution().sample(rng))
    else:
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.random() * len(legal))])


def test_an_event_is_one_tuple_of_plain_values_and_reads_back_as_logged() -> None:
    # each event is kept as (message, names, *values), its names shared with every event that has them
    # (core/state.py): a server holds every event of every game it plays, so it is what a held action costs
    state = tabletop.make("jumanji", players=2).new_initial_state()
    first = state.log_size()
    state._log("{seat} rolls {n} to {space}", seat=1, n=5, space="C7")
    state._log("{seat} rolls {n} to {space}", n=6, space="D2", seat=0)  # the same message, fields in another order
    state._log("{seats} tie", seats=[0, 1])
    state._log("{} wins with {}", "Ann", Term("barrel"))
    state._log("nothing happens")
    assert state.events(first) == [
        Event("{seat} rolls {n} to {space}", {"seat": 1, "n": 5, "space": "C7"}),
        Event("{seat} rolls {n} to {space}", {"n": 6, "space": "D2", "seat": 0}),
        Event("{seats} tie", {"seats": [0, 1]}),
        Event("{} wins with {}", ("Ann", "barrel")),
        Event("nothing happens", {}),
    ]
    assert state.log(first) == ["seat 1 rolls 5 to C7", "seat 0 rolls 6 to D2", "seats 0 and 1 tie",
                                "Ann wins with barrel", "nothing happens"]
    state._log("{seat} rolls {n} to {space}", seat=0, n=2, space="A1")
    kept = [entry for chunk in state._event_chunks for entry in chunk] + state._events
    assert all(type(entry) is tuple for entry in kept)
    assert kept[-1] == ("{seat} rolls {n} to {space}", ("seat", "n", "space"), 0, 2, "A1")
    assert kept[-1][1] is kept[first][1]  # the names: one tuple for every event that has them
    assert state.clone().events(first) == state.events(first)
