"""Only positions the rules can continue from are accepted; everything else is refused naming the field.

The examples come from issue 9 (an outside review mutated real positions). The
mutation test takes positions from random games of every option combination,
mutates them (fields and their parts swapped, deleted or duplicated, digits
changed, huge numbers, non-ASCII digits, parts of other positions spliced in)
and checks that each text is either refused with a NotationError that names
the field (never the core's last-line "not a playable position") or read back
to the same text and played to the end by random agents, every position on the
way being accepted too.

Run as a script for a large count (it prints the tallies and the first failures):

    .venv/bin/python tests/games/doodle_jump/test_doodle_jump_positions.py 100000
"""

from __future__ import annotations

import itertools
import random
import re
import sys
from collections import Counter
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core.errors import NotationError
from tabletop.core.game import Game

RAMP = "A0/B0/C0/D0/E0/F0/G0/H0"
#: The core's last line of defence words its refusals so; a reader that lets it fire has missed a check.
SAFETY_NET = "not a playable"

VARIANTS = [
    {"players": players, "tiles": tiles, "choose_shield": choose, "first_player": first}
    for (players, tiles, choose), first in zip(
        itertools.product((2, 3, 4), ("none", "power", "expert"), (False, True)), itertools.cycle((None, None, 0))
    )
]

ISSUE_EXAMPLES = [
    # no legal action at a non-terminal state: a 6 reaches nothing from the start, and the symbol die is used
    ({"players": 2, "tiles": "none"}, f"{RAMP} - - off/off 0 decide 1 6/ t1,r1,f0", "roll: this roll allows no jump"),
    # an IndexError in play: setup would run out of tiles
    ({"players": 2}, "?/?/?/?/?/?/?/? - hat:1 off/off - levels 4s - t0,r0,f0", "box: before the first turn"),
    # a draw with an empty box has no outcome
    ({"players": 2}, f"{RAMP} - - B9/off 0 draw>cont 3s - t1,r1,f0", "box: a replacement is drawn from the box"),
    # counters a game cannot reach, numbers with thousands of digits, digits that are not ASCII
    ({"players": 2}, f"{RAMP} - - off/off 0 roll 4s - t1000000000,r0,f0", "counters: turns must be a whole number"),
    ({"players": 2}, f"{RAMP} - - off/off 0 roll 4s - t1,r{'9' * 5000},f0", "counters: rolls must be a whole number"),
    ({"players": 2}, f"{RAMP} - - off/off \u0661 roll 4s - t1,r0,f0", "ASCII"),
    ({"players": 2}, f"{RAMP} - shield:{'1' * 3000} off/off 0 roll 4s - t1,r0,f0", "box: the count of shield"),
]

REFUSED = [
    # every invariant, each refusal naming its field
    (f"{RAMP} - - H4/off 0 roll 4s - t1,r0,f0", "doodlers: seat 0 stands on the top level"),
    (f"{RAMP} - - G5/off 0 over 4s - t1,r1,f0", "seat: a game over with nobody on the top level ends only at the turn"),
    (f"{RAMP} - - off/off 0 start 4s - t1,r0,f0", "phase: 'start' is offered only when a kept tile can be used"),
    (f"{RAMP} - - off+jet/off 0 start 3s - t1,r0,f0", "dice: a turn starts with every die unused"),
    (f"{RAMP} - - B9/off 0 cont 3s - t1,r0,f0", "counters: phase cont follows a roll"),
    (f"{RAMP} - - off/off 0 roll 4s - t0,r0,f0", "counters: phase roll is in a turn"),
    (f"{RAMP} - - off/off 0 roll 4s - t2,r0,f2", "counters: 2 falls, but only 1 turns have ended"),
    (f"{RAMP} - - B9/off 0 cont 4s - t1,r1,f0", "dice: continue or stop follows a jump"),
    (f"{RAMP} - - B9/off 0 spring>end 3s - t1,r1,f0", "phase: a Trampoline or Springs jump is never followed"),
    (f"{RAMP} - tramp:4,spring:4,hat:1 B9/off 0 draw+spring>cont 3s - t1,r1,f0", "phase: '\\+spring' follows a"),
    (f"{RAMP} - - off/off 0 spring>cont 3s - t1,r1,f0", "phase: 'spring' needs the player on a pad"),
    (f"{RAMP} - hat:1 off/off 0 draw+spring>cont 3s - t1,r1,f0", "doodlers: a replacement follows a tile taken"),
    (f"{RAMP} - hat:1 off/off 0 draw>cont 3s - t1,r1,f0", "doodlers: a replacement follows a tile taken"),
    (f"{RAMP} - - B9+shield/off 0 shield 3s - t1,r1,f0", "phase: 'shield' is a decision only with the option"),
    ("A+/B0/?/?/?/?/?/? - - off/off - levels 4s - t0,r0,f0", "levels: no level is shifted before the first turn"),
    ("A0/B0/C0/D0/E0/F0/G0/? - - off/off - levels 4s - t0,r0,f0", "levels: phase 'levels' stacks the levels"),
]


