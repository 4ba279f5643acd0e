"""The kernels' shared parts: the driver's streams bit for bit, and the standings' figures (issue 27)."""

from __future__ import annotations

import random
from typing import Any, cast

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.analysis.metrics import place_metrics
from tabletop.core.batch import DRAMA, FIGURES, LEAD_CHANGES, TRAILED, BatchPlayout
from tabletop.core.compiled import (
    COMPILED,
    STREAM_WORDS,
    borrowed,
    draw,
    kernel,
    mix64,
    open_stream,
    pick,
    seed_stream,
    struct_of,
    tables_kind,
    uncounted_kernel,
)
from tabletop.core.play import MASK64, Streams, seat_key, stream_name_key
from tabletop.core.play import mix64 as python_mix64
from tabletop.core.seeding import open_streams, seed_streams
from tabletop.core.standings import standings_add, standings_end, standings_start

pytestmark = pytest.mark.skipif(not COMPILED, reason="the compiled kernels need Numba (the fast extra)")


@settings(max_examples=60, deadline=None)
@given(st.integers(0, MASK64))
def test_a_stream_is_random_random_seeded_with_its_key(key: int) -> None:
    """seed_stream + draw is CPython's Mersenne Twister: init_by_array on the key's words, genrand_res53,
    across a twist of the state (700 draws)."""
    row = np.zeros(STREAM_WORDS, np.uint32)
    seed_stream(row, np.uint64(key))
    mine = random.Random(key)
    assert [draw(row) for _ in range(700)] == [mine.random() for _ in range(700)]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.one_of(st.integers(0, 2**32 - 1), st.integers(0, MASK64)), min_size=1, max_size=5))
def test_streams_seeded_side_by_side_are_random_random_seeded_with_their_keys(keys: list[int]) -> None:
    """seed_streams (init_by_array's rounds of every row side by side) gives each row random.Random(key)'s state:
    keys of one 32-bit word and of two, across a twist."""
    rows = np.zeros((len(keys) + 1, STREAM_WORDS), np.uint32)
    seed_streams(rows, np.array(keys, np.uint64))
    assert not rows[len(keys)].any()  # only the rows of the keys
    for row, key in zip(rows, keys, strict=False):
        mine = random.Random(key)
        assert [draw(row) for _ in range(320)] == [mine.random() for _ in range(320)]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, MASK64), st.lists(st.integers(0, MASK64), min_size=1, max_size=5))
def test_a_games_streams_opened_side_by_side_are_each_opened_alone(seed: int, names: list[int]) -> None:
    rows = np.zeros((len(names), STREAM_WORDS), np.uint32)
    open_streams(rows, np.uint64(seed), np.array(names, np.uint64))
    for row, name in zip(rows, names, strict=True):
        alone = np.zeros(STREAM_WORDS, np.uint32)
        open_stream(alone, np.uint64(seed), np.uint64(name))
        assert row.tolist() == alone.tolist()


@settings(max_examples=100, deadline=None)
@given(st.integers(0, MASK64))
def test_mix64_is_the_drivers(value: int) -> None:
    assert int(mix64(np.uint64(value))) == python_mix64(value)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, MASK64), st.integers(0, 3), st.integers(1, 9))
def test_a_games_streams_are_the_drivers(seed: int, seat: int, count: int) -> None:
    """The chance stream and each seat's stream of a game, and a random player's choice among ``count``."""
    streams = Streams(seed)
    row = np.zeros(STREAM_WORDS, np.uint32)
    open_stream(row, np.uint64(seed), np.uint64(stream_name_key("chance")))
    assert [draw(row) for _ in range(5)] == [streams.stream("chance").random() for _ in range(5)]
    open_stream(row, np.uint64(seed), np.uint64(seat_key(seat)))
    rng = streams.seat(seat)
    for _ in range(20):
        assert pick(row, count) == min(int(rng.random() * count), count - 1)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(2, 4).flatmap(
        lambda n: st.tuples(
            st.lists(st.lists(st.integers(0, 8), min_size=n, max_size=n), min_size=1, max_size=30),
            st.integers(-1, n - 1),
        )
    )
)
def test_the_standings_figures_are_place_metrics(trace_and_winner: tuple[list[list[int]], int]) -> None:
    """standings_add over a game's places and standings_end give place_metrics' lead changes, drama and
    trailed, for one winner or none, without keeping the places."""
    trace, winner = trace_and_winner
    n = len(trace[0])
    scale = np.array([float(k) * 0.75 for k in range(9)])
    acc = np.zeros(3 + 2 * n)
    standings_start(acc)
    for places in trace:
        standings_add(acc, np.array(places, np.int64), scale)
    row = np.zeros(FIGURES)
    standings_end(acc, winner, row)
    winners = (winner,) if winner >= 0 else ()
    changes, drama, trailed = place_metrics([tuple(p) for p in trace], tuple(scale), winners)
    assert int(row[LEAD_CHANGES]) == changes
    assert (None if np.isnan(row[DRAMA]) else float(row[DRAMA])) == drama
    assert (None if row[TRAILED] < 0 else bool(row[TRAILED])) == trailed


@pytest.mark.skipif(not COMPILED, reason="needs Numba")
def test_the_kernels_cache_is_named_by_every_kernel_source(monkeypatch: pytest.MonkeyPatch) -> None:
    """Numba checks only the timestamp of a compiled function's own file: the cache directory is named by a hash
    of every kernel module, so a change in a kernel another one calls compiles both afresh."""
    import os

    import numba

    from tabletop.core import compiled

    if not os.environ.get("NUMBA_CACHE_DIR"):
        assert numba.config.CACHE_DIR.endswith(compiled.kernel_sources_digest())
    before = compiled.kernel_sources_digest()
    assert compiled.kernel_sources_digest() == before
    read = compiled.Path.read_bytes

    def edited(path: compiled.Path) -> bytes:  # one comment added to core/batch.py
        return read(path) + (b"#" if path.name == "batch.py" else b"")

    monkeypatch.setattr(compiled.Path, "read_bytes", edited)
    assert compiled.kernel_sources_digest() != before


