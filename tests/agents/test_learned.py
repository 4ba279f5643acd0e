"""The learned agent: Doodle Jump's shipped policy, played by NumPy in the CLI and on the web server (issue 27)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import tabletop
from tabletop.agents import from_spec
from tabletop.agents.learned import LearnedAgent, PolicyFileError, load, shipped_path
from tabletop.core.play import play
from tabletop.interfaces.cli.app import app as cli
from tabletop.interfaces.web.app import create_app
from tabletop.interfaces.web.rooms import Settings
from web_api import create, view


def test_doodle_jump_ships_a_policy_with_its_provenance() -> None:
    path = shipped_path(tabletop.make("doodle-jump", players=2))
    assert path is not None and Path(path).stat().st_size < 1_000_000
    note = load(path).note
    assert note["game"] == "doodle-jump" and note["options"]["players"] == 2
    assert note["command"].startswith("python examples/train.py") and note["steps"] > 0 and note["minutes"] > 0


def test_it_plays_whole_games_the_same_for_a_seed() -> None:
    game = tabletop.make("doodle-jump", players=2)
    first = play(game, [from_spec("learned"), from_spec("random")], seed=5)
    again = play(game, [from_spec("learned"), from_spec("random")], seed=5)
    assert first.actions == again.actions and first.winners is not None


def test_a_game_it_was_not_trained_on_is_refused_by_name() -> None:
    with pytest.raises(PolicyFileError, match="trained on doodle-jump"):
        play(tabletop.make("doodle-jump", players=3), [LearnedAgent(), from_spec("random"), from_spec("random")], 1)
    with pytest.raises(PolicyFileError, match="ships no learned policy"):
        play(tabletop.make("jumanji", players=2), [LearnedAgent(), from_spec("random")], seed=1)


def test_the_cli_rates_it_in_a_tournament() -> None:
    result = CliRunner().invoke(cli, ["tournament", "doodle-jump", "-p", "2", "-n", "4", "-a", "learned,random",
                                      "--seed", "2", "-w", "1"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "learned" in result.output


def test_the_web_server_seats_it_as_a_bot(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}", Settings(bot_delay=0.0, chance_delay=0.0))) as c:
        created = create(c, "doodle-jump", [{"kind": "bot", "bot": "learned"}, {"kind": "bot", "bot": "random"}],
                         {"players": 2})  # fmt: skip
        deadline = time.monotonic() + 60
        while not (final := view(c, created["id"]))["terminal"]:
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.05)
        assert final["winners"]
