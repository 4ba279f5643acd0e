"""OpenSpiel's own checker on every registered game and player count, and its MCTSBot playing them
(tabletop.rl.openspiel)."""

from __future__ import annotations

import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts

from tabletop.core.errors import NotationError
from tabletop.core.registry import game_class, installed_games
from tabletop.rl.common import learning_games
from tabletop.rl.openspiel import load

CASES = [(game, players) for game in learning_games()
         for players in range(game_class(game).info.min_players, min(game_class(game).info.max_players, 4) + 1)]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_random_sim_test_passes_with_serialization(game: str, players: int) -> None:
    pyspiel.random_sim_test(load(game, players=players), num_sims=2, serialize=True, verbose=False)


def test_chance_probabilities_are_the_exact_ones_and_sum_to_one() -> None:
    game = load("doodle-jump", players=2)
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert [p for _, p in outcomes] == [1 / 8] * 8  # the first level stacked: any of the eight (D-SETUP-1)
    assert [a for a, _ in outcomes] == sorted(a for a, _ in outcomes)


def test_a_state_travels_as_our_notation() -> None:
    game = load("donkey-kong", players=2)
    state = game.new_initial_state()
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert str(again) == str(state) and str(state).startswith("donkey-kong players=2")
    with pytest.raises(NotationError):
        game.deserialize_state("donkey-kong players=2 turn=x")


def test_the_observation_tensor_is_the_seats_vector() -> None:
    game = load("jumanji", players=3)
    state = game.new_initial_state()
    wanted = game.tabletop.observer.vector(state.state, 1)
    assert np.array_equal(np.array(state.observation_tensor(1), np.float32), wanted)


def test_openspiels_mcts_bot_plays_our_games() -> None:
    rng = np.random.RandomState(3)
    for name in installed_games():
        game = load(name, players=2)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        bots = [mcts.MCTSBot(game, 1.4, 8, evaluator, random_state=rng) for _ in range(2)]
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        assert len(returns) == 2 and all(-1.0 <= r <= 1.0 for r in returns)


def test_the_history_is_the_same_whichever_side_applied_the_actions() -> None:
    """apply_action from Python is answered in Python; pyspiel's C++ ApplyAction (child, random_sim_test)
    goes through _apply_action. Both keep the one history: pyspiel's own numbers, (player, action)."""
    game = load("doodle-jump", players=2)
    rng = np.random.RandomState(5)
    state = game.new_initial_state()
    assert state.is_initial_state() and state.history() == [] and state.move_number() == 0
    applied = []
    while not state.is_terminal() and len(applied) < 60:
        player = state.current_player()
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            action = int(rng.choice(actions, p=probs))
        else:
            action = int(rng.choice(state.legal_actions()))
        if len(applied) % 2:
            state.apply_action(action)  # from Python
        else:
            state = state.child(action)  # through pyspiel's C++ ApplyAction (a clone, then the action)
        applied.append((player, action))
        assert state.history() == [a for _, a in applied]
    assert [(p.player, p.action) for p in state.full_history()] == applied
    assert state.history_str() == ", ".join(str(a) for _, a in applied)
    assert state.move_number() == len(applied) and not state.is_initial_state()
    clone = state.clone()
    assert clone.history() == state.history() and str(clone) == str(state)
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history() and str(again) == str(state)
    replayed = game.new_initial_state()
    for action in state.history():
        replayed.apply_action(action)
    assert str(replayed) == str(state)


def test_a_wrong_action_changes_nothing() -> None:
    game = load("doodle-jump", players=2)  # its first node is chance (the first level stacked)
    state = game.new_initial_state()
    before = str(state)
    with pytest.raises(ValueError, match="cannot happen"):
        state.apply_action(10**6)
    assert str(state) == before and state.history() == []


@pytest.mark.parametrize("name", installed_games())
def test_observation_tensor_answered_in_python_is_pyspiels_own(name: str) -> None:
    """``observation_tensor`` is answered in Python; pyspiel's C++ one (through ``VectorObserver``) gives the
    same floats at every position of a random game, for each seat and for the current player, and both
    refuse a player that is no seat."""
    game = load(name, players=3 if game_class(name).info.max_players >= 3 else 2)
    rng = np.random.RandomState(11)
    state = game.new_initial_state()
    while True:
        for seat in range(game.num_players()):
            ours = state.observation_tensor(seat)
            assert isinstance(ours, list) and ours == pyspiel.State.observation_tensor(state, seat)
        if state.current_player() >= 0:
            assert state.observation_tensor() == pyspiel.State.observation_tensor(state)
        else:
            with pytest.raises(pyspiel.SpielError):
                state.observation_tensor()
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    for wrong in (-1, game.num_players()):
        with pytest.raises(pyspiel.SpielError):
            state.observation_tensor(wrong)
