"""The command line, in-process on the test race game (tests/conftest.py)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tabletop.core import registry
from tabletop.core.record import Record
from tabletop.interfaces.cli.app import app

runner = CliRunner()


def test_every_command_has_help_with_examples() -> None:
    for command in ("play", "replay", "simulate", "analyse"):
        result = runner.invoke(app, [command, "--help"])
        assert result.exit_code == 0
        assert "Example" in result.output


def test_simulate_reports_rates_and_length() -> None:
    result = runner.invoke(app, ["simulate", "race", "-n", "200", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "Win rate per seat" in result.output and "nobody" in result.output and "90th percentile" in result.output


def test_simulate_json_is_reproducible_and_independent_of_workers() -> None:
    one = runner.invoke(app, ["simulate", "race", "-n", "60", "--seed", "4", "--json"])
    two = runner.invoke(app, ["simulate", "race", "-n", "60", "--seed", "4", "--json", "--workers", "2"])
    assert one.exit_code == 0 and two.exit_code == 0
    a, b = json.loads(one.output), json.loads(two.output)
    assert a == b
    assert a["games"] == 60 and sum(s["wins"] for s in a["win_rate"]) + a["all_lose"]["games"] == 60
    low, high = a["win_rate"][0]["ci95"]
    assert low <= a["win_rate"][0]["rate"] <= high


def test_bad_options_are_refused_clearly() -> None:
    result = runner.invoke(app, ["simulate", "race", "-p", "9"])
    assert result.exit_code == 2
    assert "option 'players' of race must be an integer from 2 to 3, not 9" in result.output
    result = runner.invoke(app, ["simulate", "chess"])
    assert result.exit_code == 2 and "unknown game 'chess'" in result.output
    result = runner.invoke(app, ["simulate", "race", "-o", "speed=3"])
    assert result.exit_code == 2 and "unknown option 'speed' for race" in result.output


def test_play_with_bots_only_saves_a_record_that_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "race", "--humans", "0", "--seed", "5", "--save", str(path)])
    assert result.exit_code == 0, result.output
    record = Record.load(path)
    assert record.seed == 5 and record.agents == ["random", "random"] and record.winners
    replayed = runner.invoke(app, ["replay", str(path)])
    assert replayed.exit_code == 0 and "verified" in replayed.output


def test_play_with_a_human_reads_choices(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    answers = "help\n9\nwhat\n" + "advance\n" * 3 + "1\n" * 40
    result = runner.invoke(app, ["play", "race", "--humans", "1", "--seed", "2", "--save", str(path)], input=answers)
    assert result.exit_code == 0, result.output
    assert "Commands at your turn" in result.output
    assert "Choose a number from 1 to 2" in result.output
    assert "'what' is not a legal action for seat 0" in result.output
    record = Record.load(path)
    assert record.agents == ["human", "random"] and record.winners is not None


def test_replay_refuses_a_tampered_record(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    runner.invoke(app, ["play", "race", "--humans", "0", "--seed", "5", "--save", str(path)])
    record = Record.load(path)
    record.actions[2] = "roll 9"
    record.save(path)
    result = runner.invoke(app, ["replay", str(path), "--quiet"])
    assert result.exit_code == 1 and "action 3 of" in result.output
    (tmp_path / "bad.json").write_text("{")
    result = runner.invoke(app, ["replay", str(tmp_path / "bad.json")])
    assert result.exit_code == 2 and "bad.json: not a tabletop record" in result.output


def test_tabletop_games_lists_every_game_and_reports_one_that_does_not_load() -> None:
    registry.register("nowhere", "tabletop_no_such_module:Game")
    try:
        result = runner.invoke(app, ["games"])
    finally:
        registry._REGISTERED.pop("nowhere")
    assert result.exit_code == 0
    assert "nowhere: game 'nowhere' (tabletop_no_such_module:Game) cannot be loaded" in result.output
    assert all(f"({name}, " in result.output for name in registry.installed_games())


def test_tabletop_agents_lists_every_agent_with_its_options_and_reports_one_that_does_not_load() -> None:
    from tabletop.agents.registry import installed_agents, register, unregister

    register("broken", object())  # type: ignore[arg-type]
    try:
        result = runner.invoke(app, ["agents"], env={"COLUMNS": "200"})
    finally:
        unregister("broken")
    assert result.exit_code == 0
    assert "broken: agent 'broken' is registered as <object object" in result.output
    for name in installed_agents():
        assert f"{name}  (from " in result.output or name in result.output.split("Levels")[-1], name
    assert "rollout_limit" in result.output and "an integer of at least 1" in result.output
    assert "Levels (no options; each game picks the agent that plays it): beginner, easy, medium, hard, expert" in (
        result.output)


def test_analyse_explains_each_human_decision(tmp_path: Path) -> None:
    game = registry.make("race", players=2, goal=6)
    state = game.state_from_text("5,5 0 2 9")  # advancing wins now; waiting lets the other seat win
    record = Record(game="race", version="", options=dict(game.options), seed=None, agents=["human", "random"],
                    actions=["wait", "roll 3", "advance"], winners=[1], returns=[-1.0, 1.0], initial=state.to_text())
    path = tmp_path / "game.json"
    record.save(path)
    result = runner.invoke(app, ["analyse", str(path), "--iterations", "200", "--rollouts", "50"])
    assert result.exit_code == 0, result.output
    assert "blunder" in result.output and "expert: advance" in result.output
    result = runner.invoke(app, ["analyse", str(path), "-i", "200", "--rollouts", "50", "--json"])
    (decision,) = json.loads(result.output)["decisions"]
    assert decision["played"] == "wait" and decision["expert"] == "advance" and decision["before"]["value"] == 1.0
    assert decision["after"]["rollouts"] >= 50 and decision["swing"] < -0.5 and decision["highlighted"]
    result = runner.invoke(app, ["analyse", str(path), "--seat", "3"])
    assert result.exit_code == 1 and "seat 3 is not a seat of this 2-player game" in result.output


def test_serve_refuses_a_port_out_of_range_before_starting() -> None:
    for port in ("0", "65536", "99999"):
        result = runner.invoke(app, ["serve", "--port", port])
        assert result.exit_code == 2 and "--port" in result.output, (port, result.output)


def test_an_error_message_is_printed_as_text_not_markup() -> None:
    result = runner.invoke(app, ["compare", "jumanji", "--variant", "a:[bold]x=1"])
    assert result.exit_code == 2 and "unknown option '[bold]x'" in result.output
