"""The pawn's routes: one way along each girder, one way on the ladders (K-PAWN-2, R-K1, R-K10).

Rule 3.C: "Pawns may move in any direction on the girder paths. A pawn cannot move in two
different directions in the same move." Every step of a pawn has a heading:

- *along* a girder: left (-1) or right (+1);
- *on a ladder* (a ladder space, or the step between a ladder's end and its first ladder space):
  up (+1) or down (-1);
- *from START* (R-K21): along the girder START stands beside, toward the joined space (left of
  START's column or right of it), or up onto the joined space straight above START.

A move keeps one heading along each girder it walks on (it chooses one again when it comes off
a ladder: R-K1 allows that turn) and one heading on ladders for the whole move: a move that has
climbed a ladder never goes down one, and one that has gone down never climbs. A step up from
START counts as climbing. So a move never turns back, on a girder, on a ladder or round a loop
of ladders and girders: along a move the level never falls (or never rises), and within one
girder the column only grows (or only shrinks), so no route enters a space twice.

A route is a tuple of the spaces entered; a :data:`Step` is ``(space entered, along, climb)``
with exactly one of ``along`` and ``climb`` not zero. The board builds the steps once
(:func:`pawn_steps`) and asks here for the routes of a die (:func:`find_routes`).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

#: a pawn's step: the space it enters, its heading along a girder (-1, +1 or 0) and on a ladder (+1, -1 or 0)
Step = tuple[int, int, int]
#: how a move is going so far: along the girder it is on (0: not chosen yet), on ladders (0: not chosen yet)
Heading = tuple[int, int]
NOT_CHOSEN: Heading = (0, 0)


def pawn_steps(
    girder_spaces: Sequence[Sequence[int]],
    ladder_lines: Sequence[Sequence[int]],
    start: int,
    start_steps: Sequence[Step],
    size: int,
) -> tuple[tuple[Step, ...], ...]:
    """Every step a pawn can take from each space, sorted by the space entered (so routes come in a
    stable order). ``ladder_lines``: each ladder from bottom to top, its ends included."""
    steps: list[set[Step]] = [set() for _ in range(size)]
    for spaces in girder_spaces:
        for left, right in itertools.pairwise(spaces):
            steps[left].add((right, +1, 0))
            steps[right].add((left, -1, 0))
    for line in ladder_lines:
        for low, high in itertools.pairwise(line):
            steps[low].add((high, 0, +1))
            steps[high].add((low, 0, -1))
    steps[start].update(start_steps)  # one way: no pawn comes back to START (R-K21)
    return tuple(tuple(sorted(found)) for found in steps)


def step_allowed(heading: Heading, along: int, climb: int) -> Heading | None:
    """The heading after a step, or ``None`` if the step would turn back (R-K10)."""
    going_along, going_up_or_down = heading
    if along:
        return None if going_along and along != going_along else (along, going_up_or_down)
    # onto or along a ladder: a new girder comes next, where the pawn chooses its way again (R-K1)
    return None if going_up_or_down and climb != going_up_or_down else (0, climb)


def find_routes(steps: Sequence[Sequence[Step]], finish: int, start: int, count: int) -> list[tuple[int, ...]]:
    """The routes from ``start`` for a die of ``count``: those of the full count and those that stop at the
    Finish (R-K2); if there are none, the longest ones. In lexicographic order of the spaces' indexes."""
    complete: list[tuple[int, ...]] = []
    longest: list[tuple[int, ...]] = []
    best = 0
    path: list[int] = []

    def extend(at: int, heading: Heading) -> None:
        nonlocal best, longest
        if path and (len(path) == count or at == finish):
            complete.append(tuple(path))
            return
        moved = False
        for nxt, along, climb in steps[at]:
            after = step_allowed(heading, along, climb)
            if after is not None:
                moved = True
                path.append(nxt)
                extend(nxt, after)
                path.pop()
        if not moved and path:
            if len(path) > best:
                best, longest = len(path), []
            if len(path) == best:
                longest.append(tuple(path))

    extend(start, NOT_CHOSEN)
    return complete or longest
