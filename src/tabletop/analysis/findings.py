"""What a comparison found, in one shape for every output: the terminal, JSON, Parquet, HTML and Python.

A :class:`Findings` holds every figure of every variant (:class:`Figure`: its mean and 95%
interval, and how the interval was made) and every difference between a variant and the
baseline (:class:`Difference`), plus the run's facts. :meth:`Findings.headline` says in one
plain sentence per variant and figure what the comparison found; :meth:`Findings.notes`
explains what a reader could misread (shared wins, what pairing bought).

Figures are named as in docs/metrics.md: ``win[s]``, ``shared_win``, ``balance``,
``advantage``, ``completion``, ``turns`` ... and ``figure:NAME`` for a game's own figures.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Any

#: the order figures are listed in (``win[s]`` and a game's figures where their names say)
ORDER = (
    "win[]", "shared_win", "balance", "advantage", "first_mover_win", "completion", "turns", "actions", "decisions",
    "minutes", "branching", "decision_share", "lead_changes", "drama", "trailed", "decisive_at", "figure:",
)
#: the order of the headline's sentences: what designers ask first
HEADLINE_ORDER = (
    "completion", "balance", "advantage", "shared_win", "win[]", "first_mover_win", "turns", "minutes", "actions",
    "decisions", "branching", "decision_share", "lead_changes", "drama", "trailed", "decisive_at", "figure:",
)

#: short names for tables (a game's figures and seats are named by rule)
LABELS = {
    "shared_win": "shared wins", "balance": "balance", "advantage": "first-mover advantage",
    "first_mover_win": "first mover wins", "completion": "completion", "turns": "turns", "actions": "actions",
    "decisions": "decisions", "minutes": "minutes at table", "branching": "branching factor",
    "decision_share": "turns with a choice", "lead_changes": "lead changes", "drama": "drama",
    "trailed": "winner was behind", "decisive_at": "decided at",
}
#: the same as noun phrases, for sentences
PHRASES = {
    "shared_win": "the share of shared wins", "balance": "balance (1 = every seat wins as often)",
    "advantage": "the first mover's advantage", "first_mover_win": "the first mover's win rate",
    "completion": "completion (someone wins)", "turns": "turns per game", "actions": "actions per game",
    "decisions": "decisions per game", "minutes": "minutes at the table", "branching": "the branching factor",
    "decision_share": "the share of turns with a choice", "lead_changes": "lead changes per game",
    "drama": "drama", "trailed": "the share of games the winner was behind",
    "decisive_at": "the point the result is decided (share of the game)",
}


def _rank(name: str, order: tuple[str, ...]) -> tuple[int, int, str]:
    if name.startswith("win["):
        return (order.index("win[]"), int(name[4:-1]), name)
    if name.startswith("figure:"):
        return (order.index("figure:"), 0, name)
    return (order.index(name) if name in order else len(order), 0, name)


def label(name: str) -> str:
    """The short name of a figure, for a table row."""
    if name.startswith("win["):
        return f"seat {name[4:-1]} wins"
    if name.startswith("figure:"):
        text = name.removeprefix("figure:").removeprefix("rate:").replace("_", " ")
        return text + " (game)" if text in LABELS.values() else text
    return LABELS.get(name, name)


def phrase(name: str) -> str:
    """A figure's name as a noun phrase, for the headline."""
    if name.startswith("win["):
        return f"seat {name[4:-1]}'s win rate"
    if name.startswith("figure:rate:"):
        return f"the {label(name)} rate"
    if name.startswith("figure:"):
        text = label(name)
        return text if any(word in text.split() for word in ("rate", "per", "share")) else f"{text} per game"
    return PHRASES.get(name, name)


def is_rate(name: str) -> bool:
    """Figures that are shares of games (0/1 per game): shown as rates, watched by ``--precision``."""
    return name.startswith(("win[", "figure:rate:")) or name in ("completion", "first_mover_win", "trailed",
                                                                  "shared_win")


def number(value: float | None) -> str:
    """A figure for reading: three decimals below 10, fewer above.

    >>> number(0.32861), number(-3.8), number(26.167), number(1234.5), number(math.nan), number(0.00042)
    ('0.329', '-3.80', '26.2', '1,234', '–', '0.00042')
    """
    if value is None or math.isnan(value) or math.isinf(value):
        return "–"
    size = abs(value)
    if 0 < size < 0.001:
        return f"{value:.2g}"
    if size >= 1000:
        return f"{value:,.0f}"
    if size >= 100:
        return f"{value:.0f}"
    if size >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}" if size >= 1 else f"{value:.3f}"


def span(low: float, high: float) -> str:
    """An interval for reading: ``0.319–0.361``, or ``-0.12 to 0.05`` when a bound is negative."""
    if math.isnan(low) or math.isnan(high):
        return "–"
    joint = "–" if low >= 0 else " to "
    return f"{number(low)}{joint}{number(high)}"


