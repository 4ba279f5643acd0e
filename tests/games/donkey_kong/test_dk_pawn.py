"""K-PAWN-1, K-PAWN-2 and rulings R-K1, R-K2, R-K3, R-K10, R-K21 on the pawn's route (on any board: test_dk_routes)."""

from __future__ import annotations

import pytest
from dk_scenarios import apply, field, make_game, position, route_to, spaces, state_of

from tabletop.games.donkey_kong import DonkeyKongState
from tabletop.games.donkey_kong.actions import Route
from tabletop.games.donkey_kong.board import Board


def destinations(state: DonkeyKongState) -> list[str]:
    return [str(a).split(">")[-1].removeprefix("move ") for a in state.legal_actions()]


def test_k_pawn_1_the_pawn_moves_the_full_white_count() -> None:
    """K-PAWN-1: every route from A3 with a 2 enters exactly two spaces."""
    state = state_of(position(dice="2,3"))
    routes = state.legal_actions()
    assert all(isinstance(r, Route) and len(r.path) == 2 for r in routes)
    assert sorted(destinations(state)) == ["A1", "A5", "L2.1"]


def test_k_pawn_1_the_pawn_moves_before_any_obstacle() -> None:
    """K-PAWN-1: the obstacles are still where they were while the route is chosen."""
    state = state_of(position(dice="2,3", barrels="C8"))
    assert state.current_player() == 0 and field(state, "barrels") == "C8"


def test_k_pawn_2_one_direction_and_girder_to_girder_only_by_ladder() -> None:
    """K-PAWN-2: from B10 a 1 reaches only B9 (the broken line down to A10 is for obstacles only);
    no route from A3 ever comes back through A3 or turns around on its girder."""
    state = state_of(position(pawns="B10,A3", dice="1,3"))
    assert destinations(state) == ["B9"]
    state = state_of(position(dice="4,3"))
    for route in state.legal_actions():
        assert isinstance(route, Route)
        assert len(set(route.path)) == len(route.path) and state.rules.board.start not in route.path
    assert sorted(destinations(state)) == ["A7", "B4"]


def test_r_k1_turning_from_a_ladder_onto_a_girder_is_allowed() -> None:
    """R-K1: from A3 a 5 climbs L2 and may turn either way on B, or walk on to A8."""
    state = state_of(position(dice="5,3"))
    assert sorted(destinations(state)) == ["A8", "B3", "B5"]


def test_r_k2_the_finish_stops_a_pawn_without_exact_count() -> None:
    """R-K2: from F7 a 6 may end at the Finish T1 after three spaces."""
    state = state_of(position(pawns="F7,A3", dice="6,3"))
    assert "move L11.1>L11.2>T1" in [str(a) for a in state.legal_actions()]
    apply(state, "move L11.1>L11.2>T1")
    assert field(state, "pawns") == "T1,A3" and field(state, "finisher") == "0"


def test_r_k2_longest_route_when_no_route_of_the_full_count_exists() -> None:
    """R-K2: on the packaged board a pawn can always use its full count or stop at the Finish (test_dk_routes.py
    checks every space and face), so the longest-route fallback shows there only past the longest route."""
    board = make_game(2).rules.board
    routes = board.routes(board.index["A1"], 1)
    assert [r.text for r in routes] == ["move A2"]
    # the fallback: ask the route table for a count longer than any simple path from the Finish's ladder top
    long_routes = board.routes(board.finish, 200)
    assert long_routes and len({len(r.path) for r in long_routes}) == 1
    assert len(long_routes[0].path) < 200


def test_r_k3_pawns_may_share_a_space() -> None:
    """R-K3: seat 0 may move onto seat 1's space."""
    state = state_of(position(pawns="A3,A4", dice="1,rests"))
    apply(state, route_to(state, "A4"))
    assert field(state, "pawns") == "A4,A4"


def test_r_k10_one_route_per_distinct_outcome() -> None:
    """R-K10: routes are offered once per destination and sequence of obstacles met."""
    state = state_of(position(dice="6,3", barrels="A5"))
    keys = []
    for route in state.legal_actions():
        assert isinstance(route, Route)
        keys.append((route.path[-1], tuple(s for s in route.path if state.obstacles[s])))
    assert len(keys) == len(set(keys))
    assert len(destinations(state)) == len(set(destinations(state)))


def pawn_distances(board: Board, source: int) -> dict[int, int]:
    """Fewest pawn steps from ``source`` to every space a pawn can reach (breadth first)."""
    adj = board.pawn_adj
    found = {source: 0}
    frontier = [source]
    while frontier:
        following = []
        for s in frontier:
            for t in adj[s]:
                if t not in found:
                    found[t] = found[s] + 1
                    following.append(t)
        frontier = following
    return found


