"""The games' encoders give byte-identical vectors to a frozen copy of the encoders as they were (issue 27).

The encoders of the games in ``tests/rl/frozen/`` were made faster (the vector is made at every
decision of a learner); ``tests/rl/frozen/<game>.py`` is each one's ``encoding.py`` verbatim as it
was at main d573c0b, before that work. Here both make the vector of every viewer (each seat and the
spectator) at every position (chance nodes and the end included) of many seeded games, played by
random players and by the game's heuristic, for every player count and the option sets that change
the layout or the play; the two must be the same bytes. The positions are encoded in the order of
play, then again from kept clones in reverse order, so no cache of the faster encoders can hide
behind the order in which positions come.

``tests/rl/test_vector_digests.py`` holds the numbers of a few games of every game with an encoding;
this test covers many more positions of the games whose encoders were rewritten for speed.
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from tabletop.agents import from_spec
from tabletop.core.game import Game
from tabletop.core.registry import installed_games, make
from tabletop.core.state import State

FROZEN = Path(__file__).with_name("frozen")
#: per game (the frozen module's name), the option sets played (players included)
CASES: dict[str, list[dict[str, Any]]] = {
    "doodle-jump": [
        *({"players": n, "tiles": tiles} for n in (2, 3, 4) for tiles in ("none", "power", "expert")),
        {"players": 2, "tiles": "expert", "choose_shield": True},
        {"players": 3, "tiles": "power", "choose_shield": True, "first_player": 1},
        {"players": 2, "turn_limit": 4},  # the turn's share reaches 1
    ],
    "donkey-kong": [
        *({"players": n, "first_player": first} for n in (2, 3, 4) for first in (None, 0)),
        {"players": 2, "turn_limit": 5},
    ],
    "jumanji": [
        *({"players": n} for n in (2, 3, 4)),
        {"players": 3, "challenge_cards": 3, "first_player": 2},
        {"players": 2, "rescue_rolls": 1, "turn_limit": 6},
    ],
}
#: seeded games per option set, by random players and by the heuristic
RANDOM_GAMES = 6
HEURISTIC_GAMES = 1


def frozen(name: str) -> ModuleType:
    """The frozen copy of ``name``'s encoding module."""
    path = FROZEN / (name.replace("-", "_") + ".py")
    spec = importlib.util.spec_from_file_location(f"frozen_encoding_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def old_vector(module: ModuleType, game: Game, state: State, viewer: int | None) -> bytes:
    out = np.zeros(game.encoding.size, np.float32)
    module.encode(state, viewer, out)
    return out.tobytes()


def played(game: Game, seed: int, heuristic: bool) -> list[State]:
    """Every position of one seeded game (a clone of each), in the order of play."""
    rng = random.Random(seed)
    agents = [from_spec("heuristic") for _ in range(game.num_players)] if heuristic else []
    for seat, agent in enumerate(agents):
        agent.reset(seat)
    state = game.new_initial_state()
    positions = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.chance_distribution().sample(rng)
        elif agents:
            action = agents[state.current_player()].step(state, rng)
        else:
            legal = state.legal_actions()
            action = legal[int(rng.random() * len(legal))]
        state.apply_action(action)
        positions.append(state.clone())
    return positions


PARAMS = [(name, options) for name, sets in CASES.items() if name in installed_games() for options in sets]


@pytest.mark.parametrize(("name", "options"), PARAMS, ids=[f"{n}-{sorted(o.items())}" for n, o in PARAMS])
def test_every_vector_is_the_frozen_encoders_byte_for_byte(name: str, options: dict[str, Any]) -> None:
    game = make(name, **options)
    old = frozen(name)
    assert list(old.layout(game)) == [tuple(f) for f in game.encoding.part.layout(game)]
    viewers = [*range(game.num_players), None]
    kept: list[State] = []
    compared = 0
    for seed in range(RANDOM_GAMES + HEURISTIC_GAMES):
        for state in played(game, seed, heuristic=seed >= RANDOM_GAMES):
            for viewer in viewers:
                new = game.observer.vector(state, viewer)
                assert new.dtype == np.float32 and new.shape == (game.encoding.size,)
                assert new.tobytes() == old_vector(old, game, state, viewer), (
                    f"{name} {options}: seed {seed}, action {state.history_size()}, viewer {viewer}: "
                    f"{state.to_text()}"
                )
                compared += 1
            kept.append(state)
    for state in reversed(kept[::7]):  # out of order: every seventh position, last first, the spectator last
        for viewer in reversed(viewers):
            assert game.observer.vector(state, viewer).tobytes() == old_vector(old, game, state, viewer)
    assert compared > 500


@pytest.mark.parametrize("name", [name for name in CASES if name in installed_games()])
def test_the_vector_is_a_new_writable_array_each_time(name: str) -> None:
    """Made afresh each time: a caller may keep it or change it, and the next vector is not touched."""
    game = make(name, players=2)
    state = played(game, 0, heuristic=False)[25]
    first = game.observer.vector(state, 0)
    first[:] = 0.5
    second = game.observer.vector(state, 0)
    assert second.flags.writeable and not np.shares_memory(first, second)
    assert second.tobytes() == old_vector(frozen(name), game, state, 0)
