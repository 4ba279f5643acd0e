"""A board a game shares between threads builds each route once (routes compare by identity; a server rebuilds
rooms and thinks for bots in threads): a route one thread built and another replaced would be refused as illegal by
the thread that parsed it."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tabletop.core.registry import make
from tabletop.games.donkey_kong import board as board_module
from threads import at_once


def test_routes_met_by_several_threads_at_once_are_built_once(monkeypatch: pytest.MonkeyPatch) -> None:
    find_routes = board_module.find_routes

    def slowly(*args: Any) -> Any:  # a search long enough for the other threads to start theirs meanwhile
        time.sleep(0.002)
        return find_routes(*args)

    monkeypatch.setattr(board_module, "find_routes", slowly)
    model = make("donkey-kong", players=4).rules.model
    board = board_module.Board(model.board, model.setup, model.dice.white.faces)  # one that has met no route yet
    # the white die's counts are searched when the board is built; others (a card's or a rule's count) on first use
    counts = [count for count in range(1, 10) if count not in model.dice.white.faces][:3]
    keys = [(start, count) for start in range(0, board.size, 7) for count in counts]
    found = at_once(lambda: [board.routes(start, count) for start, count in keys])
    for routes in found:
        pairs = zip(routes, found[0], strict=True)
        assert all(a is b for mine, first in pairs for a, b in zip(mine, first, strict=True))
