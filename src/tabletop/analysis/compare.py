"""Comparing variants of a game on common random numbers, for a fixed count or until precise.

Each variant is a :class:`~tabletop.analysis.runner.Variant` (a name, a game with its
options, one agent per seat); ``run_variants`` plays them and returns the summary.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop._version import __version__
from tabletop.analysis.backends import Backend, InProcess
from tabletop.analysis.runner import RunSpec
from tabletop.analysis.storage import ParquetSink
from tabletop.analysis.summary import RunSummary
from tabletop.core.datafile import run_boards
from tabletop.core.errors import InvalidOptionError

#: games per chunk when playing until precise: the interval is looked at after each chunk
LOOK_EVERY = 500


def parse_variant(text: str) -> tuple[str, dict[str, str]]:
    """``"six:rescue_rolls=6,players=2"`` to ``("six", {"rescue_rolls": "6", "players": "2"})``.

    >>> parse_variant("base")
    ('base', {})
    >>> parse_variant("short:goal=4")
    ('short', {'goal': '4'})
    """
    name, _, rest = text.partition(":")
    name = name.strip()
    if not name:
        raise InvalidOptionError(f"a variant is NAME or NAME:KEY=VALUE,KEY=VALUE, got {text!r}")
    options: dict[str, str] = {}
    for pair in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise InvalidOptionError(f"variant {name!r}: expected KEY=VALUE, got {pair!r}")
        options[key.strip().replace("-", "_")] = value.strip()
    return name, options


def chunk_size(games: int) -> int:
    """Games per chunk for a run of ``games`` (a function of the count only, never of the workers)."""
    return max(1, min(1000, games // 32))


@dataclass
class RunResult:
    spec: RunSpec
    summary: RunSummary
    games: int
    stopped: str  # "games", "precision" or "max-games"
    seconds: float
    #: the boards the variants were played on, by content hash, with a copy (:func:`~tabletop.core.datafile.run_boards`)
    boards: dict[str, Any] | None = None

    def describe(self) -> dict[str, Any]:
        """What ``run.json`` and ``--json`` say about the run."""
        return {
            "version": __version__,
            "seed": self.spec.seed,
            "games": self.games,
            "stopped": self.stopped,
            "seconds": self.seconds,
            "decisiveness": vars(self.spec.decisiveness),
            "variants": [
                {"name": v.name, "game": v.game.name, "options": v.game.options, "agents": [a.name for a in v.agents]}
                for v in self.spec.variants
            ],
            "summary": self.summary.to_json_dict(),
            "boards": self.boards,
        }


def run_variants(
    spec: RunSpec,
    games: int | None = None,
    precision: float | None = None,
    max_games: int = 1_000_000,
    backend: Backend | None = None,
    out: str | Path | None = None,
    progress: Callable[[int], None] | None = None,
    chunk: int | None = None,
) -> RunResult:
    """Play every variant of ``spec`` on the same seeds and summarise them.

    With ``games``, exactly that many games per variant. With ``precision``, chunks
    of games are played until every watched rate's confidence sequence is narrower
    than ``precision`` on each side, or ``max_games`` is reached. ``out`` streams
    every game's row to ``out/games.parquet`` and describes the run in ``out/run.json``.
    """
    if precision is None and games is None:
        raise ValueError("give a number of games or a precision")
    if precision is not None and not 0 < precision < 1:
        raise ValueError(f"precision must be between 0 and 1, not {precision}")
    total = max_games if precision is not None else games
    assert total is not None
    if total < 1:
        raise ValueError("a run needs at least one game")
    size = chunk or (LOOK_EVERY if precision is not None else chunk_size(total))
    summary = RunSummary(spec.variants, precision=precision)
    boards = run_boards({v.name: v.game for v in spec.variants})
    sink = ParquetSink(out, [v.name for v in spec.variants], boards=boards) if out is not None else None
    started = time.perf_counter()
    stopped = "games" if precision is None else "max-games"
    chunks = (backend or InProcess()).chunks(spec, _ranges(total, size))
    try:
        for played in chunks:
            summary.add(played)
            if sink is not None:
                sink.write(played)
            if progress is not None:
                progress(played.stop - played.start)
            if summary.precise_enough():
                stopped = "precision"
                break
    finally:
        if isinstance(chunks, Iterator) and hasattr(chunks, "close"):
            chunks.close()
    result = RunResult(spec, summary, summary.games, stopped, time.perf_counter() - started, boards)
    if sink is not None:
        sink.close(result.describe())
    return result


def _ranges(total: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, total, size):
        yield start, min(start + size, total)
