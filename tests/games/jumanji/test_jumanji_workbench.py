"""Jumanji's hooks for the designer's workbench: standings (lead changes, drama) and the time model."""

from __future__ import annotations

import statistics
from pathlib import Path

import pytest

import tabletop
from tabletop.agents import RandomAgent
from tabletop.analysis.metrics import play_traced
from tabletop.games.jumanji.data import default_path


def test_j_win_1_standings_are_each_pawns_share_of_its_path() -> None:
    """J-WIN-1: the race is to the centre, so a pawn's standing is its place over the centre's (64 + 1)."""
    game = tabletop.make("jumanji", players=3)
    state = game.state_from_text(
        "pawns=13,0,65 rhino=- grid=- discard=- card=- seat=2 turn=9 phase=won:2 tally=0,0,0,0"
    )
    assert state.standings() == [13 / 65, 0.0, 1.0]
    assert game.new_initial_state().standings() == [0.0, 0.0, 0.0]


def test_j_wait_1_wait_rolls_are_counted_for_the_time_model() -> None:
    """J-WAIT-1, J-WAIT-2: each roll for a pawn on a Wait for 5 or 8 space counts in ``wait_rolls``; the
    turn's own roll does not."""
    state = tabletop.make("jumanji", players=2).new_initial_state()
    for roll in ("roll 6", "roll 3", "roll 5"):  # onto the Wait space at 6, a miss (back to 5), then safe
        state.apply_action(roll)
    assert state.metrics()["wait_rolls"] == 2.0
    assert state.clone().metrics()["wait_rolls"] == 2.0


def test_time_model_reads_the_data_files_provisional_estimates(tmp_path: Path) -> None:
    """15 s a turn, 40 s a danger card faced, 4 s a Wait roll (the data file's [time] section); a file
    without the section gives no time model."""
    game = tabletop.make("jumanji", players=2)
    model = game.time_model()
    assert model is not None
    figures = {"rescues_attempted": 20.0, "wait_rolls": 5.0}
    assert model.minutes(24, decisions=3, chance=80, figures=figures) == pytest.approx((24 * 15 + 20 * 40 + 5 * 4) / 60)
    text = default_path().read_text(encoding="utf-8")
    start = text.index("[time]")
    untimed = tmp_path / "untimed.toml"
    untimed.write_text(text[:start] + text[text.index("[number_die]") :], encoding="utf-8")
    assert tabletop.make("jumanji", players=2, data=str(untimed)).time_model() is None


def test_time_model_gives_the_minutes_the_data_notes_report() -> None:
    """The data file's notes measured a mean of 19.8 minutes for two players with this model (5000 games);
    400 random games here must agree within 1.2 minutes (about four standard errors)."""
    game = tabletop.make("jumanji", players=2)
    minutes = [play_traced(game, [RandomAgent(), RandomAgent()], seed)[1].minutes for seed in range(400)]
    assert all(m is not None for m in minutes)
    assert statistics.mean(m for m in minutes if m is not None) == pytest.approx(19.8, abs=1.2)
