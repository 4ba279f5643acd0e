"""The standings, turn by turn, inside a compiled kernel: :func:`tabletop.analysis.metrics.place_metrics`' one pass.

A kernel feeds each turn's places to :func:`standings_add` for every seat as a possible winner and
writes the lead changes, the drama and whether the winner trailed into its row with
:func:`standings_end`, without keeping the standings (:mod:`tabletop.core.batch`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tabletop.core.batch import DRAMA, LEAD_CHANGES, TRAILED, WINNERS
from tabletop.core.compiled import uncounted_kernel


@uncounted_kernel
def standings_start(acc: Any) -> None:
    """Empty the accumulator ``acc`` (3 + 2 * players floats: last leader, lead changes, standings, then
    per seat the sum of its gaps to the leader and whether it ever trailed)."""
    acc[:] = 0.0
    acc[0] = -1.0


@uncounted_kernel
def standings_add(acc: Any, places: Any, scale: Any) -> None:
    """One standing, as places on ``scale`` (strictly increasing): a leader strictly ahead changes the
    lead when it is another seat; each seat's gap to the leader, as a share of the spread."""
    n = places.shape[0]
    top, bottom = places[0], places[0]
    for seat in range(1, n):
        top = max(top, places[seat])
        bottom = min(bottom, places[seat])
    leaders, leader = 0, -1
    for seat in range(n):
        if places[seat] == top:
            leaders += 1
            if leader < 0:
                leader = seat
    if leaders == 1 and leader != acc[0]:
        acc[1] += 1.0
        acc[0] = leader
    best = scale[top]
    for seat in range(n):
        if places[seat] < top:
            acc[3 + n + seat] = 1.0
            acc[3 + seat] += (best - scale[places[seat]]) / (best - scale[bottom])
    acc[2] += 1.0


@uncounted_kernel
def standings_end(acc: Any, winner: int, row: Any) -> None:
    """Write the lead changes, the drama and whether the winner trailed (``winner`` -1: none) into ``row``."""
    n = (acc.shape[0] - 3) // 2
    row[LEAD_CHANGES] = acc[1] - 1.0 if acc[1] > 0 else 0.0
    row[WINNERS] = 0.0 if winner < 0 else float(1 << winner)
    if winner < 0:
        row[DRAMA] = np.nan
        row[TRAILED] = -1.0
    else:
        row[DRAMA] = acc[3 + winner] / acc[2] if acc[2] > 0 else np.nan
        row[TRAILED] = acc[3 + n + winner]
