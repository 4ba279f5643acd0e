"""A position's history and event log, kept as chunks its clones share and a short tail each copies
(``core/state.py``): they read exactly as one growing list would, and a clone never changes the position
it was cloned from, across the chunks' edges."""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.core.events import Event
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
