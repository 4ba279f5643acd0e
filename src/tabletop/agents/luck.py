"""The chance outcomes of one search iteration, cheap to make: common random numbers without seeding a Mersenne Twister.

A search draws fresh luck for every iteration (and the same luck for the k-th iteration
through each of the root's actions). :class:`~tabletop.core.play.Streams` would do, but seeding
a ``random.Random`` costs several microseconds, a good share of an iteration. :class:`Luck`
keeps the same structure, one stream per kind of chance node (``state.chance_stream()``), so
that two lines of play that meet a kind of chance node a different number of times still
share the others' outcomes, but each stream is counter-based: its k-th number is SplitMix64's
output on ``key + k * golden``, which costs nothing to start.

>>> luck = Luck(7)
>>> a, b = luck.stream("move"), Luck(7).stream("move")
>>> [a.random() for _ in range(3)] == [b.random() for _ in range(3)]
True
>>> 0.0 <= Luck(8).stream("move").random() < 1.0
True
"""

from __future__ import annotations

import random
from functools import cache

from tabletop.core.actions import Action
from tabletop.core.play import MASK64, mix64, stream_name_key
from tabletop.core.state import State

_GOLDEN = 0x9E3779B97F4A7C15
_UNIT = 2.0**-53


@cache
def _name_key(name: str) -> int:
    return stream_name_key(name)


class CounterStream(random.Random):
    """A stream whose k-th ``random()`` is ``mix64(key + k * golden) / 2**64`` (53 bits).

    Only ``random()`` is provided: it is all that :meth:`Distribution.sample` draws. The
    Mersenne Twister state of the base class is never seeded, and never used.
    """

    def __init__(self, key: int) -> None:  # no super().__init__(): seeding is what this avoids
        self.key = key
        self.count = 0

    def random(self) -> float:
        self.count += 1
        return (mix64((self.key + self.count * _GOLDEN) & MASK64) >> 11) * _UNIT


class Luck:
    """One iteration's chance outcomes, a counter-based stream per kind of chance node."""

    __slots__ = ("base", "streams")

    def __init__(self, seed: int) -> None:
        self.base = mix64(seed & MASK64)
        self.streams: dict[str, CounterStream] = {}

    def stream(self, name: str) -> CounterStream:
        found = self.streams.get(name)
        if found is None:
            found = self.streams[name] = CounterStream(mix64(self.base ^ _name_key(name)))
        return found

    def chance(self, state: State) -> Action:
        """The outcome this luck gives at ``state``'s chance node (advancing its stream)."""
        return state.chance_distribution().sample(self.stream(state.chance_stream()))
