"""Many random games at once: what a game's compiled playout kernel reports, and its Python face.

A game's kernel (its ``playout.py``) plays whole games by random players, one after
another, and writes one row of :data:`COLUMNS` per game into a ``float64`` array (counts
are whole numbers there, exactly), followed by the game's own counts (``figure_columns``,
turned into ``State.metrics()`` by :meth:`BatchPlayout.figures`). The lead changes and the
drama come from the standings the kernel feeds, turn by turn, to :func:`standings_add`:
(:mod:`tabletop.core.standings`): the same numbers as :func:`tabletop.analysis.metrics.place_metrics`
for one winner or none, without keeping the standings. This module imports no NumPy: the analysis
reads it whether or not the ``fast`` extra is installed.

:class:`BatchPlayout` is what :meth:`Game.random_playout` returns for such a game: called
with one seed it gives that game's :class:`~tabletop.core.play.PlayoutSummary` (its places
recorded turn by turn, so the analysis can check the kernel's figures), and :meth:`BatchPlayout.batch`
plays many seeds in one call and gives a :class:`PlayoutBatch` of columns. A game declares its kernel
step by step as :class:`KernelRules`; :class:`RowSteps` steps it one action at a time for the
differential harness, the same for every game.
"""

from __future__ import annotations

import abc
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

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
_SEED_BITS = 0xFFFFFFFFFFFFFFFF


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


class KernelRules(NamedTuple):
    """A game's kernel, step by step: the compiled functions the shared drivers call on a position row
    (:class:`RowSteps` for the differential harness, the learner's games of :mod:`tabletop.core.learner`),
    and how the kernel's tables are made, a readable state packed into a row and a row shown by field.
    ``t`` is the tables (a Numba structure), ``s`` a row."""

    build_tables: Callable[[Any], Any]  # (game) -> tables
    pack: Callable[[Any, Any], Array]  # (tables, readable state) -> row
    fields: Callable[[Any, Array], dict[str, list[int]]]  # (tables, row) -> fields by name
    new_position: Callable[[Any, Array], None]  # (t, s): the initial position
    is_chance: Callable[[Array], bool]  # (s)
    is_over: Callable[[Array], bool]  # (s)
    to_act: Callable[[Array], int]  # (s): the seat to decide
    legal_actions: Callable[[Any, Array, Array], int]  # (t, s, out): the decisions' integers into out, how many
    sample_outcome: Callable[[Any, Array, float], int]  # (t, s, u): the chance outcome for the uniform number u
    apply_outcome: Callable[[Any, Array, int], None]  # (t, s, outcome)
    apply_decision: Callable[[Any, Array, int], None]  # (t, s, action)


