"""The Donkey Kong heuristic: always legal, never changes the state, and its key choices in scenarios."""

from __future__ import annotations

import random

import pytest
from dk_scenarios import position, route_to, state_of

import tabletop
from tabletop.agents import RandomAgent, make
from tabletop.games.donkey_kong import DonkeyKongState
from tabletop.games.donkey_kong.heuristic import choose


def decide(state: DonkeyKongState) -> str:
    before = state.to_text(), state.history()
    action = choose(state, random.Random(0))
    assert action in state.legal_actions()
    assert (state.to_text(), state.history()) == before
    return str(action)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("first_player", [0, None])
def test_never_illegal_and_never_changes_the_state(players: int, first_player: int | None) -> None:
    """Thousands of seeded decisions in all: against random opponents, so positions vary (short of cards too)."""
    game = tabletop.make("donkey-kong", players=players, first_player=first_player)
    heuristic, opponent = make("heuristic"), RandomAgent()
    decisions = 0
    seed = 0
    while decisions < 700:
        chance, agent_rng = random.Random(seed), random.Random(seed + 1000)
        state = game.new_initial_state()
        seats = [heuristic if (seat + seed) % 2 == 0 else opponent for seat in range(players)]
        while not state.is_terminal() and len(state.history()) < 3000:
            player = state.current_player()
            if state.is_chance_node():
                state.apply_action(state.chance_distribution().sample(chance))
                continue
            if seats[player] is heuristic:
                before = state.to_text(), len(state.history())
                action = heuristic.step(state, agent_rng)
                assert action in state.legal_actions(), (state.to_text(), str(action))
                assert (state.to_text(), len(state.history())) == before
                decisions += 1
            else:
                action = opponent.step(state, agent_rng)
            state.apply_action(action)
        seed += 1


def test_prefers_the_route_to_a_red_dot() -> None:
    """White 3 from A3: A6 (a red dot, exact count: a card) or up the ladder L2 to its top rung."""
    state = state_of(position(dice="3,rests", up="J100.H300/J100.H300", down="-/H400.H400.H400"))
    assert decide(state) == "move A4>A5>A6"


def test_meets_a_barrel_holding_cards_and_avoids_it_without() -> None:
    # the barrel on A5: passing it plays a card for points, or costs the face-down H400 with no card face up
    with_cards = state_of(position(dice="2,rests", pawns="A6,A3", barrels="A5", up="J300.J300/J100", down="H400/-"))
    assert decide(with_cards) == "move A5>A4"
    without = state_of(position(dice="2,rests", pawns="A6,A3", barrels="A5", up="-/J100", down="H400/-"))
    assert decide(without) == "move A7>A8"


def test_plays_the_most_points_at_a_contact() -> None:
    """The notation's example: the barrel from A8 passes seat 1 on A6; seat 1 plays H400, not J200."""
    state = state_of(position(turn=3, dice="1,4", pawns="L11.1,A6", barrels="A8,B5,C3,D8,E6,F8",
                              up="J100.H300/J200.H400"))
    state.apply_action("move L11.2")
    assert state.current_player() == 1
    assert decide(state) == "play H400"


def walking_into_a_barrel(up: str) -> DonkeyKongState:
    """Seat 0 walks left from A8 into the barrel on A6; with red 4 that barrel rolls over A5 next,
    then the barrel from A9 lands on A5: three contacts if the first barrel is jumped, two if hammered."""
    state = state_of(position(dice="3,4", pawns="A8,F10", barrels="A6,A9", up=up, down="H400/-"))
    state.apply_action(route_to(state, "A5"))
    assert state.current_player() == 0
    return state


def test_jumps_to_meet_the_barrel_again_with_cards_to_spare() -> None:
    assert decide(walking_into_a_barrel("J200.J300.H300/-")).startswith("play J")


def test_hammers_a_barrel_that_would_meet_it_with_no_card_left() -> None:
    assert decide(walking_into_a_barrel("J300.H300/-")) == "play H300"


def test_goes_for_the_finish_when_the_bonus_wins() -> None:
    """White 4 from F6 reaches the Finish; the 500 bonus ends the game won, unless the rival is too far ahead."""
    leading = state_of(position(dice="4,rests", pawns="F6,A3", up="J100/J100", down="H400/-"))
    assert decide(leading) == "move F7>L11.1>L11.2>T1"
    behind = state_of(position(dice="4,rests", pawns="F6,A3", up="J100/J100", down="H400/H400.H400.H400"))
    assert decide(behind) != "move F7>L11.1>L11.2>T1"
