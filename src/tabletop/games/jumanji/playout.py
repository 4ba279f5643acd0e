"""Jumanji by random players, compiled: whole games on arrays, many at once (issue 27).

:func:`play_game` is :func:`tabletop.core.play.run` with a ``RandomAgent`` in every seat, on a
position row (:mod:`.kernel`): the same streams (:mod:`tabletop.core.compiled`: the ``"chance"``
stream for every chance node, each seat's own stream for its rhino decisions, made when first
used), one ``random()`` per chance node turned into the outcome ``Distribution.sample`` gives,
each decision ``legal[min(int(u * n), n - 1)]``. So a seed plays exactly the game the readable
rules play, and the kernel counts what :func:`tabletop.analysis.metrics.play_traced` counts
(decisions, real choices, chance events, the standings at each change of turn).

:class:`RandomPlayout` is :meth:`JumanjiGame.random_playout` where Numba is installed (the ``fast``
extra) and the board has no shared spaces (R-J11). It replaces the pure-Python
twin this module held before. The proof (every action's integer and the position after it, seed
by seed, against the rules) is ``tests/games/jumanji/test_jumanji_kernel.py`` and
``benchmarks/equivalence/equivalence.py --game jumanji --kernel``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from tabletop.core.batch import (
    ACTIONS,
    CHANCE,
    CHOICE_TURNS,
    CHOICES,
    DECISIONS,
    FIGURES,
    FIRST,
    LEGAL_SUM,
    TURNS,
    WINNER,
    BatchPlayout,
    KernelRules,
)
from tabletop.core.compiled import (
    STREAM_WORDS,
    draw,
    kernel,
    open_stream,
    pick,
    struct_of,
)
from tabletop.core.standings import standings_add, standings_end, standings_start
from tabletop.core.state import State
from tabletop.games.jumanji import kernel as jk
from tabletop.games.jumanji.kernel import (
    apply_decision,
    apply_outcome,
    is_chance,
    is_over,
    legal_actions,
    new_position,
    sample_outcome,
    standings,
)
from tabletop.games.jumanji.state import LOST, WON

if TYPE_CHECKING:
    from tabletop.games.jumanji.game import JumanjiGame

Array = np.ndarray[Any, Any]

#: the game's own counts after the common columns: JumanjiState.metrics() is made from them
ALL_LOSE, GRID_CARDS, ATTEMPTS, FAILURES, RESCUE_ROLLS, MISSES, WAITS = range(FIGURES, FIGURES + 7)


@kernel
def play_game(
    t: Any,
    seed: np.uint64,
    keys: Array,
    s: Array,
    streams: Array,
    legal: Array,
    acc: Array,
    places: Array,
    scale: Array,
    row: Array,
    record: Array,
    trail: Array,
) -> int:
    """Play the game of ``seed`` to its end in ``s``, writing its counts into ``row``.

    ``keys`` holds the chance stream's name key, then each seat's. ``record`` receives every
    action's integer (decisions and chance outcomes alike) and ``trail`` the places at the start,
    at each change of turn and at the end, as far as they have room; returns the number of actions.
    """
    new_position(t, s)
    n = t.players
    open_stream(streams[0], seed, keys[0])
    seeded = np.zeros(n, np.bool_)
    standings_start(acc)
    standings(t, s, places)
    standings_add(acc, places, scale)
    trail_rows = 0
    if trail.shape[0] > 0:
        trail[0, :] = places
        trail_rows = 1
    actions = decisions = choices = choice_turns = legal_sum = chances = 0
    turn = s[jk.TURN]
    while not is_over(s):
        if is_chance(s):
            action = sample_outcome(t, s, draw(streams[0]))
            apply_outcome(t, s, action)
            chances += 1
        else:
            seat = s[jk.CUR]
            count = legal_actions(t, s, legal)
            decisions += 1
            legal_sum += count
            if count > 1:
                choices += 1
                choice_turns += 1  # a turn holds at most one rhino decision
            if not seeded[seat]:
                open_stream(streams[1 + seat], seed, keys[1 + seat])
                seeded[seat] = True
            action = legal[pick(streams[1 + seat], count)]
            apply_decision(t, s, action)
        if actions < record.shape[0]:
            record[actions] = action
        actions += 1
        if s[jk.TURN] != turn:
            turn = s[jk.TURN]
            standings(t, s, places)
            standings_add(acc, places, scale)
            if trail_rows < trail.shape[0]:
                trail[trail_rows, :] = places
            trail_rows += 1
    standings(t, s, places)
    standings_add(acc, places, scale)
    if trail_rows < trail.shape[0]:
        trail[trail_rows, :] = places
    winner = s[jk.WINNER] if s[jk.PHASE] == WON else -1
    row[WINNER] = winner
    row[FIRST] = t.first_player  # the first chance node with a roller is the first turn's roll
    row[TURNS] = s[jk.TURN]
    row[ACTIONS] = actions
    row[DECISIONS] = decisions
    row[CHOICES] = choices
    row[CHOICE_TURNS] = choice_turns
    row[LEGAL_SUM] = legal_sum
    row[CHANCE] = chances
    row[ALL_LOSE] = 1.0 if s[jk.PHASE] == LOST else 0.0
    row[GRID_CARDS] = s[jk.GRID_SIZE]
    row[ATTEMPTS] = s[jk.ATTEMPTS]
    row[FAILURES] = s[jk.FAILURES]
    row[RESCUE_ROLLS] = s[jk.RESCUE_ROLLS]
    row[MISSES] = s[jk.MISSES]
    row[WAITS] = s[jk.WAITS]
    standings_end(acc, winner, row)
    return actions


@kernel
def play_games(t: Any, seeds: Array, keys: Array, scale: Array, columns: Array) -> None:
    """``play_game`` for every seed, one after another; row ``i`` of ``columns`` is game ``i``'s."""
    s = np.zeros(t.width, np.int32)
    streams = np.zeros((1 + t.players, STREAM_WORDS), np.uint32)
    legal = np.zeros(1 + t.players, np.int32)
    acc = np.zeros(3 + 2 * t.players, np.float64)
    places = np.zeros(t.players, np.int32)
    nothing = np.zeros(0, np.int32)
    no_trail = np.zeros((0, t.players), np.int32)
    for i in range(seeds.shape[0]):
        play_game(t, seeds[i], keys, s, streams, legal, acc, places, scale, columns[i], nothing, no_trail)


