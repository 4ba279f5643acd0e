"""A run's report: its findings and the distributions its plots draw, from a live run or from disk.

:func:`load_report` reads a results directory back (``tabletop report``): the games'
rows are fed, chunk by chunk in the order they were played, to the same
:class:`~tabletop.analysis.summary.RunSummary` the live run used, so a report gives
exactly the numbers the run printed, confidence sequences included, whatever was
played since. docs/metrics.md gives the DuckDB query of each figure over the same
rows (and tests/analysis check that they agree).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop.analysis.findings import Findings, VariantInfo
from tabletop.analysis.storage import RUN_FILE, ResultsError, read_description, replay
from tabletop.analysis.summary import RunSummary, VariantSummary

if TYPE_CHECKING:
    from tabletop.analysis.compare import RunResult


@dataclass
class Report:
    """What a run found (:class:`Findings`) and its running summary (distributions for the plots)."""

    description: dict[str, Any]
    findings: Findings
    summary: RunSummary
    directory: Path | None = None

    @classmethod
    def of(cls, result: RunResult, directory: str | Path | None = None) -> Report:
        """The report of a run just played."""
        return cls(result.describe(), result.findings, result.summary, None if directory is None else Path(directory))

    @property
    def baseline(self) -> str:
        return self.findings.baseline

    @property
    def variants(self) -> list[VariantSummary]:
        return self.summary.variants


def load_report(directory: str | Path) -> Report:
    """Read a results directory written by ``compare``/``simulate --out`` and summarise it."""
    directory = Path(directory)
    description = read_description(directory)
    try:
        infos = [
            VariantInfo(v["name"], description["game"], dict(v["options"]), list(v["agents"]), 0, v.get("board_hash"))
            for v in description["variants"]
        ]
        seed, stopped = int(description["seed"]), str(description["stopped"])
    except (KeyError, TypeError, ValueError) as exc:
        raise ResultsError(f"{directory}: the run description lacks {exc}") from None
    if not infos:
        raise ResultsError(f"{directory}: the run describes no variant")
    summary = RunSummary(infos, precision=description.get("precision"))
    for chunk in replay(directory, [info.name for info in infos]):
        summary.add(chunk)
    described = int(description.get("games", 0))
    # a run killed outright may have written a part after its last description, never fewer games
    if summary.games < described or (description.get("complete") and summary.games != described):
        raise ResultsError(f"{directory}: {RUN_FILE} says {description.get('games')} games, the rows hold "
                           f"{summary.games}")
    return Report(description, summary.findings(seed, stopped), summary, directory)
