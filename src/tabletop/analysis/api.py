"""The designer's workbench from Python: the same comparison as ``tabletop compare``, for a notebook.

:func:`compare_variants` plays the variants and :func:`load_results` reads a results
directory back; both give a :class:`Comparison`: its headline, its tables as Arrow
(``.to_pandas()`` gives pandas, if installed) and its plots as matplotlib figures.
docs/workbench.md has a worked example.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.analysis.backends import make_backend
from tabletop.analysis.compare import parse_variant, run_variants
from tabletop.analysis.findings import Findings
from tabletop.analysis.report import Report, load_report
from tabletop.analysis.runner import Decisiveness, RunSpec, Variant
from tabletop.analysis.storage import GAMES_DIR, ResultsError
from tabletop.core.errors import InvalidOptionError
from tabletop.core.registry import make

#: the plots a comparison draws, by name
PLOT_NAMES = ("win_rates", "lengths", "survival", "lead_changes", "forest")


@dataclass
class Comparison:
    """What a comparison found: :attr:`headline`, :attr:`figures`, :attr:`differences`, :meth:`plot`."""

    report: Report

    @property
    def findings(self) -> Findings:
        return self.report.findings

    @property
    def headline(self) -> list[str]:
        """One sentence per variant against the baseline for each figure whose interval excludes zero."""
        return self.findings.headline()

    @property
    def notes(self) -> list[str]:
        return self.findings.notes()

    @property
    def games(self) -> int:
        """Games played per variant."""
        return self.findings.games

    @property
    def stopped(self) -> str:
        """Why the run stopped: "games", "precision", "max-games" or "interrupted"."""
        return self.findings.stopped

    @property
    def figures(self) -> Any:
        """Every figure of every variant with its 95% interval, as a ``pyarrow.Table``."""
        return _table(self.findings.figures_rows())

    @property
    def differences(self) -> Any:
        """Every variant minus the baseline (paired by game), as a ``pyarrow.Table``."""
        return _table(self.findings.differences_rows())

    def figure(self, variant: str, name: str) -> tuple[float, float, float]:
        """``(mean, low, high)`` of one figure of one variant (names as in docs/metrics.md)."""
        found = self.findings.figure(variant, name)
        if found is None:
            raise KeyError(f"no figure {name!r} for variant {variant!r}")
        return found.mean, found.low, found.high

    def rows(self) -> Any:
        """Every game's row (a ``pyarrow.Table``; a run given ``out``, or read from disk, only)."""
        import pyarrow.dataset as ds

        if self.report.directory is None:
            raise ResultsError("the games' rows are kept on disk only: give compare_variants an out directory")
        return ds.dataset(str(self.report.directory / GAMES_DIR), format="parquet").to_table()

    def plot(self, name: str) -> Any:
        """One plot as a ``matplotlib.figure.Figure`` (``None`` where the run has nothing to draw):
        ``win_rates``, ``lengths``, ``survival``, ``lead_changes`` or ``forest``."""
        from tabletop.analysis import plots

        if name not in PLOT_NAMES:
            raise KeyError(f"no plot {name!r}; plots: {', '.join(PLOT_NAMES)}")
        return getattr(plots, name)(self.report)

    def to_html(self, path: str | Path) -> None:
        """The one-file HTML report."""
        from tabletop.analysis.html import write_html

        write_html(self.report, path)

    def __repr__(self) -> str:
        names = ", ".join(v.name for v in self.findings.variants)
        return f"<Comparison of {self.findings.game}: {names}; {self.games:,} games each, {self.stopped}>"


def compare_variants(
    game: str,
    variants: Mapping[str, Mapping[str, Any]] | Sequence[str],
    *,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    agents: str | Sequence[str] = "random",
    games: int | None = None,
    precision: float | None = None,
    max_games: int = 1_000_000,
    seed: int = 0,
    workers: int = 1,
    decisiveness: int = 0,
    out: str | Path | None = None,
) -> Comparison:
    """Compare ``variants`` of ``game`` on common random numbers, as ``tabletop compare`` does.

    ``variants`` maps each variant's name to its options (the first is the baseline), or
    lists them as on the command line (``"six:rescue_rolls=6"``). ``options`` and
    ``players`` apply to every variant. Give ``games``, or ``precision`` (with
    ``max_games``). With ``out``, the run is kept on disk (and resumed from there).
    """
    if not isinstance(variants, Mapping):
        variants = dict(parse_variant(text) for text in variants)
    if not variants:
        raise InvalidOptionError("give at least one variant")
    built = []
    for name, own in variants.items():
        chosen = {**(options or {}), **own}
        if players is not None:
            chosen["players"] = players
        g = make(game, **chosen)
        specs = [agents] if isinstance(agents, str) else list(agents)
        if len(specs) == 1:
            specs = specs * g.num_players
        if len(specs) != g.num_players:
            raise InvalidOptionError(f"give one agent for every seat or exactly {g.num_players}, not {len(specs)}")
        from tabletop.agents import from_spec

        built.append(Variant(name, g, tuple(from_spec(s) for s in specs)))
    spec = RunSpec(tuple(built), seed, Decisiveness(games=decisiveness))
    count = games if games is not None or precision is not None else 1000
    result = run_variants(spec, games=count, precision=precision, max_games=max_games,
                          backend=make_backend("local", workers), out=out)
    return Comparison(Report.of(result, out))


def load_results(directory: str | Path) -> Comparison:
    """A comparison read back from its results directory (``--out``)."""
    return Comparison(load_report(directory))


def _table(columns: dict[str, list[Any]]) -> Any:
    import pyarrow as pa

    return pa.table(columns)