def test_r_k21_start_is_a_space_of_its_own_and_keeps_the_distances() -> None:
    """R-K21: START is off the obstacles' way, and every space but A3 is as far from START as from A3,
    where the first provisional board put the pawns."""
    board = make_game(2).rules.board
    start, a3 = board.index["START"], board.index["A3"]
    assert board.chain_index[start] < 0 and start not in board.next_barrel and start not in board.next_fire
    assert board.girder_of[start] < 0 and board.ladder_of[start] < 0 and not board.red_dot[start]
    from_start, from_a3 = pawn_distances(board, start), pawn_distances(board, a3)
    assert from_start.pop(start) == 0 and from_start.pop(a3) == 2 and from_a3.pop(a3) == 0
    assert from_start == from_a3 and len(from_start) > 70


def test_r_k21_a_pawn_leaves_start_onto_the_girder_and_never_comes_back() -> None:
    """R-K21: the first step goes onto A2 or A4 and counts as one space; no route ever enters START."""
    hands = "J100.J200.J300/J100.J200.J300"
    state = state_of(position(turn=1, pawns="START,START", dice="1,3", up=hands))
    assert sorted(destinations(state)) == ["A2", "A4"]
    state = state_of(position(turn=1, pawns="START,START", dice="2,3", up=hands))
    assert sorted(destinations(state)) == ["A1", "A5", "L2.1"]
    board = state.rules.board
    for space in ("A1", "A2", "A3", "A4", "L2.1"):
        for count in range(1, 7):
            assert all(board.start not in route.path for route in board.routes(board.index[space], count))


def test_r_k21_obstacles_never_touch_a_pawn_on_start() -> None:
    """R-K21: the fireball released from the Oil Can climbs over A1, A2 and lands on A3, where the pawns used to
    start; seat 1, waiting on START, is not touched."""
    state = state_of(position(turn=1, pawns="START,START", dice="1,3", fireballs="OIL",
                              up="J100.J200.J300/J100.J200.J300"))
    apply(state, route_to(state, "A4"))
    assert state.turn_seat == 1 and state.stage_name() == "white"
    assert spaces(state, "fireballs") == {"A3"} and field(state, "up") == "J100.J200.J300/J100.J200.J300"


#: issue 20: the opening position, seat 0 to roll
OPENING = ("donkey-kong players=2 turn=1 seat=0 stage=white dice=- pawns=START,START barrels=A8,B5,C3,D8,E6,F8"
           " fireballs=- arm=6 oil=4 up=J100.J200.J300/J100.J200.J300 down=-/- finisher=-")


def test_r_k10_a_pawn_leaving_start_never_walks_back_across_a3() -> None:
    """R-K10, R-K21 (issue 20): from START a 4 offers the routes the old A3 start offered, and no route that steps
    onto A2 and walks back right across A3 (nor onto A4 and back left)."""
    state = apply(state_of(OPENING), "white 4", "red rests")
    assert [str(a) for a in state.legal_actions()] == ["move A4>A5>A6>A7", "move A4>L2.1>L2.2>B4"]
    for illegal in ("move A2>A3>A4>A5", "move A2>A3>A4>L2.1", "move A4>A3>A2>A1"):
        assert illegal not in {str(a) for a in state.legal_actions()}


@pytest.mark.parametrize(
    ("face", "routes"),
    [
        (1, ["move A2", "move A4"]),
        (2, ["move A2>A1", "move A4>A5", "move A4>L2.1"]),
        (3, ["move A4>A5>A6", "move A4>L2.1>L2.2"]),
        (4, ["move A4>A5>A6>A7", "move A4>L2.1>L2.2>B4"]),
        (5, ["move A4>A5>A6>A7>A8", "move A4>L2.1>L2.2>B4>B3", "move A4>L2.1>L2.2>B4>B5"]),
        (6, ["move A4>A5>A6>A7>A8>A9", "move A4>L2.1>L2.2>B4>B3>B2", "move A4>L2.1>L2.2>B4>B5>B6"]),
    ],
)
def test_r_k10_from_start_each_face_offers_exactly_these_routes(face: int, routes: list[str]) -> None:
    """R-K10, R-K21: the first step from START chooses the direction (onto A2 leftward, onto A4 rightward), and the
    move keeps it: with a 3 or more, leftward is a dead end at A1, so only the routes of the full count are offered
    (R-K2). With a 5 no route reaches the red dot A6 (K-CARD-1)."""
    state = apply(state_of(OPENING), f"white {face}", "red 3")
    assert [str(a) for a in state.legal_actions()] == routes
    board = state.rules.board  # the routes of A3 (no ladder at A3), where the first provisional board started
    assert [r.path for r in board.routes(board.start, face)] == [r.path for r in board.routes(board.index["A3"], face)]


def test_r_k10_a_move_goes_up_or_down_the_ladders_not_both() -> None:
    """R-K10: from the ladder space L3.1 a 6 may go down onto B2, along B and down L2, but not up L4 from B6 (down,
    then up: two directions in one move); climbing, it turns right on C (leftward C1 is a dead end) and may climb
    on up L5."""
    state = state_of(position(pawns="L3.1,A3", dice="6,3"))
    assert sorted(str(a) for a in state.legal_actions()) == [
        "move B2>B3>B4>B5>B6>B7",
        "move B2>B3>B4>L2.2>L2.1>A4",
        "move L3.2>C2>C3>C4>C5>C6",
        "move L3.2>C2>C3>C4>L5.1>L5.2",
    ]
