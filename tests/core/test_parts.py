"""The part contract (tabletop.core.hooks): every hook declared once, checked when a game loads, read typed.

A game whose part misspells a hook, names something that is no hook, or defines one of the
wrong shape does not load, and the error names the part, the name and the close match.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import tabletop
from tabletop.core import registry
from tabletop.core.game import Game, GameInfo
from tabletop.core.hooks import (
    BOARD_JS,
    CHANCE_PROMPT,
    DESCRIBE,
    HOOKS,
    KINDS,
    LADDER,
    ROLLOUT,
    SUMMARY,
    hooks_of,
    near_miss,
)
from tabletop.core.options import Option
from tabletop.core.parts import REQUIRED, GameParts
from tabletop.core.state import State

ROOT = Path(__file__).resolve().parents[2]


def module(name: str, **names: Any) -> ModuleType:
    """A part module made here (the registry takes a module object as well as an import path)."""
    made = ModuleType(name)
    made.__dict__.update(names)
    return made


def render(state: State, viewer: Any = None) -> str:
    return str(state)


def first(state: State, rng: Any) -> Any:
    return state.legal_actions()[0]


def evaluate(state: State) -> list[float]:
    return [0.5] * state.game.num_players


def parted(**parts: Any) -> type[Game]:
    """A game with these parts (and no rules: only its parts are read)."""

    class Parted(Game):
        info = GameInfo("parted", "Parted", 2, 2, (Option("players", int, 2, "players"),), -1.0, 1.0)

        def new_initial_state(self) -> State:
            raise NotImplementedError

        def _read_position(self, text: str) -> State:
            raise NotImplementedError

    Parted.parts = GameParts(**parts)
    return Parted


def load(**parts: Any) -> str | None:
    """Register a game with these parts and load it: the error, or ``None``."""
    registry.register("parted", parted(**parts))
    try:
        registry.game_class("parted")
    except registry.GamePackageError as exc:
        return str(exc)
    finally:
        registry._REGISTERED.pop("parted")
    return None


def test_every_hook_is_declared_once_with_its_part_signature_purpose_and_callers() -> None:
    assert len({(h.part, h.name) for h in HOOKS}) == len(HOOKS)
    for hook in HOOKS:
        assert hook.part in KINDS and hook.purpose and hook.callers, hook
        assert hook.signature.startswith(("(", ": ")), hook
    assert {kind: tuple(h.name for h in hooks_of(kind) if h.required) for kind in KINDS} == REQUIRED
    assert REQUIRED["terminal"] == ("render",) and REQUIRED["encoding"] == (
        "actions", "chance_outcomes", "layout", "encode")
    optional = {h.name for h in HOOKS if not h.required}
    assert optional == {"describe", "chance_prompt", "summary", "hint", "rollout", "LADDER", "LADDER_NOTE",
                        "FEATURES", "NOBODY_FEATURES", "figures", "unreachable"}


def test_a_misspelt_hook_is_refused_naming_it_and_the_close_match() -> None:
    terminal = module("my_game.terminal", render=render, chance_promt=lambda state: "roll")
    problem = load(terminal=terminal)
    assert problem is not None
    assert "the terminal part of 'parted' (my_game.terminal): 'chance_promt' is no hook of a terminal view; " \
           "did you mean 'chance_prompt'? (hooks: render, describe, chance_prompt)" in problem
    assert near_miss("evaluation", "Ladder") == "LADDER" and near_miss("evaluation", "rollouts") == "rollout"
    assert near_miss("terminal", "render_board") is None and near_miss("terminal", "describe") is None


def test_a_helper_far_from_every_hook_passes_unless_all_lists_it() -> None:
    assert load(terminal=module("t", render=render, SEAT_STYLES=("red",), draw_path=len)) is None
    declared = module("t", render=render, draw_path=len, __all__=["draw_path", "render"])
    assert "'draw_path' is no hook of a terminal view (hooks:" in (load(terminal=declared) or "")


def test_a_hook_put_in_the_wrong_part_says_where_it_belongs() -> None:
    terminal = module("t", render=render, rollout=len, __all__=["render", "rollout"])
    assert "'rollout' is no hook of a terminal view (rollout is a hook of an evaluation)" in (load(terminal=terminal)
                                                                                            or "")


def test_hooks_of_the_wrong_shape_are_refused() -> None:
    terminal = module("t", render=render, describe=lambda state: "")
    assert "describe(state) does not take the arguments (state, action) -> str" in (load(terminal=terminal) or "")
    evaluation = module("e", evaluate=evaluate, LADDER=["random"] * 5, LADDER_NOTE=3)
    problem = load(evaluation=evaluation) or ""
    assert "LADDER must be a Mapping, not list" in problem and "LADDER_NOTE must be a str, not int" in problem
    assert "it lacks evaluate, which an evaluation must define" in (load(evaluation=module("e")) or "")
    assert "a heuristic is a function (state, rng) -> Action ('module:function'), not a module" in (
        load(heuristic=module("h", choose=len)) or "")


def test_hooks_that_go_together_come_together() -> None:
    evaluation = module("e", evaluate=evaluate, FEATURES=("height",), NOBODY_FEATURES=())
    assert "it defines FEATURES, NOBODY_FEATURES but not figures: they go together" in (load(evaluation=evaluation)
                                                                                        or "")


def test_the_typed_accessor_gives_each_hook_or_none() -> None:
    evaluation = module("e", evaluate=evaluate, rollout=first, LADDER={"beginner": "random"})
    terminal = module("t", render=render, describe=lambda state, action: "go")
    registry.register("parted", parted(evaluation=evaluation, terminal=terminal))
    try:
        assert registry.hook("parted", ROLLOUT) is first
        assert registry.hook("parted", LADDER) == {"beginner": "random"}
        assert registry.hook("parted", CHANCE_PROMPT) is None  # the part does not define it
        assert registry.hook("parted", SUMMARY) is None  # there is no such part
        describe = registry.hook("parted", DESCRIBE)
        assert describe is not None and describe(None, None) == "go"  # type: ignore[arg-type]
    finally:
        registry._REGISTERED.pop("parted")


def test_every_installed_games_parts_keep_the_contract() -> None:
    for name in tabletop.list_games():
        registry.game_class(name)  # loads and checks every part
        for kind in KINDS:
            found = registry.part(name, kind)
            listed = getattr(found, "__all__", None)
            if listed is not None:  # a part that declares its names declares hooks only
                assert set(listed) <= {h.name for h in hooks_of(kind)}, (name, kind, listed)


def test_no_module_reads_a_parts_hook_by_hand() -> None:
    """``getattr(part, "hint")`` is what the contract replaces: every hook is read through ``registry.hook``."""
    names = {h.name for h in HOOKS} - {"__call__"}
    offenders = []
    for root in (ROOT / "src" / "tabletop", ROOT / "benchmarks", ROOT / "examples"):
        for path in sorted(root.rglob("*.py")):
            if path.name == "hooks.py" and path.parent.name == "core":
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                        and node.func.id in ("getattr", "hasattr") and len(node.args) >= 2
                        and isinstance(node.args[1], ast.Constant) and node.args[1].value in names):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.func.id}(..., "
                                     f"{node.args[1].value!r})")
    assert offenders == []


def test_adding_a_game_names_every_part_and_hook() -> None:
    text = (ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
    for kind in KINDS:
        assert re.search(rf"\| {kind} \|", text), kind
    for hook in HOOKS:
        shown = "the part itself" if hook.name == "__call__" else f"`{hook.name}"
        assert shown in text, hook
    for export in BOARD_JS:
        assert f"`{export}" in text, export
