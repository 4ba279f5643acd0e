"""Properties every game keeps under mutated input (hypothesis; the large runs are benchmarks/fuzz/fuzz.py).

For every shipped game: a position that ``state_from_text`` accepts round-trips, satisfies the
game's invariants (they are checked again when the position it writes is read back) and plays
on to its end under random choices; a mutated record is refused with NotationError or
ReplayError, or replays and keeps its word (a claimed result is reached); an illegal action
raises IllegalActionError and leaves the state exactly as it was.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.agents import RandomAgent
from tabletop.core.errors import IllegalActionError, NotationError, ReplayError
from tabletop.core.game import Game
from tabletop.core.record import Record
from tabletop.core.registry import installed_games
from tabletop.core.state import State

#: The games installed as packages (not the tests' own small games).
SHIPPED = installed_games()
TOKEN = re.compile(r"\d+|[A-Za-z_]+|[^\dA-Za-z_]")
SETTINGS = settings(
    max_examples=40, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck)
)

numbers = st.one_of(
    st.integers(0, 12).map(str),
    st.integers(0, 10**6).map(str),
    st.sampled_from(["1000000000", "9" * 30, "9" * 5000, "-1", "07", "٣", ""]),
)
tokens = st.one_of(numbers, st.sampled_from(["-", ",", ":", "/", ".", " ", "=", "x", "none", "A", "roll"]))


def _position(game: Game, seed: int, steps: int) -> State:
    """A real position: ``steps`` random actions into a game."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(state.chance_distribution().sample(rng) if state.is_chance_node() else rng.choice(legal))
    return state


def _play_to_the_end(game: Game, state: State, seed: int) -> None:
    rng = random.Random(seed)
    for step in range(game.max_game_length()):
        if step % 20 == 0:
            text = state.to_text()
            assert game.state_from_text(text).to_text() == text
        if state.is_terminal():
            assert len(state.returns()) == game.num_players
            return
        legal = state.legal_actions()
        assert legal, f"no legal action at {state.to_text()!r}"
        state.apply_action(state.chance_distribution().sample(rng) if state.is_chance_node() else rng.choice(legal))
    raise AssertionError(f"{game.name}: no end within {game.max_game_length()} actions")


game_setups = st.tuples(st.sampled_from(SHIPPED), st.integers(2, 4), st.integers(0, 2**32), st.integers(0, 400))


@SETTINGS
@given(setup=game_setups, data=st.data())
def test_an_accepted_position_round_trips_and_plays_to_the_end(setup: tuple[str, int, int, int], data: Any) -> None:
    name, players, seed, steps = setup
    game = tabletop.make(name, players=players)
    parts = TOKEN.findall(_position(game, seed, steps).to_text())
    for _ in range(data.draw(st.integers(1, 3))):
        index = data.draw(st.integers(0, len(parts) - 1))
        parts[index] = data.draw(st.one_of(tokens, st.sampled_from(parts)))
    text = "".join(parts)
    try:
        state = game.state_from_text(text)
    except NotationError as exc:
        assert "not a playable" not in str(exc), f"{text!r} reached the core's safety net: {exc}"
        return
    written = state.to_text()
    again = game.state_from_text(written)
    assert again == state and again.to_text() == written
    assert game.state_from_dict(json.loads(json.dumps(state.to_dict()))) == state
    _play_to_the_end(game, state, seed)


@SETTINGS
@given(setup=game_setups, data=st.data())
def test_an_illegal_action_leaves_the_state_unchanged(setup: tuple[str, int, int, int], data: Any) -> None:
    name, players, seed, steps = setup
    state = _position(tabletop.make(name, players=players), seed, steps)
    legal = {str(a) for a in state.legal_actions()}
    base = data.draw(st.sampled_from(sorted(legal) or ["x"]))
    parts = TOKEN.findall(base)
    index = data.draw(st.integers(0, max(len(parts) - 1, 0)))
    parts[index:index + 1] = [data.draw(tokens)]
    text = "".join(parts)
    before, history, actions = state.to_text(), state.history(), state.legal_actions()
    if " ".join(text.split()) in legal:
        state.apply_action(text)
        assert len(state.history()) == len(history) + 1
        return
    try:
        state.apply_action(text)
    except IllegalActionError:
        pass
    else:
        raise AssertionError(f"{text!r} was accepted at {before!r}")
    assert state.to_text() == before and state.history() == history and state.legal_actions() == actions


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-5, 10**20), st.floats(allow_nan=True), st.text(max_size=8)),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=5), children, max_size=3),
    max_leaves=6,
)


@SETTINGS
@given(setup=game_setups, data=st.data())
def test_a_mutated_record_is_refused_or_keeps_its_word(setup: tuple[str, int, int, int], data: Any) -> None:
    name, players, seed, _ = setup
    game = tabletop.make(name, players=players)
    record = json.loads(tabletop.play(game, [RandomAgent() for _ in range(players)], seed=seed % 1000).to_json())
    how = data.draw(st.sampled_from(["value", "cut", "action", "drop"]))
    if how == "value":
        record[data.draw(st.sampled_from([*record, "extra"]))] = data.draw(json_values)
    elif how == "cut":
        record["actions"] = record["actions"][: data.draw(st.integers(0, len(record["actions"])))]
    elif how == "action":
        index = data.draw(st.integers(0, len(record["actions"]) - 1))
        record["actions"][index] = data.draw(st.one_of(tokens, st.sampled_from(record["actions"])))
    else:
        del record[data.draw(st.sampled_from(sorted(record)))]
    try:
        loaded = Record.from_json(json.dumps(record))
        final = tabletop.replay(loaded)
    except (NotationError, ReplayError):
        return
    assert Record.from_json(loaded.to_json()) == loaded
    if loaded.winners is not None or loaded.returns is not None:
        assert final.is_terminal() and list(final.winners()) == (loaded.winners or list(final.winners()))
    _play_to_the_end(final.game, final, seed)
