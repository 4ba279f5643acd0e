"""Shared fixtures for the Jumanji tests.

Scenario tests run on a short test board (every colour path ``SHORT``) so that a
position reads at a glance; the shipped board is used by the conformance,
property and data tests. Positions are always set up from notation.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop.games.jumanji import JumanjiGame, JumanjiState
from tabletop.games.jumanji.data import default_path

#: 1 Blank, 2 Wait, 3 Jungle, 4 Rhino, 5 Blank, 6 Blank, 7 Wait, 8 Jungle, 9 Rhino, 10 Blank; centre 11.
SHORT = "BWJRBBWJRB"

CROSSINGS = """
[[board.shared]]
at = [["red", 5], ["yellow", 5], ["green", 5], ["blue", 5]]

[[board.shared]]
at = [["red", 6], ["yellow", 6], ["green", 6], ["blue", 6]]
"""


def board_file(directory: Path, name: str, path: str, extra: str = "") -> Path:
    """A copy of the shipped data file with every colour path replaced by ``path``."""
    text = default_path().read_text(encoding="utf-8")
    text = re.sub(r'spaces = "[BWJR]+"', f'spaces = "{path}"', text)
    text = text.replace("[deck]", extra + "\n[deck]", 1)
    target = directory / name
    target.write_text(text, encoding="utf-8")
    return target


@pytest.fixture(scope="session")
def short_board(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return board_file(tmp_path_factory.mktemp("jumanji"), "short.toml", SHORT)


@pytest.fixture(scope="session")
def crossing_board(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return board_file(tmp_path_factory.mktemp("jumanji"), "crossing.toml", SHORT, CROSSINGS)


@pytest.fixture
def short(short_board: Path) -> Callable[..., JumanjiGame]:
    """``short(players=4, **options)``: a game on the short test board."""

    def make(players: int = 4, **options: Any) -> JumanjiGame:
        game = tabletop.make("jumanji", players=players, data=str(short_board), **options)
        assert isinstance(game, JumanjiGame)
        return game

    return make


@pytest.fixture
def crossing(crossing_board: Path) -> Callable[..., JumanjiGame]:
    """``crossing(players=4, **options)``: the short board with spaces 5 and 6 shared by all paths."""

    def make(players: int = 4, **options: Any) -> JumanjiGame:
        game = tabletop.make("jumanji", players=players, data=str(crossing_board), **options)
        assert isinstance(game, JumanjiGame)
        return game

    return make


def position(
    pawns: str,
    *,
    rhino: str = "-",
    grid: str = "-",
    discard: str = "-",
    card: str = "-",
    seat: int = 0,
    turn: int | None = None,
    phase: str = "roll",
    tally: str | None = None,
    challenge: int = 0,
) -> str:
    """Build a position text field by field.

    The counters default to the smallest a game could have reached (seat 0 beginning): the
    turn is the seat's, the tally counts the grid's failed rescues, the discarded successes
    and the card in play, each with the fewest rescue rolls it needs.
    """
    n = len(pawns.split(","))
    failures = 0 if grid == "-" else len(grid.split(",")) - challenge
    saved = 0 if discard == "-" else len(discard.split(","))
    rescue = phase.split(":")
    rolled = failed_now = 0
    if rescue[0] == "rescue":
        first = seat if rescue[1] == "jungle" else (seat + 1) % n
        rolled = (int(rescue[2]) - first) % n
        failed_now = int(rescue[3] == "fail")
    done = failures + saved
    attempts = done + int(rescue[0] == "rescue")
    if tally is None:
        tally = f"{attempts},{failures},{(n - 1) * done + rolled},{failures + failed_now}"
    if turn is None:  # a turn ends with its one rescued card (or on the centre: tie, won)
        turn = seat + 1
        while turn - (0 if phase.startswith(("tie", "won")) else 1) < saved:
            turn += n
    return (
        f"pawns={pawns} rhino={rhino} grid={grid} discard={discard} card={card} "
        f"seat={seat} turn={turn} phase={phase} tally={tally}"
    )


@pytest.fixture
def pos() -> Callable[..., str]:
    return position


@pytest.fixture
def play() -> Callable[..., JumanjiState]:
    """``play(game, text, "roll 3", "card 1", ...)``: the position after those actions."""

    def run(game: JumanjiGame, text: str, *actions: str) -> JumanjiState:
        state = game.state_from_text(text)
        for action in actions:
            state.apply_action(action)
        return state

    return run
