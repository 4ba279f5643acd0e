"""The registry: games found by entry points, parts loaded lazily and checked, clear errors."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import entry_points

import pytest

import tabletop
from tabletop.core import registry
from tabletop.core.errors import InvalidOptionError, UnknownGameError
from tabletop.core.game import Game
from tabletop.core.options import Option, validate_options
from tabletop.core.parts import GameParts


def test_installed_games_are_the_entry_points_of_their_group() -> None:
    declared = sorted(ep.name for ep in entry_points(group=registry.GROUP))
    assert registry.installed_games() == declared
    assert len(declared) >= 3
    for name in declared:
        assert registry.game_class(name).info.name == name
    assert set(declared) <= set(tabletop.list_games())


def test_import_tabletop_loads_no_game_and_no_front_end() -> None:
    code = (
        "import sys, tabletop; tabletop.list_games(); "
        "print(sorted(m for m in sys.modules if m.startswith(('tabletop.games.', 'tabletop.interfaces', "
        "'tabletop.agents', 'rich', 'fastapi', 'pydantic', 'pyarrow'))))"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"


def test_an_unknown_game_names_the_games_there_are() -> None:
    with pytest.raises(UnknownGameError, match="unknown game 'chess'; available games: .*race"):
        tabletop.make("chess")


class _Orphan(Game):
    info = tabletop.GameInfo("orphan", "Orphan", 2, 2, (Option("players", int, 2, "players"),), -1.0, 1.0)

    def new_initial_state(self) -> tabletop.State:
        raise NotImplementedError

    def _read_position(self, text: str) -> tabletop.State:
        raise NotImplementedError


def test_a_broken_registration_is_reported_with_its_source() -> None:
    registry.register("misnamed", _Orphan)
    registry.register("nowhere", "tabletop_no_such_module:Game")
    registry.register("not-a-game", "tabletop.core.options:Option")
    try:
        with pytest.raises(registry.GamePackageError, match="'misnamed' .* whose info.name is 'orphan'"):
            registry.game_class("misnamed")
        with pytest.raises(registry.GamePackageError, match="'nowhere' .* cannot be loaded: No module named"):
            registry.game_class("nowhere")
        with pytest.raises(registry.GamePackageError, match="not a Game class"):
            registry.game_class("not-a-game")
    finally:
        for name in ("misnamed", "nowhere", "not-a-game"):
            registry._REGISTERED.pop(name)


class _Parted(_Orphan):
    parts = GameParts(terminal="tabletop.core.options", web="tabletop_no_such_module", heuristic=len)


class _Sound(_Orphan):
    parts = GameParts(heuristic=lambda state, rng: state.legal_actions()[0])


def test_parts_are_loaded_with_the_game_and_every_problem_is_named() -> None:
    registry.register("orphan", _Parted)
    try:
        with pytest.raises(registry.GamePackageError) as raised:
            registry.game_class("orphan")
        problems = str(raised.value).split("; ")
        assert problems == [
            "the terminal part of 'orphan' (tabletop.core.options): it lacks render, which a terminal view must define",
            "the web part of 'orphan' (tabletop_no_such_module) cannot be loaded: No module named "
            "'tabletop_no_such_module'",
            "the heuristic part of 'orphan' (len): the function(obj, /) does not take the "
            "arguments (state, rng) -> Action",
        ]
        with pytest.raises(registry.GamePackageError):  # not kept half-loaded
            registry.make("orphan")
        registry.register("orphan", _Sound)
        assert registry.has_part("orphan", "heuristic") and not registry.has_part("orphan", "live")
        assert registry.heuristic_policy("orphan") is _Sound.parts.heuristic
        assert registry.live_rules("orphan") is None and registry.terminal_view("orphan") is None
        with pytest.raises(ValueError, match="unknown kind of part 'sound'"):
            registry.part("orphan", "sound")
    finally:
        registry._REGISTERED.pop("orphan")


def test_float_options_are_checked_like_the_others() -> None:
    declared = (Option("speed", float, 1.0, "how fast", minimum=0.0, maximum=2.5),)
    assert validate_options("thing", declared, {"speed": "0.25"}) == {"speed": 0.25}
    assert validate_options("thing", declared, {"speed": 2}) == {"speed": 2.0}
    for bad in ("fast", True, float("nan"), 3, -0.5):
        with pytest.raises(InvalidOptionError, match=r"option 'speed' of thing must be a number from 0 to 2.5"):
            validate_options("thing", declared, {"speed": bad})

