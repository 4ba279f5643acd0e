"""Results on disk: one row per game and variant in ``games.parquet``, the run's description in ``run.json``.

Rows are written as chunks arrive (buffered up to one row group), so memory
stays constant however many games are played. ``tabletop report`` reads the
directory back with DuckDB.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tabletop.analysis.runner import COLUMNS, Chunk
from tabletop.core.errors import TabletopError

GAMES_FILE = "games.parquet"
RUN_FILE = "run.json"
FORMAT = "tabletop-results/1"
#: the key of the Parquet file's metadata that holds the run's boards (as ``run.json``'s ``boards``, in JSON)
BOARDS_KEY = "tabletop.boards"

#: rows buffered before a row group is written
ROW_GROUP = 65_536


class ResultsError(TabletopError):
    """A results directory cannot be written or read."""


def _schema() -> Any:
    import pyarrow as pa

    return pa.schema(
        [
            ("variant", pa.string()),
            ("game", pa.int64()),
            ("seed", pa.uint64()),
            ("winners", pa.list_(pa.int8())),
            ("first", pa.int8()),
            ("turns", pa.int32()),
            ("actions", pa.int32()),
            ("decisions", pa.int32()),
            ("choices", pa.int32()),
            ("choice_turns", pa.int32()),
            ("legal_sum", pa.int64()),
            ("chance", pa.int32()),
            ("minutes", pa.float64()),
            ("lead_changes", pa.int32()),
            ("drama", pa.float64()),
            ("trailed", pa.bool_()),
            ("decisive_at", pa.float64()),
            ("figures", pa.map_(pa.string(), pa.float64())),
        ]
    )


class ParquetSink:
    """Streams the chunks of a run into ``directory/games.parquet``."""

    def __init__(self, directory: str | Path, variant_names: list[str], row_group: int | None = None,
                 boards: dict[str, Any] | None = None) -> None:
        try:
            import pyarrow.parquet as pq
        except ImportError:
            raise ResultsError("writing results needs pyarrow: pip install 'tabletop[analysis]'") from None
        self.directory = Path(directory)
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ResultsError(f"cannot create the results directory {self.directory}: {exc.strerror}") from None
        self.names = variant_names
        self.row_group = row_group or ROW_GROUP
        self.schema = _schema()
        if boards is not None:  # the file says which boards its games were played on, with a copy of each
            self.schema = self.schema.with_metadata({BOARDS_KEY: json.dumps(boards)})
        self._writer = pq.ParquetWriter(str(self.directory / GAMES_FILE), self.schema, compression="zstd")
        self._buffer: dict[str, list[Any]] = self._empty()
        self._rows = 0

    def _empty(self) -> dict[str, list[Any]]:
        return {name: [] for name in ("variant", *COLUMNS, "figures")}

    def write(self, chunk: Chunk) -> None:
        for name, columns, figures in zip(self.names, chunk.columns, chunk.figures, strict=True):
            count = len(columns["game"])
            self._buffer["variant"].extend([name] * count)
            for column in COLUMNS:
                self._buffer[column].extend(columns[column])
            self._buffer["figures"].extend(figures)  # pyarrow makes a map of each dict
            self._rows += count
        if self._rows >= self.row_group:
            self._flush()

    def _flush(self) -> None:
        import pyarrow as pa

        if self._rows:
            self._writer.write_table(pa.Table.from_pydict(self._buffer, schema=self.schema))
        self._buffer = self._empty()
        self._rows = 0

    def close(self, description: dict[str, Any]) -> None:
        """Write the last rows and the run's description."""
        self._flush()
        self._writer.close()
        text = json.dumps({"format": FORMAT, **description}, indent=1, default=str)
        (self.directory / RUN_FILE).write_text(text + "\n", encoding="utf-8")


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
        raise ResultsError(f"{path}: not a tabletop run description (expected \"format\": \"{FORMAT}\")")
    if not (Path(directory) / GAMES_FILE).is_file():
        raise ResultsError(f"{directory}: no {GAMES_FILE} beside {RUN_FILE}")
    return data
