"""The workbench's statistics against hand-computed values, and the sequential rule's coverage on a coin."""

from __future__ import annotations

import itertools
import math
import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.analysis.accumulate import Counts, Moments, Paired
from tabletop.analysis.metrics import drama, lead_changes, leader, place_metrics, trace_metrics
from tabletop.analysis.sequential import ConfidenceSequence, reference_interval
from tabletop.analysis.stats import Z95, percentile


def test_moments_match_the_textbook_formulas() -> None:
    values = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]
    m = Moments()
    for v in values:
        m.add(v)
    # mean 5, sum of squared deviations 32, sample variance 32/7
    assert m.count == 8 and m.mean == pytest.approx(5.0) and m.variance == pytest.approx(32 / 7)
    low, high = m.interval()
    assert high - low == pytest.approx(2 * Z95 * math.sqrt(32 / 7 / 8))
    batched = Moments()
    batched.add_many(values[:3])
    batched.add_many(values[3:])
    assert batched.count == 8 and batched.mean == pytest.approx(5.0) and batched.variance == pytest.approx(32 / 7)
    assert math.isnan(Moments().variance)


def test_pairing_reports_the_variance_it_removed() -> None:
    a = [1.0, 2.0, 3.0, 4.0]
    b = [1.5, 2.5, 2.5, 4.5]  # differences -0.5, -0.5, 0.5, -0.5
    p = Paired()
    p.add_many(a, b)
    # Var a = 5/3, Var b = 19/12 (mean 2.75; squares 1.5625 + 0.0625 + 0.0625 + 3.0625 = 4.75, / 3)
    # differences: mean -0.25, Var = (0.0625 * 3 + 0.5625) / 3 = 0.25
    assert p.difference.mean == pytest.approx(-0.25)
    assert p.difference.variance == pytest.approx(0.25)
    assert p.variance_ratio == pytest.approx((5 / 3 + 4.75 / 3) / 0.25)
    assert p.variance_reduction == pytest.approx(1 - 0.25 / (5 / 3 + 4.75 / 3))
    low, high = p.difference.interval()
    assert low == pytest.approx(-0.25 - Z95 * 0.5 / 2) and high == pytest.approx(-0.25 + Z95 * 0.5 / 2)
    independent = Paired()
    independent.add_many([0.0, 1.0, 0.0, 1.0], [1.0, 1.0, 0.0, 0.0])  # uncorrelated: no reduction
    assert independent.variance_reduction == pytest.approx(0.0)


def test_counts_give_the_same_quantiles_as_sorting_and_a_survival_curve() -> None:
    rng = random.Random(3)
    values = [float(rng.randint(1, 40)) for _ in range(501)]
    c = Counts()
    for v in values:
        c.add(v)
    for q in (0.1, 0.5, 0.9, 0.0, 1.0):
        assert c.quantile(q) == pytest.approx(percentile(values, 100 * q))
    assert c.survival(20) == pytest.approx(sum(v > 20 for v in values) / len(values))
    assert c.survival(40) == 0.0 and c.survival(0) == 1.0


def test_lead_changes_and_drama_on_a_hand_made_trace() -> None:
    trace = [[0, 0, 0], [3, 1, 0], [3, 4, 0], [3, 4, 4], [5, 4, 6], [9, 4, 6]]
    assert leader([3, 4, 4]) is None and leader([5, 4, 6]) == 2
    # leaders: -, 0, 1, (tie), 2, 0: the lead passed 1 -> ... 0->1, 1->2, 2->0
    assert lead_changes(trace) == 3
    # the eventual winner is seat 0: it trails by 0, 0, 1, 1, 1, 0 with spreads 0, 3, 4, 1, 2, 5
    value, trailed = drama(trace, [0])
    assert trailed is True
    assert value == pytest.approx((0 + 0 + 1 / 4 + 1 / 1 + 1 / 2 + 0) / 6)
    assert drama(trace, []) == (None, None)
    assert drama([[1, 0], [2, 1]], [0]) == (0.0, False)


def test_the_vectorized_confidence_sequence_is_the_papers_formula() -> None:
    rng = random.Random(5)
    values = [float(rng.random() < 0.3) for _ in range(300)]
    cs = ConfidenceSequence()
    cs.update(values[:100])
    cs.update(values[100:])
    low, high = reference_interval(values)
    # the running intersection can only narrow the last interval
    assert cs.low >= max(0.0, low) - 1e-12 and cs.high <= min(1.0, high) + 1e-12
    single = ConfidenceSequence()
    single.update(values)
    assert single.low == pytest.approx(max(0.0, low)) and single.high == pytest.approx(min(1.0, high))
    tuned = ConfidenceSequence(target=0.05)
    tuned.update(values)
    low, high = reference_interval(values, target=0.05)
    assert tuned.low == pytest.approx(max(0.0, low)) and tuned.high == pytest.approx(min(1.0, high))
    # a difference in [-1, 1] is the same CS on (X + 1) / 2, half as wide in its own units
    shifted = ConfidenceSequence(lower=-1.0, upper=1.0, target=0.1)
    shifted.update([2 * v - 1 for v in values])
    assert shifted.low == pytest.approx(2 * tuned.low - 1) and shifted.high == pytest.approx(2 * tuned.high - 1)


