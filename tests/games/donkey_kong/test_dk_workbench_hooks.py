"""The workbench's hooks: standings (who leads, by score so far) and the time model from the data file."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from dk_scenarios import TINY, make_game, position, state_of, write

from tabletop.analysis.metrics import lead_changes
from tabletop.core.errors import DataFileError
from tabletop.core.game import TimeModel

TIME = """
[time]
provisional = true
source = "a test's own numbers"
setup_minutes = 2.0
seconds_per_turn = 10.0
seconds_per_decision = 5.0
seconds_per_chance = 1.0
"""


def test_standings_are_the_scores_so_far() -> None:
    """K-END-2: the points of the face-down cards lead, not the face-up ones or the pawns' places."""
    state = state_of(position(players=3, pawns="A3,C5,B2", up="H400/-/-", down="J100.H300/H200/-"))
    assert state.standings() == [400.0, 200.0, 0.0] == [float(s) for s in state.scores()]


def test_the_finish_bonus_counts_once_the_game_is_over() -> None:
    """K-END-1/2: the seat that reached the Finish leads by its bonus at the end."""
    game = make_game(2, first_player=None)
    rng = random.Random(7)
    state = game.new_initial_state()
    trace = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_distribution().sample(rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        trace.append(state.standings())
    final = state.standings()
    assert final == [float(s) for s in state.scores()]
    bonus = [0.0, 0.0]
    bonus[state.finisher] = game.rules.finish_bonus
    down = [float(sum(c * p for c, p in zip(state.played_of(seat), game.rules.card_points, strict=True)))
            for seat in range(2)]
    assert final == [d + b for d, b in zip(down, bonus, strict=True)]
    assert lead_changes(trace) >= 0 and max(final) == final[state.winners()[0]]


def test_the_time_model_comes_from_the_data_file() -> None:
    model = make_game(4).time_model()
    assert model == TimeModel(setup_minutes=3.0, seconds_per_turn=20.0, seconds_per_decision=4.0,
                              seconds_per_chance=3.0)
    assert model.minutes(turns=60, decisions=90, chance=150) == 3.0 + (1200 + 360 + 450) / 60


def test_a_users_file_sets_its_own_time_or_none(tmp_path: Path) -> None:
    assert make_game(2, data=write(tmp_path, TINY)).time_model() is None
    model = make_game(2, data=write(tmp_path, TINY + TIME)).time_model()
    assert model is not None and model.minutes(turns=6, decisions=4, chance=10) == 2.0 + (60 + 20 + 10) / 60


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("seconds_per_turn = 10.0", "seconds_per_turn = -1.0"), "time.seconds_per_turn"),
        (("setup_minutes = 2.0", "setup_minutes = 1e9"), "time.setup_minutes"),
        (('source = "a test\'s own numbers"\n', ""), "time.source"),
        (("seconds_per_chance = 1.0", "seconds_per_chance = \"slow\""), "time.seconds_per_chance"),
    ],
)
def test_a_bad_time_section_is_a_data_file_error(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    old, new = change
    assert old in TIME
    with pytest.raises(DataFileError, match=message.replace(".", r"\.")):
        make_game(2, data=write(tmp_path, TINY + TIME.replace(old, new)))


def test_the_packaged_time_section_is_marked_provisional_with_its_source() -> None:
    from tabletop.games.donkey_kong.data import default_path, read_rules_file

    time = read_rules_file(default_path()).time
    assert time is not None and time.provisional and time.source.startswith("PROVISIONAL")
