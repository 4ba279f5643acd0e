"""Many random games at once: what a game's compiled playout kernel reports, and its Python face.

A game's kernel (its ``playout.py``) plays whole games by random players, one after
another, and writes one row of :data:`COLUMNS` per game into a ``float64`` array (counts
are whole numbers there, exactly), followed by the game's own counts (``figure_columns``,
turned into ``State.metrics()`` by :meth:`BatchPlayout.figures`). The lead changes and the
drama come from the standings the kernel feeds, turn by turn, to :func:`standings_add`:
the same numbers as :func:`tabletop.analysis.metrics.place_metrics` for one winner or none,
without keeping the standings.

:class:`BatchPlayout` is what :meth:`Game.random_playout` returns for such a game: called
with one seed it gives that game's :class:`~tabletop.core.play.PlayoutSummary` (its places
recorded turn by turn, so the analysis can check the kernel's figures), and :meth:`BatchPlayout.batch`
plays many seeds in one call and gives a :class:`PlayoutBatch` of columns.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from tabletop.core.compiled import kernel
from tabletop.core.play import PlayoutSummary

#: the columns every kernel writes per game, in order
COLUMNS = (
    "winner",  # the winning seat, -1 for none
    "first",
    "turns",
    "actions",
    "decisions",
    "choices",
    "choice_turns",
    "legal_sum",
    "chance",
    "lead_changes",
    "drama",  # NaN: no winner, or no standing
    "trailed",  # -1: no winner
)
WINNER, FIRST, TURNS, ACTIONS, DECISIONS, CHOICES, CHOICE_TURNS, LEGAL_SUM, CHANCE, LEAD_CHANGES, DRAMA, TRAILED = (
    range(len(COLUMNS))
)
#: where a game's own counts begin in a row
FIGURES = len(COLUMNS)

Array = np.ndarray[Any, Any]


# -- the standings, turn by turn: place_metrics' one pass, for every seat as a possible winner ----------
@kernel
def standings_start(acc: Array) -> None:
    """Empty the accumulator ``acc`` (3 + 2 * players floats: last leader, lead changes, standings, then
    per seat the sum of its gaps to the leader and whether it ever trailed)."""
    acc[:] = 0.0
    acc[0] = -1.0


@kernel
def standings_add(acc: Array, places: Array, scale: Array) -> None:
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


@kernel
def standings_end(acc: Array, winner: int, row: Array) -> None:
    """Write the lead changes, the drama and whether the winner trailed (``winner`` -1: none) into ``row``."""
    n = (acc.shape[0] - 3) // 2
    row[LEAD_CHANGES] = acc[1] - 1.0 if acc[1] > 0 else 0.0
    if winner < 0:
        row[DRAMA] = np.nan
        row[TRAILED] = -1.0
    else:
        row[DRAMA] = acc[3 + winner] / acc[2] if acc[2] > 0 else np.nan
        row[TRAILED] = acc[3 + n + winner]


@dataclass
class PlayoutBatch:
    """Whole games by random players, one row of :data:`COLUMNS` per game, and each game's figures."""

    seeds: Sequence[int]
    columns: Array  # [game, column]
    figures: list[dict[str, float]]

    def __len__(self) -> int:
        return len(self.seeds)

    def winners(self, game: int) -> tuple[int, ...]:
        winner = int(self.columns[game, WINNER])
        return (winner,) if winner >= 0 else ()

    def metrics(self, game: int) -> tuple[int, float | None, bool | None]:
        """The lead changes, the drama and whether the winner trailed, as ``place_metrics`` gives them."""
        row = self.columns[game]
        drama = float(row[DRAMA])
        trailed = int(row[TRAILED])
        return int(row[LEAD_CHANGES]), None if math.isnan(drama) else drama, None if trailed < 0 else bool(trailed)


class BatchPlayout:
    """A game's compiled random playout (see the module's docstring). A game subclasses it and
    fills :meth:`_play` (the kernel call), :meth:`figures` and ``scale``."""

    #: the standings' scale: standing = scale[place]
    scale: tuple[float, ...] = ()
    #: the names of the game's own counts after COLUMNS
    figure_columns: tuple[str, ...] = ()

    def __call__(self, seed: int) -> PlayoutSummary:
        """The game of ``seed``, with its places at the start of every turn."""
        row, places = self._play_one(seed)
        return PlayoutSummary(
            winners=(int(row[WINNER]),) if row[WINNER] >= 0 else (),
            first=int(row[FIRST]),
            turns=int(row[TURNS]),
            actions=int(row[ACTIONS]),
            decisions=int(row[DECISIONS]),
            choices=int(row[CHOICES]),
            choice_turns=int(row[CHOICE_TURNS]),
            legal_sum=int(row[LEGAL_SUM]),
            chance=int(row[CHANCE]),
            figures=self.figures(row),
            standings=None,
            places=[tuple(int(p) for p in ps) for ps in places],
            scale=self.scale,
        )

    def batch(self, seeds: Sequence[int]) -> PlayoutBatch:
        """The games of ``seeds``, played in one call of the kernel."""
        keys = np.array([seed & 0xFFFFFFFFFFFFFFFF for seed in seeds], np.uint64)
        columns = np.zeros((len(keys), FIGURES + len(self.figure_columns)), np.float64)
        self._play(keys, columns)
        return PlayoutBatch(seeds, columns, [self.figures(row) for row in columns])

    def figures(self, row: Array) -> dict[str, float]:
        """``State.metrics()`` at the end of the game of ``row``."""
        raise NotImplementedError

    def _play(self, seeds: Array, columns: Array) -> None:
        raise NotImplementedError

    def _play_one(self, seed: int) -> tuple[Array, Array]:
        """One game's row, and its places at the start and at every change of turn and at the end."""
        raise NotImplementedError
