"""The fast dice tables against plain enumeration: roll probabilities and dice combinations (D-TURN-2, D-JUMP-2)."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from tabletop.core.errors import IllegalActionError
from tabletop.games.doodle_jump.actions import combos_by_sum


@pytest.mark.parametrize(("numbered", "symbol"), [(1, True), (2, False), (3, True), (4, True), (5, False)])
def test_d_turn_2_roll_distribution_matches_enumerating_every_ordered_roll(dj, numbered: int, symbol: bool) -> None:
    """D-TURN-2: each sorted multiset's probability equals the share of ordered rolls giving it."""
    game = dj.make(players=4)
    dist = game.table.roll_distribution(numbered, symbol)
    faces = game.rules.symbol_faces if symbol else ("",)
    counts: Counter[str] = Counter()
    for numbers in itertools.product(range(1, 7), repeat=numbered):
        for face in faces:
            body = " ".join(str(n) for n in sorted(numbers))
            counts[f"roll {body} / {face}" if face else f"roll {body}"] += 1
    total = 6**numbered * len(faces)
    assert {str(a): p for a, p in dist.pairs()} == {text: Fraction(n, total) for text, n in counts.items()}


def test_d_jump_2_combinations_match_every_subset_of_the_dice() -> None:
    """D-JUMP-2: combos_by_sum lists exactly the distinct multisets of dice (and dots) for each sum."""
    for numbers in itertools.combinations_with_replacement(range(1, 7), 5):
        for dots in (0, 1, 2):
            expected: dict[int, set[tuple[tuple[int, ...], int]]] = {}
            for size in range(len(numbers) + 1):
                for picked in itertools.combinations(numbers, size):
                    for extra in {0, dots}:
                        if picked or extra:
                            expected.setdefault(sum(picked) + extra, set()).add((tuple(sorted(picked)), extra))
            found = combos_by_sum(numbers, dots)
            assert {s: set(c) for s, c in found.items()} == expected
            assert all(len(c) == len(set(c)) for c in found.values())  # each multiset once


def test_d_turn_2_a_roll_of_other_dice_is_not_an_outcome(dj) -> None:
    """D-TURN-2: with five numbered dice and the symbol die to roll, a roll of four dice (an outcome of
    another chance node, hundreds of outcomes long) is rejected and changes nothing."""
    state = dj.position("B9/off/off/off")
    four = state.table.roll_distribution(4, True).outcomes[0]
    assert len(state.chance_distribution()) > 1000 and four not in state.chance_distribution()
    before = state.to_text()
    with pytest.raises(IllegalActionError, match="not a legal chance outcome"):
        state.apply_action(four)
    assert state.to_text() == before and state.history() == ()
    state.apply_action(state.chance_distribution().outcomes[-1])  # and a true outcome is taken
    assert state.history() == (state.table.roll_distribution(5, True).outcomes[-1],)
