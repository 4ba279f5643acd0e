"""The fast rules against the readable ones (style habit 11; issue 14).

The state's hot path reads tables worked out once per game; :mod:`tabletop.games.doodle_jump.readable`
works the same choices out plainly from the clauses. Here a few hundred games are played through
both by the differential harness (tabletop.testing.differential), with the same chance outcomes and
decisions, and every step must agree; the same check over 10^5 games and more is
``benchmarks/equivalence/equivalence.py --game doodle-jump``.
"""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.core.actions import Action
from tabletop.core.twins import StateEngine, Twins
from tabletop.games.doodle_jump import DoodleJumpGame
from tabletop.games.doodle_jump.readable import ReadableDoodleJumpState, position_view
from tabletop.testing.differential import must_catch, play_both

CONFIGS = [
    {"players": 2, "tiles": "none"},
    {"players": 3, "tiles": "power"},
    {"players": 4, "tiles": "power"},
    {"players": 2, "tiles": "expert", "choose_shield": True},
    {"players": 4, "tiles": "expert"},
]


def _game(**options: object) -> DoodleJumpGame:
    game = tabletop.make("doodle-jump", **options)
    assert isinstance(game, DoodleJumpGame)
    return game


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_fast_and_readable_rules_agree_step_by_step(options: dict[str, object]) -> None:
    """D-JUMP-1, D-JUMP-2, D-SYMBOL-2, D-SYMBOL-3, D-TILE-6: the same seeds through both give the same
    legal actions, positions and logs at every step."""
    twins = _game(**options).twins()
    steps = [play_both(twins, seed) for seed in range(40)]
    assert min(steps) > 20  # whole games were played, not a setup alone


class _ShiftsOneWayOnly(ReadableDoodleJumpState):
    """A wrong reading of D-SYMBOL-2: a level may only be shifted to the right."""

    __slots__ = ()

    def _shifts(self, tile: int) -> list[Action]:
        return [a for a in super()._shifts(tile) if "right" in str(a)]


class _NoRemovals(ReadableDoodleJumpState):
    """A wrong reading of D-SYMBOL-3: the remove face does nothing."""

    __slots__ = ()

    def _removes(self, tile: int) -> list[Action]:
        return []


@pytest.mark.parametrize("wrong", [_ShiftsOneWayOnly, _NoRemovals])
def test_the_differential_catches_a_rule_that_differs(wrong: type[ReadableDoodleJumpState]) -> None:
    """The check is not vacuous: a readable state that breaks one clause (a planted mutation) is caught within a
    few games, on the legal actions."""
    game = _game(players=4, tiles="power")
    planted = Twins(StateEngine(game.new_initial_state), StateEngine(lambda: wrong(game)), view=position_view)
    assert must_catch(planted, range(40)).what == "options"


def test_the_readable_state_is_a_full_game() -> None:
    """The readable state plays, copies and prints like the fast one (it is only slower)."""
    game = _game(players=2, tiles="power")
    state = ReadableDoodleJumpState(game)
    rng = random.Random(3)
    while state.is_chance_node():  # setup and the opening roll (ties roll again, hence sampled)
        state.apply_action(state.chance_distribution().sample(rng))
    copy = state.clone()
    assert isinstance(copy, ReadableDoodleJumpState) and copy.to_text() == state.to_text()
    assert game.state_from_text(state.to_text()).legal_actions() == state.legal_actions()
