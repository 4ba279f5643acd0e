"""The Doodle Jump heuristic: legal and side-effect free everywhere, and its stop rule uses exact odds.

Positions are written in the game's notation (docs/notation-doodle-jump.md) on
the standard ramp, levels A..H bottom to top, unshifted:

    row 8  H: . 7 10 . 4        row 4  D: . 10 4 . 7
    row 7  G: 5 9 . 6 3         row 3  C: 8 5 . 3 .
    row 6  F: . 3 . 8 10        row 2  B: . 4 . 9 6
    row 5  E: 6 . 9 4 .         row 1  A: 3 . 7 . 5
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations, product
from typing import Any

import pytest

import tabletop
from tabletop.agents import make
from tabletop.games.doodle_jump import DoodleJumpState, heuristic
from tabletop.games.doodle_jump.actions import Jump

RAMP = "A0/B0/C0/D0/E0/F0/G0/H0"
#: What a jump up a level is worth to the stop rule, in rows (below the top).
CLIMB = 1 + heuristic.FOLLOW_UP


def position(
    doodlers: str,
    *,
    phase: str = "cont",
    dice: str = "1",
    roll: str = "-",
    board: str = "-",
    box: str = "-",
    seat: int = 0,
    **options: Any,
) -> DoodleJumpState:
    options.setdefault("players", len(doodlers.split("/")))
    text = f"{RAMP} {board} {box} {doodlers} {seat} {phase} {dice} {roll} t3,r5,f0"
    state = tabletop.make("doodle-jump", **options).state_from_text(text)
    assert isinstance(state, DoodleJumpState) and state.to_text() == text
    return state


def decide(state: DoodleJumpState) -> str:
    return str(heuristic.choose(state, random.Random(0)))


def odds_by_the_rules(state: DoodleJumpState) -> tuple[Fraction, Fraction]:
    """Roll the mover's unused dice on clones, outcome by outcome, and let the rules say what each allows.

    A roll fails exactly when the game does not go on to a ``decide`` phase; it
    allows a jump up when some legal jump lands on the next row.
    """
    seat, rows = state.seat, state.to_dict()
    here = rows["doodlers"][seat]
    ramp = [row["level"] for row in rows["ramp"]]
    height = 0 if here is None else ramp.index(here[0]) + 1
    rolling = state.clone()
    rolling.apply_action("continue" if rows["phase"] == "cont" else "roll")
    fall = up = Fraction(0)
    for outcome, p in rolling.chance_outcomes():
        after = rolling.clone()
        after.apply_action(outcome)
        if after.to_dict()["phase"] != "decide":
            fall += p
        elif any(isinstance(a, Jump) and ramp.index(str(a).split()[1][0]) == height for a in after.legal_actions()):
            up += p
    return fall, up


# -- legality and no side effects --------------------------------------------------------


@pytest.mark.parametrize("tiles", ["none", "power", "expert"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_never_an_illegal_action_and_never_a_changed_state(tiles: str, players: int) -> None:
    game = tabletop.make("doodle-jump", players=players, tiles=tiles, choose_shield=players == 3)
    agent = make("heuristic")
    rng = random.Random(players * 10 + len(tiles))
    decisions = seed = 0
    while decisions < 400:  # nine variants: 3,600 decisions in all
        seed += 1
        state = game.new_initial_state()
        # every other game has random opponents, to reach positions the heuristic would avoid
        heuristic_seats = range(players) if seed % 2 else (0,)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.chance_distribution().sample(rng))
                continue
            legal = state.legal_actions()
            if state.current_player() not in heuristic_seats:
                state.apply_action(legal[int(rng.random() * len(legal))])
                continue
            before = (state.to_text(), len(state.history()), state.log_size())
            action = agent.step(state, random.Random(seed))
            assert action in legal
            assert (state.to_text(), len(state.history()), state.log_size()) == before
            state.apply_action(action)
            decisions += 1


# -- the exact odds of the next roll ---------------------------------------------------------


def test_fall_odds_on_b9_with_one_to_three_dice_left_by_brute_force() -> None:
    """From B9 the reachable pads are B6 (beside) and C3 (up); a fall lands off the board (no pad of A below)."""
    for dice, count in (("1", 1), ("2", 2), ("3", 3)):
        state = position("B9/off", dice=dice)
        falls = ups = 0
        for faces in product(range(1, 7), repeat=count):  # ordered dice, each outcome 1/6**count
            sums = {sum(pick) for k in range(1, count + 1) for pick in combinations(faces, k)}
            falls += not sums & {3, 6}
            ups += 3 in sums
        odds = heuristic.roll_odds(state, 0, count, False)
        assert (odds.fall, odds.up) == (Fraction(falls, 6**count), Fraction(ups, 6**count))
    assert heuristic.fall_probability(position("B9/off", dice="1")) == Fraction(2, 3)
    assert heuristic.fall_probability(position("B9/off", dice="2")) == Fraction(5, 18)
    assert heuristic.fall_probability(position("B9/off", dice="3")) == Fraction(17, 216)


def test_the_symbol_die_fails_only_on_dots_that_fit_no_pad() -> None:
    # one die and the symbol: shift, shift, remove, again always apply; 1 dot fails with 1 or 4, 2 dots with 2 or 5
    state = position("B9/off", dice="1s")
    assert heuristic.fall_probability(state) == Fraction(1, 9)
    assert heuristic.roll_odds(state, 0, 1, True).up == Fraction(2, 9)


def test_the_symbol_dots_shoot_so_they_save_a_roll() -> None:
    """R-D3 / D-EXPERT-4: with a UFO on C3, one level above B9, one dot always shoots it; two dots fail
    only with a 2 or a 5 on the numbered die (which makes no 3 or 6 and shoots nothing)."""
    state = position("B9/off", dice="1s", board="C3:ufo", tiles="expert")
    assert heuristic.fall_probability(state) == Fraction(1, 18) == odds_by_the_rules(state)[0]


def test_odds_match_the_rules_outcome_by_outcome() -> None:
    """Differential: the folded dice table against rolling every outcome on a clone, over many positions."""
    checked = 0
    for players, tiles in ((2, "none"), (3, "power"), (4, "expert")):
        game = tabletop.make("doodle-jump", players=players, tiles=tiles)
        rng = random.Random(players)
        for _ in range(3):
            state = game.new_initial_state()
            while not state.is_terminal() and checked < 40 * players:
                if state.is_chance_node():
                    state.apply_action(state.chance_distribution().sample(rng))
                    continue
                assert isinstance(state, DoodleJumpState)
                phase = state.to_dict()["phase"]
                if phase in ("cont", "start") and (state.numbered or state.symbol) and rng.random() < 0.5:
                    odds = heuristic.roll_odds(state, state.seat, state.numbered, state.symbol)
                    fall, up = odds_by_the_rules(state)
                    assert odds.fall == fall
                    if tiles != "expert":  # in the expert game a jump up onto a Black Hole is no gain
                        assert odds.up == up
                    checked += 1
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
    assert checked >= 60


# -- the stop rule ------------------------------------------------------------------------------


def test_stop_when_the_fall_risk_outweighs_the_climb() -> None:
    # one die from B9: fall 2/3 (no 3 or 6), up 1/6 (a 3); a fall costs two rows (off the board)
    state = position("B9/off", dice="1")
    assert heuristic.fall_loss(state, 0) == 2.0
    assert heuristic.continue_value(state) == pytest.approx(1 / 6 * CLIMB - 2 / 3 * 2)
    assert decide(state) == "stop"
    # two dice: fall 5/18, up 13/36; still worth less than the two rows at stake
    state = position("B9/off", dice="2")
    assert heuristic.roll_odds(state, 0, 2, False) == heuristic.RollOdds(Fraction(5, 18), Fraction(13, 36))
    value = heuristic.continue_value(state)
    assert value == pytest.approx(13 / 36 * CLIMB - 5 / 18 * 2) and value < 0
    assert decide(state) == "stop"


def test_continue_when_the_risk_is_small() -> None:
    # three dice: fall 17/216, up 29/54
    state = position("B9/off", dice="3")
    assert heuristic.roll_odds(state, 0, 3, False) == heuristic.RollOdds(Fraction(17, 216), Fraction(29, 54))
    value = heuristic.continue_value(state)
    assert value == pytest.approx(29 / 54 * CLIMB - 17 / 216 * 2) and value > 0
    assert decide(state) == "continue"


def test_a_shield_makes_the_fall_cheap() -> None:
    # two dice from B9 again (fall 5/18), but a fall now costs only the Shield
    state = position("B9+shield/off", dice="2")
    assert heuristic.fall_loss(state, 0) == heuristic.TILE_WORTH["shield"]
    value = heuristic.continue_value(state)
    assert value == pytest.approx(13 / 36 * CLIMB - 5 / 18 * heuristic.TILE_WORTH["shield"]) and value > 0
    assert decide(state) == "continue"


def test_off_the_board_nothing_can_be_lost() -> None:
    state = position("off/off", dice="4")
    assert heuristic.fall_loss(state, 0) == 0.0
    assert heuristic.fall_probability(state) == Fraction(1, 16)
    assert decide(state) == "continue"


def test_one_level_below_the_top_the_win_is_worth_the_risk() -> None:
    # G6 reaches H10 and H4 above: one die makes the top with a 4 (1/6) and falls 2/3 of the time
    state = position("G6/off", dice="1")
    assert heuristic.roll_odds(state, 0, 1, False) == heuristic.RollOdds(Fraction(2, 3), Fraction(1, 6))
    assert decide(state) == "continue"


def test_a_rival_about_to_win_makes_the_player_push_on() -> None:
    # the same one-die gamble from B9 that was a stop, but the rival on G6 will likely win next turn
    calm, pressed = position("B9/off", dice="1"), position("B9/G6", dice="1")
    assert heuristic.fall_probability(calm) == heuristic.fall_probability(pressed) == Fraction(2, 3)
    assert heuristic.rival_threat(pressed, 0) > 0.9
    assert (decide(calm), decide(pressed)) == ("stop", "continue")


# -- jumps, the symbol die and tiles --------------------------------------------------------------


def test_jump_up_with_the_fewest_dice() -> None:
    state = position("B9/off", phase="decide", dice="4s", roll="1,2,3,6/1")
    assert decide(state) == "jump C3 = 3"


def test_the_black_hole_is_avoided() -> None:
    state = position("B9/off", phase="decide", dice="4s", roll="1,2,4,5/again", board="C3:hole", tiles="expert")
    assert "jump C3 = 1+2" in [str(a) for a in state.legal_actions()]
    assert decide(state).startswith("jump B6")


def test_remove_drops_the_leader_not_the_player() -> None:
    # only C3 = 1+1+1 fits; removing C (or D) takes the leader on E down a row and leaves B9 alone
    state = position("B9/E6", phase="decide", dice="4s", roll="1,1,1,1/remove")
    assert decide(state) in ("remove C", "remove D")


def test_a_propeller_hat_is_used_when_it_gains_a_row() -> None:
    state = position("B9+hat/off", phase="start", dice="4s")
    assert decide(state) == "use hat C3"


def test_the_shield_is_spent_when_a_fall_would_cost_height() -> None:
    state = position("B9+shield/off", phase="shield", dice="4s", choose_shield=True)
    assert decide(state) == "shield"


def test_mcts_with_a_heuristic_rollout_tries_the_heuristic_choice_first() -> None:
    """One iteration expands only the rollout agent's own choice (MCTS prior), so that is what it plays."""
    from tabletop.agents.mcts import MCTSAgent

    state = position("B9/off", phase="decide", dice="4s", roll="1,2,3,6/1")
    agent = MCTSAgent(iterations=1, rollout=make("heuristic"))
    assert str(agent.step(state, random.Random(4))) == decide(state) == "jump C3 = 3"
    without_prior = MCTSAgent(iterations=1, rollout=make("heuristic"), prior=0)
    assert str(without_prior.step(state, random.Random(4))) != "jump C3 = 3"  # a shuffled first try
