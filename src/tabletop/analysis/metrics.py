"""What one game tells about the design: a traced playout and the per-game metrics.

:func:`play_traced` plays a game the way :func:`tabletop.core.play.run` does (the
same :class:`~tabletop.core.play.Streams`, so the same seed gives the same game)
and counts along the way what the metrics need: decisions and real choices,
legal actions, chance events, and each seat's standing at the start of every turn
where the game defines :meth:`State.standings`. :func:`decisiveness` replays a
game and estimates, by rollouts, from which point its result was known.
Definitions and sources: docs/metrics.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tabletop.core.agent import Agent
from tabletop.core.game import Game, TimeModel
from tabletop.core.play import PlayoutSummary, derive_seed, play_summary, run
from tabletop.core.state import State

if TYPE_CHECKING:
    from tabletop.core.batch import PlayoutBatch


@dataclass(slots=True)
class GameRow:
    """The per-game figures of one played game (one row of the results)."""

    seed: int
    winners: tuple[int, ...]
    first: int  # the seat that acted (or rolled) first; -1 if nobody did
    turns: int
    actions: int
    decisions: int  # actions chosen by a seat
    choices: int  # decisions with more than one legal action
    choice_turns: int  # turns with at least one real choice
    legal_sum: int  # legal actions summed over decisions (branching factor = legal_sum / decisions)
    chance: int  # chance events (dice, draws)
    minutes: float | None = None
    lead_changes: int | None = None
    drama: float | None = None
    trailed: bool | None = None  # the eventual winner was behind at the start of some turn
    decisive_at: float | None = None
    figures: dict[str, float] = field(default_factory=dict)


def play_traced(game: Game, agents: Sequence[Agent], seed: int) -> tuple[State, GameRow]:
    """Play one game from the start with ``seed`` and return its final state and figures."""
    for seat, agent in enumerate(agents):
        agent.reset(seat)
    state, summary = play_summary(game, [agent.step for agent in agents], seed)
    return state, row_of(summary, seed, game.time_model())


def row_of(summary: PlayoutSummary, seed: int, model: TimeModel | None) -> GameRow:
    """The row of a game played with ``seed``, from what it came to (a traced game's counts, or a
    game's fast random playout: :meth:`Game.random_playout`) and its game's time model."""
    winners = summary.winners
    row = GameRow(
        seed,
        winners,
        summary.first,
        summary.turns,
        summary.actions,
        summary.decisions,
        summary.choices,
        summary.choice_turns,
        summary.legal_sum,
        summary.chance,
    )
    row.figures = summary.figures
    if model is not None:
        row.minutes = model.minutes(summary.turns, summary.decisions, summary.chance, row.figures)
    if summary.places is not None:
        row.lead_changes, row.drama, row.trailed = place_metrics(summary.places, summary.scale, winners)
    elif summary.standings is not None:
        row.lead_changes, row.drama, row.trailed = trace_metrics(summary.standings, winners)
    return row


def rows_of_batch(batch: PlayoutBatch, model: TimeModel | None) -> list[GameRow]:
    """The rows of games played many at once by a compiled playout (:meth:`BatchPlayout.batch
    <tabletop.core.batch.BatchPlayout.batch>`): the same rows as :func:`row_of` gives one by one, the
    lead changes and drama computed by the kernel as :func:`place_metrics` computes them."""
    rows = []
    for k, (seed, values, figures) in enumerate(zip(batch.seeds, batch.columns.tolist(), batch.figures, strict=True)):
        _, first, turns, actions, decisions, choices, choice_turns, legal_sum, chance = map(int, values[:9])
        winners = batch.winners(k)
        row = GameRow(seed, winners, first, turns, actions, decisions, choices, choice_turns, legal_sum, chance)
        row.figures = figures
        if model is not None:
            row.minutes = model.minutes(row.turns, row.decisions, row.chance, figures)
        row.lead_changes, row.drama, row.trailed = batch.metrics(k)
        rows.append(row)
    return rows


def leader(standing: Sequence[float]) -> int | None:
    """The seat strictly ahead of every other, or ``None`` at a tie for the lead."""
    top = max(standing)
    leaders = [seat for seat, value in enumerate(standing) if value == top]
    return leaders[0] if len(leaders) == 1 else None


def lead_changes(trace: Sequence[Sequence[float]]) -> int:
    """How many times the lead passed to another seat (a tie keeps the last leader).

    >>> lead_changes([[0, 0], [1, 0], [1, 1], [1, 2], [3, 2]])
    2
    """
    last: int | None = None
    changes = 0
    for standing in trace:
        if not standing:
            continue
        now = leader(standing)
        if now is None:
            continue
        if last is not None and now != last:
            changes += 1
        last = now
    return changes


def drama(trace: Sequence[Sequence[float]], winners: Sequence[int]) -> tuple[float | None, bool | None]:
    """Mean over the trace of the eventual winners' gap to the leader, as a share of the spread
    between the best and worst seat; and whether a winner was ever strictly behind.

    >>> drama([[0, 0], [2, 0], [2, 4]], winners=[1])
    (0.3333333333333333, True)
    """
    if not winners:
        return None, None
    gaps = []
    trailed = False
    for standing in trace:
        if not standing:
            continue
        top, bottom = max(standing), min(standing)
        spread = top - bottom
        gap = sum(top - standing[w] for w in winners) / len(winners)
        if gap > 0:
            trailed = True
        gaps.append(gap / spread if spread > 0 else 0.0)
    return (sum(gaps) / len(gaps) if gaps else None), trailed


def trace_metrics(
    trace: Sequence[Sequence[float]], winners: Sequence[int]
) -> tuple[int, float | None, bool | None]:
    """``lead_changes(trace)`` and ``drama(trace, winners)`` in one pass: the same numbers, found faster.

    Every row of a run needs them, so each standing is sorted once: the last value is the
    top, the lead is shared when the one before it is equal, the first is the bottom (a
    single winner's gap is ``top - standing[w]``, exactly the mean over one winner; a
    positive gap has a positive spread, and a zero gap gives 0.0 either way). Traces with
    a missing standing, a single seat or several winners take the definitions above.
    tests/analysis/test_statistics.py checks the two agree on random traces.

    >>> trace_metrics([[0, 0], [2, 0], [2, 4]], winners=[1])
    (1, 0.3333333333333333, True)
    """
    if len(winners) > 1 or min(map(len, trace), default=2) < 2:
        return (lead_changes(trace), *drama(trace, winners))
    return _one_pass(trace, None, winners[0] if winners else -1)


def place_metrics(
    places: Sequence[Sequence[int]], scale: Sequence[float], winners: Sequence[int]
) -> tuple[int, float | None, bool | None]:
    """:func:`trace_metrics` of the standings ``[[scale[p] for p in ps] for ps in places]``, without making them.

    ``scale`` is strictly increasing, so the highest place is the highest standing, places tie
    exactly when standings do, and the top, bottom and winner's standings are ``scale`` of the
    top, bottom and winner's places: the same floats in the same arithmetic. tests/analysis/
    test_statistics.py checks it against :func:`trace_metrics` on random traces.

    >>> place_metrics([(0, 0), (2, 0), (2, 4)], [0.0, 0.25, 0.5, 0.75, 1.0], winners=[1])
    (1, 0.3333333333333333, True)
    """
    if len(winners) > 1 or min(map(len, places), default=2) < 2:
        trace = [[scale[p] for p in ps] for ps in places]
        return (lead_changes(trace), *drama(trace, winners))
    return _one_pass(places, scale, winners[0] if winners else -1)


def _one_pass(
    rows: Sequence[Sequence[Any]], scale: Sequence[float] | None, w: int
) -> tuple[int, float | None, bool | None]:
    """The pass of :func:`trace_metrics` (``scale`` None: rows are standings) and :func:`place_metrics`
    (rows are places, their standings ``scale[place]``), for one winner ``w`` or none (-1)."""
    last = -1
    changes = 0
    gaps = []
    trailed = False
    for row, ranked in zip(rows, map(sorted, rows), strict=True):
        top = ranked[-1]
        if ranked[-2] != top:
            now = row.index(top)
            if now != last:
                changes += 1  # the first leader is counted too, and taken off below
                last = now
        if w >= 0:
            if row[w] < top:
                trailed = True
                if scale is None:
                    gaps.append((top - row[w]) / (top - ranked[0]))
                else:
                    best = scale[top]
                    gaps.append((best - scale[row[w]]) / (best - scale[ranked[0]]))
            else:
                gaps.append(0.0)
    changes = changes - 1 if changes else 0
    if w < 0:
        return changes, None, None
    return changes, (sum(gaps) / len(gaps) if gaps else None), trailed


def decisiveness(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    final: State,
    points: int = 10,
    rollouts: int = 16,
    threshold: float = 0.9,
) -> float | None:
    """The share of the game (in actions) after which its result was known with ``threshold`` certainty.

    The game's actions are replayed; at ``points`` evenly spaced positions (the start
    included) ``rollouts`` games are played to the end by the same agents with
    independent streams, and the share ending with the same winners is an estimate
    of the chance that the result was already decided. The answer is the first
    point from which every later estimate reaches ``threshold`` (1.0: only at the end).
    ``None`` for a game that did not start from the initial position's history.
    """
    history = final.history()
    length = len(history)
    if length == 0:
        return None
    result = tuple(final.winners())
    marks = sorted({(j * length) // points for j in range(points)})
    state = game.new_initial_state()
    estimates: list[tuple[int, float]] = []
    done = 0
    for mark in marks:
        while done < mark:
            state.apply_action(history[done])
            done += 1
        same = 0
        for r in range(rollouts):
            ended = run(game, agents, derive_seed(seed, 1 + mark, r), state=state)
            same += tuple(ended.winners()) == result
        estimates.append((mark, same / rollouts))
    decided_from = length
    for mark, estimate in reversed(estimates):
        if estimate < threshold:
            break
        decided_from = mark
    return decided_from / length
