"""The memory Doodle Jump keeps across games: its cache of tile draws stays at its bound.

A server plays thousands of games on one ``DoodleJumpGame`` (every room with the same options shares
it); each game draws tiles from box compositions never met before (the box has some 190,000), so a
large cache is a creep in a long-running server (issue 22, finding 7): the 50,000 kept before were
about 50 MB.
"""

from __future__ import annotations

import gc
import itertools
import tracemalloc

from tabletop.games.doodle_jump.game import DRAWS_KEPT, DoodleJumpGame


def test_the_tile_draws_kept_stay_at_their_bound() -> None:
    game = DoodleJumpGame(players=2)
    counts = game.rules.tile_counts
    boxes = (box for box in itertools.product(*(range(n + 1) for n in counts)) if any(box))
    first = next(boxes)
    fresh = game.draw_distribution(first).pairs()
    assert game.draw_distribution(first) is game.draw_distribution(first)  # kept: asked again, the same one
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for box in itertools.islice(boxes, 3 * DRAWS_KEPT):  # more compositions than the bound
            game.draw_distribution(box)
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert held < 1.5e3 * DRAWS_KEPT, f"{held / 1e6:.1f} MB kept for {3 * DRAWS_KEPT} compositions"
    assert DRAWS_KEPT <= 4_096  # about 1 kB each: a few MB per game's options at most
    assert game.draw_distribution(first).pairs() == fresh  # made again alike once dropped