@kernel
def to_act(s: Array) -> int:
    """The seat to decide."""
    return int(s[jk.CUR])


#: the kernel step by step, for the shared drivers (the harness's steps, a learner's games)
RULES = KernelRules(
    build_tables=jk.build_tables, pack=jk.pack, fields=jk.fields, new_position=new_position, is_chance=is_chance,
    is_over=is_over, to_act=to_act, legal_actions=legal_actions, sample_outcome=sample_outcome,
    apply_outcome=apply_outcome, apply_decision=apply_decision,
)  # fmt: skip


class RandomPlayout(BatchPlayout):
    """Whole games of one :class:`JumanjiGame` by random players (:meth:`JumanjiGame.random_playout`)."""

    rules = RULES
    figure_columns = ("all_lose", "grid_cards", "attempts", "failures", "rescue_rolls", "misses", "waits")
    places_past_turns = 1  # turns count from 1
    places_type = "int32"

    def __init__(self, game: JumanjiGame) -> None:
        super().__init__(game, struct_of)

    def standing_scale(self) -> list[float]:
        return jk.standing_values(self.game)

    def figures(self, row: Array) -> dict[str, float]:
        return {  # JumanjiState.metrics()
            "rate:all_lose": float(row[ALL_LOSE]),
            "turns": float(row[TURNS]),
            "grid_cards": float(row[GRID_CARDS]),
            "rescues_attempted": float(row[ATTEMPTS]),
            "rescues_failed": float(row[FAILURES]),
            "rescue_rolls": float(row[RESCUE_ROLLS]),
            "rescue_rolls_failed": float(row[MISSES]),
            "wait_rolls": float(row[WAITS]),
        }

    def _play(self, seeds: Array, columns: Array) -> None:
        play_games(self.struct, seeds, self.keys, self._scale, columns)

    def _record(self, seed: np.uint64, row: Array, record: Array, places: Array) -> int:
        n = self.tables.players
        return int(play_game(
            self.struct, seed, self.keys, np.zeros(self.tables.width, np.int32),
            np.zeros((1 + n, STREAM_WORDS), np.uint32), np.zeros(1 + n, np.int32), np.zeros(3 + 2 * n, np.float64),
            np.zeros(n, np.int32), self._scale, row, record, places,
        ))  # fmt: skip

    def readable(self) -> State:
        state: State = self.game.new_initial_state()
        return state
