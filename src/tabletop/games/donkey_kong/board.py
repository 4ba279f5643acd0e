"""The board as a graph, precomputed once per data file into plain tables.

Spaces are numbered: every girder's blue spaces (girder by girder, bottom first,
left to right), then every ladder's rungs (bottom rung first), then the Oil Can,
then the Start space. Space names: ``C7`` is girder C's 7th space from the left,
``L4.1`` the lowest ladder space of ladder L4, ``OIL`` the Oil Can (obstacles only;
no pawn enters it), ``START`` the Start space (pawns only: off the obstacles' way;
a pawn leaves it onto the girder spaces it joins and never comes back, R-K21).

Pawns take *steps* (:mod:`~tabletop.games.donkey_kong.routes`): along girders and ladders,
each with its heading, so that a route never turns back (K-PAWN-2, R-K1, R-K10).

Obstacles follow one *chain*: from the barrel drop space barrels roll along each
girder and down the broken white lines to the Oil Can; fireballs climb the same
chain backwards. ``chain_index`` orders obstacles for K-OBS-8: a smaller index is
higher up (further along for a fireball).
"""

from __future__ import annotations

import itertools
import operator
import re
import threading
from collections.abc import Sequence

from tabletop.games.donkey_kong.actions import Route
from tabletop.games.donkey_kong.data import BoardModel, SetupModel
from tabletop.games.donkey_kong.routes import Step, find_routes, pawn_steps

OIL_NAME = "OIL"
START_NAME = "START"
_SPACE = re.compile(r"^([A-Z])([0-9]{1,2})$")


#: routes compare by identity, and a game (with its board) is shared by the threads that rebuild rooms or think for
#: bots: a route met for the first time is built under this lock, once, then read without it
_BUILDING = threading.Lock()


class BoardError(ValueError):
    """A board whose graph is wrong (a ladder to nowhere, an unreachable Finish ...)."""


