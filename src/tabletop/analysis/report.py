"""Summaries of a results directory, computed by DuckDB over its Parquet rows.

``load_report(directory)`` answers the same questions as the live summary of
``compare`` (win rates, completion, durations, the design metrics, each variant
against the first with paired intervals), plus the distributions the plots need.
Only aggregates are brought into Python, so a report over millions of games
needs little memory.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.analysis.stats import Z95, wilson_interval
from tabletop.analysis.storage import GAMES_FILE, ResultsError, read_description

#: per-game values as SQL over the ``games`` rows (names as in docs/metrics.md)
EXPRESSIONS = {
    "completion": "(len(winners) > 0)::DOUBLE",
    "first_mover_win": "CASE WHEN first >= 0 THEN list_contains(winners, first)::DOUBLE END",
    "turns": "turns::DOUBLE",
    "actions": "actions::DOUBLE",
    "minutes": "minutes",
    "branching": "CASE WHEN decisions > 0 THEN legal_sum / decisions END",
    "decision_share": "CASE WHEN turns > 0 THEN choice_turns / turns END",
    "lead_changes": "lead_changes::DOUBLE",
    "drama": "drama",
    "trailed": "trailed::DOUBLE",
    "decisive_at": "decisive_at",
}


@dataclass
class Metric:
    name: str
    n: int
    mean: float
    low: float
    high: float


@dataclass
class Difference:
    variant: str
    metric: str
    n: int
    difference: float
    low: float
    high: float
    variance_reduction: float
    baseline_mean: float


@dataclass
class VariantReport:
    name: str
    game: str
    options: dict[str, Any]
    agents: list[str]
    games: int
    players: int
    metrics: dict[str, Metric] = field(default_factory=dict)
    turns: list[tuple[int, int]] = field(default_factory=list)  # (turns, games)
    lead_changes: list[tuple[int, int]] = field(default_factory=list)

    def metric(self, name: str) -> Metric | None:
        return self.metrics.get(name)

    @property
    def balance(self) -> float:
        rates = [m.mean for name, m in self.metrics.items() if name.startswith("win[")]
        return 1 - max(abs(a - b) for a in rates for b in rates) if rates else math.nan

    def survival(self) -> list[tuple[int, float]]:
        """``(n, share of games still running after n turns)`` for n = 0 .. the longest game."""
        if not self.turns:
            return []
        longest = self.turns[-1][0]
        left, curve, counts = self.games, [], dict(self.turns)
        for n in range(longest + 1):
            left -= counts.get(n, 0)
            curve.append((n, left / self.games))
        return curve


@dataclass
class Report:
    directory: Path
    description: dict[str, Any]
    variants: list[VariantReport]
    differences: list[Difference]

    @property
    def baseline(self) -> str:
        return self.variants[0].name


def load_report(directory: str | Path) -> Report:
    """Read a results directory written by ``compare``/``simulate --out`` and summarise it."""
    try:
        import duckdb
    except ImportError:
        raise ResultsError("reports need DuckDB: pip install 'tabletop[analysis]'") from None
    directory = Path(directory)
    description = read_description(directory)
    con = duckdb.connect()
    path = str(directory / GAMES_FILE).replace("'", "''")
    try:
        con.execute(f"CREATE VIEW games AS SELECT * FROM read_parquet('{path}')")
    except duckdb.Error as exc:
        raise ResultsError(f"{directory / GAMES_FILE}: not readable as results ({exc})") from None
    variants: list[VariantReport] = []
    for entry in description["variants"]:
        name = entry["name"]
        players = len(entry["agents"])
        games = con.execute("SELECT count(*) FROM games WHERE variant = ?", [name]).fetchone()
        variant = VariantReport(name, entry["game"], entry["options"], entry["agents"], int(games[0] if games else 0),
                                players)
        for metric, expression in _expressions(con, name, players).items():
            row = con.execute(
                f"SELECT count(x), avg(x), var_samp(x) FROM (SELECT {expression} AS x FROM games WHERE variant = ?)"
                " WHERE x IS NOT NULL",
                [name],
            ).fetchone()
            if row is None or not row[0]:
                continue
            n, mean, variance = int(row[0]), float(row[1]), row[2]
            if _is_rate(metric):
                low, high = wilson_interval(round(mean * n), n)
            elif variance is None:
                low = high = math.nan
            else:
                half = Z95 * math.sqrt(float(variance) / n)
                low, high = mean - half, mean + half
            variant.metrics[metric] = Metric(metric, n, mean, low, high)
        variant.turns = [(int(t), int(c)) for t, c in con.execute(
            "SELECT turns, count(*) FROM games WHERE variant = ? GROUP BY turns ORDER BY turns", [name]).fetchall()]
        variant.lead_changes = [(int(t), int(c)) for t, c in con.execute(
            "SELECT lead_changes, count(*) FROM games WHERE variant = ? AND lead_changes IS NOT NULL"
            " GROUP BY lead_changes ORDER BY lead_changes", [name]).fetchall()]
        variants.append(variant)
    if not variants:
        raise ResultsError(f"{directory}: the run describes no variant")
    differences = _differences(con, variants)
    _use_sequences(description, variants, differences)
    return Report(directory, description, variants, differences)


def _use_sequences(description: dict[str, Any], variants: list[VariantReport], differences: list[Difference]) -> None:
    """A run stopped by ``--precision`` reports the anytime-valid intervals it stopped on
    (kept in run.json), not fixed-sample ones, for the rates it watched."""
    summary = description.get("summary") or {}
    for variant, described in zip(variants, summary.get("variants", []), strict=False):
        for name, metric in described.get("metrics", {}).items():
            sequence = metric.get("cs95")
            if sequence and name in variant.metrics:
                variant.metrics[name].low, variant.metrics[name].high = sequence
    watched = {(d["variant"], d["metric"]): d["cs95"] for d in summary.get("differences", []) if d.get("cs95")}
    for difference in differences:
        sequence = watched.get((difference.variant, difference.metric))
        if sequence:
            difference.low, difference.high = sequence


def _is_rate(metric: str) -> bool:
    return metric.startswith(("win[", "figure:rate:")) or metric in ("completion", "first_mover_win", "trailed")


def _expressions(con: Any, variant: str, players: int) -> dict[str, str]:
    expressions = {f"win[{s}]": f"list_contains(winners, {s})::DOUBLE" for s in range(players)}
    expressions.update(EXPRESSIONS)
    keys = con.execute(
        "SELECT DISTINCT unnest(map_keys(figures)) FROM games WHERE variant = ? ORDER BY 1", [variant]
    ).fetchall()
    for (key,) in keys:
        quoted = str(key).replace("'", "''")
        expressions[f"figure:{key}"] = f"map_extract_value(figures, '{quoted}')::DOUBLE"
    return expressions


def _differences(con: Any, variants: list[VariantReport]) -> list[Difference]:
    base = variants[0]
    found = []
    for variant in variants[1:]:
        players = min(variant.players, base.players)
        common = [m for m in _expressions(con, variant.name, players) if m in base.metrics and m in variant.metrics]
        expressions = _expressions(con, variant.name, players)
        for metric in common:
            expression = expressions[metric]
            row = con.execute(
                f"""SELECT count(*), avg(a.x - b.x), var_samp(a.x - b.x), var_samp(a.x), var_samp(b.x), avg(b.x)
                FROM (SELECT game, {expression} AS x FROM games WHERE variant = ?) a
                JOIN (SELECT game, {expression} AS x FROM games WHERE variant = ?) b USING (game)
                WHERE a.x IS NOT NULL AND b.x IS NOT NULL""",
                [variant.name, base.name],
            ).fetchone()
            if row is None or not row[0] or row[2] is None:
                continue
            n, mean, var_d, var_a, var_b, base_mean = int(row[0]), float(row[1]), float(row[2]), row[3], row[4], row[5]
            half = Z95 * math.sqrt(var_d / n)
            independent = float(var_a or 0) + float(var_b or 0)
            reduction = 1 - var_d / independent if independent > 0 else math.nan
            found.append(Difference(variant.name, metric, n, mean, mean - half, mean + half, reduction,
                                    float(base_mean)))
    return found
