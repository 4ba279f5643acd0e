"""Results on disk: a directory a run writes as it goes, that DuckDB reads and a run resumes from.

::

    results/
      run.json             the run: its settings, how far it got, and everything it found (JSON)
      games/part-*.parquet one row per game and variant, in parts of whole chunks of games
      figures.parquet      every figure of every variant with its 95% interval
      differences.parquet  every variant minus the baseline, paired by game, with its interval and the headline

Each part is written to a temporary name and renamed once complete, at most
:data:`ROWS_PER_PART` rows or :data:`SECONDS_PER_PART` seconds of play after the last,
so a run stopped in any way leaves only readable files, and memory stays bounded
however many games are played. Every Parquet file describes itself in its key-value
metadata (``tabletop.*``: the game, each variant's options, players, agents and board
content hash, the seed, the tabletop version, and one ``tabletop.column.NAME`` per column
saying what it holds), and the columns are named for what they hold, so DuckDB needs
no other documentation::

    SELECT decode(key), decode(value) FROM parquet_kv_metadata('results/games/*.parquet');
"""

from __future__ import annotations

import itertools
import json
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop._version import __version__
from tabletop.analysis.runner import COLUMNS, Chunk
from tabletop.core.errors import TabletopError

RUN_FILE = "run.json"
GAMES_DIR = "games"
FIGURES_FILE = "figures.parquet"
DIFFERENCES_FILE = "differences.parquet"
FORMAT = "tabletop-results/2"
#: the key of the Parquet files' metadata that holds the run's boards (as ``run.json``'s ``boards``, in JSON)
BOARDS_KEY = "tabletop.boards"

#: a part is written once it holds this many rows, or after this many seconds of play
ROWS_PER_PART = 65_536
SECONDS_PER_PART = 30.0

#: each per-game column: its name in the Parquet files, its type, and what it holds
GAME_COLUMNS: dict[str, tuple[str, str, str]] = {
    "variant": ("variant", "string", "the variant's name; its options, agents and board are in the metadata "
                "(tabletop.variants)"),
    "players": ("players", "int8", "the number of seats in this variant's games (seats are 0 to players - 1)"),
    "game": ("game_index", "int64", "the game's index in the run: 0, 1, 2 ...; the same index was played with the "
             "same seed in every variant (common random numbers), so rows of one index are paired"),
    "seed": ("seed", "uint64", "the game's own seed, derived from the run's seed and game_index: it replays the game"),
    "winners": ("winner_seats", "list<int8>", "the seats that won (0 = the first seat): empty when nobody won, "
                "several when a win is shared"),
    "first": ("first_seat", "int8", "the seat that acted or rolled first; -1 if nobody did"),
    "turns": ("turns", "int32", "turns played (the game's turn number at the end)"),
    "actions": ("actions", "int32", "every action of the game, chance events (dice, draws) included"),
    "decisions": ("decisions", "int32", "actions chosen by a seat (not by chance)"),
    "choices": ("decisions_with_choice", "int32", "decisions between two or more legal actions"),
    "choice_turns": ("turns_with_choice", "int32", "turns with at least one decision between two or more actions"),
    "legal_sum": ("legal_actions_summed", "int64", "legal actions summed over the decisions (divided by decisions: "
                  "the branching factor)"),
    "chance": ("chance_events", "int32", "chance events: dice rolled, cards and tiles drawn"),
    "minutes": ("minutes_estimated", "float64", "estimated minutes at a real table, from the game's time model "
                "(null: the game has none)"),
    "lead_changes": ("lead_changes", "int32", "times the lead passed to another seat (null: the game has no "
                     "standings)"),
    "drama": ("drama", "float64", "mean over the turns of the winner's gap to the leader, as a share of the spread "
              "(null: no standings or no winner)"),
    "trailed": ("winner_trailed", "bool", "the winner was strictly behind at the start of some turn (null: no "
                "standings or no winner)"),
    "decisive_at": ("decided_at", "float64", "share of the game after which its result was known with 90% "
                    "certainty, by rollouts (null: not measured; compare --decisiveness N measures the first N)"),
    "figures": ("game_figures", "map<string,float64>", "the game's own figures at the end (State.metrics()): a name "
                "starting with rate: is 0 or 1 per game; read one as game_figures['NAME']"),
}


class ResultsError(TabletopError):
    """A results directory cannot be written or read."""


def _arrow_type(text: str) -> Any:
    import pyarrow as pa

    simple = {"string": pa.string(), "int64": pa.int64(), "uint64": pa.uint64(), "int32": pa.int32(),
              "int8": pa.int8(), "float64": pa.float64(), "bool": pa.bool_()}
    if text == "list<int8>":
        return pa.list_(pa.int8())
    if text == "map<string,float64>":
        return pa.map_(pa.string(), pa.float64())
    return simple[text]