@cache
def game(players: int, tiles: str = "power", choose_shield: bool = False, first_player: int | None = None) -> Game:
    return tabletop.make("doodle-jump", players=players, tiles=tiles, choose_shield=choose_shield,
                         first_player=first_player)  # fmt: skip


@pytest.mark.parametrize(("options", "text", "problem"), ISSUE_EXAMPLES)
def test_the_issue_examples_are_refused_naming_the_field(options: dict[str, object], text: str, problem: str) -> None:
    with pytest.raises(NotationError, match=problem) as caught:
        game(**options).state_from_text(text)  # type: ignore[arg-type]
    assert SAFETY_NET not in str(caught.value)


@pytest.mark.parametrize(("text", "problem"), REFUSED)
def test_positions_no_game_reaches_are_refused_naming_the_field(text: str, problem: str) -> None:
    box = "tramp:4,spring:4,shield:4,shoes:3,hat:3,jet:2"
    text = text.replace(" - - off/off - levels", f" - {box} off/off - levels")
    with pytest.raises(NotationError, match=problem) as caught:
        game(2).state_from_text(text)
    assert SAFETY_NET not in str(caught.value)


def test_with_a_first_player_the_turn_count_names_the_seat() -> None:
    """D-TURN-1: with option first_player=1 and clockwise play, turn 4 of two players is seat 0's."""
    fixed = game(2, first_player=1)
    assert fixed.state_from_text(f"{RAMP} - - off/off 0 roll 4s - t4,r5,f1").to_text().endswith("t4,r5,f1")
    with pytest.raises(NotationError, match="seat: seat 1 began, so turn 3 is seat 1's, not 0's"):
        fixed.state_from_text(f"{RAMP} - - off/off 0 roll 4s - t3,r5,f1")


@pytest.mark.parametrize(
    ("tiles", "problem"),
    [
        ("C8:tramp", "tiles: at setup a Power Tile fills the lowest setup row still without a tile, not C8"),
        ("D10:tramp", "tiles: at setup a Power Tile fills the lowest setup row still without a tile, not D10"),
        ("B4:tramp", "tiles: a setup tile lies on its level's highest number, not on B4"),
        ("F10:ufo", "tiles: at setup an Expert Tile fills the highest empty level, not F10"),
    ],
)
def test_r_d15_setup_tiles_lie_where_the_setup_draws_put_them(tiles: str, problem: str) -> None:
    """R-D15: Power Tiles fill the setup rows bottom up, Expert Tiles the highest empty level, each on the
    level's highest number; a setup board no draw order makes is refused."""
    kind = tiles.partition(":")[2]
    box = "tramp:4,spring:4,shield:4,shoes:3,hat:3,jet:2,ufo:3,monster:3,hole:1".replace(f"{kind}:4", f"{kind}:3")
    box = box.replace(f"{kind}:3,", f"{kind}:2,") if kind == "ufo" else box
    with pytest.raises(NotationError, match=problem):
        game(2, "expert").state_from_text(f"{RAMP} {tiles} {box} off/off - tiles 4s - t0,r0,f0")


# -- the mutation test ------------------------------------------------------------------------------------


def playout_positions(options: dict[str, object], seed: int, every: int = 1) -> list[str]:
    """The positions of one random game, every ``every``-th."""
    state = game(**options).new_initial_state()  # type: ignore[arg-type]
    rng = random.Random(seed)
    texts = []
    while not state.is_terminal():
        if len(state.history()) % every == 0:
            texts.append(state.to_text())
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.random() * len(legal))])
    texts.append(state.to_text())
    return texts


@cache
def corpus(index: int) -> tuple[str, ...]:
    return tuple(playout_positions(VARIANTS[index], seed=index, every=3))


PARTS = re.compile(r"[^/,:+>]+|[/,:+>]")
NON_ASCII_DIGITS = "\u0663\u06f5\u0967\uff17\U0001d7e0"


def mutate(text: str, donor: str, rng: random.Random) -> str:
    """One to three random edits of ``text``; ``donor`` is another position of the same game."""
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        text = _edit(text, donor, rng)
    return text


