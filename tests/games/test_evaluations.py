"""Every game's evaluation part: chances of winning at any position, the winner's once it is over, and a
fast playout policy that only chooses legal actions and never changes the state."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tabletop
from tabletop.agents import from_spec
from tabletop.core.hooks import NOBODY_FEATURES, ROLLOUT
from tabletop.core.registry import evaluation, hook
from tabletop.core.state import State

GAMES = [("jumanji", 2), ("jumanji", 4), ("doodle-jump", 2), ("doodle-jump", 3), ("donkey-kong", 2),
         ("donkey-kong", 4)]


def positions(name: str, players: int, seed: int, limit: int = 200) -> tuple[list[State], State]:
    """Decision states of a random game, and its final state."""
    rng = random.Random(seed)
    state = tabletop.make(name, players=players).new_initial_state()
    found: list[State] = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_distribution().sample(rng))
            continue
        if len(found) < limit:
            found.append(state.clone())
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.random() * len(legal))])
    return found, state


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_chances_of_winning_at_every_position(name: str, players: int) -> None:
    part: Any = evaluation(name)
    can_all_lose = bool(hook(name, NOBODY_FEATURES))  # Jumanji: the jungle wins when the grid fills (R-J10)
    for seed in range(3):
        found, final = positions(name, players, seed)
        for state in found[::5]:
            chances = part.evaluate(state)
            assert len(chances) == players and all(0.0 <= c <= 1.0 for c in chances)
            assert sum(chances) == pytest.approx(1.0) if not can_all_lose else sum(chances) < 1.0
        winners = final.winners()
        assert part.evaluate(final) == pytest.approx(
            [1.0 / len(winners) if s in winners else 0.0 for s in range(players)])


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_fast_playout_policy_chooses_legal_actions_and_changes_nothing(name: str, players: int) -> None:
    rollout = hook(name, ROLLOUT)
    assert rollout is not None
    rng = random.Random(1)
    for seed in range(3):
        for state in positions(name, players, seed)[0]:
            before = state.to_text()
            assert rollout(state, rng) in state.legal_actions()
            assert state.to_text() == before


@pytest.mark.parametrize("name", ["doodle-jump", "donkey-kong"])
def test_the_fast_playout_policy_beats_random(name: str) -> None:
    """The fast policy is a real policy: as a 0-cutoff, 1-iteration search it wins most games against random."""
    game = tabletop.make(name, players=2)
    fast = "mcts:iterations=1:cutoff=none:prior=1"
    wins = 0
    for seed in range(20):
        seats = [from_spec(fast), from_spec("random")] if seed % 2 == 0 else [from_spec("random"), from_spec(fast)]
        final = tabletop.play(game, seats, seed=seed)
        wins += (seed % 2) in final.winners
    assert wins >= 14


@pytest.mark.parametrize("name", ["doodle-jump", "donkey-kong", "jumanji"])
def test_the_leader_by_the_evaluation_wins_more_often_than_not(name: str) -> None:
    """The fitted weights carry signal: in heuristic games the seat rated more likely at mid-game wins
    more than half of them (the fit's held-out figure is in data/evaluation.toml)."""
    part: Any = evaluation(name)
    game = tabletop.make(name, players=2)
    right = counted = 0
    for seed in range(60):
        final = tabletop.play(game, [from_spec("heuristic"), from_spec("heuristic")], seed=seed)
        state = game.new_initial_state()
        for text in final.actions[: len(final.actions) // 2]:
            state.apply_action(text)
        if state.is_terminal() or len(final.winners) != 1:
            continue
        chances = part.evaluate(state)
        counted += 1
        right += chances.index(max(chances)) == final.winners[0]
    assert right / counted > 0.55
