"""Doodle Jump by random players, compiled: whole games on arrays, many at once.

:func:`play_game` is :func:`tabletop.core.play.run` with a ``RandomAgent`` in every seat,
on a position row (:mod:`.kernel`, :mod:`.kernel_turn`, :mod:`.kernel_chance`): the same streams
(:mod:`tabletop.core.compiled`: the ``"chance"`` stream for every chance node, each seat's
own stream for its decisions, made when first used), one ``random()`` per chance node turned
into the outcome ``Distribution.sample`` gives, each decision ``legal[min(int(u * n), n - 1)]``.
So a seed plays exactly the game the readable rules play, and the kernel counts what
:func:`tabletop.analysis.metrics.play_traced` counts (decisions, real choices, chance
events, the standings at each change of turn).

:class:`RandomPlayout` is :meth:`DoodleJumpGame.random_playout`: one seed, or many in one call.
The proof (every action's integer and the position before it, seed by seed, against the rules)
is ``tests/games/doodle_jump/test_doodle_jump_kernel.py`` and
``benchmarks/equivalence/equivalence.py --game doodle-jump --kernel``.
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
    borrowed,
    draw,
    kernel,
    open_stream,
    pick,
    struct_of,
)
from tabletop.core.standings import standings_add, standings_end, standings_start
from tabletop.core.state import State
from tabletop.games.doodle_jump import kernel_tables as kt
from tabletop.games.doodle_jump.kernel import P_OVER, P_ROLL, is_chance, legal_actions, new_position
from tabletop.games.doodle_jump.kernel_chance import apply_outcome, sample_outcome
from tabletop.games.doodle_jump.kernel_turn import apply_decision
from tabletop.games.doodle_jump.readable import ReadableDoodleJumpState

if TYPE_CHECKING:
    from tabletop.games.doodle_jump.game import DoodleJumpGame

Array = np.ndarray[Any, Any]

#: the game's own counts after the common columns: DoodleJumpState.metrics() is made from them
ROLLS, FALLS = FIGURES, FIGURES + 1


@kernel
def heights(t: Any, s: Array, places: Array) -> None:
    """DoodleJumpState.standings() as places: the row of each Doodler's level + 1, 0 off the board."""
    for seat in range(t.players):
        pad = s[t.o_pos + seat]
        places[seat] = s[t.o_rows + t.pad_level[pad]] + 1 if pad >= 0 else 0


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
    s, streams, legal, acc, places, scale = (
        borrowed(s),
        borrowed(streams),
        borrowed(legal),
        borrowed(acc),
        borrowed(places),
        borrowed(scale),
    )  # counted by the caller
    new_position(t, s)
    n = t.players
    open_stream(streams[0], seed, keys[0])
    seeded = np.zeros(n, np.bool_)
    standings_start(acc)
    heights(t, s, places)
    standings_add(acc, places, scale)
    trail_rows = 0
    if trail.shape[0] > 0:
        trail[0, :] = places
        trail_rows = 1
    actions = decisions = choices = choice_turns = legal_sum = chances = 0
    first = last_choice_turn = -1
    turn = s[kt.TURNS]
    while s[kt.PHASE] != P_OVER:
        if is_chance(s):
            if first < 0 and s[kt.PHASE] == P_ROLL:
                first = s[kt.SEAT]
            action = sample_outcome(t, s, draw(streams[0]))
            apply_outcome(t, s, action)
            chances += 1
        else:
            seat = s[kt.SEAT]
            if first < 0:
                first = seat
            count = legal_actions(t, s, legal)
            decisions += 1
            legal_sum += count
            if count > 1:
                choices += 1
                if s[kt.TURNS] != last_choice_turn:
                    choice_turns += 1
                    last_choice_turn = s[kt.TURNS]
            if not seeded[seat]:
                open_stream(streams[1 + seat], seed, keys[1 + seat])
                seeded[seat] = True
            action = legal[pick(streams[1 + seat], count)]
            apply_decision(t, s, action)
        if actions < record.shape[0]:
            record[actions] = action
        actions += 1
        if s[kt.TURNS] != turn:
            turn = s[kt.TURNS]
            heights(t, s, places)
            standings_add(acc, places, scale)
            if trail_rows < trail.shape[0]:
                trail[trail_rows, :] = places
            trail_rows += 1
    heights(t, s, places)
    standings_add(acc, places, scale)
    if trail_rows < trail.shape[0]:
        trail[trail_rows, :] = places
    row[WINNER] = s[kt.WINNER]
    row[FIRST] = first
    row[TURNS] = s[kt.TURNS]
    row[ACTIONS] = actions
    row[DECISIONS] = decisions
    row[CHOICES] = choices
    row[CHOICE_TURNS] = choice_turns
    row[LEGAL_SUM] = legal_sum
    row[CHANCE] = chances
    row[ROLLS] = s[kt.ROLLS]
    row[FALLS] = s[kt.FALLS]
    standings_end(acc, s[kt.WINNER], row)
    return actions