@dataclass(frozen=True)
class Figure:
    """One figure of one variant: its mean over ``n`` games and a 95% interval, made as ``interval`` says."""

    variant: str
    name: str
    n: int
    mean: float
    low: float
    high: float
    interval: str
    same_as: tuple[str, ...] = ()  # other figures equal to this one in every game (``1 - x``: its complement)

    @property
    def label(self) -> str:
        return " = ".join([label(self.name), *(_alias(n) for n in _other_names(self.name, self.same_as))])


@dataclass(frozen=True)
class Difference:
    """A variant's figure minus the baseline's, paired by game, with a 95% interval."""

    variant: str
    baseline: str
    name: str
    n: int
    difference: float
    low: float
    high: float
    interval: str
    variance_reduction: float  # share of the variance that pairing removed (NaN: undefined)
    baseline_mean: float
    variant_mean: float

    @property
    def shown(self) -> bool:
        """The interval excludes zero: a difference this run shows."""
        return not math.isnan(self.low) and (self.low > 0 or self.high < 0)

    def sentence(self, aliases: tuple[str, ...] = ()) -> str:
        """The difference in one plain sentence (``aliases``: the figure's other names, as in :attr:`Figure.same_as`).

        >>> fewer = Difference("six", "eight", "completion", 2000, -0.308, -0.329, -0.287, "paired normal", 0.08,
        ...                    0.973, 0.665)
        >>> print(fewer.sentence(("1-figure:rate:all_lose",)))
        six against eight: completion (someone wins; = 1 − all lose) falls from 0.973 to 0.665,
        by -0.308 (95% interval -0.329 to -0.287).
        """
        verb = "rises" if self.difference > 0 else "falls"
        name = phrase(self.name)
        aliases = _other_names(self.name, aliases)
        if aliases:
            also = "; = " + ", ".join(_alias(a) for a in aliases)
            name = name[:-1] + also + ")" if name.endswith(")") else f"{name} ({also[2:]})"
        before, after = numbers_apart(self.baseline_mean, self.variant_mean)
        return (f"{self.variant} against {self.baseline}: {name} {verb} from {before} to "
                f"{after}, by {'+' if self.difference > 0 else ''}{number(self.difference)} "
                f"(95% interval {number(self.low)} to {number(self.high)}).")


def numbers_apart(first: float, second: float) -> tuple[str, str]:
    """Two figures as :func:`number` writes them, with more digits where that would write different values alike.

    >>> numbers_apart(3.7512, 3.7541), numbers_apart(0.974, 0.646), numbers_apart(2.0, 2.0)
    (('3.751', '3.754'), ('0.974', '0.646'), ('2.00', '2.00'))
    >>> numbers_apart(1.8300, 1.8271)  # both with the same decimals
    ('1.830', '1.827')
    """
    shown = number(first), number(second)
    if shown[0] != shown[1] or first == second or "e" in shown[0] or abs(first) >= 1000:
        return shown
    decimals = len(shown[0].partition(".")[2])
    for more in range(decimals + 1, decimals + 6):
        shown = f"{first:.{more}f}", f"{second:.{more}f}"
        if shown[0] != shown[1]:
            break
    return shown


def percent(share: float) -> str:
    """A share as a whole percentage, never ``-0%``.

    >>> percent(0.204), percent(-0.004), percent(-0.012), percent(math.nan)
    ('20%', '0%', '-1%', '–')
    """
    if math.isnan(share):
        return "–"
    return f"{round(100 * share) + 0:d}%"


def _alias(name: str) -> str:
    return f"1 − {label(name[2:])}" if name.startswith("1-") else label(name)


def _other_names(name: str, aliases: tuple[str, ...]) -> tuple[str, ...]:
    """The aliases worth showing: not a game's figure named like the figure itself (``turns`` and the game's own
    ``turns`` are one row called ``turns``; the JSON and Parquet keep both names)."""
    return tuple(a for a in aliases if label(a).removesuffix(" (game)") != label(name))


@dataclass
class VariantInfo:
    """A variant as played: its name, game, options, agents and board."""

    name: str
    game: str
    options: dict[str, Any]
    agents: list[str]
    games: int
    board_hash: str | None = None
    turns_median: float = math.nan
    turns_p90: float = math.nan

    @property
    def players(self) -> int:
        return len(self.agents)


