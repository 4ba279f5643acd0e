"""NumPy is an extra (``rl``, ``analysis``), not a base dependency: the core, every game with all its
parts, and every game's integer actions work without it; only vectors and action masks need it,
and asking for one without it says which extra to install.

The check runs in a fresh interpreter where ``import numpy`` fails (``sys.modules["numpy"] = None``).
"""

from __future__ import annotations

import subprocess
import sys

import pytest

import tabletop

PROGRAM = """
import sys
sys.modules["numpy"] = None  # any import of numpy now raises ImportError

import tabletop
from tabletop.agents import RandomAgent
from tabletop.core.registry import has_part, part

name = sys.argv[1]
game = tabletop.make(name)  # the game loads with every part it declares, checked
parts = [kind for kind in ("terminal", "web", "heuristic", "live", "evaluation", "encoding") if has_part(name, kind)]
assert all(part(name, kind) is not None for kind in parts)
record = tabletop.play(game, [RandomAgent() for _ in range(game.num_players)], seed=1)
state = game.new_initial_state()
numbered = 0
for action in record.actions[:200]:
    if "encoding" in parts:
        for legal, number in zip(state.legal_actions(), state.legal_action_ints(), strict=True):
            assert state.action_to_int(legal) == number and state.int_to_action(number) == legal
            numbered += 1
    state.apply_action(action)
if "encoding" in parts:
    try:
        game.observer.vector(state, 0)
    except ImportError as exc:
        assert "pip install 'tabletop[rl]'" in str(exc), exc
    else:
        raise AssertionError("a vector was built without NumPy")
assert "numpy" not in [m.split(".")[0] for m in sys.modules if sys.modules[m] is not None]
print(len(record.actions), numbered, ",".join(parts))
"""


@pytest.mark.parametrize("name", [n for n in tabletop.list_games() if n in tabletop.core.registry.installed_games()])
def test_every_game_and_its_integer_actions_work_without_numpy(name: str) -> None:
    done = subprocess.run([sys.executable, "-c", PROGRAM, name], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    actions, numbered, parts = done.stdout.split()
    assert int(actions) > 0 and "heuristic" in parts.split(",")
    if "encoding" in parts.split(","):
        assert int(numbered) > 0
