"""`tabletop play` in a real pseudo-terminal, answered as a person would (pexpect)."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pexpect
import pytest

from tabletop.core.record import Record
from tabletop.core.replay import replay

TABLETOP = shutil.which("tabletop") or str(Path(sys.executable).with_name("tabletop"))


@pytest.mark.skipif(not Path(TABLETOP).exists(), reason="the tabletop command is not installed")
def test_a_whole_jumanji_game_in_a_terminal(tmp_path: Path) -> None:
    """J-RHINO-1 as a person meets it: roll with Enter, then answer every rhino question."""
    record_path = tmp_path / "game.json"
    child = pexpect.spawn(
        TABLETOP,
        ["play", "jumanji", "--players", "3", "--humans", "1", "--seed", "7", "--save", str(record_path)],
        env={**os.environ, "COLUMNS": "100", "TERM": "xterm-256color"},
        encoding="utf-8",
        timeout=30,
    )
    child.expect("press Enter to roll the number die")
    child.sendline("")
    asked_rhino = False
    while True:
        index = child.expect(["press Enter to", r"Your choice, seat 0", "Game record saved"])
        if index == 0:
            child.sendline("auto")
        elif index == 1:
            asked_rhino = True
            child.expect("> ")
            child.sendline("1")
        else:
            break
    child.expect(pexpect.EOF)
    record = Record.load(record_path)
    assert record.agents == ["human", "random", "random"]
    final = replay(record)
    assert final.is_terminal() and list(final.winners()) == record.winners
    assert asked_rhino or "rhino" not in " ".join(record.actions)


@pytest.mark.skipif(not Path(TABLETOP).exists(), reason="the tabletop command is not installed")
def test_quitting_saves_the_game_so_far(tmp_path: Path) -> None:
    record_path = tmp_path / "partial.json"
    child = pexpect.spawn(
        TABLETOP,
        ["play", "doodle-jump", "--players", "2", "--humans", "1", "--seed", "3", "--save", str(record_path)],
        encoding="utf-8",
        timeout=30,
    )
    child.expect("press Enter to roll")
    child.sendline("auto")
    child.expect("Your choice, seat 0")
    child.expect("> ")
    child.sendline("quit")
    child.expect("Game stopped before its end")
    child.expect(pexpect.EOF)
    record = Record.load(record_path)
    assert record.winners is None and record.actions
    assert not replay(record).is_terminal()
