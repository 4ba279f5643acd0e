"""Elo-style ratings fitted to pairwise results (Bradley–Terry, maximum likelihood).

Every game gives, for each pair of seats held by different agents, a score:
1 to the seat that won while the other did not, ½ each when both or neither won.
The ratings maximise the likelihood of those scores under the Elo model
P(a beats b) = 1 / (1 + 10^((R_b - R_a) / 400)), and average 1500.

>>> ratings = fit_elo({("a", "b"): 75.0, ("b", "a"): 25.0})
>>> round(ratings["a"] - ratings["b"])
190
"""

from __future__ import annotations

import math
from collections.abc import Mapping

SCALE = 400 / math.log(10)


def fit_elo(
    scores: Mapping[tuple[str, str], float], iterations: int = 2000, anchor: float = 1500.0
) -> dict[str, float]:
    """Ratings from ``scores[(a, b)]``: points a scored against b (each meeting is worth 1).

    Uses the minorise–maximise algorithm for the Bradley–Terry model with a
    tiny prior (one drawn game against a 1500 player) so that an agent that
    never lost keeps a finite rating.
    """
    agents = sorted({a for pair in scores for a in pair})
    if not agents:
        return {}
    wins = {a: 0.5 for a in agents}  # the prior's half point
    games: dict[tuple[str, str], float] = {}
    for (a, b), points in scores.items():
        wins[a] += points
        games[(a, b)] = games.get((a, b), 0.0) + points
        games[(b, a)] = games.get((b, a), 0.0)
    meetings: dict[tuple[str, str], float] = {}
    for (a, b) in games:
        if a < b:
            meetings[(a, b)] = games[(a, b)] + games[(b, a)]
    strength = {a: 1.0 for a in agents}
    for _ in range(iterations):
        new = {}
        for a in agents:
            denominator = 1.0 / (strength[a] + 1.0)  # the prior: one game against strength 1
            for (x, y), n in meetings.items():
                if a == x:
                    denominator += n / (strength[a] + strength[y])
                elif a == y:
                    denominator += n / (strength[a] + strength[x])
            new[a] = wins[a] / denominator
        mean_log = sum(math.log(v) for v in new.values()) / len(new)
        strength = {a: v / math.exp(mean_log) for a, v in new.items()}
    return {a: anchor + SCALE * math.log(strength[a]) for a in agents}
