"""A game's random streams seeded side by side, inside a compiled kernel: :func:`open_streams`.

Seeding a Mersenne Twister (``init_by_array``, :func:`tabletop.core.compiled.seed_stream`) is
1,247 rounds, each waiting for the one before: one stream after another, a processor runs one
round at a time. A game's streams (chance, then each seat's) are independent, so
:func:`open_streams` runs round ``i`` of every stream before round ``i + 1`` of any, and the
processor overlaps them. The words are the same: each row is what :func:`~tabletop.core.compiled.open_stream`
makes (tests/core/test_compiled.py checks it against ``random.Random``).

>>> import random
>>> import numpy as np
>>> from tabletop.core.compiled import STREAM_WORDS, draw, mix64
>>> rows = np.zeros((3, STREAM_WORDS), np.uint32)
>>> names = np.array([1, 2, 3], np.uint64)
>>> open_streams(rows, np.uint64(9), names)
>>> key = int(mix64(mix64(np.uint64(9)) ^ np.uint64(3)))
>>> draw(rows[2]) == random.Random(key).random()
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tabletop.core.compiled import _MASK32, _S30, _S32, _START, N, mix64, uncounted_kernel

_FIRST = np.uint64(1664525)  # init_by_array's multipliers, its first loop's and its second's
_SECOND = np.uint64(1566083941)


@uncounted_kernel
def open_streams(rows: Any, seed: Any, name_keys: Any) -> None:
    """``open_stream(rows[k], seed, name_keys[k])`` for every ``k`` of ``name_keys``, the rounds side by side."""
    base = mix64(np.uint64(seed))
    for r in range(name_keys.shape[0]):
        _hold_key(rows[r], mix64(base ^ np.uint64(name_keys[r])))
    _seed_held(rows, name_keys.shape[0])


@uncounted_kernel
def seed_streams(rows: Any, keys: Any) -> None:
    """``seed_stream(rows[k], keys[k])`` for every ``k`` of ``keys``, the rounds side by side."""
    for r in range(keys.shape[0]):
        _hold_key(rows[r], keys[r])
    _seed_held(rows, keys.shape[0])


@uncounted_kernel
def _hold_key(row: Any, key: Any) -> None:
    """``init_by_array``'s first loop reads each ``mt[i]`` before writing it: until the wrap that is
    ``init_genrand``'s word (``_START``), so the row's last word and its position hold the key's two words meanwhile,
    and its first word the word before round 0's."""
    key = np.uint64(key)
    row[0] = _START[0]
    row[N - 1] = np.uint32(key & _MASK32)
    row[N] = np.uint32(key >> _S32)  # 0 for a key of one word


@uncounted_kernel
def _seed_held(rows: Any, m: int) -> None:
    """``init_by_array`` as :func:`~tabletop.core.compiled.seed_stream` runs it on the first ``m`` rows (their keys
    held by :func:`_hold_key`), with ``i`` shared by every row."""
    for i in range(1, N - 1):  # the first loop's rounds 0 .. N - 3, at i = 1 .. N - 2
        for r in range(m):
            rows[r, i] = _first_round(_START[i], rows[r, i - 1], i - 1, rows[r, N - 1], rows[r, N])
    for r in range(m):  # round N - 2 at i = N - 1; i reaches N: mt[0] = mt[N - 1]; round N - 1 at i = 1
        low, high = rows[r, N - 1], rows[r, N]
        last = _first_round(_START[N - 1], rows[r, N - 2], N - 2, low, high)
        rows[r, N - 1] = rows[r, 0] = last
        rows[r, 1] = _first_round(rows[r, 1], last, N - 1, low, high)
    for i in range(2, N):  # the second loop's rounds at i = 2 .. N - 1
        for r in range(m):
            rows[r, i] = _second_round(rows[r, i], rows[r, i - 1], i)
    for r in range(m):  # i reaches N: mt[0] = mt[N - 1]; its last round at i = 1
        rows[r, 1] = _second_round(rows[r, 1], rows[r, N - 1], 1)
        rows[r, 0] = np.uint32(0x80000000)
        rows[r, N] = np.uint32(N)  # the state is used up: the first draw twists it


@uncounted_kernel
def _first_round(old: Any, previous: Any, k: int, low: Any, high: Any) -> np.uint32:
    """``init_by_array``'s first loop, round ``k``: ``mt[i]`` from its ``old`` word and the ``previous`` one, with the
    key's word ``k % words`` (two words where ``high`` is not 0) and ``k % words`` itself."""
    j = k & 1 if high else 0
    word = np.uint64(high) if j else np.uint64(low)
    prev = np.uint64(previous)
    return np.uint32(((np.uint64(old) ^ ((prev ^ (prev >> _S30)) * _FIRST)) + word + np.uint64(j)) & _MASK32)


@uncounted_kernel
def _second_round(old: Any, previous: Any, i: int) -> np.uint32:
    """``init_by_array``'s second loop at ``i``: ``mt[i]`` from its ``old`` word and the ``previous`` one."""
    prev = np.uint64(previous)
    return np.uint32(((np.uint64(old) ^ ((prev ^ (prev >> _S30)) * _SECOND)) - np.uint64(i)) & _MASK32)
