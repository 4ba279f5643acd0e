"""Many random games at once: what a game's compiled playout kernel reports, and its Python face.

A game's kernel (its ``playout.py``) plays whole games by random players, one after
another, and writes one row of :data:`COLUMNS` per game into a ``float64`` array (counts
are whole numbers there, exactly), followed by the game's own counts (``figure_columns``,
turned into ``State.metrics()`` by :meth:`BatchPlayout.figures`). The lead changes and the
drama come from the standings the kernel feeds, turn by turn, to :func:`standings_add`:
(:mod:`tabletop.core.compiled`): the same numbers as :func:`tabletop.analysis.metrics.place_metrics`
for one winner or none, without keeping the standings. This module imports no NumPy: the analysis
reads it whether or not the ``fast`` extra is installed.

:class:`BatchPlayout` is what :meth:`Game.random_playout` returns for such a game: called
with one seed it gives that game's :class:`~tabletop.core.play.PlayoutSummary` (its places
recorded turn by turn, so the analysis can check the kernel's figures), and :meth:`BatchPlayout.batch`
plays many seeds in one call and gives a :class:`PlayoutBatch` of columns.
"""

from __future__ import annotations

import abc
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.core.play import PlayoutSummary
from tabletop.core.state import State
from tabletop.core.twins import KernelSteps, Twins, kernel_twins

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
    "winners",  # every winner: the sum of 2**seat (a game whose winners tie has several; "winner" is then -1)
)
(
    WINNER, FIRST, TURNS, ACTIONS, DECISIONS, CHOICES, CHOICE_TURNS, LEGAL_SUM, CHANCE, LEAD_CHANGES, DRAMA, TRAILED,
    WINNERS,
) = range(len(COLUMNS))  # fmt: skip
#: where a game's own counts begin in a row
FIGURES = len(COLUMNS)

Array = Any  # a NumPy array (NumPy is imported only where a kernel runs)


def winners_of(row: Array) -> tuple[int, ...]:
    """The winning seats of a game's row, in order (from its ``winners`` column)."""
    return seats_of(int(row[WINNERS]))


def seats_of(mask: int) -> tuple[int, ...]:
    """The seats of a ``winners`` mask (the sum of 2**seat), in order."""
    if not mask & (mask - 1):  # none, or one winner: every game but a tie
        return (mask.bit_length() - 1,) if mask else ()
    return tuple(seat for seat in range(mask.bit_length()) if mask >> seat & 1)


@dataclass
class PlayoutBatch:
    """Whole games by random players, one row of :data:`COLUMNS` per game, and each game's figures."""

    seeds: Sequence[int]
    columns: Array  # [game, column]
    figures: list[dict[str, float]]

    def __len__(self) -> int:
        return len(self.seeds)

    def winners(self, game: int) -> tuple[int, ...]:
        return winners_of(self.columns[game])

    def metrics(self, game: int) -> tuple[int, float | None, bool | None]:
        """The lead changes, the drama and whether the winner trailed, as ``place_metrics`` gives them."""
        row = self.columns[game]
        drama = float(row[DRAMA])
        trailed = int(row[TRAILED])
        return int(row[LEAD_CHANGES]), None if math.isnan(drama) else drama, None if trailed < 0 else bool(trailed)


class BatchPlayout(abc.ABC):
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
            winners=winners_of(row),
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
        import numpy as np

        keys = np.array([seed & 0xFFFFFFFFFFFFFFFF for seed in seeds], np.uint64)
        columns = np.zeros((len(keys), FIGURES + len(self.figure_columns)), np.float64)
        self._play(keys, columns)
        return PlayoutBatch(seeds, columns, [self.figures(row) for row in columns])

    @abc.abstractmethod
    def figures(self, row: Array) -> dict[str, float]:
        """``State.metrics()`` at the end of the game of ``row``."""
        ...

    @abc.abstractmethod
    def _play(self, seeds: Array, columns: Array) -> None:
        ...

    @abc.abstractmethod
    def _play_one(self, seed: int) -> tuple[Array, Array]:
        """One game's row, and its places at the start and at every change of turn and at the end."""
        ...

    @abc.abstractmethod
    def steps(self) -> KernelSteps:
        """The kernel one action at a time, for the differential harness."""
        ...

    @abc.abstractmethod
    def readable(self) -> State:
        """The readable rules' initial state, which the kernel must play like."""
        ...

    def twins(self, start: str | None = None) -> Twins:
        """The kernel stepped on its rows against the readable rules (:meth:`Game.kernel_twins
        <tabletop.core.game.Game.kernel_twins>`), from the position ``start`` (text) if given."""
        return kernel_twins(self.steps(), self.readable, start)
