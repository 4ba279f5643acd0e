"""PettingZoo's lazily made observation equals the eager one bit for bit, whenever it is read
(tabletop.rl.observation)."""

from __future__ import annotations

import copy
import pickle
import random

import numpy as np
import pytest

from tabletop.core.registry import game_class
from tabletop.rl.common import learning_games
from tabletop.rl.observation import LazyObservation, position_at
from tabletop.rl.pettingzoo import raw_env

CASES = [(game, players) for game in learning_games()
         for players in sorted({game_class(game).info.min_players, min(game_class(game).info.max_players, 4)})]


def eager(env: object, agent: str) -> tuple[bytes, bytes]:
    """The vector and mask of ``agent`` as the environment made them before it made them lazily."""
    e = env  # type: ignore[assignment]
    seat = e.agent_name_mapping[agent]
    vector = e.game.observer.vector(e.state, seat)
    mask = e.encoding.mask(e.state) if e.state.current_player() == seat else e._no_actions()
    return vector.tobytes(), mask.tobytes()


@pytest.mark.parametrize(("game", "players"), CASES)
def test_read_at_once_late_or_never_every_observation_is_the_eager_one(game: str, players: int) -> None:
    """Every agent's observation at every decision of seeded games: read at once, read after the environment
    moved on (steps, then a reset), or never read; each read one equals the vector made eagerly then."""
    env = raw_env(game, players=players)
    rng = random.Random(7)
    kept: list[tuple[LazyObservation, tuple[bytes, bytes]]] = []
    for seed in range(3):
        env.reset(seed=seed)
        decision = 0
        while not env.state.is_terminal():
            for agent in env.agents:
                seen = env.observe(agent)
                wanted = eager(env, agent)
                if decision % 3 == 0:  # read now
                    assert (seen["observation"].tobytes(), seen["action_mask"].tobytes()) == wanted
                elif decision % 3 == 1:  # read after the environment moved on
                    kept.append((seen, wanted))
            mask = env.observe(env.agent_selection)["action_mask"]
            legal = np.flatnonzero(mask)
            env.step(int(legal[int(rng.random() * len(legal))]))
            decision += 1
    assert kept
    for seen, wanted in kept[::-1]:
        assert seen["observation"].dtype == np.float32
        assert (seen["observation"].tobytes(), seen["action_mask"].tobytes()) == wanted


def test_every_way_of_reading_shows_the_vector() -> None:
    env = raw_env("doodle-jump", players=2)
    env.reset(seed=4)
    agent = env.agent_selection
    vector, mask = eager(env, agent)

    def fresh() -> LazyObservation:
        made = env.observe(agent)
        assert isinstance(made, LazyObservation) and made._pending is not None
        return made

    def updated(found: LazyObservation) -> dict[str, object]:
        plain: dict[str, object] = {}
        plain.update(found)
        return plain

    def same(found: object) -> bool:
        plain = dict(found)  # type: ignore[call-overload]
        return plain["observation"].tobytes() == vector and plain["action_mask"].tobytes() == mask

    ways = {
        "dict()": lambda o: dict(o),
        "{**}": lambda o: {**o},
        "update": updated,
        "items": lambda o: dict(o.items()),
        "values": lambda o: dict(zip(o.keys(), o.values(), strict=True)),
        "get": lambda o: {"observation": o.get("observation"), "action_mask": o.get("action_mask")},
        "copy": lambda o: o.copy(),
        "copy.copy": copy.copy,
        "copy.deepcopy": copy.deepcopy,
        "pickle": lambda o: pickle.loads(pickle.dumps(o)),
        "| {}": lambda o: o | {},
        "{} |": lambda o: {} | o,
    }
    for name, way in ways.items():
        assert same(way(fresh())), name
    shown = fresh()
    assert "observation" in shown and len(shown) == 2 and list(shown) == ["observation", "action_mask"]
    assert shown._pending is not None  # keys, length and membership need no vector
    assert "None" not in repr(fresh())
    one, two = fresh(), fresh()
    with pytest.raises(ValueError, match="ambiguous"):  # a dict of arrays compares as a plain one does
        _ = one == two
    assert one._pending is None and two._pending is None
    replaced = fresh()
    replaced["observation"] = np.zeros(3, np.float32)
    assert replaced["observation"].tolist() == [0.0, 0.0, 0.0]  # a value set by the user stays
    popped = fresh()
    assert popped.pop("observation").tobytes() == vector


def test_an_old_position_is_replayed_exactly() -> None:
    env = raw_env("donkey-kong", players=2)
    env.reset(seed=2)
    state = env.state
    size = state.history_size()
    before = state.to_text()
    rng = random.Random(1)
    for _ in range(5):
        legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
        env.step(int(legal[int(rng.random() * len(legal))]))
    assert position_at(state, size).to_text() == before