class Board:
    """Adjacency tables for pawns and obstacles, and the pawn routes."""

    def __init__(self, model: BoardModel, setup: SetupModel, white_faces: Sequence[int]) -> None:
        self.model = model
        names: list[str] = []
        girder_of: list[int] = []
        column: list[int] = []
        self.girder_names = tuple(g.name for g in model.girders)
        if len(set(self.girder_names)) != len(self.girder_names):
            raise BoardError("two girders share a name")
        self.girder_spaces: list[tuple[int, ...]] = []
        for gi, girder in enumerate(model.girders):
            first = len(names)
            for col in range(1, girder.spaces + 1):
                names.append(f"{girder.name}{col}")
                girder_of.append(gi)
                column.append(col)
            self.girder_spaces.append(tuple(range(first, len(names))))
        self.index = {name: i for i, name in enumerate(names)}
        self.ladder_names = tuple(lad.name for lad in model.ladders)
        if len(set(self.ladder_names)) != len(self.ladder_names):
            raise BoardError("two ladders share a name")
        self.ladder_ends: list[tuple[int, int]] = []
        self.ladder_rungs: list[tuple[int, ...]] = []
        ladder_of: list[int] = [-1] * len(names)
        for li, ladder in enumerate(model.ladders):
            bottom, top = self._girder_space(ladder.bottom, f"ladder {ladder.name} bottom"), self._girder_space(
                ladder.top, f"ladder {ladder.name} top"
            )
            if girder_of[top] <= girder_of[bottom]:
                raise BoardError(
                    f"ladder {ladder.name} goes nowhere: its top {ladder.top} is not on a girder "
                    f"above its bottom {ladder.bottom}"
                )
            rungs = []
            for r in range(1, ladder.rungs + 1):
                rungs.append(len(names))
                names.append(f"{ladder.name}.{r}")
                girder_of.append(-1)
                column.append(column[bottom])
                ladder_of.append(li)
            self.ladder_ends.append((bottom, top))
            self.ladder_rungs.append(tuple(rungs))
        self.index = {name: i for i, name in enumerate(names)}
        self.oil = len(names)
        names.append(OIL_NAME)
        girder_of.append(-1)
        column.append(0)
        ladder_of.append(-1)
        self.index[OIL_NAME] = self.oil
        # R-K21: the Start space is off the obstacles' way; its first step leads onto `joins`
        self.start = len(names)
        names.append(START_NAME)
        self.index[START_NAME] = self.start
        self.start_joins = tuple(self._girder_space(name, "start joins") for name in model.start.joins)
        start_girders = {girder_of[s] for s in self.start_joins}
        if len(start_girders) > 1:
            raise BoardError(
                f"START joins {', '.join(model.start.joins)}: spaces of {len(start_girders)} girders; START stands "
                "beside one girder, and a pawn's first step goes along it or up onto it (R-K21)"
            )
        start_column = sum(column[s] for s in self.start_joins), len(self.start_joins)  # the mean, as a fraction
        girder_of.append(-1)
        column.append(round(start_column[0] / start_column[1]))
        ladder_of.append(-1)
        self.names = tuple(names)
        self.size = len(names)
        self.girder_of = tuple(girder_of)
        self.column = tuple(column)
        self.ladder_of = tuple(ladder_of)

        self.finish = self._girder_space(model.finish, "finish")
        self.drop = self._girder_space(model.barrel_drop, "barrel_drop")
        self.dk_front = self._girder_space(model.donkey_kong_front, "donkey_kong_front")
        #: every step a pawn can take from each space, with its heading (routes.py)
        self.pawn_steps = pawn_steps(
            self.girder_spaces,
            [(bottom, *rungs, top) for (bottom, top), rungs in zip(self.ladder_ends, self.ladder_rungs, strict=True)],
            self.start,
            self._start_steps(*start_column),
            self.size,
        )
        #: the spaces a pawn can step onto from each space, whatever its heading
        self.pawn_adj = tuple(tuple(sorted({t for t, _, _ in steps})) for steps in self.pawn_steps)
        self._routes: dict[tuple[int, int], tuple[tuple[Route, ...], bool]] = {}
        self._check_reachable(sorted(set(white_faces)))
        self.next_barrel = self._barrel_next()
        self.oil_can_beside_girder = self.girder_of[self.index[model.oil_can_beside]]
        self.chain = self._chain()
        #: what lies on each space of the chain, in chain order: ``along_chain(obstacles)`` (a scan in C)
        self.along_chain = operator.itemgetter(*self.chain)
        self.chain_index = [-1] * self.size
        for i, s in enumerate(self.chain):
            self.chain_index[s] = i
        if self.chain_index[self.dk_front] < 0:
            raise BoardError(f"donkey_kong_front {model.donkey_kong_front} is not on the barrels' way to the Oil Can")
        self.next_fire = [-1] * self.size
        for below, above in zip(self.chain[1:], self.chain, strict=False):
            self.next_fire[below] = above
        self.slide_up, self.slide_down = self._slides()
        #: the ladder spaces an obstacle may pass while sliding (R-K14)
        self.sliding_rung = [False] * self.size
        for line in self.slide_up:
            for s in line[:-1]:
                self.sliding_rung[s] = True
        # where a moving obstacle must stop and look even if nothing lies there
        self.special = [s in (self.oil, self.dk_front) for s in range(self.size)]
        #: the ladder spaces of each barrel's slide, where a pawn blocks it (K-OBS-5)
        self.slide_down_rungs = [line[:-1] for line in self.slide_down]
        #: where a barrel (a fireball) that lands by exact count on an empty space simply rests there: no
        #: ladder space, no ladder for it to slide along, neither the Oil Can nor Donkey Kong
        self.plain_for_barrel = [self.ladder_of[s] < 0 and not self.slide_down[s] and not self.special[s]
                                 for s in range(self.size)]
        self.plain_for_fire = [self.ladder_of[s] < 0 and not self.slide_up[s] and not self.special[s]
                               for s in range(self.size)]
        self.rung_up: list[int] = [-1] * self.size
        self.rung_down = [-1] * self.size
        for (low, high), steps in zip(self.ladder_ends, self.ladder_rungs, strict=True):
            line = (low, *steps, high)
            for i, rung in enumerate(steps, start=1):
                self.rung_up[rung] = line[i + 1]
                self.rung_down[rung] = line[i - 1]
        self.red_dot = [False] * self.size
        black: list[int] = []
        for gi, girder in enumerate(model.girders):
            for col in girder.red_dots:
                self.red_dot[self._column(gi, col, "red dot")] = True
            for col in girder.black_dots:
                s = self._column(gi, col, "black dot")
                if self.chain_index[s] < 0:
                    raise BoardError(f"black dot {names[s]} is not on the barrels' way to the Oil Can")
                black.append(s)
        if len(set(black)) != len(black):
            raise BoardError("a black dot is listed twice")
        if len(black) != setup.barrels_on_board:
            raise BoardError(
                f"the board has {len(black)} black dots but the setup places "
                f"{setup.barrels_on_board} barrels on black dots"
            )
        self.black_dots = tuple(sorted(black))

    # -- construction helpers -------------------------------------------------------
    def _girder_space(self, name: str, what: str) -> int:
        m = _SPACE.match(name)
        if m is None or name not in self.index:
            raise BoardError(f"{what} {name!r} is not a girder space of this board")
        return self.index[name]

    def _column(self, gi: int, col: int, what: str) -> int:
        spaces = self.girder_spaces[gi]
        if not 1 <= col <= len(spaces):
            raise BoardError(f"{what} {col} is off girder {self.girder_names[gi]} (spaces 1 to {len(spaces)})")
        return spaces[col - 1]

    def _start_steps(self, columns: int, joins: int) -> list[Step]:
        """R-K21: START's first step goes along its girder toward the joined space, left or right of START's column
        (the mean of the joined spaces' columns, ``columns / joins``), or up onto a joined space straight above."""
        steps = []
        for s in self.start_joins:
            side = self.column[s] * joins - columns
            steps.append((s, 0, 1) if side == 0 else (s, 1 if side > 0 else -1, 0))
        return steps

    def _check_reachable(self, faces: Sequence[int]) -> None:
        """What the rules need of the pawns' way: playing the white die's ``faces`` from START, turn after turn, some
        route enters every game space (a route never turns back, K-PAWN-2, R-K10, and stops at the Finish), the
        Finish first. ``pawn_reachable`` marks the spaces a pawn can stand on."""
        stops, entered = {self.start}, set[int]()
        frontier = [self.start]
        while frontier:
            at = frontier.pop()
            if at == self.finish:
                continue
            for face in faces:
                for route in self.routes(at, face):
                    entered.update(route.path)
                    if route.path[-1] not in stops:
                        stops.add(route.path[-1])
                        frontier.append(route.path[-1])
        if self.finish not in entered:
            raise BoardError(f"the Finish {self.names[self.finish]} cannot be reached from START")
        for s in range(self.size):
            if s not in entered and s not in (self.oil, self.start):
                raise BoardError(
                    f"{self.names[s]} cannot be reached from START: no route enters it, with the white die's faces "
                    "(a route goes one way along each girder and one way up or down the ladders, K-PAWN-2, R-K10, "
                    "and stops at the Finish)"
                )
        self.pawn_reachable = tuple(s in stops or s in entered for s in range(self.size))

    def _barrel_next(self) -> list[int]:
        nxt = [-1] * self.size
        edge_from: dict[int, int] = {}
        for edge in self.model.edges:
            upper = self._girder_space(edge.upper, "edge upper end")
            lower = self._girder_space(edge.lower, "edge lower end")
            gu, gl = self.girder_of[upper], self.girder_of[lower]
            if gu <= gl:
                raise BoardError(f"broken line {edge.upper}-{edge.lower} does not lead down to a lower girder")
            if lower not in (self.girder_spaces[gl][0], self.girder_spaces[gl][-1]):
                raise BoardError(
                    f"broken line {edge.upper}-{edge.lower} does not land on an end space "
                    f"of girder {self.girder_names[gl]}"
                )
            if upper in edge_from:
                raise BoardError(f"two broken lines leave {edge.upper}")
            edge_from[upper] = lower
        oil_beside = self._girder_space(self.model.oil_can_beside, "oil_can_beside")
        for gi, girder in enumerate(self.model.girders):
            spaces = self.girder_spaces[gi]
            if girder.barrels_roll == "none":
                continue
            order = spaces if girder.barrels_roll == "right" else spaces[::-1]
            for a, b in itertools.pairwise(order):
                nxt[a] = b
            end = order[-1]
            if end in edge_from:
                nxt[end] = edge_from.pop(end)
            elif end == oil_beside:
                nxt[end] = self.oil
        if edge_from:
            bad = self.names[next(iter(edge_from))]
            raise BoardError(f"broken line from {bad} is not at the end where barrels roll off its girder")
        if nxt[oil_beside] != self.oil:
            raise BoardError(
                f"oil_can_beside {self.model.oil_can_beside} is not the end where barrels roll off its girder"
            )
        return nxt

    def _chain(self) -> tuple[int, ...]:
        chain = [self.drop]
        seen = {self.drop}
        s = self.drop
        while s != self.oil:
            s = self.next_barrel[s]
            if s < 0:
                raise BoardError(
                    f"barrels dropped at {self.names[self.drop]} never reach the Oil Can: "
                    f"they stop at {self.names[chain[-1]]}"
                )
            if s in seen:
                raise BoardError(f"barrels dropped at {self.names[self.drop]} go round in a loop at {self.names[s]}")
            seen.add(s)
            chain.append(s)
        return tuple(chain)

    def _slides(self) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
        """Ladders obstacles slide on (R-K4): both ends on the chain; the spaces passed, end last."""
        up: list[tuple[int, ...]] = [()] * self.size
        down: list[tuple[int, ...]] = [()] * self.size
        for li, (bottom, top) in enumerate(self.ladder_ends):
            if self.chain_index[bottom] < 0 or self.chain_index[top] < 0:
                continue
            rungs = self.ladder_rungs[li]
            if up[bottom] or down[top]:
                raise BoardError(
                    f"two ladders of the obstacles' way share the end space of ladder {self.ladder_names[li]}"
                )
            up[bottom] = (*rungs, top)
            down[top] = (*rungs[::-1], bottom)
        return up, down

    # -- pawn routes ---------------------------------------------------------------
    def routes(self, start: int, count: int) -> tuple[Route, ...]:
        """Every legal route of a pawn from ``start`` with the white die at ``count``.

        A route never turns back: one way along each girder, one way up or down the ladders
        (K-PAWN-2, R-K1, R-K10: :mod:`~tabletop.games.donkey_kong.routes`), and stops at the
        Finish (R-K2); routes of the full count are legal, and routes ending at the Finish;
        when there are none, the longest routes are (R-K2).
        """
        return self.routes_and_sharing(start, count)[0]

    def routes_and_sharing(self, start: int, count: int) -> tuple[tuple[Route, ...], bool]:
        """:meth:`routes`, and whether two of them end on the same space (two ways round a ladder loop)."""
        key = (start, count)
        found = self._routes.get(key)
        if found is None:
            with _BUILDING:
                found = self._routes.get(key)
                if found is None:
                    paths = find_routes(self.pawn_steps, self.finish, start, count)
                    routes = tuple(Route(p, "move " + ">".join(self.names[s] for s in p)) for p in paths)
                    ends = {route.path[-1] for route in routes}
                    found = self._routes[key] = (routes, len(ends) < len(routes))
        return found

    def space(self, name: str) -> int:
        """The index of a space by name (``KeyError`` if there is none)."""
        return self.index[name]
