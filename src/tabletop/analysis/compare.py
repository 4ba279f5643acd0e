"""Comparing variants of a game on common random numbers, for a fixed count or until precise.

Each variant is a :class:`~tabletop.analysis.runner.Variant` (a name, a game with its
options, one agent per seat); :func:`run_variants` plays them and returns the summary.

A run with a results directory (``out``) writes as it goes (:mod:`tabletop.analysis.storage`).
Ctrl-C or SIGTERM stops it within moments, its workers ended, its results so far written
(:mod:`tabletop.analysis.stopping`); the same call on the same directory then resumes it:
the games on disk are read back into the summary, exactly as they were first counted,
and play goes on from the next game.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop._version import __version__
from tabletop.analysis.backends import Backend, InProcess
from tabletop.analysis.findings import Findings
from tabletop.analysis.runner import RunSpec
from tabletop.analysis.stopping import Interrupted, Stopper
from tabletop.analysis.storage import (
    BOARDS_KEY,
    FORMAT,
    GAMES_DIR,
    RUN_FILE,
    ParquetSink,
    ResultsError,
    file_metadata,
    read_description,
    replay,
    write_json,
    write_summaries,
)
from tabletop.analysis.summary import RunSummary, describe_variant
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
    """Games per chunk for a run of ``games`` (a function of the count only, never of the workers).

    At most 250: a chunk is what a stop loses and what progress moves by, and a slow game
    (search agents, long games) takes seconds per chunk; the summary's cost is per game, not per chunk.
    """
    return max(1, min(250, games // 32))


@dataclass(frozen=True)
class Looked:
    """Where a run stands after a chunk: games played per variant, of ``total`` (the count asked or
    the cap), and for a ``--precision`` run the widest watched interval's half-width."""

    games: int
    total: int
    precision: float | None = None
    widest: float | None = None

    def games_to_go(self) -> int | None:
        """A rough forecast of the games still needed to reach the precision (a half-width shrinks
        about as 1/sqrt(games)); ``None`` without a precision or before any interval."""
        if self.precision is None or self.widest is None or math.isinf(self.widest) or not self.games:
            return None
        needed = self.games * (self.widest / self.precision) ** 2
        return max(0, min(self.total, math.ceil(needed)) - self.games)


@dataclass
class RunResult:
    spec: RunSpec
    summary: RunSummary
    games: int
    stopped: str  # "games", "precision", "max-games" or "interrupted"
    seconds: float
    chunk: int = 0
    plan: dict[str, Any] = field(default_factory=dict)
    signum: int | None = None  # the signal that interrupted the run
    #: the boards the variants were played on, by content hash, with a copy (:func:`~tabletop.core.datafile.run_boards`)
    boards: dict[str, Any] | None = None

    @property
    def findings(self) -> Findings:
        return self.summary.findings(self.spec.seed, self.stopped)

    def describe(self) -> dict[str, Any]:
        """What ``run.json`` and ``--json`` say about the run."""
        return {
            "format": FORMAT,
            **identity(self.spec),
            "version": __version__,
            "games": self.games,
            "stopped": self.stopped,
            "complete": self.stopped != "interrupted",
            "seconds": self.seconds,
            "chunk": self.chunk,
            "precision": self.summary.precision,
            "plan": self.plan,
            "findings": self.findings.to_json_dict(),
            "boards": self.boards,
        }


def identity(spec: RunSpec) -> dict[str, Any]:
    """What makes two runs the same run (so that one may resume the other)."""
    variants = []
    for variant in spec.variants:
        info = describe_variant(variant)
        variants.append({"name": info.name, "options": info.options, "players": info.players, "agents": info.agents,
                         "board_hash": info.board_hash})
    return {"game": spec.variants[0].game.name, "seed": spec.seed, "decisiveness": vars(spec.decisiveness),
            "variants": variants}


def _same_run(previous: dict[str, Any], spec: RunSpec, directory: Path) -> None:
    mine = identity(spec)
    problems = []
    for key in ("game", "seed", "decisiveness"):
        if previous.get(key) != mine[key]:
            problems.append(f"{key} {previous.get(key)!r} there, {mine[key]!r} now")
    theirs = previous.get("variants", [])
    if [v.get("name") for v in theirs] != [v["name"] for v in mine["variants"]]:
        problems.append(f"variants {[v.get('name') for v in theirs]} there, "
                        f"{[v['name'] for v in mine['variants']]} now")
    else:
        for old, new in zip(theirs, mine["variants"], strict=True):
            for key in ("options", "agents", "board_hash"):
                # the board is known by its content hash, whatever file it was read from
                there, now = (_but_data(old.get(key)), _but_data(new[key])) if key == "options" else (old.get(key),
                                                                                                     new[key])
                if there != now:
                    problems.append(f"variant {new['name']!r}: {key} {there!r} there, {now!r} now")
    if problems:
        raise ResultsError(f"{directory} holds another run ({'; '.join(problems)}): give another --out to start "
                           "a new run, or the same settings to resume it")


