"""The fast paths are checked against the plain ones (style habit 11), the generated copy against the field list."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from dk_scenarios import make_game

from tabletop.core.chance import Distribution
from tabletop.games.donkey_kong.readable import ReadableDonkeyKongState
from tabletop.testing.differential import must_catch, play_both


def trajectory(seed: int) -> list[str]:
    game = make_game(3, first_player=None)
    rng = random.Random(seed)
    state = game.new_initial_state()
    texts = []
    while not state.is_terminal():
        texts.append(state.to_text())
        if state.is_chance_node():
            action = state.chance_distribution().sample(rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)
    return texts


def test_skipping_empty_spaces_equals_moving_one_space_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """K-OBS-1: with every space marked special, obstacles stop on each space in turn: the games are identical."""
    fast = [trajectory(seed) for seed in range(3)]
    board = make_game(3).rules.board
    monkeypatch.setattr(board, "special", [True] * board.size)
    slow = [trajectory(seed) for seed in range(3)]
    assert fast == slow


def test_counted_distribution_equals_the_exact_weighted_one() -> None:
    rng = random.Random(1)
    outcomes = make_game(2).rules.card_outcomes["draw"]
    for _ in range(50):
        counts = tuple(rng.randint(0, 8) for _ in outcomes)
        if not any(counts):
            continue
        counted = Distribution.counted(outcomes, counts)
        exact = Distribution.weighted([(o, n) for o, n in zip(outcomes, counts, strict=True) if n])
        assert counted.pairs() == exact.pairs()
        assert sum(counted.probabilities) == 1 and all(isinstance(p, Fraction) for p in counted.probabilities)
        # sampling follows the same cumulative weights
        for _ in range(20):
            seed = rng.random()
            assert counted.sample(random.Random(seed)) is exact.sample(random.Random(seed))


def test_the_field_list_makes_the_slots_the_setup_and_the_copy() -> None:
    """position.FIELDS lists every field once: the slots, the setup and clone() follow it, so a field added there
    is set up and copied (a list as a new list), and a field cannot be added anywhere else."""
    from tabletop.games.donkey_kong import DonkeyKongState
    from tabletop.games.donkey_kong.movement import Movement
    from tabletop.games.donkey_kong.position import FIELDS, LIST, Position

    names = [field.name for field in FIELDS]
    assert len(set(names)) == len(names) and Position.__slots__ == tuple(names)
    assert Movement.__slots__ == DonkeyKongState.__slots__ == ()
    game = make_game(3, first_player=None)
    rng = random.Random(5)
    state = game.new_initial_state()
    for _ in range(300):
        if state.is_chance_node():
            state.apply_action(state.chance_distribution().sample(rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    copy = state.clone()
    for field in FIELDS:
        original, copied = getattr(state, field.name), getattr(copy, field.name)
        assert copied == original, field.name
        assert (copied is not original) == (field.blank is LIST), field.name
    with pytest.raises(AttributeError):
        state.colour = "red"  # type: ignore[attr-defined]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_fast_movement_equals_the_readable_twin_action_by_action(players: int) -> None:
    """K-OBS-1..10, R-K10: the same seeds through the fast rules and readable.py's plain ones (the differential
    harness, tabletop.testing.differential) give the same position, log, legal actions and chance nodes before every
    action (benchmarks/equivalence/equivalence.py --game donkey-kong plays 10^5 games)."""
    for first_player in (None, 0):
        twins = make_game(players, first_player=first_player).twins()
        steps = sum(play_both(twins, seed) for seed in range(20))
        assert steps > 20 * 100  # whole games, not a stub


def test_the_differential_check_finds_a_planted_movement_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: a readable twin whose barrels stop one space short diverges, and the harness says where."""
    original = ReadableDonkeyKongState._step_mover

    def short(self: ReadableDonkeyKongState) -> None:
        if self.mover_steps_left > 1:
            self.mover_steps_left -= 1
        original(self)

    monkeypatch.setattr(ReadableDonkeyKongState, "_step_mover", short)
    caught = must_catch(make_game(2).twins(), range(5))
    assert caught.what == "positions" and "seed" in str(caught)


def test_the_differential_check_finds_a_planted_route_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """R-K10: a fast route table that lets a pawn turn back (the first ruling's "no space twice") is caught: the
    legal actions differ on the first turn from START."""
    from tabletop.games.donkey_kong import routes

    def anything_goes(heading: tuple[int, int], along: int, climb: int) -> tuple[int, int]:
        return heading
    monkeypatch.setattr(routes, "step_allowed", anything_goes)
    game = make_game(2, data=None)
    game.rules.board._routes.clear()
    try:
        caught = must_catch(game.twins(), range(5))
    finally:
        monkeypatch.undo()
        game.rules.board._routes.clear()
    assert caught.what == "options"
