"""The core contract, on a tiny test game (tests/core/conftest.py)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import tabletop
from tabletop.agents import RandomAgent
from tabletop.core import (
    CHANCE,
    Game,
    IllegalActionError,
    InvalidOptionError,
    NotationError,
    ReplayError,
    TimeModel,
    UnknownGameError,
)
from tabletop.core.actions import Action
from tabletop.core.chance import Distribution
from tabletop.core.record import Record
from tabletop.core.state import LONG_SCAN
from tabletop.testing import check_game


def test_make_validates_name_players_and_options() -> None:
    with pytest.raises(UnknownGameError, match="unknown game 'chess'; available games: .*race"):
        tabletop.make("chess")
    with pytest.raises(InvalidOptionError, match="option 'players' of race must be an integer from 2 to 3, not 5"):
        tabletop.make("race", players=5)
    with pytest.raises(InvalidOptionError, match="unknown option 'colour' for race; allowed options: players"):
        tabletop.make("race", colour="red")
    with pytest.raises(InvalidOptionError, match="'goal' of race must be an integer from 2 to 50"):
        tabletop.make("race", goal=99)
    with pytest.raises(InvalidOptionError, match="'first_player' of race must be a seat from 0 to 1"):
        tabletop.make("race", first_player=2)
    with pytest.raises(ValueError):
        tabletop.make("race", goal="many")


def test_options_from_text_are_converted() -> None:
    game = tabletop.make("race", players="3", goal="10")
    assert game.num_players == 3 and game.options["goal"] == 10
    assert game == tabletop.make("race", players=3, goal=10)
    assert repr(game) == "tabletop.make('race', players=3, first_player=0, goal=10)"


def test_chance_node_has_exact_outcomes(race: Game) -> None:
    state = race.new_initial_state()
    assert state.current_player() == CHANCE and state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [str(a) for a, _ in outcomes] == ["roll 1", "roll 2", "roll 3"]
    assert all(p == Fraction(1, 3) for _, p in outcomes)


def test_illegal_action_raises_names_choices_and_changes_nothing(race: Game) -> None:
    state = race.new_initial_state()
    state.apply_action("roll 2")
    before = state.to_text()
    with pytest.raises(IllegalActionError, match=r"'jump' is not a legal action for seat 0 here; legal: advance, wait"):
        state.apply_action("jump")
    with pytest.raises(IllegalActionError, match="'advance' is not a legal chance outcome here; legal: roll 1"):
        race.new_initial_state().apply_action("advance")
    assert state.to_text() == before and [str(a) for a in state.history()] == ["roll 2"]


def test_distribution_membership_by_index() -> None:
    """``action in distribution`` is true exactly for its outcomes (the check apply_action uses past
    LONG_SCAN outcomes), and agrees with ``probability``."""

    class Face(Action):
        def __init__(self, n: int) -> None:
            self.n = n

        def __str__(self) -> str:
            return str(self.n)

    faces = [Face(n) for n in range(100)]
    for dist in (Distribution.uniform(faces[:60]), Distribution.weighted([(f, 1 + f.n) for f in faces[:60]])):
        assert all(f in dist for f in faces[:60]) and not any(f in dist for f in faces[60:])
        assert [f for f in faces if dist.probability(f) > 0] == faces[:60]
        assert [1] not in dist and "3" not in dist  # not actions (an unhashable one included): never outcomes
    assert LONG_SCAN < 60


def test_time_model_counts_seconds_per_figure() -> None:
    """A time model may count seconds per unit of the game's own figures; a figure it needs but the game did
    not report is an error naming it, never a silent zero."""
    model = TimeModel(setup_minutes=2, seconds_per_turn=10, seconds_per_figure=(("cards", 30.0), ("waits", 6.0)))
    assert model.minutes(12, figures={"cards": 4, "waits": 5, "other": 99}) == 2 + (120 + 120 + 30) / 60
    with pytest.raises(ValueError, match="'waits'"):
        model.minutes(12, figures={"cards": 4})
    with pytest.raises(ValueError, match="'cards'"):
        model.minutes(12)


def test_actions_round_trip_through_text(race: Game) -> None:
    state = race.new_initial_state()
    for action in state.legal_actions():
        assert state.parse_action(str(action)) is action


def test_clone_is_independent_and_text_round_trips(race: Game) -> None:
    state = race.new_initial_state()
    state.apply_action("roll 3")
    clone = state.clone()
    clone.apply_action("advance")
    assert state.to_text() == "0,0 0 3 1"
    assert clone.to_text() == "3,0 1 0 2"
    assert race.state_from_text(clone.to_text()) == clone
    assert race.state_from_dict(json.loads(json.dumps(clone.to_dict()))) == clone
    assert clone.log() == ["seat 0 rolls 3"] and state.log() == ["seat 0 rolls 3"]


def test_malformed_position_is_rejected(race: Game) -> None:
    with pytest.raises(NotationError, match="not a race position"):
        race.state_from_text("nonsense")


def test_play_is_reproducible_and_replays(race: Game) -> None:
    a = tabletop.play(race, [RandomAgent(), RandomAgent()], seed=11)
    b = tabletop.play(race, [RandomAgent(), RandomAgent()], seed=11)
    assert a.actions == b.actions and a.winners == b.winners
    assert a.game == "race" and a.version == tabletop.__version__ and a.seed == 11
    assert a.options == race.options and a.agents == ["random", "random"]
    final = tabletop.replay(a)
    assert final.is_terminal() and list(final.winners()) == a.winners
    other = tabletop.play(race, [RandomAgent(), RandomAgent()], seed=12)
    assert other.actions != a.actions


def test_record_survives_json_and_detects_tampering(race: Game, tmp_path: object) -> None:
    record = tabletop.play(race, [RandomAgent(), RandomAgent()], seed=3)
    again = Record.from_json(record.to_json())
    assert again == record
    tampered = Record.from_json(record.to_json())
    tampered.actions[1] = "roll 1"
    with pytest.raises(ReplayError, match="action 2 of"):
        tabletop.replay(tampered)
    lying = Record.from_json(record.to_json())
    lying.winners = [1 - record.winners[0]] if record.winners else [0]
    with pytest.raises(ReplayError, match="winners"):
        tabletop.replay(lying)
    with pytest.raises(NotationError, match="not a tabletop record"):
        Record.from_json("{}", source="x.json")


def test_play_from_a_position(race: Game) -> None:
    start = race.state_from_text("5,0 0 0 9")
    record = tabletop.play(race, [RandomAgent(), RandomAgent()], seed=1, state=start)
    assert record.initial == "5,0 0 0 9"
    assert tabletop.replay(record).is_terminal()
    assert start.to_text() == "5,0 0 0 9"


def test_conformance_suite_passes_on_the_test_game(race: Game) -> None:
    report = check_game(race, playouts=5, seed=2)
    assert report.playouts == 5 and report.steps > 0 and report.decisions > 0


def test_conformance_suite_catches_a_broken_game() -> None:
    from tabletop.testing import ConformanceError

    class Broken(type(tabletop.make("race"))):  # type: ignore[misc]
        def new_initial_state(self):  # type: ignore[no-untyped-def]
            state = super().new_initial_state()
            state.turns = 7
            return state

        def state_from_text(self, text):  # type: ignore[no-untyped-def]
            state = super().state_from_text(text)
            state.turns = 1  # forgets the turn counter: the text does not round-trip
            return state

    with pytest.raises(ConformanceError, match="text round-trip differs"):
        check_game(Broken(players=2), playouts=1)