class BatchPlayout(abc.ABC):
    """A game's compiled random playout (see the module's docstring): the wiring every game shares.

    A game subclasses it with its :attr:`rules`, :attr:`figure_columns`, its standings' scale
    (:meth:`standing_scale`), :meth:`figures`, the calls of its whole-game kernels (:meth:`_play`,
    :meth:`_record`) and its :meth:`readable` rules. ``struct_of`` turns the tables into what the
    kernels take (:func:`tabletop.core.compiled.struct_of`; the uncompiled copies of the mutation
    tests pass their own, which leaves the tables as they are).
    """

    #: the game's kernel, step by step
    rules: KernelRules
    #: the names of the game's own counts after COLUMNS
    figure_columns: tuple[str, ...] = ()
    #: :meth:`record`'s places: the rows the kernel writes are the turns played and this many more
    #: (the start and the end; a game whose turns count from 1 writes one fewer)
    places_past_turns = 2
    #: the integer type of the places the kernel writes
    places_type = "int64"

    def __init__(self, game: Any, struct_of: Callable[[Any], Any]) -> None:
        import numpy as np

        from tabletop.core.compiled import chance_key, seat_keys

        self.game = game
        self.tables = self.rules.build_tables(game)
        self.struct = struct_of(self.tables)
        self.keys = np.concatenate([[chance_key()], seat_keys(game.num_players)]).astype(np.uint64)
        #: the standings' scale: standing = scale[place]
        self.scale = tuple(self.standing_scale())
        self._scale = np.array(self.scale, np.float64)

    def __call__(self, seed: int) -> PlayoutSummary:
        """The game of ``seed``, with its places at the start of every turn."""
        row, _, places = self.record(seed)
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

        keys = np.array([seed & _SEED_BITS for seed in seeds], np.uint64)
        columns = np.zeros((len(keys), FIGURES + len(self.figure_columns)), np.float64)
        self._play(keys, columns)
        return PlayoutBatch(seeds, columns, [self.figures(row) for row in columns])

    def record(self, seed: int) -> tuple[Array, Array, Array]:
        """The game of ``seed``: its row, every action's integer, and its places at the start, at each change
        of turn and at the end (the arrays given to the kernel grow until the game fits)."""
        import numpy as np

        players = self.game.num_players
        capacity, turns = 4096, 1024
        while True:
            row = np.zeros(FIGURES + len(self.figure_columns), np.float64)
            record = np.zeros(capacity, np.int32)
            places = np.zeros((turns, players), self.places_type)
            count = self._record(np.uint64(seed & _SEED_BITS), row, record, places)
            rows = int(row[TURNS]) + self.places_past_turns
            if count <= capacity and rows <= turns:
                return row, record[:count], places[:rows]
            capacity, turns = max(capacity, count), max(turns, rows)

    @abc.abstractmethod
    def standing_scale(self) -> Sequence[float]:
        """The standings' scale (strictly increasing): a standing is ``scale[place]``."""
        ...

    @abc.abstractmethod
    def figures(self, row: Array) -> dict[str, float]:
        """``State.metrics()`` at the end of the game of ``row``."""
        ...

    @abc.abstractmethod
    def _play(self, seeds: Array, columns: Array) -> None:
        """The kernel's games of ``seeds`` (``uint64``), row ``i`` of ``columns`` game ``i``'s."""
        ...

    @abc.abstractmethod
    def _record(self, seed: Array, row: Array, record: Array, places: Array) -> int:
        """The kernel's game of ``seed`` into ``row``, every action's integer into ``record`` and its places into
        ``places`` as far as they have room; returns the number of actions."""
        ...

    @abc.abstractmethod
    def readable(self) -> State:
        """The readable rules' initial state, which the kernel must play like."""
        ...

    def steps(self) -> KernelSteps:
        """The kernel one action at a time, for the differential harness."""
        return RowSteps(self)

    def twins(self, start: str | None = None) -> Twins:
        """The kernel stepped on its rows against the readable rules (:meth:`Game.kernel_twins
        <tabletop.core.game.Game.kernel_twins>`), from the position ``start`` (text) if given."""
        return kernel_twins(self.steps(), self.readable, start)


class RowSteps:
    """A game's kernel one action at a time on a row (:class:`tabletop.core.twins.KernelSteps`), through its
    :class:`KernelRules`."""

    def __init__(self, playout: BatchPlayout) -> None:
        import numpy as np

        self.playout = playout
        self.game = playout.game
        self.rules = playout.rules
        self.tables = playout.tables
        self.struct = playout.struct
        self.buffer = np.zeros(self.game.encoding.num_distinct_actions, np.int32)

    def new_row(self) -> Array:
        import numpy as np

        row = np.zeros(self.tables.width, np.int32)
        self.rules.new_position(self.struct, row)
        return row

    def pack(self, state: Any) -> Array:
        return self.rules.pack(self.tables, state)

    def fields(self, row: Array) -> dict[str, list[int]]:
        return self.rules.fields(self.tables, row)

    def is_chance(self, row: Array) -> bool:
        return bool(self.rules.is_chance(row))

    def is_over(self, row: Array) -> bool:
        return bool(self.rules.is_over(row))

    def seat(self, row: Array) -> int:
        return int(self.rules.to_act(row))

    def legal(self, row: Array) -> list[int]:
        count = self.rules.legal_actions(self.struct, row, self.buffer)
        return [int(a) for a in self.buffer[:count]]

    def sample(self, row: Array, u: float) -> int:
        return int(self.rules.sample_outcome(self.struct, row, u))

    def apply_decision(self, row: Array, action: int) -> None:
        self.rules.apply_decision(self.struct, row, action)

    def apply_outcome(self, row: Array, outcome: int) -> None:
        self.rules.apply_outcome(self.struct, row, outcome)

    def played(self, seed: int) -> list[int]:
        return [int(a) for a in self.playout.record(seed)[1]]

    def summary(self, seed: int) -> object:
        return self.playout(seed)
