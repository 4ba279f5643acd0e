"""K-PAWN-2, R-K1, R-K10, R-K21 on every board a user can load: routes never turn back.

Boards of a user's own are generated (dk_boards.py) with short loops of ladders and girders,
ladders side by side and a START joined to several spaces; the packaged board is checked
against the readable twin's routes too.
"""

from __future__ import annotations

import copy
from typing import Any

from dk_boards import FACES, boards, directions, make_board
from dk_scenarios import make_game
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tabletop.games.donkey_kong.board import Board
from tabletop.games.donkey_kong.readable import plain_routes


def turns_back(ways: list[str]) -> bool:
    """Rule 3.C as R-K10 reads it: one way along each girder walked on, one way up or down for the whole move."""
    vertical = [w for w in ways if w in ("up", "down")]
    if len(set(vertical)) > 1:
        return True
    along: list[str] = []
    for way in [*ways, "up"]:  # a ladder step ends the walk along a girder
        if way in ("up", "down"):
            if len(set(along)) > 1:
                return True
            along = []
        else:
            along.append(way)
    return False


def check_routes(table: dict[str, Any], board: Board) -> None:
    for s, name in enumerate(board.names):
        if s in (board.oil, board.finish):
            continue
        for count in FACES:
            routes = board.routes(s, count)
            assert routes, (name, count)
            assert tuple(route.path for route in routes) == plain_routes(board, s, count)  # the readable twin
            for route in routes:
                path = route.path
                assert not turns_back(directions(table, name, route.text)), route.text
                assert len(set(path)) == len(path) and board.start not in path and s not in path, route.text
            complete = [r for r in routes if len(r.path) == count or r.path[-1] == board.finish]
            if complete:  # R-K2: the full count, or stopped by the Finish ...
                assert len(complete) == len(routes), (name, count)
            else:  # ... or, only where no such route exists, the longest ones
                assert len({len(r.path) for r in routes}) == 1 and len(routes[0].path) < count, (name, count)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=boards())
def test_k_pawn_2_no_route_turns_back_on_a_generated_board(table: dict[str, Any]) -> None:
    """K-PAWN-2, R-K1, R-K10: on boards with loops shorter than a die roll, ladders side by side and START joined to
    several spaces, no route turns back (directions read from the spaces' names), none enters a space twice, and the
    fast routes are the readable twin's."""
    check_routes(table, make_board(table))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=boards(), data=st.data())
def test_r_k21_start_offers_what_a_girder_space_with_the_same_neighbours_offers(
    table: dict[str, Any], data: st.DataObject
) -> None:
    """R-K21: START joined to the two neighbours of a space S of the bottom girder (S with no ladder) offers the same
    routes, die by die, as a pawn on S: the first step from START chooses the direction, as from S."""
    spaces = table["girders"][0]["spaces"]
    ladder_ends = {ladder[end] for ladder in table["ladders"] for end in ("bottom", "top")}
    middles = [col for col in range(2, spaces) if f"A{col}" not in ladder_ends]
    assume(middles)
    col = data.draw(st.sampled_from(middles), label="S")
    table = copy.deepcopy(table)
    table["start"]["joins"] = [f"A{col - 1}", f"A{col + 1}"]
    board = make_board(table)
    for count in FACES:
        from_start = [route.path for route in board.routes(board.start, count)]
        from_s = [route.path for route in board.routes(board.index[f"A{col}"], count)]
        assert from_start == from_s
        assert {path[-1] for path in from_start} == {path[-1] for path in from_s}


def test_the_packaged_board_offers_the_readable_twins_routes() -> None:
    """R-K10, R-K2 on the packaged board: the fast route table equals the readable twin's plain search, from every
    space, for every face and for a count longer than any route (the R-K2 fallback); for the faces, every route has
    the full count or reaches the Finish."""
    board = make_game(2).rules.board
    for s in range(board.size):
        if s != board.oil:
            for count in (*FACES, 40):
                assert tuple(route.path for route in board.routes(s, count)) == plain_routes(board, s, count)
            if s != board.finish:
                for count in FACES:
                    assert all(len(r.path) == count or r.path[-1] == board.finish for r in board.routes(s, count))


def no_space_twice(board: Board, start: int, count: int) -> set[str]:
    """The routes of the first R-K10 ("a route never enters a space twice"), of the full count or to the Finish."""
    found: set[str] = set()

    def walk(path: list[int]) -> None:
        if path and (len(path) == count or path[-1] == board.finish):
            found.add("move " + ">".join(board.names[s] for s in path))
            return
        for t in board.pawn_adj[path[-1] if path else start]:
            if t not in path and t != start:
                walk([*path, t])

    walk([])
    return found


def test_r_k10_on_the_packaged_board_only_routes_that_turned_back_are_gone() -> None:
    """R-K10 (issue 20): against the first ruling, the directions remove exactly the routes from START that walk back
    across A3, and those with a 6 from a ladder space that go down one ladder and up another; nothing is added."""
    board = make_game(2).rules.board
    removed = {}
    for s in range(board.size):
        if s not in (board.oil, board.finish):
            for count in FACES:
                now = {route.text for route in board.routes(s, count)}
                before = no_space_twice(board, s, count)
                assert now <= before
                if before - now:
                    removed[board.names[s], count] = sorted(before - now)
    assert {key: len(routes) for key, routes in removed.items() if key[0] == "START"} == {
        ("START", 2): 2, ("START", 3): 2, ("START", 4): 3, ("START", 5): 2, ("START", 6): 2}
    assert removed["START", 4] == ["move A2>A3>A4>A5", "move A2>A3>A4>L2.1", "move A4>A3>A2>A1"]
    assert {key: routes for key, routes in removed.items() if key[0] != "START"} == {
        ("L3.1", 6): ["move B2>B3>B4>B5>B6>L4.1"], ("L3.2", 6): ["move C2>C3>C4>C5>C6>L4.2"],
        ("L4.1", 6): ["move B6>B5>B4>B3>B2>L3.1"], ("L4.2", 6): ["move C6>C5>C4>C3>C2>L3.2"],
        ("L9.1", 6): ["move E9>E8>E7>E6>E5>L10.1"], ("L9.2", 6): ["move F9>F8>F7>F6>F5>L10.2"],
        ("L10.1", 6): ["move E5>E6>E7>E8>E9>L9.1"], ("L10.2", 6): ["move F5>F6>F7>F8>F9>L9.2"],
    }
