"""The fast random playout is the readable rules' game, step by step (style habit 11).

The large run is benchmarks/jumanji_equivalence.py (10^5 games); here a few hundred games over
every player count, the rescue roll counts the workbench's questions use and the other options,
and altered playouts that the comparison must catch.
"""

from __future__ import annotations

import pickle
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop.agents import RandomAgent
from tabletop.agents.heuristic import HeuristicAgent
from tabletop.analysis.metrics import play_traced, row_of
from tabletop.analysis.runner import Decisiveness, RunSpec, Variant, fast_playout, game_seed, play_chunk, to_columns
from tabletop.core.play import MASK64, Streams, mix64, seat_key, stream_name_key
from tabletop.games.jumanji import JumanjiGame
from tabletop.games.jumanji.data import default_path
from tabletop.games.jumanji.playout import Divergence, RandomPlayout, Step, replay

OPTIONS: list[dict[str, Any]] = [
    *({"players": players, "rescue_rolls": rolls} for players in (2, 3, 4) for rolls in (4, 6, 8, 10)),
    {"players": 4, "first_player": 2},
    {"players": 3, "challenge_cards": 4, "rescue_rolls": 6},
    {"players": 2, "turn_limit": 12},
    {"players": 4, "challenge_cards": 2, "first_player": 3, "turn_limit": 25},
]


def make(**options: Any) -> JumanjiGame:
    game = tabletop.make("jumanji", **options)
    assert isinstance(game, JumanjiGame)
    return game


def compare(game: JumanjiGame, seed: int, playout: RandomPlayout | None = None) -> int:
    """The same checks as benchmarks/jumanji_equivalence.py: actions, positions, options, row."""
    steps: list[Step] = []
    summary = (playout or RandomPlayout(game)).play(seed, steps.append)
    final, row = play_traced(game, [RandomAgent() for _ in range(game.num_players)], seed)
    if list(final.history()) != [step.action for step in steps[:-1]]:
        raise Divergence(f"seed {seed}: not the rules' game")
    replay(game, steps)
    if row_of(summary, seed, game.time_model()) != row:
        raise Divergence(f"seed {seed}: the rows differ")
    return len(steps) - 1


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_the_playout_is_the_rules_game_step_by_step(options: dict[str, Any]) -> None:
    """J-TURN-1..J-GRID-1 as the readable rules play them: after every action the same position, legal
    actions and chance outcomes; the same game for each seed; the same row."""
    game = make(**options)
    actions = sum(compare(game, game_seed(3, i)) for i in range(25))
    assert actions > 25 * 10


def test_the_playout_reaches_every_ending() -> None:
    """R-J8 (a tie at the centre), R-J10 (the grid fills), R-J21 (the turn limit) and J-WIN-1 all occur in
    the games compared, so each ending's code is checked."""
    endings: set[str] = set()
    for options in ({"players": 4}, {"players": 2, "rescue_rolls": 4}, {"players": 3, "turn_limit": 5}):
        game = make(**options)
        for i in range(150):
            steps: list[Step] = []
            RandomPlayout(game).play(game_seed(5, i), steps.append)
            kinds = {str(step.action).split()[0] for step in steps if step.action is not None}
            endings.add(steps[-1].position.to_text().split("phase=")[1].split(":")[0].split()[0])
            if "first" in kinds:
                endings.add("tie")
            if i < 20:
                compare(game, game_seed(5, i))
    assert {"won", "lost", "limit", "tie"} <= endings


