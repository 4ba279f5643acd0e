"""Without Numba nothing changes but the speed (issue 27): the readable rules play every game, the learning
environments are the single ones, and the results are the compiled playout's."""

from __future__ import annotations

import json
import os
import subprocess
import sys

SCRIPT = r"""
import json
import tabletop
from tabletop.core.compiled import COMPILED
from tabletop.analysis.simulate import simulate
import gymnasium
import tabletop.rl.gymnasium
game = tabletop.make("doodle-jump", players=3)
report = simulate(game, games=30, seed=4)
jumanji = tabletop.make("jumanji", players=4)
jumanji_report = simulate(jumanji, games=60, seed=4)
env = gymnasium.make_vec("tabletop/DoodleJump-v0", num_envs=2, players=2)
print(json.dumps({
    "compiled": COMPILED,
    "playout": game.random_playout() is not None,
    "jumanji_playout": jumanji.random_playout() is not None,
    "learner": game.learner_games(2) is not None,
    "vector": type(env).__name__,
    "report": report.to_json_dict(),
    "jumanji_report": jumanji_report.to_json_dict(),
}))
"""


def run(no_numba: bool) -> dict[str, object]:
    env = {**os.environ, "TABLETOP_NO_NUMBA": "1" if no_numba else ""}
    out = subprocess.run([sys.executable, "-c", SCRIPT], env=env, check=True, capture_output=True, text=True).stdout
    found: dict[str, object] = json.loads(out.strip().splitlines()[-1])
    return found


def test_without_numba_the_readable_rules_play_the_same_games() -> None:
    without = run(no_numba=True)
    assert without["compiled"] is False and without["playout"] is False and without["learner"] is False
    assert without["jumanji_playout"] is False
    assert without["vector"] == "SyncVectorEnv"
    compiled = run(no_numba=False)
    if compiled["compiled"]:  # the same 30 games, whichever plays them
        assert compiled["playout"] is True and compiled["vector"] == "TabletopVectorEnv"
        assert compiled["report"] == without["report"]
        assert compiled["jumanji_playout"] is True and compiled["jumanji_report"] == without["jumanji_report"]