@kernel
def play_games(t: Any, seeds: Array, keys: Array, scale: Array, columns: Array) -> None:
    """``play_game`` for every seed, one after another; row ``i`` of ``columns`` is game ``i``'s."""
    s = np.zeros(t.width, np.int32)
    streams = np.zeros((1 + t.players, STREAM_WORDS), np.uint32)
    legal = np.zeros(t.spare.shape[0], np.int32)
    acc = np.zeros(3 + 2 * t.players, np.float64)
    places = np.zeros(t.players, np.int64)
    nothing = np.zeros(0, np.int32)
    no_trail = np.zeros((0, t.players), np.int64)
    for i in range(seeds.shape[0]):
        play_game(t, seeds[i], keys, s, streams, legal, acc, places, scale, columns[i], nothing, no_trail)


@kernel
def is_over(s: Array) -> bool:
    return bool(s[kt.PHASE] == P_OVER)


@kernel
def to_act(s: Array) -> int:
    """The seat to decide."""
    return int(s[kt.SEAT])


#: the kernel step by step, for the shared drivers (the harness's steps, a learner's games)
RULES = KernelRules(
    build_tables=kt.build_tables, pack=kt.pack, fields=kt.fields, new_position=new_position, is_chance=is_chance,
    is_over=is_over, to_act=to_act, legal_actions=legal_actions, sample_outcome=sample_outcome,
    apply_outcome=apply_outcome, apply_decision=apply_decision,
)  # fmt: skip


class RandomPlayout(BatchPlayout):
    """Whole games of one :class:`DoodleJumpGame` by random players (:meth:`DoodleJumpGame.random_playout`)."""

    rules = RULES
    figure_columns = ("rolls", "falls")

    def __init__(self, game: DoodleJumpGame) -> None:
        super().__init__(game, struct_of)

    def standing_scale(self) -> list[float]:
        return [float(height) for height in range(self.game.rules.levels + 1)]

    def figures(self, row: Array) -> dict[str, float]:
        turns = int(row[TURNS])
        rolls, falls = int(row[ROLLS]), int(row[FALLS])
        return {  # DoodleJumpState.metrics()
            "turns": float(turns),
            "rolls": float(rolls),
            "rolls_per_turn": rolls / max(turns, 1),
            "fall_rate": falls / max(turns, 1),
        }

    def _play(self, seeds: Array, columns: Array) -> None:
        play_games(self.struct, seeds, self.keys, self._scale, columns)

    def _record(self, seed: np.uint64, row: Array, record: Array, places: Array) -> int:
        t = self.tables
        n = t.players
        return int(play_game(
            self.struct, seed, self.keys, np.zeros(t.width, np.int32), np.zeros((1 + n, STREAM_WORDS), np.uint32),
            np.zeros(t.spare.shape[0], np.int32), np.zeros(3 + 2 * n, np.float64), np.zeros(n, np.int64),
            self._scale, row, record, places,
        ))  # fmt: skip

    def readable(self) -> State:
        return ReadableDoodleJumpState(self.game)
