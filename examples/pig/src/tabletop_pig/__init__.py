"""Pig, the dice game, as a tabletop game packaged on its own (see RULES.md).

Rulings: R-P1 the turn begins with a roll; holding is offered only after a roll of 2 to 6.

Its parts for tabletop's front ends and agents, named in ``PigGame.parts``: the terminal
view (``terminal.py``), the web board (``web/``), the heuristic (``heuristic.py``) and the
encoding for learning (``encoding.py``).
"""

from __future__ import annotations

from tabletop_pig.game import PigGame
from tabletop_pig.state import PigState

__all__ = ["PigGame", "PigState"]