def _but_data(options: Any) -> Any:
    return {k: v for k, v in options.items() if k != "data"} if isinstance(options, dict) else options


def run_variants(
    spec: RunSpec,
    games: int | None = None,
    precision: float | None = None,
    max_games: int = 1_000_000,
    backend: Backend | None = None,
    out: str | Path | None = None,
    progress: Callable[[Looked], None] | None = None,
    chunk: int | None = None,
    rows_per_part: int | None = None,
) -> RunResult:
    """Play every variant of ``spec`` on the same seeds and summarise them.

    With ``games``, exactly that many games per variant. With ``precision``, chunks
    of games are played until every watched rate's confidence sequence is narrower
    than ``precision`` on each side, or ``max_games`` is reached. ``out`` writes every
    game's row under ``out/games/`` and describes the run in ``out/run.json``; a
    directory that already holds this run is resumed. Ctrl-C or SIGTERM stops the
    run cleanly: the result says ``stopped == "interrupted"``.
    """
    if precision is None and games is None:
        raise ValueError("give a number of games or a precision")
    if precision is not None and not 0 < precision < 1:
        raise ValueError(f"precision must be between 0 and 1, not {precision}")
    total = max_games if precision is not None else games
    assert total is not None
    if total < 1:
        raise ValueError("a run needs at least one game")
    plan = {"games": games, "precision": precision, "max_games": max_games if precision is not None else None}
    summary = RunSummary(spec.variants, precision=precision)
    names = [v.name for v in spec.variants]
    boards = run_boards({v.name: v.game for v in spec.variants})  # read once, before any game is played
    kept = {BOARDS_KEY: json.dumps(boards)} if boards is not None else {}
    seconds = 0.0
    sink = None
    if out is not None:
        directory = Path(out)
        previous = _previous(directory, spec)
        if previous is not None:
            chunk = int(previous["chunk"])
            seconds = float(previous.get("seconds", 0.0))
            for played in replay(directory, names):
                summary.add(played)
            if summary.games > total:
                raise ResultsError(f"{directory} already holds {summary.games:,} games of this run, more than the "
                                   f"{total:,} asked: ask for at least {summary.games:,}, or give another --out")
        players = [v.game.num_players for v in spec.variants]
        sink = ParquetSink(directory, names, players, file_metadata(identity(spec), **kept),
                           rows_per_part=rows_per_part)
    size = chunk or (LOOK_EVERY if precision is not None else chunk_size(total))
    result = RunResult(spec, summary, summary.games, "games" if precision is None else "max-games", seconds, size,
                       plan, boards=boards)
    started = time.perf_counter()
    chunks = (backend or InProcess()).chunks(spec, _ranges(total, size, summary.games))
    stopper = Stopper()
    try:
        with stopper:
            while not summary.precise_enough():
                with stopper.waiting():
                    next_chunk = next(chunks, None)
                if next_chunk is None:
                    break
                played = next_chunk
                summary.add(played)
                if sink is not None and sink.write(played):
                    result.games, result.seconds = summary.games, seconds + time.perf_counter() - started
                    write_json(Path(sink.directory) / RUN_FILE, {**result.describe(), "stopped": "interrupted",
                                                                 "complete": False})
                if progress is not None:
                    progress(Looked(summary.games, total, precision, summary.widest() if precision else None))
                if stopper.requested:
                    raise Interrupted(stopper.signum or 2)
    except KeyboardInterrupt as exc:
        result.stopped = "interrupted"
        result.signum = exc.signum if isinstance(exc, Interrupted) else 2
    finally:
        if isinstance(chunks, Iterator) and hasattr(chunks, "close"):
            chunks.close()
    if result.stopped != "interrupted" and summary.precise_enough():
        result.stopped = "precision"
    result.games, result.seconds = summary.games, seconds + time.perf_counter() - started
    if sink is not None:
        _finish(sink, result)
    return result


def _previous(directory: Path, spec: RunSpec) -> dict[str, Any] | None:
    """The description of the run already in ``directory`` (checked to be this run), or None."""
    if (directory / RUN_FILE).exists():
        previous = read_description(directory)
        _same_run(previous, spec, directory)
        return previous
    if any((directory / GAMES_DIR).glob("part-*.parquet")):
        raise ResultsError(f"{directory}/{GAMES_DIR} holds games but no {RUN_FILE}: not a run this can resume; "
                           "give another --out")
    return None


def _finish(sink: ParquetSink, result: RunResult) -> None:
    """Write the last rows, the run's description and the summaries (also after an interruption)."""
    sink.flush()
    description = result.describe()
    findings = result.findings
    write_summaries(sink.directory, {"figures": findings.figures_rows(), "differences": findings.differences_rows()},
                    file_metadata(description, **{"tabletop.stopped": result.stopped},
                                  **({BOARDS_KEY: json.dumps(result.boards)} if result.boards is not None else {})))
    write_json(Path(sink.directory) / RUN_FILE, description)


def _ranges(total: int, size: int, start: int = 0) -> Iterator[tuple[int, int]]:
    for first in range(start, total, size):
        yield first, min(first + size, total)