def schema(metadata: dict[str, str] | None = None) -> Any:
    """The schema of the games' rows: each field carries its description, the schema the run's metadata."""
    import pyarrow as pa

    fields = [pa.field(name, _arrow_type(kind), metadata={"description": text})
              for name, kind, text in GAME_COLUMNS.values()]
    return pa.schema(fields, metadata=metadata)


def file_metadata(description: dict[str, Any], **extra: str) -> dict[str, str]:
    """The key-value metadata every Parquet file of a run carries (``description``: as in run.json)."""
    meta = {
        "tabletop.format": FORMAT,
        "tabletop.version": str(description.get("version", __version__)),
        "tabletop.game": str(description["game"]),
        "tabletop.seed": str(description["seed"]),
        "tabletop.variants": json.dumps(description["variants"], default=str),
        "tabletop.readme": "One row per game and variant of a tabletop run (tabletop compare/simulate --out). Rows "
                           "with the same game_index were played with the same seed in every variant. Each "
                           "column is described under tabletop.column.<name>; docs/metrics.md gives a DuckDB query "
                           "for every figure.",
    }
    meta.update({f"tabletop.column.{name}": text for name, _, text in GAME_COLUMNS.values()})
    meta.update(extra)
    return meta


def write_json(path: Path, data: dict[str, Any]) -> None:
    """Write JSON to a temporary file and rename it: a reader never sees half a file."""
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(json.dumps(data, indent=1, default=str) + "\n", encoding="utf-8")
    os.replace(temporary, path)