def test_confidence_sequence_first_step_by_hand() -> None:
    # t = 1, x = 1: mu_0 = 1/2, sigma2_0 = 1/4, lambda_1 = min(sqrt(2 log 40 / (1/4 * log 2)), 1/2) = 1/2
    # v_1 = 4 (1 - 1/2)^2 = 1, psi(1/2) = (log 2 - 1/2) / 4
    # centre = 1, half = (log 40 + (log 2 - 1/2) / 4) / (1/2)
    low, high = reference_interval([1.0])
    half = (math.log(40) + (math.log(2) - 0.5) / 4) / 0.5
    assert low == pytest.approx(1 - half) and high == pytest.approx(1 + half)


def test_confidence_sequence_rejects_values_outside_its_bounds() -> None:
    with pytest.raises(ValueError, match="observations must lie in"):
        ConfidenceSequence().update([0.5, 1.5])
    with pytest.raises(ValueError, match="alpha"):
        ConfidenceSequence(alpha=1.5)
    diff = ConfidenceSequence(lower=-1.0, upper=1.0)
    diff.update([-1.0, 0.0, 1.0] * 2000)
    assert diff.low < 0.0 < diff.high and diff.half_width < 0.1


def test_stopping_when_precise_keeps_its_coverage_on_a_coin_of_known_bias() -> None:
    """Run the --precision rule (a CS tuned to the target, looked at every 25 tosses, stopped at
    half-width 0.05) 600 times on a coin with P(heads) = 0.3: the stopped interval must miss
    0.3 at most 5% of the time (plus 3 standard errors of the simulation). A naive rule that
    peeks at the Wilson interval the same way misses more often, which shows the check can fail."""
    p, precision, look, runs = 0.3, 0.05, 25, 600
    rng = np.random.default_rng(2024)
    missed = naive_missed = 0
    sizes = []
    for _ in range(runs):
        cs = ConfidenceSequence(target=precision)
        tosses = 0
        heads = 0
        naive_done = False
        while cs.half_width > precision:
            batch = (rng.random(look) < p).astype(float)
            cs.update(batch)
            tosses += look
            heads += int(batch.sum())
            if not naive_done:
                phat = heads / tosses
                half = Z95 * math.sqrt(max(phat * (1 - phat), 1e-12) / tosses)
                if tosses >= 50 and abs(phat - p) > half:
                    naive_missed += 1  # the peeking rule would have stopped on a wrong interval
                    naive_done = True
        missed += not cs.low <= p <= cs.high
        sizes.append(tosses)
    allowed = 0.05 + 3 * math.sqrt(0.05 * 0.95 / runs)
    assert missed / runs <= allowed
    assert naive_missed / runs > allowed
    # the price of looking at will: about twice the fixed-size answer, (1.96/0.05)^2 * 0.21 = 323
    assert 323 < np.median(sizes) < 2.5 * 323


@given(
    trace=st.lists(st.lists(st.sampled_from([0.0, 0.25, 0.5, 1 / 3, 0.75, 1.0]), min_size=1, max_size=4), max_size=12),
    winner=st.integers(-1, 1),
)
def test_trace_metrics_are_lead_changes_and_drama(trace: list[list[float]], winner: int) -> None:
    """The one-pass twin gives exactly the readable definitions' numbers (ties for the lead, equal seats,
    a winner always ahead or behind, no winner); missing standings and several winners take the definitions."""
    winners = [] if winner < 0 or any(len(standing) <= winner for standing in trace) else [winner]
    assert trace_metrics(trace, winners) == (lead_changes(trace), *drama(trace, winners))
    gappy = [*trace, []]
    assert trace_metrics(gappy, winners) == (lead_changes(gappy), *drama(gappy, winners))
    if all(len(standing) > 1 for standing in trace):
        assert trace_metrics(trace, [0, 1]) == (lead_changes(trace), *drama(trace, [0, 1]))


@given(
    places=st.lists(st.lists(st.integers(0, 5), min_size=1, max_size=4).map(tuple), max_size=12),
    winner=st.integers(-1, 1),
    steps=st.lists(st.floats(1e-3, 10), min_size=5, max_size=5),
)
def test_place_metrics_are_the_metrics_of_the_standings(
    places: list[tuple[int, ...]], winner: int, steps: list[float]
) -> None:
    """Places on a strictly increasing scale give exactly the metrics of the standings they stand for."""
    winners = [] if winner < 0 or any(len(ps) <= winner for ps in places) else [winner]
    for scale in ([p / 5 for p in range(6)], [0.0, *itertools.accumulate(steps)]):
        trace = [[scale[p] for p in ps] for ps in places]
        assert place_metrics(places, scale, winners) == trace_metrics(trace, winners)
        if all(len(ps) > 1 for ps in places):
            assert place_metrics(places, scale, [0, 1]) == trace_metrics(trace, [0, 1])
