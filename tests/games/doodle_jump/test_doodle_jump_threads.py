"""The action table a game shares between threads interns each action once (a server rebuilds rooms in threads).

Actions compare by identity: two threads meeting a new roll at once each built the roll's outcomes, and a room
rebuilt after a restart refused its own stored "roll 1 2 2 3 6 / again" as "not a legal chance outcome" (server8's
chaos drill) because the index held one thread's Roll and the distribution the other's.
"""

from __future__ import annotations

from tabletop.core.registry import make
from threads import at_once


def test_a_roll_met_by_several_threads_at_once_is_one_distribution_of_interned_outcomes() -> None:
    for _ in range(5):
        table = make("doodle-jump", players=4, tiles="expert").new_initial_state().table
        found = at_once(lambda table=table: table.roll_distribution(5, True))
        assert all(dist is found[0] for dist in found)
        for roll in found[0].outcomes:
            assert table.roll_by_text(str(roll)) is roll
            assert found[0].probability(roll) > 0


def test_jumps_met_by_several_threads_at_once_are_interned_once() -> None:
    for _ in range(5):
        table = make("doodle-jump", players=4, tiles="power").new_initial_state().table
        dist = table.roll_distribution(5, True)
        rolls = list(dist.outcomes)[:40]
        found = at_once(lambda table=table, rolls=rolls: [table.roll_jumps(roll, True) for roll in rolls])
        for by_rolls in found:
            for by_pad, first in zip(by_rolls, found[0], strict=True):
                assert all(a is b for pad, other in zip(by_pad, first, strict=True) for a, b in
                           zip(pad, other, strict=True))
        for by_pad in found[0]:
            for jumps in by_pad:
                for jump in jumps:
                    assert table.jump(jump.pad, (jump.dice, jump.dots)) is jump
