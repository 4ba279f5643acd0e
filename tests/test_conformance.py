"""One contract for every game: each registered game, with every telling option combination, obeys
the core contract, and every view of it shows each viewer only what that viewer may see.

The games are whatever the registry lists (the installed packages' entry points, and the tests'
own small games), so a game is checked the moment it is installed.
"""

from __future__ import annotations

from typing import Any

import pytest

import tabletop
from tabletop.core.registry import game_class, has_part
from tabletop.testing import check_game, check_views, option_combinations

COMBINATIONS = [
    pytest.param(name, options, id=f"{name}-" + ",".join(f"{k}={v}" for k, v in options.items() if k != "data"))
    for name in tabletop.list_games()
    for options in option_combinations(game_class(name))
]


@pytest.mark.parametrize(("name", "options"), COMBINATIONS)
def test_every_game_obeys_the_core_contract(name: str, options: dict[str, Any]) -> None:
    report = check_game(tabletop.make(name, **options), playouts=2, seed=len(options))
    assert report.playouts == 2 and report.steps > 0


@pytest.mark.parametrize("name", tabletop.list_games())
def test_every_view_of_every_game_shows_each_viewer_only_what_it_may(name: str) -> None:
    game = tabletop.make(name)
    report = check_views(game, playouts=1, seed=0)
    assert report.viewers == game.num_players + 1 and report.states > 0
    assert report.renders >= report.states if has_part(name, "terminal") else report.renders == 0


def test_option_combinations_take_every_telling_value_and_only_valid_ones() -> None:
    combinations = option_combinations(game_class("race"))
    assert {(c["players"], c["goal"]) for c in combinations} == {(2, 6), (3, 6), (2, 2), (3, 2), (2, 50), (3, 50)}
    assert all(c["first_player"] == 0 for c in combinations)
