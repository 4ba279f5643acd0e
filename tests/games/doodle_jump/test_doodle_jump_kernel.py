"""The compiled random playout is the readable rules' game, seed by seed (style habit 11; issue 27).

Every game here goes through the differential harness (:mod:`tabletop.testing.differential`) with the
pair ``DoodleJumpGame.kernel_twins()`` declares: the kernel stepped on its row
(:class:`~tabletop.core.twins.KernelEngine`) and the readable rules
(:class:`~tabletop.games.doodle_jump.readable.ReadableDoodleJumpState`) side by side, before every action
the position compared field by field, the legal actions in their order at every decision, the chance
outcome drawn for the same uniform number at every chance node; then the compiled playout's own game (its
loop, its streams) must be the same game and its summary the rules' summary. The large run is
``benchmarks/equivalence/equivalence.py --game doodle-jump --kernel`` (10^5 games). Planted mutations, one
per rule the kernel writes out, must be caught (:func:`~tabletop.testing.differential.must_catch`).
"""

from __future__ import annotations

from typing import Any

import pytest

from kernel_checks import KernelChecks
from tabletop.agents import RandomAgent
from tabletop.analysis.metrics import play_traced, row_of
from tabletop.analysis.runner import game_seed
from tabletop.core.compiled import COMPILED
from tabletop.games.doodle_jump import DoodleJumpGame
from tabletop.testing.differential import play_both

pytestmark = pytest.mark.skipif(not COMPILED, reason="the compiled kernels need Numba (the fast extra)")

CONFIGS: list[dict[str, Any]] = [
    {"players": 2, "tiles": "none"},
    {"players": 3, "tiles": "power"},
    {"players": 4, "tiles": "power"},
    {"players": 2, "tiles": "expert", "choose_shield": True},
    {"players": 4, "tiles": "expert"},
    {"players": 3, "tiles": "power", "first_player": 2},
    {"players": 2, "tiles": "power", "turn_limit": 6},
]
CHECKS = KernelChecks("doodle-jump", DoodleJumpGame, ["kernel", "kernel_turn", "kernel_chance", "playout"])
_game = CHECKS.make


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_the_kernel_plays_the_readable_rules_game(options: dict[str, Any]) -> None:
    """D-SETUP-1..3, D-TURN-1..3, D-JUMP-1, D-JUMP-2, D-SYMBOL-1..4, D-TILE-1..6, D-EXPERT-1..8, D-FALL-1,
    D-PUSH-1, D-WIN-1, R-D1..R-D24 as the readable rules play them: the same position after every action,
    the same legal actions at every decision, the same outcome at every chance node, for every seed."""
    twins = CHECKS.twins(_game(**options))
    actions = sum(play_both(twins, game_seed(7, i)) for i in range(30))
    assert actions > 30 * 20


@pytest.mark.parametrize("options", CONFIGS[:5], ids=lambda o: "-".join(str(v) for v in o.values()))
def test_the_kernel_counts_what_the_analysis_counts(options: dict[str, Any]) -> None:
    """The kernel's row of a game is the traced game's row (decisions, choices, chance, standings' figures)."""
    game = _game(**options)
    playout = CHECKS.playout(game)
    agents = [RandomAgent() for _ in range(game.num_players)]
    for i in range(25):
        seed = game_seed(11, i)
        assert row_of(playout(seed), seed, game.time_model()) == play_traced(game, agents, seed)[1]


def test_many_seeds_in_one_call_are_the_games_one_by_one() -> None:
    """``batch`` plays the games ``__call__`` plays, and its lead changes and drama are place_metrics'."""
    CHECKS.batch_is_one_by_one(_game(players=4, tiles="expert"), [game_seed(3, i) for i in range(60)])


#: seat 0 off the board with a Shield, rolling one die: the roll fails 5 times in 6 (R-D13)
OFF_WITH_SHIELD = (
    "D0/G0/F0/A0/C0/H0/B0/E0 A7:spring,F10:shield,G9:spring,H10:jet tramp:4,spring:2,shield:2,shoes:3,hat:2,jet:1 "
    "off+shield/D10 0 roll 1 - t6,r15,f2"
)
MUTATIONS: list[tuple[str, str, str, dict[str, Any], str]] = [
    # (module, original text, planted text, options, what it breaks)
    ("kernel_turn", "if s[TURNS] >= t.turn_limit:", "if s[TURNS] > t.turn_limit:", {"turn_limit": 4}, "R-D24"),
    ("kernel_turn", "if effect == MONSTER and directly_beneath(t, s, start, pad):",
     "if effect == UFO and directly_beneath(t, s, start, pad):", {"tiles": "expert"}, "D-EXPERT-6"),
    ("kernel", "        if off > -t.max_offset:", "        if off >= -t.max_offset:", {}, "D-SYMBOL-2"),
    ("kernel", "    for row in range(t.levels - 1):\n        level = s[t.o_order + row]\n        occupied",
     "    for row in range(t.levels):\n        level = s[t.o_order + row]\n        occupied", {}, "R-D10"),
    ("kernel_turn", "if q >= 0 and s[t.o_board + q] < 0 and not holds_doodler(t, s, q):",
     "if q >= 0 and s[t.o_board + q] < 0:", {"players": 4}, "D-FALL-1"),
    ("kernel_chance", "running += s[t.o_box + kind] / total", "running += 1 / total", {}, "D-SETUP-2"),
    ("kernel", "if phase == P_USE and (s[NUMBERED] or s[SYMBOL]):", "if s[NUMBERED] or s[SYMBOL]:",
     {"tiles": "expert"}, "D-EXPERT-2"),
    ("kernel_turn", "if s[t.o_pos + s[SEAT]] >= 0 and shield_kind(t, s) >= 0:", "if shield_kind(t, s) >= 0:",
     {"start": OFF_WITH_SHIELD}, "R-D13"),
    ("playout", "action = legal[pick(streams[1 + seat], count)]", "action = legal[pick(streams[1], count)]", {},
     "the seats' own streams"),
]  # fmt: skip


@pytest.mark.parametrize("module, original, planted, options, rule", MUTATIONS, ids=[m[4] for m in MUTATIONS])
def test_a_planted_mutation_is_caught(
    module: str, original: str, planted: str, options: dict[str, Any], rule: str
) -> None:
    """Each mutation changes one rule of the kernel (``rule``); the comparison finds it within a few games."""
    options = dict(options)
    start = options.pop("start", None)
    game = _game(**{"players": 2, "tiles": "power", **options})
    CHECKS.catches(game, module, original, planted, [game_seed(5, i) for i in range(40)], start, agreeing=3)
