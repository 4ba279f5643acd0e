"""The core contract on every option combination, whole games through tabletop.play, exact replays."""

from __future__ import annotations

import itertools
import random

import pytest

import tabletop
from tabletop.agents import RandomAgent
from tabletop.core.record import Record
from tabletop.testing import check_game

COMBOS = list(itertools.product((2, 3, 4), ("none", "power", "expert"), (None, 1), (False, True)))


@pytest.mark.parametrize(("players", "tiles", "first_player", "choose_shield"), COMBOS)
def test_conformance_every_option_combination(
    dj, players: int, tiles: str, first_player: int | None, choose_shield: bool
) -> None:
    game = dj.make(players=players, tiles=tiles, first_player=first_player, choose_shield=choose_shield)
    report = check_game(game, playouts=1, seed=players * 7 + len(tiles))
    assert report.playouts == 1 and report.max_length <= game.max_game_length()


@pytest.mark.parametrize(("players", "tiles"), list(itertools.product((2, 3, 4), ("none", "power", "expert"))))
def test_d_win_1_random_agents_finish_every_variant_and_records_replay(dj, players: int, tiles: str) -> None:
    """D-WIN-1: random agents play whole games to a winner; the record replays exactly, also from JSON."""
    game = dj.make(players=players, tiles=tiles)
    for seed in range(3):
        record = tabletop.play(game, [RandomAgent()] * players, seed=seed)
        assert record.winners is not None and len(record.winners) == 1
        assert sorted(record.returns or []) == [-1.0] * (players - 1) + [1.0]
        again = tabletop.replay(Record.from_json(record.to_json()))
        assert again.is_terminal() and list(again.winners()) == record.winners


def test_metrics_for_simulate(dj) -> None:
    """metrics(): turns, rolls, rolls per turn and the fall rate, read from the finished game."""
    game = dj.make(players=4, tiles="power")
    rng = random.Random(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_distribution().sample(rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
    metrics = state.metrics()
    assert set(metrics) == {"turns", "rolls", "rolls_per_turn", "fall_rate"}
    turns, rolls, falls = (int(x[1:]) for x in state.to_text().split()[-1].split(","))
    assert metrics["turns"] == turns == state.turn_number()
    assert metrics["rolls"] == rolls and metrics["rolls_per_turn"] == rolls / turns
    assert metrics["fall_rate"] == falls / turns
    assert metrics["rolls_per_turn"] >= 1.0 and 0.0 < metrics["fall_rate"] < 1.0


def test_history_and_log_show_the_push_your_luck_flow(dj) -> None:
    """A turn's whole flow is in history() and the readable log."""
    state = dj.position("A7/off/off/off")
    dj.play(state, "roll 1 3 4 4 6 / 2", "jump B9 = 1+4+4", "continue", "roll 2 5 / 1", "jump C3 = 2+s1", "stop")
    assert [str(a) for a in state.history()] == [
        "roll 1 3 4 4 6 / 2", "jump B9 = 1+4+4", "continue", "roll 2 5 / 1", "jump C3 = 2+s1", "stop",
    ]  # fmt: skip
    assert state.log() == [
        "seat 0 rolls 1 3 4 4 6 / 2",
        "seat 0 jumps to B9 with 1+4+4",
        "seat 0 rolls 3 dice",
        "seat 0 rolls 2 5 / 1",
        "seat 0 jumps to C3 with 2+s1",
        "seat 0 stops on C3",
    ]


def test_standings_are_each_doodlers_row(dj) -> None:
    """standings() (lead changes, drama): the row of the level under each Doodler, 1 to 8, 0 off the board;
    D-WIN-1: the race is to the top, so the highest Doodler leads."""
    state = dj.position("B9/off/G5/D4")  # the standard ramp A..H stacked bottom to top
    assert state.standings() == [2.0, 0.0, 7.0, 4.0]
    assert dj.position("off/off", seat=1, dice="4s").standings() == [0.0, 0.0]
    shifted = dj.position("E6/A3", dice="4s", ramp="E0/B0/C0/D0/A0/F0/G0/H0")  # A and E swapped: A is row 5 now
    assert shifted.standings() == [1.0, 5.0]


def test_time_model_reads_the_data_files_provisional_estimates(dj, tmp_path) -> None:
    """time_model(): setup minutes, seconds per roll (the figure ``rolls``) and per decision, from the
    data file's [time] section; a file without one gives no time model."""
    from tabletop.games.doodle_jump.data import DEFAULT_PATH

    game = dj.make(players=2)
    model = game.time_model()
    assert model is not None and game.time is not None and game.time.provisional
    assert model.minutes(30, decisions=100, figures={"rolls": 50.0}) == 3.0 + (100 * 4.0 + 50 * 5.0) / 60
    text = DEFAULT_PATH.read_text(encoding="utf-8")
    untimed = tmp_path / "untimed.toml"
    untimed.write_text(text[: text.index("[time]")], encoding="utf-8")
    assert dj.make(players=2, data=str(untimed)).time_model() is None
