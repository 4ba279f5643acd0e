"""Each game's ``web/table.py``: the end screen's summary and the learner's odds hint.

Seeded random games reach the endings; the odds are checked against sampling the same chance
nodes (a stated tolerance) and against the game's own exact figures.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from tabletop.core.chance import percent
from tabletop.core.registry import make
from tabletop.core.state import State


def play(game: str, seed: int, until: Callable[[State], bool] | None = None, **options: Any) -> State:
    """A seeded random game, to its end or to the first position ``until`` accepts."""
    rng = random.Random(seed)
    state = make(game, **options).new_initial_state()
    while not state.is_terminal() and not (until and until(state)):
        legal = state.legal_actions()
        state.apply_action(state.chance_distribution().sample(rng) if state.is_chance_node()
                           else legal[rng.randrange(len(legal))])
    return state


def points(cell: str) -> int:
    """A cell of the score table as a number: "+4,400 (17 cards)" -> 4400, "−900" -> -900."""
    return int(cell.split()[0].replace("−", "-").replace(",", "").replace("+", ""))


def test_donkey_kong_score_table_adds_up_to_each_score_in_plain_words() -> None:
    """Issue 23, finding 5: every column has a plain name, a note explains the losses, places come first."""
    from tabletop.games.donkey_kong.web.table import summary

    for seed in range(3):
        state = play("donkey-kong", seed, players=3)
        ending = summary(state)
        assert ending is not None
        assert "Finish" in ending["reason"] and "500-point bonus" in ending["reason"]
        table = ending["table"]
        assert table["columns"] == ["Player", "Place", "Score", "Cards played", "Finish bonus", "Lost to steals",
                                    "Cards sent back", "Cards they stole"]
        assert len(table["notes"]) == 3 and any("sent back" in note.lower() for note in table["notes"])
        scores = state.scores()
        assert [row[0] for row in table["rows"]] == [f"seat {s}" for s in sorted(range(3), key=lambda s: -scores[s])]
        for row in table["rows"]:
            seat = int(row[0].split()[1])
            played, bonus, stolen, returned = (points(cell) for cell in row[3:7])
            assert stolen <= 0 and returned <= 0 and bonus in (0, 500)
            assert played + bonus + stolen + returned == scores[seat] == points(row[2])
            assert re.fullmatch(r"\d+ cards?", row[7])
        assert table["rows"][0][1] == "1st"
        assert sum(1 for row in table["rows"] if row[4] == "+500") == 1  # one pawn reached the Finish
    assert summary(make("donkey-kong", players=2).new_initial_state()) is None


def test_donkey_kong_hint_speaks_to_the_seat_about_to_roll() -> None:
    from tabletop.games.donkey_kong.position import WHITE_ROLL
    from tabletop.games.donkey_kong.web.table import hint, unavoidable_chance

    def white_roll_mid_game(state: Any) -> bool:
        return state.is_chance_node() and state.stage is WHITE_ROLL and state.turn_number() > 6

    state = play("donkey-kong", 4, white_roll_mid_game, players=2)
    seat = state.turn_seat
    text = hint(state, seat)
    assert text is not None and text.endswith(f"{percent(unavoidable_chance(state, seat))}.")
    assert hint(state, 1 - seat) is None
    p = unavoidable_chance(state, seat)
    assert 0 <= p <= 1 and p.denominator in {1, 2, 3, 4, 6, 9, 12, 18, 36}  # white 1/6 x red 1/6 outcomes


def test_jumanji_endings_say_why_and_where_each_pawn_ended() -> None:
    from tabletop.games.jumanji.web.table import summary

    reasons = set()
    for seed in range(40):
        state = play("jumanji", seed, players=4, challenge_cards=6)
        ending = summary(state)
        assert ending is not None
        reasons.add("grid" if "Doomsday Grid filled up" in ending["reason"] else
                    "centre" if "reached the centre" in ending["reason"] else ending["reason"])
        table = ending["table"]
        assert table["columns"] == ["Player", "Result", "Pawn ended on", "Short of the centre"]
        assert sorted(row[0] for row in table["rows"]) == [f"seat {s}" for s in range(4)]
        assert [row[1] for row in table["rows"]].count("won") == len(state.winners())
        assert all(re.fullmatch(r"at the centre|1 space|\d+ spaces", row[3]) for row in table["rows"])
    assert reasons == {"grid", "centre"}


@pytest.mark.parametrize(("players", "others", "everyone"), [
    (2, "the other player makes it", "both of you"),
    (3, "both other players make it", "all 3 of you"),
    (4, "all 3 other players make it", "all 4 of you"),
])
def test_jumanji_hint_counts_in_words(players: int, others: str, everyone: str) -> None:
    """Issue 23, finding 6: "all 1 others make it" is gone."""
    from tabletop.games.jumanji.web.table import hint

    text = hint(make("jumanji", players=players).new_initial_state(), 0)
    assert text is not None and f"on a Blank space {others} with" in text and f"Jungle space {everyone} with" in text
    assert "8 rolls in the 8 seconds" in text and "all 1 " not in text


def test_jumanji_rescue_odds_are_the_games_own() -> None:
    from tabletop.games.jumanji.live import rescuers_in_order
    from tabletop.games.jumanji.state import RESCUE
    from tabletop.games.jumanji.web.table import hint

    state = play("jumanji", 1, lambda s: s.phase == RESCUE, players=3)
    rescuers = rescuers_in_order(state)
    each = state.game.rescue_probability
    text = hint(state, rescuers[0])
    assert text is not None
    assert f"chance {percent(each)}" in text and f"chance {percent(each ** len(rescuers))}" in text
    assert each == 1 - Fraction(6, 8) ** state.game.rescue_rolls  # the symbol or the wild hourglass: 2 of 8 faces


def test_doodle_jump_fall_chance_matches_sampling() -> None:
    from tabletop.games.doodle_jump.phases import ROLL
    from tabletop.games.doodle_jump.web.table import fall_chance, hint

    def mid_game_roll(state: Any) -> bool:
        return state.is_chance_node() and state.phase == ROLL and state.turn_number() > 8

    state = play("doodle-jump", 2, mid_game_roll, players=2)
    exact = fall_chance(state)
    rng = random.Random(7)
    seat = state.seat
    trials, falls = 3000, 0
    for _ in range(trials):
        after = state.clone()
        after.apply_action(state.chance_distribution().sample(rng))
        if after.current_player() != seat or {str(a) for a in after.legal_actions()} <= {"shield", "fall"}:
            falls += 1
    assert abs(falls / trials - float(exact)) < 0.03  # 3000 samples: about 3.5 standard errors at worst
    text = hint(state, seat)
    assert text is not None and re.search(r"the chance that you fall: (no chance|certain|[\d.]+%|under|over)", text)
    assert hint(state, 1 - seat) is None


def test_doodle_jump_ending_names_the_winner_and_how_high_each_got() -> None:
    from tabletop.games.doodle_jump.web.table import summary

    state = play("doodle-jump", 3, players=2)
    ending = summary(state)
    assert ending is not None
    assert ending["reason"] == f"seat {state.winners()[0]} reached the top level of the ramp first."
    rows = ending["table"]["rows"]
    assert rows[0][:2] == [f"seat {state.winners()[0]}", "won"] and rows[0][3] == "at the top"
    assert rows[1][1] == "lost" and re.fullmatch(r"\d+ levels? below", rows[1][3])


@pytest.mark.parametrize("game", ["jumanji", "doodle-jump", "donkey-kong"])
def test_no_summary_before_the_end(game: str) -> None:
    from importlib import import_module

    module = import_module(f"tabletop.games.{game.replace('-', '_')}.web")
    assert module.summary(make(game).new_initial_state()) is None
