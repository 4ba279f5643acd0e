"""Donkey Kong by random players, compiled: whole games on arrays, many at once (issue 27).

:func:`play_game` is :func:`tabletop.core.play.run` with a ``RandomAgent`` in every seat, on a
position row (:mod:`.kernel`, :mod:`.kernel_turn`): the same streams (:mod:`tabletop.core.compiled`:
the ``"chance"`` stream for every chance node, each seat's own stream for its decisions; all seeded at
the start, side by side: :mod:`tabletop.core.seeding`), one ``random()`` per chance node turned into
the outcome ``Distribution.pick`` gives, each decision ``legal[int(u * n)]``. So a seed plays exactly
the game the readable rules play, and the kernel counts what :func:`tabletop.analysis.metrics.play_traced`
counts (decisions, real choices, chance events, the standings at each change of turn: the scores, as
places on the scale of every score a seat can reach).

Winners can tie on points (R-K9): the lead changes, the drama and whether a winner trailed come
from the standings as :func:`tabletop.analysis.metrics.place_metrics` takes them, for one winner
(:func:`~tabletop.core.standings.standings_add`) and for a set of tied winners alike (:func:`tied_gap`: the
mean gap of the winners, in the same arithmetic). Which seats tie is known only at the end, so the game keeps
its places at every standing (its trail, room for the turn limit's) and sums the tied winners' gaps once.

:class:`RandomPlayout` is :meth:`DonkeyKongGame.random_playout` where Numba is installed. The proof
(the kernel stepped against :class:`~.readable.ReadableDonkeyKongState`, every field before every
action) is ``tests/games/donkey_kong/test_dk_kernel.py`` and
``benchmarks/equivalence/equivalence.py --game donkey-kong --kernel``.
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
    DRAMA,
    FIGURES,
    FIRST,
    LEGAL_SUM,
    TRAILED,
    TURNS,
    WINNER,
    WINNERS,
    BatchPlayout,
    KernelRules,
)
from tabletop.core.compiled import (
    STREAM_WORDS,
    draw,
    kernel,
    pick,
    struct_of,
    uncounted_kernel,
)
from tabletop.core.seeding import open_streams
from tabletop.core.standings import standings_add, standings_end, standings_start
from tabletop.core.state import State
from tabletop.games.donkey_kong import kernel_tables as kt
from tabletop.games.donkey_kong.kernel import score
from tabletop.games.donkey_kong.kernel_turn import (
    apply_decision,
    apply_outcome,
    is_chance,
    is_over,
    legal_actions,
    new_position,
    sample_outcome,
    winners,
)
from tabletop.games.donkey_kong.readable import ReadableDonkeyKongState

if TYPE_CHECKING:
    from tabletop.games.donkey_kong.game import DonkeyKongGame

Array = np.ndarray[Any, Any]

#: the game's own counts after the common columns: DonkeyKongState.metrics() is made from them (4 scores at most)
SCORES = FIGURES
FINISHER_NOT_TOP = FIGURES + 4


@uncounted_kernel
def places_of(t: Any, s: Array, places: Array) -> None:
    """DonkeyKongState.standings() (the scores) as places on the scale of every score: score / step."""
    for seat in range(t.players):
        places[seat] = score(t, s, seat) // t.score_step


@uncounted_kernel
def keep_places(trail: Array, standing: int, places: Array) -> None:
    """The places of the standing numbered ``standing`` into its row of ``trail``, if it has room."""
    if standing < trail.shape[0]:
        for seat in range(places.shape[0]):
            trail[standing, seat] = places[seat]


@uncounted_kernel
def tied_gap(places: Array, scale: Array, mask: int) -> tuple[float, float]:
    """One standing for the seats of ``mask`` (two or more) as the tied winners (``drama``'s arithmetic): their
    mean gap to the leader, and it as a share of the spread (0 where every place is the same)."""
    n = places.shape[0]
    top, bottom = scale[places[0]], scale[places[0]]
    for seat in range(1, n):
        top = max(top, scale[places[seat]])
        bottom = min(bottom, scale[places[seat]])
    spread = top - bottom
    members = 0
    gap = 0.0
    for seat in range(n):
        if mask >> seat & 1:
            gap += top - scale[places[seat]]
            members += 1
    gap = gap / members
    return gap, (gap / spread if spread > 0 else 0.0)


@uncounted_kernel
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
    Winners tied on points (R-K9) have their drama from the trail: it needs room for every standing (the
    turn limit's, plus 2), else the row is not the game's (``record`` plays again with more room).
    """
    new_position(t, s)
    n = t.players
    open_streams(streams, seed, keys)  # all at once (a stream no seat uses costs its seeding only)
    standings_start(acc)
    places_of(t, s, places)
    standings_add(acc, places, scale)
    trail_rows = 0
    keep_places(trail, trail_rows, places)
    trail_rows += 1
    actions = decisions = choices = choice_turns = legal_sum = chances = 0
    first = last_choice_turn = -1
    turn = s[kt.TURN]
    while not is_over(s):
        if is_chance(s):
            if first < 0 and s[kt.CONTACT_SIZE] == 0 and (s[kt.STAGE] == kt.S_WHITE or s[kt.STAGE] == kt.S_RED):
                first = s[kt.TURN_SEAT]  # DonkeyKongState.chance_roller
            action = sample_outcome(t, s, draw(streams[0]))
            apply_outcome(t, s, action)
            chances += 1
        else:
            seat = s[kt.TO_ACT]
            if first < 0:
                first = seat
            count = legal_actions(t, s, legal)
            decisions += 1
            legal_sum += count
            if count > 1:
                choices += 1
                if s[kt.TURN] != last_choice_turn:
                    choice_turns += 1
                    last_choice_turn = s[kt.TURN]
            action = legal[pick(streams[1 + seat], count)]
            apply_decision(t, s, action)
        if actions < record.shape[0]:
            record[actions] = action
        actions += 1
        if s[kt.TURN] != turn:
            turn = s[kt.TURN]
            places_of(t, s, places)
            standings_add(acc, places, scale)
            keep_places(trail, trail_rows, places)
            trail_rows += 1
    places_of(t, s, places)
    standings_add(acc, places, scale)
    keep_places(trail, trail_rows, places)
    trail_rows += 1
    won = winners(t, s, legal)
    winner = legal[0] if won == 1 else -1
    row[WINNER] = winner
    row[FIRST] = first
    row[TURNS] = s[kt.TURN]
    row[ACTIONS] = actions
    row[DECISIONS] = decisions
    row[CHOICES] = choices
    row[CHOICE_TURNS] = choice_turns
    row[LEGAL_SUM] = legal_sum
    row[CHANCE] = chances
    top = False
    for k in range(won):
        top = top or legal[k] == s[kt.FINISHER]
    for seat in range(n):
        row[SCORES + seat] = score(t, s, seat)
    row[FINISHER_NOT_TOP] = 0.0 if top else 1.0
    standings_end(acc, winner, row)
    if won > 1:  # tied winners: drama's mean over them, standing by standing
        mask = 0
        for k in range(won):
            mask |= 1 << legal[k]
        shares = trailed = 0.0
        for k in range(min(trail_rows, trail.shape[0])):
            gap, share = tied_gap(trail[k], scale, mask)
            if gap > 0:
                trailed = 1.0
            shares += share
        row[WINNERS] = mask
        row[DRAMA] = shares / acc[2]
        row[TRAILED] = trailed
    return actions


@kernel
def play_games(t: Any, seeds: Array, keys: Array, scale: Array, columns: Array) -> None:
    """``play_game`` for every seed, one after another; row ``i`` of ``columns`` is game ``i``'s."""
    s = np.zeros(t.width, np.int32)
    streams = np.zeros((1 + t.players, STREAM_WORDS), np.uint32)
    legal = np.zeros(t.action_card.shape[0], np.int32)
    acc = np.zeros(3 + 2 * t.players, np.float64)
    places = np.zeros(t.players, np.int64)
    nothing = np.zeros(0, np.int32)
    trail = np.zeros((t.turn_limit + 2, t.players), np.int64)  # every standing: the tied winners' drama
    for i in range(seeds.shape[0]):
        play_game(t, seeds[i], keys, s, streams, legal, acc, places, scale, columns[i], nothing, trail)


@uncounted_kernel
def to_act(s: Array) -> int:
    """The seat to decide."""
    return int(s[kt.TO_ACT])


#: the kernel step by step, for the shared drivers (the harness's steps, a learner's games)
RULES = KernelRules(
    build_tables=kt.build_tables, pack=kt.pack, fields=kt.fields, new_position=new_position, is_chance=is_chance,
    is_over=is_over, to_act=to_act, legal_actions=legal_actions, sample_outcome=sample_outcome,
    apply_outcome=apply_outcome, apply_decision=apply_decision,
)  # fmt: skip


class RandomPlayout(BatchPlayout):
    """Whole games of one :class:`DonkeyKongGame` by random players (:meth:`DonkeyKongGame.random_playout`)."""

    rules = RULES
    figure_columns = ("score[0]", "score[1]", "score[2]", "score[3]", "finisher_not_top")

    def __init__(self, game: DonkeyKongGame) -> None:
        super().__init__(game, struct_of)

    def standing_scale(self) -> list[float]:
        """Every score a seat can reach, in steps of the cards' common divisor: standing = scale[score // step]."""
        rules = self.game.rules
        most = sum(c * p for c, p in zip(rules.card_counts, rules.card_points, strict=True)) + rules.finish_bonus
        return [float(points) for points in range(0, most + 1, self.tables.score_step)]

    def figures(self, row: Array) -> dict[str, float]:
        figures = {f"score[{seat}]": float(row[SCORES + seat]) for seat in range(self.game.num_players)}
        figures["turns"] = float(row[TURNS])
        figures["rate:finisher_not_top"] = float(row[FINISHER_NOT_TOP])
        return figures  # DonkeyKongState.metrics() at the end

    def _play(self, seeds: Array, columns: Array) -> None:
        play_games(self.struct, seeds, self.keys, self._scale, columns)

    def _record(self, seed: np.uint64, row: Array, record: Array, places: Array) -> int:
        t = self.tables
        n = t.players
        return int(play_game(
            self.struct, seed, self.keys, np.zeros(t.width, np.int32), np.zeros((1 + n, STREAM_WORDS), np.uint32),
            np.zeros(t.action_card.shape[0], np.int32), np.zeros(3 + 2 * n, np.float64), np.zeros(n, np.int64),
            self._scale, row, record, places,
        ))  # fmt: skip

    def readable(self) -> State:
        return ReadableDonkeyKongState(self.game)
