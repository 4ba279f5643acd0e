"""A fourth game with no edit to tabletop: examples/pig, a package of its own, installed by `make test`.

It is listed by `tabletop games`, passes the conformance suite (tests/test_conformance.py runs over
every installed game; here it is checked by name too), plays in a terminal, runs in `simulate` and
`tournament`, plays against `mcts`, and is played in the browser by tests/interfaces/web/test_browser.py,
which plays every installed game. No file of tabletop names it (tests/test_game_names.py).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest
from typer.testing import CliRunner

import tabletop
from tabletop.agents import RandomAgent, from_spec
from tabletop.core.record import Record
from tabletop.core.registry import installed_games, part
from tabletop.core.replay import replay
from tabletop.interfaces.cli.app import app
from tabletop.testing import check_game, check_views, option_combinations

ROOT = Path(__file__).resolve().parents[2]
TABLETOP = shutil.which("tabletop") or str(Path(sys.executable).with_name("tabletop"))
runner = CliRunner()


@pytest.fixture(autouse=True, scope="module")
def installed() -> None:
    if "pig" not in installed_games():
        pytest.fail("the example game is not installed: run `make test` (it runs pip install -e examples/pig)")


def test_it_is_a_separate_package_found_by_its_entry_point_alone() -> None:
    game_class = tabletop.core.registry.game_class("pig")
    assert game_class.__module__ == "tabletop_pig.game"
    source = Path(sys.modules[game_class.__module__].__file__ or "")
    assert source.is_relative_to(ROOT / "examples" / "pig" / "src")
    assert all(part("pig", kind).__name__.startswith("tabletop_pig") for kind in ("terminal", "web"))


def test_tabletop_games_lists_it() -> None:
    listed = subprocess.run([TABLETOP, "games"], capture_output=True, text=True, check=True,
                            env={**os.environ, "COLUMNS": "120"}).stdout
    assert "Pig (dice game)  (pig, 2-4 players)" in listed and "goal" in listed


def test_it_passes_the_conformance_suite_with_every_option_combination() -> None:
    combinations = option_combinations(tabletop.core.registry.game_class("pig"))
    assert len(combinations) == 9  # players 2, 4 x first player 0, 3 (with four players) x goal 100, 10, 1000
    for options in combinations:
        check_game(tabletop.make("pig", **options), playouts=2)
    report = check_views(tabletop.make("pig", players=3), playouts=1)
    assert report.renders >= report.states


def test_it_plays_in_a_terminal(tmp_path: Path) -> None:
    record_path = tmp_path / "pig.json"
    child = pexpect.spawn(
        TABLETOP,
        ["play", "pig", "--players", "2", "--humans", "1", "--seed", "3", "--bots", "heuristic",
         "--save", str(record_path)],
        env={**os.environ, "COLUMNS": "100", "TERM": "xterm-256color"},
        encoding="utf-8",
        timeout=30,
    )
    child.expect("press Enter to roll the die")
    child.sendline("")
    held = False
    while True:
        index = child.expect(["press Enter to roll the die", r"Your choice, seat 0", "Game record saved"])
        if index == 0:
            child.sendline("")
        elif index == 1:
            child.expect("> ")
            child.sendline("hold" if not held else "2")  # by its notation once, then by its number
            held = True
        else:
            break
    child.expect(pexpect.EOF)
    record = Record.load(record_path)
    assert held and record.game == "pig" and record.agents == ["human", "heuristic"]
    assert replay(record).is_terminal() and record.winners


def test_it_runs_in_simulate_and_tournament() -> None:
    simulated = runner.invoke(app, ["simulate", "pig", "-n", "200", "--seed", "2", "--bots", "heuristic",
                                    "--bot-seat", "1=random", "--json"])
    assert simulated.exit_code == 0, simulated.output
    assert '"game": "pig"' in simulated.output and '"score[0]"' in simulated.output
    compared = runner.invoke(app, ["tournament", "pig", "-a", "random,heuristic", "-n", "40", "-w", "1"])
    assert compared.exit_code == 0, compared.output
    assert "heuristic" in compared.output and "Elo" in compared.output


def test_it_is_a_learning_environment_as_examples_train_says() -> None:
    """pig's encoding part makes it a Gymnasium, PettingZoo and OpenSpiel game (checked by each library's own
    checker in tests/rl); every game examples/train.py's usage names is a registered environment."""
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    from tabletop.rl.common import env_id
    from tabletop.rl.gymnasium import register_envs

    usage = (ROOT / "examples" / "train.py").read_text(encoding="utf-8").split('"""')[1]
    named = re.findall(r"--game (\S+)", usage)
    assert "pig" in named and all(env_id(game) in register_envs() for game in named)
    env = gymnasium.make(env_id("pig"), players=3, opponents="heuristic")
    check_env(env.unwrapped)
    observation, info = env.reset(seed=1)
    assert observation.shape == (3 + 3 + 3,) and info["action_mask"].tolist() == [1, 1]  # roll or hold


def test_it_plays_against_mcts() -> None:
    game = tabletop.make("pig", players=3)
    for seed in range(3):
        agents = [from_spec("mcts:iterations=40:rollout_limit=400"), from_spec("mcts:rollout=heuristic:iterations=20"),
                  RandomAgent()]
        record = tabletop.play(game, agents, seed=seed)
        assert record.winners and replay(record).winners() == tuple(record.winners)
