"""The three learning registries list exactly the games they can make: those with an encoding part.

Gymnasium's ids, OpenSpiel's registered names and PettingZoo's ``games()`` all come from
:func:`tabletop.rl.common.learning_games` (the part contract); a game without an encoding is
in none of them, and asking for it names the games there are. Each listed game is made and
checked by its library's own checker in test_gymnasium.py, test_openspiel.py and test_pettingzoo.py.
"""

from __future__ import annotations

import dataclasses

import gymnasium
import pyspiel
import pytest

from tabletop.core import registry
from tabletop.core.encoding import NoEncodingError
from tabletop.core.game import Game
from tabletop.core.parts import GameParts
from tabletop.rl import gymnasium as tabletop_gymnasium
from tabletop.rl import openspiel as tabletop_openspiel
from tabletop.rl import pettingzoo as tabletop_pettingzoo
from tabletop.rl.common import env_id, learning_games


class Plain(Game):
    """A game with every part but an encoding (race's rules)."""

    info = dataclasses.replace(registry.game_class("race").info, name="plain")
    parts = GameParts(web=registry.part("race", "web"))

    def new_initial_state(self):  # type: ignore[no-untyped-def]
        return registry.game_class("race")().new_initial_state()

    def _read_position(self, text: str):  # type: ignore[no-untyped-def]
        raise NotImplementedError


@pytest.fixture
def plain() -> object:
    registry.register("plain", Plain)
    yield
    registry._REGISTERED.pop("plain")


def test_every_installed_game_is_a_learning_environment() -> None:
    assert set(registry.installed_games()) <= set(learning_games())
    assert learning_games() == [g for g in registry.list_games() if registry.has_part(g, "encoding")]


@pytest.mark.usefixtures("plain")
def test_a_game_without_an_encoding_is_in_no_registry() -> None:
    assert "plain" in registry.list_games() and "plain" not in learning_games()
    wanted = learning_games()

    ids = tabletop_gymnasium.register_envs()
    assert ids == [env_id(g) for g in wanted]
    assert sorted(i for i in gymnasium.registry if i.startswith("tabletop/")) == sorted(ids)

    names = tabletop_openspiel.register_games()
    assert names == [tabletop_openspiel.short_name(g) for g in wanted]
    assert sorted(n for n in pyspiel.registered_names() if n.startswith("tabletop_")) == sorted(names)

    assert tabletop_pettingzoo.games() == wanted
    listed = ", ".join(wanted)
    with pytest.raises(NoEncodingError, match=f"plain has no encoding part, so it is no learning environment; "
                                              f"the environments are: {listed}"):
        tabletop_pettingzoo.env("plain")
    with pytest.raises(NoEncodingError, match="plain has no encoding part"):
        tabletop_gymnasium.TabletopEnv("plain")
    with pytest.raises(gymnasium.error.NameNotFound):
        gymnasium.make(env_id("plain"))


def test_a_game_that_does_not_load_is_left_out_with_a_warning() -> None:
    registry.register("broken", "tabletop_no_such_module:Game")
    try:
        with pytest.warns(RuntimeWarning, match="broken is no learning environment: game 'broken'"):
            assert "broken" not in learning_games()
    finally:
        registry._REGISTERED.pop("broken")
