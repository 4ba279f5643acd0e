"""The web's view of a position, for every registered game: JSON-ready for every seat and the spectator,
built from the game's observer alone (the same for any state the viewer cannot tell apart)."""

from __future__ import annotations

import json
import random

import pytest

import tabletop
from tabletop.interfaces.web.boards import board_module, static_board
from tabletop.interfaces.web.views import position_view


@pytest.mark.parametrize("name", tabletop.list_games())
def test_the_position_sent_to_each_viewer_hides_what_it_may_not_see(name: str) -> None:
    game = tabletop.make(name)
    assert json.loads(json.dumps(static_board(game))) == static_board(game)
    module = board_module(name)
    assert module is None or module == f"/boards/{name}/board.js"
    rng = random.Random(11)
    state = game.new_initial_state()
    for _ in range(60):
        for viewer in (None, *range(game.num_players)):
            sent = position_view(game, state, viewer)
            assert json.loads(json.dumps(sent)) == sent
            assert sent == {"state": game.observer.observe(state, viewer), "text": game.observer.text(state, viewer)}
            assert position_view(game, game.observer.resample(state, viewer, rng), viewer) == sent
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(state.chance_distribution().sample(rng) if state.is_chance_node()
                           else legal[rng.randrange(len(legal))])
