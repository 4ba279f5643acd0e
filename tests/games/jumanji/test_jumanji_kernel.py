"""The compiled random playout is the readable rules' game, seed by seed (style habit 11; issue 27).

Every game here goes through the differential harness (:mod:`tabletop.testing.differential`) with the
pair ``JumanjiGame.kernel_twins()`` declares: the kernel stepped on its row
(:class:`~tabletop.core.twins.KernelEngine`) and the rules (:class:`~tabletop.games.jumanji.state.JumanjiState`)
side by side, before every action the position compared field by field (the draw pile's order and the Wait
roll count included), the legal actions in their order at every decision, the chance outcome drawn for the
same uniform number at every chance node; then the compiled playout's own game (its loop, its streams) must
be the same game, its summary the rules' summary, and its row the traced game's row. The large run is
``benchmarks/equivalence/equivalence.py --game jumanji --kernel`` (10^5 games). Planted mutations, one per
rule the kernel writes out, must be caught (:func:`~tabletop.testing.differential.must_catch`).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kernel_checks import KernelChecks
from tabletop.agents import RandomAgent
from tabletop.agents.heuristic import HeuristicAgent
from tabletop.analysis.metrics import play_traced
from tabletop.analysis.runner import Decisiveness, RunSpec, Variant, fast_playout, game_seed, play_chunk, to_columns
from tabletop.core.compiled import COMPILED
from tabletop.games.jumanji import JumanjiGame
from tabletop.games.jumanji.data import default_path

pytestmark = pytest.mark.skipif(not COMPILED, reason="the compiled kernels need Numba (the fast extra)")

if COMPILED:
    from tabletop.games.jumanji.playout import ALL_LOSE, RandomPlayout

OPTIONS: list[dict[str, Any]] = [
    *({"players": players, "rescue_rolls": rolls} for players in (2, 3, 4) for rolls in (4, 8, 10)),
    {"players": 4, "first_player": 2},
    {"players": 3, "challenge_cards": 4, "rescue_rolls": 6},
    {"players": 2, "turn_limit": 12},
    {"players": 4, "challenge_cards": 2, "first_player": 3, "turn_limit": 25},
]
CHECKS = KernelChecks("jumanji", JumanjiGame, ["kernel", "playout"])
make, compare = CHECKS.make, CHECKS.compare


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_the_kernel_plays_the_rules_game_step_by_step(options: dict[str, Any]) -> None:
    """J-SETUP-1, J-SETUP-2, J-TURN-1..4, J-RHINO-1, J-RHINO-3, J-BLANK-1..3, J-JUNGLE-1..3, J-RESCUE-1,
    J-RESCUE-2, J-WAIT-1..3, J-WIN-1, J-WIN-2, J-GRID-1, R-J2..R-J10, R-J14, R-J15, R-J18, R-J21 as the
    readable rules play them: the same position, legal actions and outcomes after every action, the same
    game for each seed, the same row."""
    game = make(**options)
    actions = sum(compare(game, game_seed(3, i)) for i in range(20))
    assert actions > 20 * 10


def test_the_kernel_reaches_every_ending() -> None:
    """R-J8 (a tie at the centre), R-J10 (the grid fills), R-J21 (the turn limit) and J-WIN-1 all occur in
    the games compared, so each ending's code is checked."""
    endings: set[str] = set()
    for options in ({"players": 4}, {"players": 2, "rescue_rolls": 4}, {"players": 3, "turn_limit": 5}):
        game = make(**options)
        playout = CHECKS.playout(game)
        assert isinstance(playout, RandomPlayout)
        ties = game.encoding.chance_texts.index("first 0")
        seeds = [game_seed(5, i) for i in range(300)]
        batch = playout.batch(seeds)
        for k, seed in enumerate(seeds):
            row, played, _ = playout.record(seed)
            ending = "won" if batch.winners(k) else "lost" if row[ALL_LOSE] else "limit"
            if played[-1] >= ties:  # a chance outcome "first S" ends a tie (the decisions' integers are 0..n)
                ending = "tie"
            if ending not in endings:
                compare(game, seed)
                endings.add(ending)
    assert endings == {"won", "lost", "limit", "tie"}


