"""Pig's heuristic: hold at 20, or as soon as holding wins.

"Hold at 20" is the classic simple policy: a turn total of 20 is where the expected gain of one
more roll (5/6 of 4 points on average, 3.33) stops exceeding the expected loss (1/6 of the
turn total). It is not the optimal policy (Neller and Presser, 2004), but it is close and
reads only the public position. When a rival is within 20 of the goal (they may win on their
next turn), it keeps rolling toward the goal rather than holding short of it. It is
deterministic (``rng`` is not used).
"""

from __future__ import annotations

import random

from tabletop.core import Action, State
from tabletop_pig.actions import HOLD, ROLL
from tabletop_pig.state import PigState

HOLD_AT = 20


def choose(state: State, rng: random.Random) -> Action:
    assert isinstance(state, PigState)
    goal, me = state.game.goal, state.seat
    mine = state.scores[me] + state.turn_total
    if mine >= goal:
        return HOLD
    threat = max(score for seat, score in enumerate(state.scores) if seat != me) >= goal - HOLD_AT
    if threat:
        return ROLL
    return HOLD if state.turn_total >= HOLD_AT else ROLL
