"""An agent with no edit to tabletop: examples/flat_mc, a package of its own, installed by `make test`.

It is found by its entry point alone (group ``tabletop.agents``), listed with its options by
`tabletop agents`, made from a spec whose options tabletop checks against its declaration, and
plays in `tournament` (against random, in the example game pig) and as a bot on the web server,
which still refuses any agent that would load a file a client names. No file of tabletop names it.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
from fastapi.testclient import TestClient

import tabletop
from hidden_card import CARDS, HiddenCardGame, HiddenCardState, Say
from tabletop.agents import RandomAgent, from_spec
from tabletop.agents.registry import AGENTS, UnknownAgentError, installed_agents, register, unregister
from tabletop.core import CHANCE, TERMINAL, Option
from tabletop.interfaces.web.app import create_app
from tabletop.interfaces.web.limits import Limits

ROOT = Path(__file__).resolve().parents[2]
TABLETOP = shutil.which("tabletop") or str(Path(sys.executable).with_name("tabletop"))


@pytest.fixture(autouse=True, scope="module")
def installed() -> None:
    if "flat-mc" not in installed_agents():
        pytest.fail("the example agent is not installed: run `make test` (it runs pip install -e examples/flat_mc)")


def run(*arguments: str) -> str:
    done = subprocess.run([TABLETOP, *arguments], capture_output=True, text=True, env={**os.environ, "COLUMNS": "160"})
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_it_is_a_separate_package_found_by_its_entry_point_alone() -> None:
    kind = AGENTS["flat-mc"]
    assert kind.source == "tabletop-flat-mc" and [o.name for o in kind.options] == ["playouts", "limit"]
    source = Path(sys.modules[kind.factory.__module__].__file__ or "")
    assert source.is_relative_to(ROOT / "examples" / "flat_mc" / "src")
    texts = [path for path in (ROOT / "src" / "tabletop").rglob("*")
             if path.is_file() and path.suffix not in (".pyc", ".npz")]  # .npz: a shipped policy's weights
    assert not any(name in path.read_text(encoding="utf-8") for name in ("flat-mc", "flat_mc") for path in texts)


def test_tabletop_agents_lists_it_with_its_options() -> None:
    listed = run("agents")
    assert "flat-mc  (from tabletop-flat-mc)" in listed and "mcts  (from tabletop)" in listed
    assert "random games played on from each legal action" in listed and "an integer from 1 to 10000" in listed


def test_a_spec_is_checked_against_its_declared_options() -> None:
    assert from_spec("flat-mc:playouts=4").name == "flat-mc:playouts=4"
    with pytest.raises(UnknownAgentError, match="option 'playouts' of agent 'flat-mc' must be an integer"):
        from_spec("flat-mc:playouts=many")


def test_it_beats_random_in_a_tournament() -> None:
    report = json.loads(run("tournament", "pig", "--agents", "flat-mc:playouts=8,random", "-n", "60", "-w", "1",
                            "--seed", "4", "--json"))
    rates = {a["agent"]: a["win_rate"] for a in report["agents"]}
    assert set(rates) == {"flat-mc:playouts=8", "random"}
    assert rates["flat-mc:playouts=8"] > 0.6 > rates["random"], rates


GUESSES = tuple(Say(str(card)) for card in CARDS)


class _GuessState(HiddenCardState):
    """Hidden card's deal, then seat 0 names seat 1's card (hidden from it) and wins if it is right."""

    __slots__ = ()

    def current_player(self) -> int:
        return CHANCE if len(self.cards) < 2 else (TERMINAL if self.moves else 0)

    def _legal_actions(self) -> tuple[tabletop.Action, ...]:
        return GUESSES

    def winners(self) -> tuple[int, ...]:
        return () if not self.is_terminal() else ((0,) if self.moves == [str(self.cards[1])] else (1,))


class _GuessGame(HiddenCardGame):
    def new_initial_state(self) -> _GuessState:
        return _GuessState(self)


def test_it_reads_only_what_its_seat_may_see() -> None:
    """Seat 0 holds the 2 and cannot see whether seat 1 holds the 1 or the 3, so it guesses the same either
    way; a search that read the real state would name the real card every time."""
    game = _GuessGame()
    chosen = []
    for hidden in (1, 3):
        state = game.new_initial_state()
        state.apply_action("deal 2")
        state.apply_action(f"deal {hidden}")
        chosen.append([str(from_spec("flat-mc:playouts=20").step(state, random.Random(seed))) for seed in range(8)])
    assert chosen[0] == chosen[1] and set(chosen[0]) <= {"1", "3"}  # never its own card, the 2


class _Loader(RandomAgent):
    """An agent that would read a file (as the policy agent does)."""

    options: ClassVar[tuple[Option, ...]] = (Option("weights", "path", None, "a file", nullable=True),)

    def __init__(self, **options: Any) -> None:
        self.weights = options["weights"]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    register("loader", _Loader)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}", limits=Limits(bot_workers=0))) as c:
        yield c
    unregister("loader")


def test_the_web_server_seats_it_and_still_refuses_an_agent_that_loads_a_file(client: TestClient) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "flat-mc:playouts=4"}]
    created = client.post("/api/games", json={"game": "pig", "seats": seats})
    assert created.status_code == 201, created.text
    seats[1]["bot"] = "loader:weights=/etc/passwd"
    refused = client.post("/api/games", json={"game": "pig", "seats": seats})
    assert refused.status_code == 422 and "opens no file a client names" in refused.json()["detail"]