def test_many_seeds_in_one_call_are_the_games_one_by_one() -> None:
    """``batch`` plays the games ``__call__`` plays, and its lead changes and drama are place_metrics'."""
    CHECKS.batch_is_one_by_one(make(players=4, challenge_cards=1), [game_seed(3, i) for i in range(80)])


#: two cards left in the draw pile (R-J5 is near): seat 1 to roll, 3 players
NEAR_THE_END_OF_THE_PILE = (
    "pawns=53,64,64 rhino=- grid=10,6 discard=1,2,3,4,5,7,8,9,11,12,14,15,17,18,19,20,21,22,23,24,25,26,27,28,29,30 "
    "card=- seat=1 turn=41 phase=roll tally=28,2,65,2"
)
MUTATIONS: list[tuple[str, str, str, dict[str, Any], str]] = [
    # (module, original text, planted text, options, what it breaks)
    ("kernel", "if s[TURN] >= t.turn_limit:", "if s[TURN] > t.turn_limit:", {"turn_limit": 6}, "R-J21"),
    ("kernel", "        if n % 2:  # J-RHINO-3", "        if not n % 2:  # J-RHINO-3", {}, "J-RHINO-3"),
    ("kernel", "    if following == seat:  # J-WAIT-2", "    if following == -1:  # J-WAIT-2", {}, "R-J9"),
    ("kernel", "            s[PHASE] = DRAW\n            return", "            s[PHASE] = LOST\n            return", {},
     "J-JUNGLE-3"),
    ("kernel", "    if target > t.centre[seat]:  # J-WIN-2", "    if target > t.centre[seat] + 1:  # J-WIN-2", {},
     "J-WIN-2"),
    ("kernel", "    if s[RHINO_AT] == seat:  # R-J3", "    if s[RHINO_AT] == -2:  # R-J3", {}, "R-J3"),
    ("kernel", "int(t.saved if u < t.cutoff else t.failed)", "int(t.saved if u < t.cutoff * 0.99 else t.failed)",
     {}, "R-J6"),
    ("kernel", "        if seat != s[RHINO_AT] and s[t.o_pos + seat] + 1 < t.centre[seat]:",
     "        if s[t.o_pos + seat] + 1 < t.centre[seat]:", {}, "R-J4"),
    ("kernel", "    if s[PILE_SIZE] == 0:  # R-J5", "    if s[PILE_SIZE] == -1:  # R-J5",
     {"rescue_rolls": 10, "start": NEAR_THE_END_OF_THE_PILE}, "R-J5"),
    ("kernel", "    first = cur if s[KIND] == JUNGLE_KIND else cur + 1", "    first = cur + 1", {}, "J-JUNGLE-2"),
    ("playout", "action = legal[pick(streams[1 + seat], count)]", "action = legal[pick(streams[1], count)]", {},
     "the seats' own streams"),
    ("kernel", "places[seat] = t.rank[seat, s[t.o_pos + seat]]", "places[seat] = t.rank[seat, s[t.o_pos + seat] // 2]",
     {}, "standings"),
]  # fmt: skip
#: what sees each mutation first: the standings touch no position, so only the summaries (results) reveal them
CAUGHT_BY = {"standings": "results", "the seats' own streams": "runs (one engine raised)"}