def _edit(text: str, donor: str, rng: random.Random) -> str:
    fields = text.split(" ")
    other = donor.split(" ")
    i = rng.randrange(len(fields))
    kind = rng.randrange(10)
    if kind == 0:  # swap, delete or duplicate a field
        j = rng.randrange(len(fields))
        choice = rng.randrange(3)
        if choice == 0:
            fields[i], fields[j] = fields[j], fields[i]
        elif choice == 1:
            del fields[i]
        else:
            fields.insert(i, fields[j])
    elif kind in (1, 2):  # a field from another position of the same game
        fields[i] = other[i] if i < len(other) else rng.choice(other)
    elif kind in (3, 4):  # swap, delete or duplicate a part of a field
        parts = PARTS.findall(fields[i]) or [""]
        a, b = rng.randrange(len(parts)), rng.randrange(len(parts))
        choice = rng.randrange(4)
        if choice == 0:
            parts[a], parts[b] = parts[b], parts[a]
        elif choice == 1:
            del parts[a]
        elif choice == 2:
            parts.insert(a, parts[b])
        else:
            donor_parts = PARTS.findall(rng.choice(other)) or [""]
            parts[a] = rng.choice(donor_parts)
        fields[i] = "".join(parts)
    elif kind in (5, 6):  # change a digit, a letter or a mark
        chars = list(fields[i])
        if chars:
            k = rng.randrange(len(chars))
            chars[k] = rng.choice("0123456789" if chars[k].isdigit() else "ABCDEFGHIJ0-+?sx/,:>" + chars[k].lower())
        fields[i] = "".join(chars)
    elif kind == 7:  # a huge number, or a long one with leading zeros
        digits = [m.span() for m in re.finditer(r"\d+", fields[i])]
        if digits:
            start, end = rng.choice(digits)
            huge = ("9" * rng.randrange(5, 4000), "0" + fields[i][start:end], str(10 ** rng.randrange(3, 12)))
            number = rng.choice(huge)
            fields[i] = fields[i][:start] + number + fields[i][end:]
    elif kind == 8:  # a digit that is not ASCII
        digits = [k for k, c in enumerate(fields[i]) if c.isdigit()]
        if digits:
            k = rng.choice(digits)
            fields[i] = fields[i][:k] + rng.choice(NON_ASCII_DIGITS) + fields[i][k + 1 :]
    else:  # the same field of another position at another stage of the game
        fields[i] = rng.choice(other)
    return " ".join(fields)


def verdict(options: dict[str, object], text: str, rng: random.Random) -> tuple[str, str]:
    """``("refused" | "accepted" | a kind of failure, detail)`` for one text."""
    g = game(**options)  # type: ignore[arg-type]
    try:
        state = g.state_from_text(text)
    except NotationError as exc:
        if SAFETY_NET in str(exc):
            return "safety net", str(exc)
        return "refused", str(exc)
    except Exception as exc:  # any other exception type is a failure to report
        return "wrong error", f"{type(exc).__name__}: {exc}"
    if state.to_text() != " ".join(text.split()):
        return "round trip", state.to_text()
    try:
        for _ in range(g.max_game_length()):
            if state.is_terminal():
                return "accepted", ""
            legal = state.legal_actions()
            if not legal:
                return "stuck", state.to_text()
            state.apply_action(legal[int(rng.random() * len(legal))])
            try:  # every position on the way is one the reader accepts too
                g.state_from_text(state.to_text())
            except NotationError as exc:
                return "continued, then refused", f"{exc} at {state.to_text()}"
    except Exception as exc:  # the rules broke on a position the reader accepted
        return "crash in play", f"{type(exc).__name__}: {exc} at {state.to_text()}"
    return "no end", state.to_text()


def run(count: int, seed: int = 0) -> tuple[Counter[str], dict[str, list[str]]]:
    rng = random.Random(seed)
    tally: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    for n in range(count):
        index = n % len(VARIANTS)
        texts = corpus(index)
        text = mutate(rng.choice(texts), rng.choice(texts), rng)
        outcome, detail = verdict(VARIANTS[index], text, rng)
        tally[outcome] += 1
        if outcome not in ("refused", "accepted"):
            examples.setdefault(outcome, []).append(f"{VARIANTS[index]} {text!r}: {detail[:300]}")
    return tally, examples


@settings(max_examples=300, deadline=None)
@given(variant=st.integers(0, len(VARIANTS) - 1), seed=st.integers(0, 2**32))
def test_a_mutated_position_is_refused_naming_the_field_or_plays_to_the_end(variant: int, seed: int) -> None:
    rng = random.Random(seed)
    texts = corpus(variant)
    text = mutate(rng.choice(texts), rng.choice(texts), rng)
    outcome, detail = verdict(VARIANTS[variant], text, rng)
    assert outcome in ("refused", "accepted"), (outcome, text, detail)


def test_every_position_of_random_games_is_accepted_and_plays_on() -> None:
    """The unmutated positions of every variant are read back to the same text and play to the end."""
    rng = random.Random(5)
    for index, options in enumerate(VARIANTS):
        for text in corpus(index)[::7]:
            assert verdict(options, text, rng)[0] == "accepted", (options, text)


if __name__ == "__main__":
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    counts, failures = run(total, seed=int(sys.argv[2]) if len(sys.argv) > 2 else 0)
    print(f"{total} mutated Doodle Jump positions:", dict(sorted(counts.items())))
    for kind, found in failures.items():
        print(f"-- {kind}: {len(found)}")
        for line in found[:5]:
            print("   ", line)
