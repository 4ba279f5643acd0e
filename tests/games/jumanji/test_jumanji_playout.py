"""The fast random playout is the readable rules' game, step by step (style habit 11).

The differential harness (tabletop.testing.differential) plays the traced playout and the readable
rules side by side; the large run is ``benchmarks/equivalence/equivalence.py --game jumanji`` (10^5
games). Here a few hundred games over every player count, the rescue roll counts the workbench's
questions use and the other options, and altered playouts that the harness must catch.
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
from tabletop.core.play import Streams
from tabletop.core.twins import PlayoutEngine, TraceStep, Twins
from tabletop.games.jumanji import JumanjiGame, playout
from tabletop.games.jumanji.data import default_path
from tabletop.games.jumanji.playout import RandomPlayout
from tabletop.testing.differential import must_catch, play_both

OPTIONS = JumanjiGame.twin_options


def make(**options: Any) -> JumanjiGame:
    game = tabletop.make("jumanji", **options)
    assert isinstance(game, JumanjiGame)
    return game


def twins(game: JumanjiGame, fast: RandomPlayout | None = None) -> Twins:
    """The game's pair, the fast side replaced by ``fast`` (an altered playout) if given."""
    pair = game.twins()
    assert pair is not None
    return pair if fast is None else Twins(PlayoutEngine(fast.play), pair.readable, pair.view, pair.final)


def compare(game: JumanjiGame, seed: int) -> int:
    """The harness's checks (before every action the same position: notation, draw pile, Wait rolls; the same
    options and action; the same summary), and the same row as the analysis' traced game."""
    actions = play_both(twins(game), seed)
    summary = RandomPlayout(game).play(seed)
    assert row_of(summary, seed, game.time_model()) == play_traced(game, [RandomAgent()] * game.num_players, seed)[1]
    return actions


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
            steps: list[TraceStep] = []
            RandomPlayout(game).play(game_seed(5, i), steps.append)
            kinds = {str(step.action).split()[0] for step in steps if step.action is not None}
            endings.add(steps[-1].position.to_text().split("phase=")[1].split(":")[0].split()[0])
            if "first" in kinds:
                endings.add("tie")
            if i < 20:
                compare(game, game_seed(5, i))
    assert {"won", "lost", "limit", "tie"} <= endings


class OtherSeatsStreams(Streams):
    """A planted change: each seat decides with the next seat's stream."""

    def seat(self, seat: int) -> random.Random:
        return super().seat(seat + 1)


@pytest.mark.parametrize(
    ("change", "caught_by"),
    [
        (lambda p: setattr(p, "stop_faces", frozenset({5})), "positions"),  # J-WAIT-1 with one safe face
        (lambda p: setattr(p, "rescue_pick", lambda u: int(u >= 0.4)), "actions"),  # R-J6: a rescue roll's chance
        (lambda p: setattr(p, "faces", p.faces[::-1]), "options"),  # the number die's outcome order
        (lambda p: setattr(playout, "Streams", OtherSeatsStreams), "actions"),  # another seat's stream decides
        (lambda p: setattr(p, "first_player", 1), "positions"),  # J-TURN-1
        (lambda p: setattr(p, "numbers", tuple(n + 1 for n in p.numbers)), "positions"),  # the cards' numbers
        (lambda p: setattr(p, "shares", (p.shares[0][::-1], *p.shares[1:])), "results"),  # standings: only the row
    ],
    ids=["wait-faces", "rescue-chance", "die-order", "seat-streams", "first-player", "card-numbers", "standings"],
)
def test_an_altered_playout_is_caught(
    change: Callable[[RandomPlayout], None], caught_by: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A planted change in the fast playout is caught, each by the check that sees it first: the standings never
    touch a position, so only the results (the summaries) catch them; a different chance or decision shows first
    as another action."""
    monkeypatch.setattr(playout, "Streams", Streams)  # restored after the test, whatever the change
    game = make(players=4)
    altered = RandomPlayout(game)
    change(altered)
    caught = must_catch(twins(game, altered), (game_seed(7, i) for i in range(30)))
    assert caught.what == caught_by, caught


def test_the_playout_draws_from_the_drivers_streams() -> None:
    """The playout takes its streams from core.play.Streams, not a copy of how they are made (the harness above
    shows it plays the readable rules' game for each seed), and uses no private module."""
    source = Path(playout.__file__).read_text(encoding="utf-8")
    assert "_random" not in source and "mix64" not in source and "Streams(seed)" in source


def test_a_board_with_shared_spaces_plays_by_the_readable_rules(crossing: Callable[..., JumanjiGame]) -> None:
    """R-J11: crossings are not in the fast playout, so the game offers none and the runner plays the rules."""
    game = crossing(players=3)
    assert game.random_playout() is None and game.twins() is None
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