@pytest.mark.parametrize(
    ("change", "caught_by"),
    [
        (lambda p: setattr(p, "stop_faces", frozenset({5})), "position"),  # J-WAIT-1 with one safe face
        (lambda p: setattr(p, "cutoff", p.cutoff * 0.9), "game"),  # R-J6: a rescue roll's chance
        (lambda p: setattr(p, "faces", p.faces[::-1]), "game"),  # the number die's outcome order
        (lambda p: setattr(p, "seat_keys", p.seat_keys[::-1]), "game"),  # another seat's stream decides
        (lambda p: setattr(p, "first_player", 1), "position"),  # J-TURN-1
        (lambda p: setattr(p, "numbers", tuple(n + 1 for n in p.numbers)), "position"),  # the cards' numbers
        (lambda p: setattr(p, "shares", (p.shares[0][::-1], *p.shares[1:])), "row"),  # standings: only the row
    ],
    ids=["wait-faces", "rescue-chance", "die-order", "seat-streams", "first-player", "card-numbers", "standings"],
)
def test_an_altered_playout_is_caught(change: Callable[[RandomPlayout], None], caught_by: str) -> None:
    """Each check catches what the others cannot: the standings never touch a position, so only the rows
    catch them; a different chance or decision shows first as another game."""
    game = make(players=4)
    playout = RandomPlayout(game)
    change(playout)
    messages = []
    for i in range(30):
        try:
            compare(game, game_seed(7, i), playout)
        except Divergence as exc:
            messages.append(str(exc))
    assert messages, "the altered playout was not caught"
    expected = {"position": "playout is at", "game": "not the rules' game", "row": "the rows differ"}[caught_by]
    if caught_by == "position":  # a different position may also show first as a different game
        assert any(expected in m or "not the rules' game" in m for m in messages)
    else:
        assert any(expected in m for m in messages)


def test_the_streams_are_the_drivers_streams() -> None:
    """The playout's C generators, keyed like Streams, give the same numbers as Streams' random.Random."""
    from _random import Random

    for seed in (0, 1, 2**63 + 5, -3):
        base = mix64(seed & MASK64)
        streams = Streams(seed)
        chance = Random(mix64(base ^ stream_name_key("chance")))
        assert [chance.random() for _ in range(5)] == [streams.stream("chance").random() for _ in range(5)]
        for seat in range(4):
            mine = Random(mix64(base ^ seat_key(seat)))
            assert mine.random() == streams.seat(seat).random()


def test_a_board_with_shared_spaces_plays_by_the_readable_rules(crossing: Callable[..., JumanjiGame]) -> None:
    """R-J11: crossings are not in the fast playout, so the game offers none and the runner plays the rules."""
    game = crossing(players=3)
    assert game.random_playout() is None
    with pytest.raises(ValueError, match="shared spaces"):
        RandomPlayout(game)
    variant = Variant("x", game, (RandomAgent(), RandomAgent(), RandomAgent()))
    assert fast_playout(variant) is None


def test_the_runner_uses_the_playout_only_for_plain_random_players(short_board: Path) -> None:
    """The runner's rows are the traced games' rows, whichever path it takes: the playout for random
    players, the rules for a heuristic seat and for the games whose decisiveness is measured."""
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


def test_the_playout_takes_every_number_from_the_data_file(short: Callable[..., JumanjiGame]) -> None:
    """A user's board (the short test board: 10 spaces) with other rescue rolls is played the same way."""
    for players in (2, 3, 4):
        game = short(players=players, rescue_rolls=3)
        rng = random.Random(players)
        for _ in range(40):
            compare(game, rng.randrange(2**64))


def test_a_game_sent_to_a_worker_keeps_its_playout() -> None:
    """Worker processes get the game pickled (its actions are copies there, not the interned ones)."""
    game = make(players=3, rescue_rolls=4)
    copy = pickle.loads(pickle.dumps(game))
    playout, copied = game.random_playout(), copy.random_playout()
    assert playout is not None and copied is not None
    assert all(playout(seed) == copied(seed) for seed in range(50))


def test_paths_of_different_lengths_report_their_standings_as_shares(tmp_path: Path) -> None:
    """J-WIN-1 on a user board whose red path is shorter: standings are no longer one scale of the places,
    so the playout reports them as the shares themselves, and the rows still match."""
    text = default_path().read_text(encoding="utf-8")
    uneven = tmp_path / "uneven.toml"
    uneven.write_text(re.sub(r'spaces = "[BWJR]+"', 'spaces = "BBBRBWBBJBRBBWBJBBRBB"', text, count=1), "utf-8")
    for players in (2, 4):
        game = make(players=players, data=str(uneven))
        playout = RandomPlayout(game)
        assert not playout.one_scale
        summary = playout(game_seed(2, 0))
        assert summary.places is None and summary.standings is not None
        for i in range(30):
            compare(game, game_seed(2, i))
