"""The compiled random playout is the readable rules' game, seed by seed (style habit 11; issue 27).

Every game here goes through the differential harness (:mod:`tabletop.testing.differential`) with the
pair ``DonkeyKongGame.kernel_twins()`` declares: the kernel stepped on its row
(:class:`~tabletop.core.twins.KernelEngine`) and the readable rules
(:class:`~tabletop.games.donkey_kong.readable.ReadableDonkeyKongState`) side by side, before every action
every field of the position compared (the moving obstacle's while one moves, as the fast state's pair
compares it), the legal actions in their order at every decision, the chance outcome drawn for the same
uniform number at every chance node; then the compiled playout's own game (its loop, its streams) must be
the same game, its summary the rules' summary, and its row the traced game's row. The large run is
``benchmarks/equivalence/equivalence.py --game donkey-kong --kernel`` (10^5 games). Planted mutations, one
per rule the kernel writes out, must be caught (:func:`~tabletop.testing.differential.must_catch`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from dk_scenarios import TINY, write

from kernel_checks import KernelChecks
from tabletop.analysis.runner import game_seed
from tabletop.core.compiled import COMPILED
from tabletop.games.donkey_kong import DonkeyKongGame
from tabletop.testing.differential import play_both

pytestmark = pytest.mark.skipif(not COMPILED, reason="the compiled kernels need Numba (the fast extra)")

CHECKS = KernelChecks("donkey-kong", DonkeyKongGame, ["kernel", "kernel_turn", "playout"])
make, compare = CHECKS.make, CHECKS.compare


@pytest.mark.parametrize(
    "options", DonkeyKongGame.twin_options, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
def test_the_kernel_plays_the_readable_rules_game_step_by_step(options: dict[str, Any]) -> None:
    """K-SETUP-1, K-TURN-1, K-TURN-2, K-PAWN-1, K-PAWN-2, K-CARD-1..7, K-OBS-1..10, K-END-1, K-END-2, R-K1..R-K24
    as the readable rules play them: the same position, legal actions and outcomes before every action, the same
    game for each seed, the same row."""
    game = make(**options)
    actions = sum(compare(game, game_seed(3, i)) for i in range(4))
    assert actions > 4 * 50


def test_the_turn_limit_and_a_users_board(tmp_path: Path) -> None:
    """R-K24 (the game ends with no winner after the last turn allowed) and a user's own board, dice and deck
    (the tiny test board: two girders, one card each, a two-faced white die): every number is the data file's."""
    for players in (2, 4):
        game = make(players=players, first_player=None, turn_limit=6)
        for i in range(6):
            compare(game, game_seed(4, i))
        tiny = make(players=players, first_player=None, data=write(tmp_path, TINY))
        for i in range(15):
            compare(tiny, game_seed(4, i))


def test_many_seeds_in_one_call_are_the_games_one_by_one() -> None:
    """``batch`` plays the games ``__call__`` plays; its lead changes and drama are place_metrics', for a single
    winner and for winners tied on points (R-K9) alike."""
    games = CHECKS.batch_is_one_by_one(make(players=4, first_player=0), [game_seed(3, i) for i in range(200)])
    assert any(len(one.winners) > 1 for one in games), "no game with tied winners among these seeds: pick others"


MUTATIONS: list[tuple[str, str, str, dict[str, Any], str]] = [
    # (module, original text, planted text, options, what it breaks)
    ("kernel", "if s[TURN] >= t.turn_limit:", "if s[TURN] > t.turn_limit:", {"turn_limit": 3}, "R-K24"),
    ("kernel", "    if s[RED] == 0:\n", "    if s[RED] == -5:\n", {}, "K-OBS-1"),
    ("kernel", "elif s[ob + at] == BARREL:  # K-OBS-7", "elif s[ob + at] == -5:  # K-OBS-7", {}, "K-OBS-7"),
    ("kernel", "along_the_way(t, s, BARREL, True)", "along_the_way(t, s, BARREL, False)", {}, "K-OBS-8"),
    ("kernel", "    if s[ARM] > 0:\n        s[ARM] -= 1", "    if s[ARM] > 1:\n        s[ARM] -= 1", {}, "K-OBS-10"),
    ("kernel_turn", "1 if length == s[WHITE] and t.red_dot[end] else 0",
     "1 if length == s[WHITE] and not t.red_dot[end] else 0", {}, "K-CARD-1"),
    ("kernel_turn", "hammer = t.hammer[card] != 0", "hammer = t.hammer[card] == 0", {}, "K-CARD-4"),
    ("kernel_turn", "verb = VERB_LOSE if seat == s[TURN_SEAT] else VERB_STEAL",
     "verb = VERB_STEAL if seat == s[TURN_SEAT] else VERB_LOSE", {}, "K-CARD-5"),
    ("kernel_turn", "        s[MOVER_LEFT] = 1\n", "        s[MOVER_LEFT] = 0\n", {}, "K-CARD-3"),
    ("kernel_turn", "        if held < t.hand_size:", "        if held <= t.hand_size:", {}, "R-K20"),
    ("kernel_turn", "s[o + k] = 0 if s[o + k] == top else -1", "s[o + k] = 0", {"first_player": None}, "K-TURN-1"),
    ("kernel_turn", "if u < cumulative[i]:", "if u < cumulative[i] * 0.9:", {}, "the dice's chances"),
    ("playout", "action = legal[pick(streams[1 + seat], count)]", "action = legal[pick(streams[1], count)]", {},
     "the seats' own streams"),
]  # fmt: skip


@pytest.mark.parametrize("module, original, planted, options, rule", MUTATIONS, ids=[m[4] for m in MUTATIONS])
def test_a_planted_mutation_is_caught(
    module: str, original: str, planted: str, options: dict[str, Any], rule: str
) -> None:
    """Each mutation changes one rule of the kernel (``rule``); the harness finds it within a few games."""
    game = make(**{"players": 3, "first_player": 0, **options})
    CHECKS.catches(game, module, original, planted, [game_seed(5, i) for i in range(30)])


def test_the_uncompiled_copy_without_a_mutation_agrees() -> None:
    """The mutation tests' copies are the kernel itself: unchanged, they agree with the rules."""
    play_both(CHECKS.uncompiled(make(players=3, first_player=0)), game_seed(5, 0))


def test_a_game_sent_to_a_worker_keeps_its_playout() -> None:
    """Worker processes get the game pickled and build the kernel's tables again there."""
    CHECKS.survives_pickling(make(players=3), range(20))
