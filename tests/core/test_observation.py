"""The observation API: one place decides what each viewer sees; the checks catch a view that leaks,
and search plays on states its seat cannot tell from the real one."""

from __future__ import annotations

import random

import pytest

import tabletop
from hidden_card import HiddenCardGame, HiddenCardState, LeakyObserver, PeekingTerminal
from tabletop.agents.mcts import MCTSAgent
from tabletop.core.observation import SPECTATOR, InvalidViewerError, Observer
from tabletop.core.parts import GameParts
from tabletop.core.registry import register
from tabletop.testing import ConformanceError, check_views


def dealt(game: tabletop.Game, text: str) -> HiddenCardState:
    state = game.state_from_text(text)
    assert isinstance(state, HiddenCardState)
    return state


def test_a_game_that_hides_nothing_shows_every_viewer_its_whole_position(race: tabletop.Game) -> None:
    state = race.new_initial_state()
    state.apply_action("roll 2")
    observer = race.observer
    assert type(observer) is Observer and not observer.hidden_information and race.observer is observer
    for viewer in (SPECTATOR, 0, 1):
        assert observer.observe(state, viewer) == state.to_dict()
        assert observer.text(state, viewer) == str(state)
        assert observer.resample(state, viewer, random.Random(1)) == state


@pytest.mark.parametrize("viewer", [2, -1, True, "0", 1.0])
def test_a_viewer_is_a_seat_or_the_spectator(race: tabletop.Game, viewer: object) -> None:
    state = race.new_initial_state()
    with pytest.raises(InvalidViewerError, match=r"a viewer of race is a seat from 0 to 1 or None \(a spectator\)"):
        race.observer.observe(state, viewer)  # type: ignore[arg-type]


def test_each_seat_sees_its_own_card_and_resampling_keeps_what_it_sees() -> None:
    game = HiddenCardGame()
    state = dealt(game, "2,3 bet")
    observer = game.observer
    assert observer.observe(state, 0)["cards"] == [2, None]
    assert observer.observe(state, 1)["cards"] == [None, 3]
    assert observer.observe(state, SPECTATOR)["cards"] == [None, None]
    draws = {tuple(observer.resample(state, 0, random.Random(seed)).cards) for seed in range(30)}  # type: ignore[attr-defined]
    assert draws == {(2, 1), (2, 3)}  # seat 0's own card stays; the other is any card left
    state.apply_action("call")
    assert observer.observe(state, SPECTATOR)["cards"] == [2, 3]  # the showdown shows both


def test_the_view_checks_pass_a_game_that_hides_properly() -> None:
    report = check_views(HiddenCardGame(), playouts=5, seed=2)
    assert report.renders > report.states  # every viewer's drawing is compared where something is hidden


def test_the_view_checks_catch_an_observation_that_leaks() -> None:
    class Leaky(HiddenCardGame):
        observer_class = LeakyObserver

    with pytest.raises(ConformanceError, match="gives another the observation: a view shows something hidden"):
        check_views(Leaky(), playouts=5)


def test_the_view_checks_catch_a_terminal_view_that_reads_the_state() -> None:
    class Peeking(HiddenCardGame):
        parts = GameParts(terminal=PeekingTerminal())

    register("hidden-card", Peeking)
    try:
        with pytest.raises(ConformanceError, match="gives another the terminal drawing"):
            check_views(Peeking(), playouts=5)
    finally:
        register("hidden-card", HiddenCardGame)


def test_search_cannot_read_the_other_seats_card() -> None:
    """MCTS plays on states drawn by the observer for its seat: the same decision, visit for visit,
    whatever card the other seat really holds."""
    game = HiddenCardGame()
    for mine in (1, 2, 3):
        searched = []
        for theirs in (c for c in (1, 2, 3) if c != mine):
            agent = MCTSAgent(iterations=200)
            searched.append(agent.step(dealt(game, f"{mine},{theirs} -"), random.Random(4)))
        assert len(set(searched)) == 1
    agent = MCTSAgent(iterations=400)
    assert str(agent.step(dealt(game, "3,1 -"), random.Random(4))) == "bet"  # the best card always bets
