"""Boards of a user's own, generated for property tests: short loops, START joined to several spaces,
ladders side by side.

:func:`boards` draws a board's data (the ``[board]`` table of a data file, as a dict): two to four
girders ``A``.. of 3 to 7 spaces whose barrels zig-zag down to the Oil Can beside ``A1``, one to
four ladders between each pair of girders (often in neighbouring columns, with 0 to 2 ladder
spaces: loops of 4 spaces or more), a one-space platform ``T`` above with the Finish ``T1``, and a
START joined to one to three spaces of ``A``. :func:`make_board` builds it, as a data file would.
"""

from __future__ import annotations

import itertools
import re
from fractions import Fraction
from typing import Any

from hypothesis import strategies as st

from tabletop.games.donkey_kong.board import Board
from tabletop.games.donkey_kong.data import BoardModel, SetupModel

SETUP = SetupModel(hand_size=1, barrels=3, barrels_on_board=0, fireballs=1, finish_bonus=50)
FACES = (1, 2, 3, 4, 5, 6)
_GIRDER = re.compile(r"^([A-Z])([0-9]+)$")
_RUNG = re.compile(r"^(L[0-9]+)\.([0-9]+)$")


@st.composite
def boards(draw: st.DrawFn) -> dict[str, Any]:
    """The ``[board]`` table of a valid data file (the loader accepts every one: tests check it)."""
    lengths = draw(st.lists(st.integers(3, 7), min_size=2, max_size=4))
    names = "ABCD"[: len(lengths)]
    girders, edges, ladders = [], [], []
    for i, (name, spaces) in enumerate(zip(names, lengths, strict=True)):
        girders.append({"name": name, "spaces": spaces, "barrels_roll": "left" if i % 2 == 0 else "right"})
        if i:  # the broken line from this girder's lower end to where barrels start along the girder below
            lower_name, lower_spaces = names[i - 1], lengths[i - 1]
            upper, lower = (f"{name}{spaces}", f"{lower_name}{lower_spaces}") if i % 2 else (
                f"{name}1", f"{lower_name}1")
            edges.append({"upper": upper, "lower": lower})
            bottoms = draw(st.lists(st.integers(1, lower_spaces), min_size=1, max_size=4, unique=True))
            if draw(st.booleans()):  # a ladder in the next column: a loop of two ladders and two girder steps
                bottoms.append(min(bottoms[0] + 1, lower_spaces))
            tops = draw(st.permutations(range(1, spaces + 1)))
            for bottom, top in zip(sorted(set(bottoms)), tops, strict=False):
                if draw(st.booleans()):  # most ladders stand straight
                    top = min(bottom, spaces)
                if any(ladder["top"] == f"{name}{top}" for ladder in ladders):
                    continue  # two ladders of the obstacles' way may not share an end
                ladders.append({"name": f"L{len(ladders) + 1}", "bottom": f"{lower_name}{bottom}",
                                "top": f"{name}{top}", "rungs": draw(st.integers(0, 2))})
    top_name, top_spaces = names[-1], lengths[-1]
    girders.append({"name": "T", "spaces": 1, "barrels_roll": "none"})
    ladders.append({"name": f"L{len(ladders) + 1}", "bottom": f"{top_name}{draw(st.integers(1, top_spaces))}",
                    "top": "T1", "rungs": draw(st.integers(0, 2))})
    joins = draw(st.lists(st.integers(1, lengths[0]), min_size=1, max_size=3, unique=True))
    drop = f"{top_name}1" if len(lengths) % 2 == 0 else f"{top_name}{top_spaces}"
    return {
        "start": {"joins": [f"A{col}" for col in sorted(joins)]},
        "finish": "T1",
        "oil_can_beside": "A1",
        "barrel_drop": drop,
        "donkey_kong_front": drop,
        "girders": girders,
        "edges": edges,
        "ladders": ladders,
    }


def make_board(table: dict[str, Any]) -> Board:
    return Board(BoardModel.model_validate(table), SETUP, FACES)


def directions(table: dict[str, Any], start: str, route: str) -> list[str]:
    """Which way each step of a route from ``start`` goes ("left", "right", "up", "down"), worked out from the
    spaces' names alone: how high each space is (girders in the file's order, ladder spaces in between) and its
    column."""
    girder_row = {girder["name"]: row for row, girder in enumerate(table["girders"])}
    ladders = {ladder["name"]: ladder for ladder in table["ladders"]}
    joins = [int(name[1:]) for name in table["start"]["joins"]]

    def place(name: str) -> tuple[Fraction, Fraction]:
        if name == "START":
            return Fraction(-1), Fraction(sum(joins), len(joins))
        girder = _GIRDER.match(name)
        if girder:
            return Fraction(girder_row[girder[1]]), Fraction(int(girder[2]))
        rung = _RUNG.match(name)
        assert rung, name
        ladder = ladders[rung[1]]
        low, high = (girder_row[ladder[end][0]] for end in ("bottom", "top"))
        return low + Fraction(int(rung[2]), ladder["rungs"] + 1) * (high - low), Fraction(int(ladder["bottom"][1:]))

    spaces = [start, *route.removeprefix("move ").split(">")]
    ways = []
    for a, b in itertools.pairwise(spaces):
        (row_a, col_a), (row_b, col_b) = place(a), place(b)
        # along a girder; from START, along the bottom girder toward the joined space unless it is straight above
        if row_a == row_b or (a == "START" and col_a != col_b):
            ways.append("right" if col_b > col_a else "left")
        else:
            ways.append("up" if row_b > row_a else "down")
    return ways