@pytest.mark.parametrize("module, original, planted, options, rule", MUTATIONS, ids=[m[4] for m in MUTATIONS])
def test_a_planted_mutation_is_caught(
    module: str, original: str, planted: str, options: dict[str, Any], rule: str
) -> None:
    """Each mutation changes one rule of the kernel (``rule``); the comparison finds it within a few games."""
    options = dict(options)
    start = options.pop("start", None)
    game = make(**{"players": 3, **options})
    seeds = [game_seed(5, i) for i in range(40)]
    caught = CHECKS.catches(game, module, original, planted, seeds, start, agreeing=3)
    assert caught.what == CAUGHT_BY.get(rule, caught.what), caught
    if rule == "the seats' own streams":  # the stepped game draws from the right streams: the kernel's loop does not
        assert "whole-game loop" in str(caught)


def test_a_board_with_shared_spaces_plays_by_the_readable_rules(crossing: Callable[..., JumanjiGame]) -> None:
    """R-J11: crossings are not in the kernel, so the game offers no playout and the runner plays the rules."""
    game = crossing(players=3)
    assert game.random_playout() is None and game.twins() is None and game.kernel_twins() is None
    with pytest.raises(ValueError, match="shared spaces"):
        RandomPlayout(game)
    variant = Variant("x", game, (RandomAgent(), RandomAgent(), RandomAgent()))
    assert fast_playout(variant) is None


def test_the_runner_uses_the_playout_only_for_plain_random_players() -> None:
    """The runner's rows are the traced games' rows, whichever path it takes: the kernel for random
    players (many games in one call), the rules for a heuristic seat and for the games whose
    decisiveness is measured."""
    game = make(players=3, rescue_rolls=6)
    randoms = Variant("random", game, (RandomAgent(), RandomAgent(), RandomAgent()))
    mixed = Variant("mixed", game, (RandomAgent(), HeuristicAgent(), RandomAgent()))
    assert fast_playout(randoms) is not None and fast_playout(mixed) is None

    class Subclassed(RandomAgent):
        pass

    assert fast_playout(Variant("sub", game, (RandomAgent(), Subclassed(), RandomAgent()))) is None
    spec = RunSpec((randoms, mixed), seed=11, decisiveness=Decisiveness(games=2, points=3, rollouts=2))
    chunk = play_chunk(spec, 0, 40)
    for v, variant in enumerate(spec.variants):
        rows = [play_traced(game, variant.agents, game_seed(11, i))[1] for i in range(40)]
        expected = to_columns(rows, 0)
        measured = chunk.columns[v]["decisive_at"]
        assert measured[0] is not None and measured[1] is not None and measured[2:] == [None] * 38
        expected["decisive_at"] = measured
        assert chunk.columns[v] == expected
        assert chunk.figures[v] == [row.figures for row in rows]


def test_the_kernel_takes_every_number_from_the_data_file(short: Callable[..., JumanjiGame]) -> None:
    """A user's board (the short test board: 10 spaces) with other rescue rolls is played the same way."""
    for players in (2, 3, 4):
        game = short(players=players, rescue_rolls=3)
        rng = random.Random(players)
        for _ in range(25):
            compare(game, rng.randrange(2**64))


def test_a_game_sent_to_a_worker_keeps_its_playout() -> None:
    """Worker processes get the game pickled and build the kernel's tables again there."""
    CHECKS.survives_pickling(make(players=3, rescue_rolls=4), range(50))


def test_paths_of_different_lengths_compare_their_standings_as_shares(tmp_path: Path) -> None:
    """J-WIN-1 on a user board whose red path is shorter: the standings are shares of different paths, on
    one scale of every share a pawn can have, and the rows (lead changes, drama) still match."""
    text = default_path().read_text(encoding="utf-8")
    uneven = tmp_path / "uneven.toml"
    uneven.write_text(re.sub(r'spaces = "[BWJR]+"', 'spaces = "BBBRBWBBJBRBBWBJBBRBB"', text, count=1), "utf-8")
    for players in (2, 4):
        game = make(players=players, data=str(uneven))
        assert len(set(game.board.centre[:players])) > 1
        for i in range(30):
            compare(game, game_seed(2, i))