@pytest.mark.skipif(not COMPILED, reason="needs Numba")
@pytest.mark.parametrize(
    ("name", "options"),
    [("jumanji", {"players": 4}), ("doodle-jump", {"players": 3, "tiles": "expert"}), ("donkey-kong", {"players": 4})],
)
def test_the_runners_columns_of_a_batch_are_its_rows_columns(name: str, options: dict[str, object]) -> None:
    """The runner turns a compiled batch into columns without a row object per game (``batch_columns``): the same
    columns as the rows give (``to_columns(rows_of_batch(...))``), winners tied on points included; and its seeds
    are ``game_seed``'s."""
    import tabletop
    from tabletop.analysis.metrics import rows_of_batch
    from tabletop.analysis.runner import batch_columns, game_seed, game_seeds, to_columns

    game = tabletop.make(name, **options)
    playout = game.random_playout()
    assert isinstance(playout, BatchPlayout)
    seeds = game_seeds(11, 40, 240)
    assert seeds == [game_seed(11, i) for i in range(40, 240)]
    batch = playout.batch(seeds)
    for model in (game.time_model(), None):
        assert batch_columns(batch, model, 40) == to_columns(rows_of_batch(batch, model), 40)


def test_a_tables_type_named_by_a_shared_cache_is_found_in_a_process_that_has_not_made_it() -> None:
    """A learner's loop compiled for two games lists both games' tables types in its on-disk cache index; a
    new process that loads it for one game must find the other's type by its name (``compiled.__getattr__``),
    not fail with ``AttributeError`` (found running the vector environment of one game after another's)."""
    import subprocess
    import sys

    script = """
import tabletop.core.compiled as compiled
from tabletop.games.jumanji.kernel import Tables
name = compiled._type_name(Tables)
assert name not in vars(compiled), name
found = getattr(compiled, name)
assert issubclass(found, compiled._TablesType) and vars(compiled)[name] is found
view = name[: -len("Type")] + "View"  # the type kernels take for those tables, made with it
assert issubclass(vars(compiled)[view], compiled._TablesView)
try:
    getattr(compiled, "_tabletop__games__jumanji__kernel__Nothing__Type")
except AttributeError:
    print("ok")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


@kernel
def _fill_borrowed(row: Any, value: int) -> int:
    """Writes ``value`` through a borrowed view of ``row`` and reads it back through the view."""
    view = borrowed(row)
    view[:] = value
    total = 0
    for k in range(view.shape[0]):
        total += view[k]
    return total


def test_a_borrowed_array_is_the_array_itself() -> None:
    """``borrowed`` (the kernels' uncounted arrays): what is written through it is in the array, what is read is
    the array's; in plain Python it is the array."""
    row = np.zeros(7, np.int64)
    assert _fill_borrowed(row, 3) == 21 and row.tolist() == [3] * 7
    assert borrowed(row) is row


@uncounted_kernel
def _sum_uncounted(row: Any) -> int:
    total = 0
    for k in range(row.shape[0]):
        total += row[k]
    return total


@kernel
def _sum_through(row: Any) -> int:
    """An uncounted kernel called from a counted one, on a borrowed view and on the array itself."""
    return int(_sum_uncounted(borrowed(row)) + _sum_uncounted(row))


def test_an_uncounted_kernel_has_no_runtime_and_is_called_as_any_kernel() -> None:
    """``uncounted_kernel`` (the rule functions of a whole-game kernel, the streams' draws): compiled with Numba's
    runtime off, so no reference is counted in it; a counted kernel calls it on borrowed or owned arrays and Python
    calls it on arrays alike."""
    row = np.arange(5, dtype=np.int64)
    assert _sum_through(row) == 20 and _sum_uncounted(row) == 10
    for function in (_sum_uncounted, draw, pick, seed_stream, standings_add):
        assert cast(Any, function).targetoptions["_nrt"] is False, function
    assert cast(Any, _sum_through).targetoptions.get("_nrt", True)


def test_kernels_take_a_structure_as_its_uncounted_view() -> None:
    """A structure of tables reaches a kernel as its view (the data pointer, no reference counting): the same
    fields with the same values, and the same kind for the learner's dispatch."""
    import pickle

    import numba

    import tabletop
    from tabletop.core import compiled

    game = tabletop.make("donkey-kong", players=3)
    playout = game.random_playout()
    assert isinstance(playout, BatchPlayout)
    tables: Any = playout.tables
    struct, start = struct_of(tables), int(tables.chain[0])
    view = numba.typeof(struct)  # type: ignore[no-untyped-call]
    assert isinstance(view, compiled._TablesView)
    assert tables_kind(view) is type(tables) is tables_kind(struct)
    assert pickle.loads(pickle.dumps(view)) == view  # the on-disk cache names it
    assert _players(struct) == 3 and _first_chain_space(struct) == start
    assert _chain_length(struct) == len(tables.chain)  # a kernel without the runtime takes it from Python too


@kernel
def _players(t: Any) -> int:
    return int(t.players)


@uncounted_kernel
def _chain_length(t: Any) -> int:
    return int(t.chain.shape[0])


@kernel
def _first_chain_space(t: Any) -> int:
    return int(t.chain[0])