def write_table(path: Path, columns: dict[str, list[Any]], arrow_schema: Any) -> None:
    """Write one Parquet file under a temporary name and rename it once complete."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    temporary = path.with_name(f".{path.name}.tmp")
    pq.write_table(pa.Table.from_pydict(columns, schema=arrow_schema), str(temporary), compression="zstd")
    os.replace(temporary, path)


class ParquetSink:
    """Streams the chunks of a run into ``directory/games/``, one part at a time."""

    def __init__(self, directory: str | Path, variant_names: list[str], players: list[int], metadata: dict[str, str],
                 rows_per_part: int | None = None, seconds_per_part: float | None = None) -> None:
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise ResultsError("writing results needs pyarrow: pip install 'tabletop[analysis]'") from None
        self.directory = Path(directory)
        try:
            (self.directory / GAMES_DIR).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ResultsError(f"cannot create the results directory {self.directory}: {exc.strerror}") from None
        self.names = variant_names
        self.players = players
        self.metadata = metadata
        self.rows_per_part = rows_per_part or ROWS_PER_PART
        self.seconds_per_part = SECONDS_PER_PART if seconds_per_part is None else seconds_per_part
        self._buffer: dict[str, list[Any]] = self._empty()
        self._rows = 0
        self._bounds: list[int] = []
        self._since = time.monotonic()

    def _empty(self) -> dict[str, list[Any]]:
        return {name: [] for name in ("variant", "players", *COLUMNS, "figures")}

    def write(self, chunk: Chunk) -> bool:
        """Buffer a chunk's rows (in order: each variant's games); write a part when it is due. True if written."""
        for name, players, columns, figures in zip(self.names, self.players, chunk.columns, chunk.figures,
                                                   strict=True):
            count = len(columns["game"])
            self._buffer["variant"].extend([name] * count)
            self._buffer["players"].extend([players] * count)
            for column in COLUMNS:
                self._buffer[column].extend(columns[column])
            self._buffer["figures"].extend(figures)  # pyarrow makes a map of each dict
            self._rows += count
        if not self._bounds:
            self._bounds.append(chunk.start)
        self._bounds.append(chunk.stop)
        if self._rows >= self.rows_per_part or time.monotonic() - self._since >= self.seconds_per_part:
            self.flush()
            return True
        return False

    def flush(self) -> None:
        """Write the buffered chunks as one part (named by its first game, so names sort in game order)."""
        self._since = time.monotonic()
        if not self._rows:
            return
        first, stop = self._bounds[0], self._bounds[-1]
        meta = dict(self.metadata)
        meta.update({"tabletop.games": f"{first}..{stop}", "tabletop.chunks": json.dumps(self._bounds)})
        columns = {GAME_COLUMNS[key][0]: values for key, values in self._buffer.items()}
        write_table(self.directory / GAMES_DIR / f"part-{first:012d}.parquet", columns, schema(meta))
        self._buffer = self._empty()
        self._rows = 0
        self._bounds = []


@dataclass(frozen=True)
class Part:
    path: Path
    start: int
    stop: int
    bounds: tuple[int, ...]  # chunk boundaries: start, ..., stop


def parts(directory: str | Path) -> list[Part]:
    """The parts of a results directory in game order, checked to follow one another from game 0."""
    import pyarrow.parquet as pq

    found = []
    for path in sorted((Path(directory) / GAMES_DIR).glob("part-*.parquet")):
        try:
            meta = pq.read_schema(path).metadata or {}
            bounds = tuple(int(b) for b in json.loads(meta[b"tabletop.chunks"]))
        except (OSError, KeyError, ValueError) as exc:
            raise ResultsError(f"{path}: not a part of tabletop results ({exc})") from None
        found.append(Part(path, bounds[0], bounds[-1], bounds))
    at = 0
    for part in found:
        if part.start != at:
            raise ResultsError(f"{directory}: games {at} to {part.start - 1} are missing before {part.path.name}")
        at = part.stop
    return found


def replay(directory: str | Path, variant_names: list[str]) -> Iterator[Chunk]:
    """The chunks of a results directory, exactly as they were played (the summary of a run is rebuilt
    from them: reports, and a run that resumes)."""
    import pyarrow.parquet as pq

    names = [name for name, _, _ in GAME_COLUMNS.values()]
    for part in parts(directory):
        table = pq.read_table(part.path)
        if table.column_names != names:
            raise ResultsError(f"{part.path}: its columns are not those of tabletop results")
        at = 0
        for start, stop in itertools.pairwise(part.bounds):
            columns: list[dict[str, list[Any]]] = []
            figures: list[list[dict[str, float]]] = []
            for name in variant_names:
                rows = table.slice(at, stop - start)  # Python objects for one chunk at a time: memory stays small
                data = {key: rows.column(GAME_COLUMNS[key][0]).to_pylist() for key in ("variant", *COLUMNS)}
                if data.pop("variant") != [name] * (stop - start) or data["game"] != list(range(start, stop)):
                    raise ResultsError(f"{part.path}: rows of games {start} to {stop - 1} of {name!r} are not in order")
                columns.append(data)
                figures.append([dict(pairs) for pairs in rows.column(GAME_COLUMNS["figures"][0]).to_pylist()])
                at += stop - start
            yield Chunk(start, stop, columns, figures)


def read_description(directory: str | Path) -> dict[str, Any]:
    """The ``run.json`` of a results directory, checked."""
    path = Path(directory) / RUN_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ResultsError(f"{path}: cannot read the run description ({exc.strerror})") from None
    except json.JSONDecodeError as exc:
        raise ResultsError(f"{path}: not a tabletop run description ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        found = data.get("format") if isinstance(data, dict) else None
        hint = " (written by an older tabletop: run the comparison again)" if found else ""
        raise ResultsError(f"{path}: not a tabletop run description (expected \"format\": \"{FORMAT}\"){hint}")
    return data


def write_summaries(directory: str | Path, columns: dict[str, dict[str, list[Any]]], metadata: dict[str, str]) -> None:
    """Write ``figures.parquet`` and ``differences.parquet`` (``columns``: each table's columns)."""
    import pyarrow as pa

    kinds = {"games": pa.int64(), "mean": pa.float64(), "low": pa.float64(), "high": pa.float64(),
             "difference": pa.float64(), "variance_removed_by_pairing": pa.float64(),
             "baseline_mean": pa.float64(), "variant_mean": pa.float64()}
    for file, table in ((FIGURES_FILE, columns["figures"]), (DIFFERENCES_FILE, columns["differences"])):
        fields = [pa.field(name, kinds.get(name, pa.string()), metadata={"description": SUMMARY_COLUMNS[name]})
                  for name in table]
        meta = dict(metadata, **{f"tabletop.column.{name}": SUMMARY_COLUMNS[name] for name in table})
        write_table(Path(directory) / file, table, pa.schema(fields, metadata=meta))


#: what each column of figures.parquet and differences.parquet holds
SUMMARY_COLUMNS = {
    "variant": "the variant's name",
    "baseline": "the variant it is compared with (the first one given)",
    "figure": "the figure's name (docs/metrics.md): win[s], shared_win, balance, advantage, completion, turns ... "
              "and figure:NAME for the game's own figures",
    "label": "the figure's name for reading; 'a = b' when b equals a in every game (b is then left out)",
    "games": "games the figure was measured on",
    "mean": "the figure: a rate, a mean per game, or balance (1 - the largest gap between two seats' win rates)",
    "low": "lower end of the 95% interval",
    "high": "upper end of the 95% interval",
    "interval": "how the interval was made: Wilson, normal, confidence sequence (anytime-valid, --precision), "
                "simultaneous over seats or pairs of seats (Bonferroni), delta method",
    "difference": "the variant's figure minus the baseline's, over the same games (paired by seed)",
    "variance_removed_by_pairing": "share of the difference's variance removed by pairing the games (common random "
                                   "numbers) against two independent samples; 0.75: as precise as 4 times the games",
    "baseline_mean": "the baseline's figure",
    "variant_mean": "the variant's figure",
    "headline": "the difference in one sentence when its interval excludes zero (null otherwise)",
}