@dataclass
class Findings:
    """Everything a run found (see the module's docstring)."""

    game: str
    seed: int
    games: int
    stopped: str  # "games", "precision", "max-games" or "interrupted"
    precision: float | None
    variants: list[VariantInfo]
    figures: list[Figure] = field(default_factory=list)
    differences: list[Difference] = field(default_factory=list)

    @property
    def baseline(self) -> str:
        return self.variants[0].name

    def figure(self, variant: str, name: str) -> Figure | None:
        return next((f for f in self.figures if f.variant == variant and f.name == name), None)

    def names(self) -> list[str]:
        """Every figure's name, in the order of :data:`ORDER`."""
        return sorted({f.name for f in self.figures}, key=lambda n: _rank(n, ORDER))

    def headline(self) -> list[str]:
        """One sentence per variant against the baseline for each figure whose interval excludes zero
        (or that no difference was shown at this precision)."""
        sentences: list[str] = []
        for info in self.variants[1:]:
            mine = sorted((d for d in self.differences if d.variant == info.name and d.shown),
                          key=lambda d: _rank(d.name, HEADLINE_ORDER))
            for d in mine:
                figure = self.figure(d.variant, d.name)
                sentences.append(d.sentence(figure.same_as if figure is not None else ()))
            if not mine:
                sentences.append(f"{info.name} against {self.baseline}: no difference shown at this precision "
                                 f"({info.games:,} games).")
        if not self.variants[1:]:
            sentences.append(f"{self.baseline} alone: nothing to compare it with (give a second --variant).")
        return sentences

    def notes(self) -> list[str]:
        """What the numbers mean where they could be misread."""
        notes = []
        for info in self.variants:
            rates = [self.figure(info.name, f"win[{s}]") for s in range(info.players)]
            shared = self.figure(info.name, "shared_win")
            total = sum(r.mean for r in rates if r is not None)
            if shared is not None and shared.mean > 0:
                notes.append(f"{info.name}: the seats' win rates add up to {total:.3f}, not to the share of games "
                             f"someone won, because {100 * shared.mean:.1f}% of games had two winners or more "
                             "(a shared win counts as a win for each of its winners).")
        for info in self.variants[1:]:
            cuts = sorted(d.variance_reduction for d in self.differences
                          if d.variant == info.name and not math.isnan(d.variance_reduction))
            if cuts:
                cut = cuts[len(cuts) // 2]
                times = 1 / (1 - cut) if cut < 1 else math.inf
                notes.append(
                    f"{info.name} against {self.baseline}: pairing the games by seed removed {100 * cut:.0f}% of the "
                    f"variance of a typical difference (the median over figures), as many games' worth of precision "
                    f"as {times:.2f} times the games played unpaired. "
                    + ("Little is removed when the two variants' games part ways early, so that their dice stop "
                       "matching." if cut < 0.25 else "The variants' games stay alike long enough to share most "
                       "of their luck.")
                )
        return notes

    def to_json_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seed": self.seed,
            "games": self.games,
            "stopped": self.stopped,
            "precision": self.precision,
            "headline": self.headline(),
            "notes": self.notes(),
            "variants": [
                {**asdict(info), "turns_median": _clean(info.turns_median), "turns_p90": _clean(info.turns_p90),
                 "figures": {f.name: _figure_json(f) for f in self.figures if f.variant == info.name}}
                for info in self.variants
            ],
            "differences": [
                {"variant": d.variant, "baseline": d.baseline, "figure": d.name, "label": label(d.name), "n": d.n,
                 "difference": _clean(d.difference), "ci95": [_clean(d.low), _clean(d.high)], "interval": d.interval,
                 "variance_reduction": _clean(d.variance_reduction), "baseline_mean": _clean(d.baseline_mean),
                 "variant_mean": _clean(d.variant_mean), "shown": d.shown}
                for d in self.differences
            ],
        }

    def figures_rows(self) -> dict[str, list[Any]]:
        """The figures as columns (the table behind ``figures.parquet`` and the Python API)."""
        rows = sorted(self.figures, key=lambda f: (_variant_index(self, f.variant), _rank(f.name, ORDER)))
        return {
            "variant": [f.variant for f in rows], "figure": [f.name for f in rows],
            "label": [f.label for f in rows], "games": [f.n for f in rows], "mean": [f.mean for f in rows],
            "low": [f.low for f in rows], "high": [f.high for f in rows], "interval": [f.interval for f in rows],
        }

    def differences_rows(self) -> dict[str, list[Any]]:
        """The differences as columns (the table behind ``differences.parquet`` and the Python API)."""
        rows = sorted(self.differences, key=lambda d: (_variant_index(self, d.variant), _rank(d.name, ORDER)))
        return {
            "variant": [d.variant for d in rows], "baseline": [d.baseline for d in rows],
            "figure": [d.name for d in rows], "label": [label(d.name) for d in rows],
            "games": [d.n for d in rows], "difference": [d.difference for d in rows],
            "low": [d.low for d in rows], "high": [d.high for d in rows], "interval": [d.interval for d in rows],
            "variance_removed_by_pairing": [d.variance_reduction for d in rows],
            "baseline_mean": [d.baseline_mean for d in rows], "variant_mean": [d.variant_mean for d in rows],
            "headline": [d.sentence(_aliases(self, d)) if d.shown else None for d in rows],
        }


def _aliases(findings: Findings, d: Difference) -> tuple[str, ...]:
    figure = findings.figure(d.variant, d.name)
    return figure.same_as if figure is not None else ()


def _variant_index(findings: Findings, name: str) -> int:
    return next(i for i, v in enumerate(findings.variants) if v.name == name)


def _figure_json(f: Figure) -> dict[str, Any]:
    return {"label": f.label, "n": f.n, "mean": _clean(f.mean), "ci95": [_clean(f.low), _clean(f.high)],
            "interval": f.interval, "same_as": list(f.same_as)}


def _clean(value: float) -> float | None:
    """JSON has no NaN or infinity: ``None`` stands for an undefined value."""
    return None if value is None or math.isnan(value) or math.isinf(value) else value
