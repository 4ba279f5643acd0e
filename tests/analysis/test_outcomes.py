"""Who won, with intervals: seats' win rates simultaneous over the seats, shared wins, balance and the
first-mover advantage, checked against values computed by hand and by simulation (issue 26, finding 2)."""

from __future__ import annotations

import math
import random
from statistics import NormalDist

import pytest

from tabletop.analysis.outcomes import Outcomes, PairedOutcomes, z_simultaneous
from tabletop.analysis.stats import wilson_interval

# ten games of three seats: (first mover, winners)
GAMES = [(0, (0,)), (0, (0,)), (0, (1,)), (0, (2,)), (0, (0, 1)), (1, (1,)), (1, (0,)), (1, ()), (2, (2,)), (2, (0,))]


def outcomes() -> Outcomes:
    o = Outcomes(3)
    o.add([f for f, _ in GAMES], [list(w) for _, w in GAMES])
    return o


def test_seat_rates_are_wilson_intervals_simultaneous_over_the_seats() -> None:
    z = NormalDist().inv_cdf(1 - 0.05 / 6)  # three two-sided intervals at 95% together
    assert z_simultaneous(3) == pytest.approx(z) and z == pytest.approx(2.394, abs=1e-3)
    wins = [5, 3, 2]  # seat 0 won 5 games (one shared), seat 1 three (one shared), seat 2 two
    for seat, (n, mean, low, high) in enumerate(outcomes().win_rates()):
        assert n == 10 and mean == wins[seat] / 10
        assert (low, high) == pytest.approx(wilson_interval(wins[seat], 10, z))
        assert (low, high) != pytest.approx(wilson_interval(wins[seat], 10))  # wider than one seat alone


def test_shared_wins_are_counted_and_explain_why_the_seats_add_up_to_more_than_one() -> None:
    n, share, low, high = outcomes().shared()
    assert (n, share) == (10, 0.1) and (low, high) == pytest.approx(wilson_interval(1, 10))
    rates = [mean for _, mean, _, _ in outcomes().win_rates()]
    completion = 9 / 10
    assert sum(rates) == pytest.approx(completion + share)  # each extra winner adds its game once more


def test_balance_is_one_minus_the_largest_gap_with_an_interval_from_the_pairs_of_seats() -> None:
    o = outcomes()
    # by hand: gaps 0.5-0.3 = 0.2, 0.5-0.2 = 0.3, 0.3-0.2 = 0.1: balance 0.7
    n, balance, low, high = o.balance()
    assert n == 10 and balance == pytest.approx(0.7)
    # the (0, 2) gap per game: +1 in games 0, 1, 4, 6, 9 (seat 0 won, 2 did not), -1 in 3 and 8, else 0
    per_game = [1, 1, 0, -1, 1, 0, 1, 0, -1, 1]
    mean = sum(per_game) / 10
    sd = math.sqrt(sum((v - mean) ** 2 for v in per_game) / 9)
    z = z_simultaneous(3)  # three pairs of seats
    _, (_, m, gap_low, gap_high) = next(g for g in o.gaps() if g[0] == (0, 2))
    assert m == pytest.approx(mean) and gap_low == pytest.approx(mean - z * sd / math.sqrt(10))
    assert gap_high == pytest.approx(mean + z * sd / math.sqrt(10))
    assert high == pytest.approx(1 - max(0.0, max(max(0.0, lo, -hi) for _, (_, _, lo, hi) in o.gaps())))
    assert low == pytest.approx(max(0.0, 1 - max(max(abs(lo), abs(hi)) for _, (_, _, lo, hi) in o.gaps())))
    assert low <= balance <= high


def test_the_first_mover_advantage_is_a_mean_of_games_with_a_normal_interval() -> None:
    # per game: [first mover won] - winners / 3
    per_game = [2 / 3, 2 / 3, -1 / 3, -1 / 3, 1 / 3, 2 / 3, -1 / 3, 0.0, 2 / 3, -1 / 3]
    mean = sum(per_game) / 10
    sd = math.sqrt(sum((v - mean) ** 2 for v in per_game) / 9)
    n, advantage, low, high = outcomes().advantage()
    assert n == 10 and advantage == pytest.approx(mean)
    assert (low, high) == pytest.approx((mean - 1.959964 * sd / math.sqrt(10), mean + 1.959964 * sd / math.sqrt(10)))
    # = the first mover's rate minus the average seat's
    first_rate = 5 / 10
    assert advantage == pytest.approx(first_rate - (5 + 3 + 2) / 30)


def test_simultaneous_intervals_cover_every_seat_together_where_separate_ones_do_not() -> None:
    """400 runs of 300 games of a 4-seat game whose seats win with known chances (the last
    seat's wins shared with seat 0 now and then): the simultaneous intervals cover all four
    rates at once in at least 95% of runs (within sampling error); the plain ones fall short."""
    rng = random.Random(26)
    truth = [0.4, 0.3, 0.2, 0.1 + 0.05]  # seat 3 wins alone 10%, and shares with seat 0 5% of games
    together = separate = 0
    runs = 400
    for _ in range(runs):
        o = Outcomes(4)
        firsts, winners = [], []
        for _ in range(300):
            u = rng.random()
            w = [0] if u < 0.35 else [0, 3] if u < 0.40 else [1] if u < 0.70 else [2] if u < 0.90 else [3]
            firsts.append(0)
            winners.append(w)
        o.add(firsts, winners)
        simultaneous = o.win_rates()
        together += all(low <= p <= high for p, (_, _, low, high) in zip(truth, simultaneous, strict=True))
        counts = [round(mean * n) for n, mean, _, _ in simultaneous]
        separate += all(lo <= p <= hi for p, (lo, hi) in zip(truth, (wilson_interval(c, 300) for c in counts),
                                                             strict=True))
    assert together / runs >= 0.93  # nominal 0.95 or more; 0.93 leaves room for sampling error over 400 runs
    assert separate / runs < together / runs and separate / runs < 0.93


def test_paired_differences_of_the_seat_figures() -> None:
    base = outcomes()
    other = Outcomes(3)
    flipped = [(f, tuple(2 - s for s in w)) for f, w in GAMES]  # seat 0 and seat 2 swap their wins
    other.add([f for f, _ in flipped], [list(w) for _, w in flipped])
    paired = PairedOutcomes(3, 3)
    paired.add([f for f, _ in flipped], [list(w) for _, w in flipped], [f for f, _ in GAMES],
               [list(w) for _, w in GAMES])
    seat0, seat1, seat2 = paired.win_rates()
    assert seat0[1] == pytest.approx(0.2 - 0.5) and seat1[1] == 0 and seat2[1] == pytest.approx(0.5 - 0.2)
    assert seat1[2] == seat1[3] == 0  # the same in every game: no spread
    _, difference, low, high, _ = paired.balance(other, base)
    assert difference == pytest.approx(other.balance()[1] - base.balance()[1])  # exactly, by construction
    assert low <= difference <= high
    assert paired.advantage()[1] == pytest.approx(other.advantage()[1] - base.advantage()[1])
