"""Tuning a parameter to a target: the value whose figure comes closest to what the designer wants.

``tune(game, "rescue_rolls=2..12", "all_lose=0.20", players=3)`` answers "how many rescue rolls
give an all-lose rate of 0.20 with 3 players?". The search plays *candidates* (values of the
parameter) on common random numbers: game i of every candidate is played with the seed
``game_seed(seed, i)``, as compare's variants are, so candidates are compared game by game.
It goes in rounds:

1. A round spreads ``candidates`` values over its range (every integer when few enough) and
   plays them, a chunk of games at a time.
2. After each chunk the *best* candidate is the one whose figure is closest to the target.
   The distance of another candidate minus the best's is estimated game by game (paired, so
   the luck both shared cancels out); a candidate that is not a neighbour of the best and
   is surely farther (the lower end of a z = 3 interval above 0, strict because the search
   looks after every chunk) stops being played; should the best move beside a dropped value,
   that value plays again before the round may stop.
3. The round stops when the best is *separated* from its neighbours (their paired 95%
   intervals, simultaneous over the two, show both farther), when the best and its neighbours
   are known to ``precision`` (if given), or after ``max_games``.
4. The next round spreads its candidates between the two values the target lies between (and
   one more beyond each). The search ends when the grid is as fine as ``resolution`` (integers:
   one apart unless given; reals: a thousandth of the range) or a round could not locate the
   target at this precision (a finer grid would not either).

The answer is the last round's best value, with the figure's 95% interval at it and at its
neighbours, and where the figure crosses the target between two candidates, the crossing
by linear interpolation.
"""

from __future__ import annotations

import math
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

from tabletop.agents import from_spec
from tabletop.analysis.accumulate import Moments, Paired
from tabletop.analysis.backends import Backend, InProcess
from tabletop.analysis.findings import is_rate, number, phrase
from tabletop.analysis.outcomes import fair_share, z_simultaneous
from tabletop.analysis.parameters import GameMaker, Parameter, grid, parse_parameter
from tabletop.analysis.runner import Chunk, RunSpec, Variant, play_chunk
from tabletop.analysis.stats import Z95, wilson_interval
from tabletop.analysis.stopping import Stopper
from tabletop.analysis.summary import metric_columns
from tabletop.core.errors import InvalidOptionError
from tabletop.core.registry import make

#: z of the interval that drops a candidate (strict: it is looked at after every chunk)
Z_DROP = 3.0
#: figures that are not a mean over games, so a game-by-game comparison cannot target them
NOT_PER_GAME = ("balance",)


@dataclass(frozen=True)
class Candidate:
    """One value played in a round: its figure's mean over ``n`` games, with a 95% interval."""

    value: float
    n: int
    mean: float
    low: float
    high: float
    status: str  # "best", "neighbour", "dropped" or "played"
    playing: bool = True  # still played when the round stopped (a value dropped, then needed again, plays again)


@dataclass
class Round:
    low: float
    high: float
    games: int
    stopped: str  # "separated", "precision", "max-games" or "interrupted"
    candidates: list[Candidate] = field(default_factory=list)


@dataclass
class Tuning:
    """The answer of :func:`tune` (see the module's docstring)."""

    game: str
    parameter: Parameter
    figure: str
    target: float
    options: dict[str, Any]
    agents: list[str]
    seed: int
    rounds: list[Round] = field(default_factory=list)

    @property
    def best(self) -> Candidate:
        return next(c for c in self.rounds[-1].candidates if c.status == "best")

    @property
    def neighbours(self) -> list[Candidate]:
        return [c for c in self.rounds[-1].candidates if c.status == "neighbour"]

    @property
    def stopped(self) -> str:
        return self.rounds[-1].stopped

    def crossing(self) -> float | None:
        """Where the figure crosses the target between two neighbouring candidates (linear interpolation)."""
        played = sorted((c for c in self.rounds[-1].candidates if c.n), key=lambda c: c.value)
        for a, b in pairwise(played):
            if (a.mean - self.target) * (b.mean - self.target) <= 0 and a.mean != b.mean:
                return a.value + (self.target - a.mean) * (b.value - a.value) / (b.mean - a.mean)
        return None

    def headline(self) -> str:
        """The answer in one sentence."""
        p, best = self.parameter, self.best
        around = "; ".join(f"at {p.show(c.value)}: {number(c.mean)} ({number(c.low)} to {number(c.high)})"
                           for c in self.neighbours)
        text = (f"{p.name} = {p.show(best.value)} gives {phrase(self.figure)} {number(best.mean)} (95% interval "
                f"{number(best.low)} to {number(best.high)}, {best.n:,} games), the closest to {number(self.target)}")
        text += f" ({around})." if around else "."
        crossing = self.crossing()
        if crossing is not None and not p.integer:
            text += f" The figure crosses {number(self.target)} near {p.show(crossing)} (linear interpolation)."
        elif crossing is not None:
            text += f" It crosses {number(self.target)} near {crossing:.2f}."
        if best.value in (p.low, p.high) and not best.low <= self.target <= best.high:
            text += f" The best value is at the edge of {p.show(p.low)}..{p.show(p.high)}: the target may lie beyond."
        if self.stopped in ("precision", "max-games"):
            text += " Its neighbours could not be told apart from it at this precision."
        if self.stopped == "interrupted":
            text += " (Interrupted: the answer so far.)"
        return text

    def to_json_dict(self) -> dict[str, Any]:
        return {
            "game": self.game, "parameter": asdict(self.parameter), "figure": self.figure, "target": self.target,
            "options": self.options, "agents": self.agents, "seed": self.seed, "headline": self.headline(),
            "value": self.parameter.value(self.best.value), "crossing": self.crossing(), "stopped": self.stopped,
            "at": asdict(self.best), "neighbours": [asdict(c) for c in self.neighbours],
            "rounds": [asdict(r) for r in self.rounds],
        }


def resolve_figure(name: str, known: Sequence[str]) -> str:
    """A target's figure by its name in docs/metrics.md, or a game's own figure by its name (``rate:NAME``
    or ``NAME``)."""
    for candidate in (name, f"figure:{name}", f"figure:rate:{name}"):
        if candidate in known:
            return candidate
    if name in NOT_PER_GAME:
        raise InvalidOptionError(f"{name} is not a mean over games, so tune cannot target it; target a seat's win "
                                 "rate (win[0]) or the first-mover advantage instead")
    raise InvalidOptionError(f"no figure {name!r} to target; figures of this game: {', '.join(known)}")


def per_game(chunk_columns: dict[str, list[Any]], figures: list[dict[str, float]], players: int,
             figure: str) -> list[float | None]:
    """The target figure's value in each game of one candidate's chunk."""
    if figure == "advantage":
        return [fair_share(f, tuple(w), players) for f, w in zip(chunk_columns["first"], chunk_columns["winners"],
                                                                 strict=True)]
    if figure == "shared_win":
        return [float(len(w) > 1) for w in chunk_columns["winners"]]
    return metric_columns(chunk_columns, figures, players).get(figure, [None] * len(figures))


class _Race:
    """The accumulators of one round: each candidate's values, and each pair's, game by game."""

    def __init__(self, count: int) -> None:
        self.moments = [Moments() for _ in range(count)]
        self.pairs: dict[tuple[int, int], Paired] = {}

    def add(self, active: list[int], columns: list[list[float | None]]) -> None:
        for i, column in zip(active, columns, strict=True):
            self.moments[i].add_many([v for v in column if v is not None])
        for x, i in enumerate(active):
            for j in active[x + 1:]:
                a, b = columns[x], columns[active.index(j)]
                both = [(p, q) for p, q in zip(a, b, strict=True) if p is not None and q is not None]
                if both:
                    self.pairs.setdefault((i, j), Paired()).add_many([p for p, _ in both], [q for _, q in both])

    def farther(self, c: int, b: int, target: float, z: float) -> bool:
        """Is candidate ``c`` surely farther from the target than ``b``? ``|x| > |y|`` exactly when, with ``s`` the
        sign of ``x``, both ``s (x - y)`` and ``s (x + y)`` are positive; with ``x``, ``y`` the two figures minus
        the target, each is a game-by-game mean over the games both played, and both must be above 0 by a z
        interval (the first is the one pairing makes precise: the luck both shared cancels out in it)."""
        pair = self.pairs.get((min(c, b), max(c, b)))
        if pair is None or pair.difference.count < 2:
            return False
        mine, best = (pair.a, pair.b) if c < b else (pair.b, pair.a)
        low, high = mine.interval(z)
        if math.isnan(low) or low <= target <= high:
            return False  # which side of the target c lies on is not known yet
        side = 1.0 if low > target else -1.0
        n = pair.difference.count
        difference = side * (mine.mean - best.mean)
        total = side * (mine.mean + best.mean - 2 * target)
        sum_variance = 2 * (mine.variance + best.variance) - pair.difference.variance  # Var(x + y)
        spread = math.sqrt(max(0.0, pair.difference.variance) / n), math.sqrt(max(0.0, sum_variance) / n)
        return difference - z * spread[0] > 0 and total - z * spread[1] > 0

    def interval(self, i: int, figure: str, z: float = Z95) -> tuple[float, float]:
        m = self.moments[i]
        if is_rate(figure):
            return wilson_interval(round(m.mean * m.count), m.count, z)
        return m.interval(z)


def tune(
    game: str,
    parameter: str | Parameter,
    target: str | tuple[str, float],
    *,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    agents: str | Sequence[str] = "random",
    seed: int = 0,
    candidates: int = 7,
    chunk: int = 250,
    max_games: int = 20_000,
    precision: float | None = None,
    resolution: float | None = None,
    backend: Backend | None = None,
    boards: str | Path | None = None,
    progress: Callable[[str], None] | None = None,
    on_round: Callable[[Tuning], None] | None = None,
) -> Tuning:
    """Find the value of ``parameter`` (``"NAME=LOW..HIGH"``) whose ``target`` figure (``"FIGURE=VALUE"``) is
    closest, as the module's docstring describes. ``boards``: where boards with a data field changed are written
    (a temporary directory by default). ``progress`` hears where the search stands after every chunk, ``on_round``
    gets the answer so far after every round."""
    base = dict(options or {})
    if players is not None:
        base["players"] = players
    reference = make(game, **base)
    param = parameter if isinstance(parameter, Parameter) else parse_parameter(parameter, game, base)
    name, value = _parse_target(target)
    specs = [agents] if isinstance(agents, str) else list(agents)
    if candidates < 3:
        raise InvalidOptionError("tune needs at least 3 candidates a round")
    if chunk < 1 or max_games < 2 * chunk:
        raise InvalidOptionError(f"tune plays at least two chunks a round: --max-games must be at least {2 * chunk}")
    finest = resolution if resolution is not None else 1 if param.integer else (param.high - param.low) / 1000
    if param.integer:
        finest = max(1, finest)
    with tempfile.TemporaryDirectory(prefix="tabletop-boards-") as scratch:
        maker = GameMaker(game, base, param, Path(boards) if boards is not None else Path(scratch))
        first = _variant(maker, param.low, specs)
        _variant(maker, param.high, specs)  # both ends checked before a game is played
        sample = play_chunk(RunSpec((first,), seed), 0, 1)
        known = list(metric_columns(sample.columns[0], sample.figures[0], first.game.num_players))
        figure = resolve_figure(name, [*known, "advantage", "shared_win"])
        result = Tuning(game, param, figure, value, reference.options, [a.name for a in first.agents], seed)
        search = _Search(maker, specs, figure, value, seed, chunk, max_games, precision, backend or InProcess(),
                         progress)
        low, high = param.low, param.high
        with search.stopper:
            while True:
                values = grid(low, high, candidates, param.integer)
                final = all(b - a <= finest for a, b in pairwise(values))
                if result.rounds:  # a refined round: one more value beyond each end, so both have neighbours
                    step = min(b - a for a, b in pairwise(values))
                    values = sorted({max(param.low, low - step), *values, min(param.high, high + step)})
                played, bracket = search.round(values, final)
                result.rounds.append(played)
                if on_round is not None:
                    on_round(result)
                if final or played.stopped != "located" or bracket is None:
                    break
                low, high = bracket
    return result


def _parse_target(target: str | tuple[str, float]) -> tuple[str, float]:
    if isinstance(target, tuple):
        return target
    name, _, text = target.partition("=")
    try:
        return name.strip(), float(text)
    except ValueError:
        raise InvalidOptionError(f"a target is FIGURE=VALUE (such as turns=30), not {target!r}") from None


def _variant(maker: GameMaker, x: float, specs: list[str]) -> Variant:
    game = maker(x)
    chosen = specs * game.num_players if len(specs) == 1 else specs
    if len(chosen) != game.num_players:
        raise InvalidOptionError(f"give one agent for every seat or exactly {game.num_players}, not {len(specs)}")
    return Variant(maker.parameter.show(x), game, tuple(from_spec(s) for s in chosen))


@dataclass
class _Search:
    """The settings every round of one search shares."""

    maker: GameMaker
    specs: list[str]
    figure: str
    target: float
    seed: int
    chunk: int
    max_games: int
    precision: float | None
    backend: Backend
    progress: Callable[[str], None] | None
    stopper: Stopper = field(default_factory=Stopper)

    def round(self, values: list[float], final: bool) -> tuple[Round, tuple[float, float] | None]:
        """Play one round's candidates (see the module's docstring); the bracket to refine into, if any."""
        variants = [_variant(self.maker, x, self.specs) for x in values]
        race = _Race(len(values))
        active = list(range(len(values)))
        games, stopped, best = 0, "", 0
        while not stopped:
            spec = RunSpec(tuple(variants[i] for i in active), self.seed)
            ranges = ((s, min(s + self.chunk, self.max_games)) for s in range(games, self.max_games, self.chunk))
            chunks = self.backend.chunks(spec, ranges)
            try:
                while True:
                    try:
                        with self.stopper.waiting():
                            played: Chunk | None = next(chunks, None)
                    except KeyboardInterrupt:
                        stopped = "interrupted"
                        break
                    if played is None:
                        stopped = "max-games"
                        break
                    race.add(active, [per_game(c, f, v.game.num_players, self.figure) for c, f, v in
                                      zip(played.columns, played.figures, (variants[i] for i in active), strict=True)])
                    games = played.stop
                    best = min(active, key=lambda i: abs(race.moments[i].mean - self.target))
                    # a value dropped beside an earlier best plays again beside this one before the round may
                    # stop: the answer's neighbours are not left at the games they played before they were dropped
                    revived = [c for c in _around(race, values, best, self.target, both=True) if c not in active]
                    if self.stopper.requested:
                        stopped = "interrupted"
                    elif games >= 2 * self.chunk and not revived:
                        stopped = self._verdict(race, values, best, final)
                    self._report(race, values, best, games, len(active))
                    near = _around(race, values, best, self.target)
                    dropped = [c for c in active if c != best and c not in near
                               and race.farther(c, best, self.target, Z_DROP)] if games >= 2 * self.chunk else []
                    if stopped or games >= self.max_games:
                        stopped = stopped or "max-games"
                        break
                    if dropped or revived:
                        active = sorted((set(active) - set(dropped)) | set(revived))
                        break
            finally:
                if hasattr(chunks, "close"):
                    chunks.close()
        return self._record(race, values, active, best, games, stopped)

    def _verdict(self, race: _Race, values: list[float], best: int, final: bool) -> str:
        """Why the round may stop now ("" to go on)."""
        beside = [i for i in (best - 1, best + 1) if 0 <= i < len(values)]
        ends = [best, *_around(race, values, best, self.target)]
        precise = self.precision is not None and all(_half(race, i, self.figure) <= self.precision for i in ends)
        if final or _bracket(race, values, self.target) is None:  # the best must stand out from its neighbours
            if all(race.farther(c, best, self.target, z_simultaneous(2)) for c in beside):
                return "separated" if precise or self.precision is None else ""
        elif self._located(race, values, best) is not None:
            return "located"
        return "precision" if precise else ""

    def _located(self, race: _Race, values: list[float], best: int) -> tuple[int, int] | None:
        """Two candidates the target surely lies between (their intervals, simultaneous over the two, both
        exclude it): the two sides of the crossing, else the best's two neighbours."""
        z = z_simultaneous(2)

        def outside(i: int) -> bool:
            low, high = race.interval(i, self.figure, z)
            return not low <= self.target <= high

        bracket = _bracket(race, values, self.target)
        if bracket is not None and all(map(outside, bracket)):
            return bracket
        if 0 < best < len(values) - 1 and outside(best - 1) and outside(best + 1):
            return best - 1, best + 1
        return None

    def _report(self, race: _Race, values: list[float], best: int, games: int, playing: int) -> None:
        if self.progress is None:
            return
        p = self.maker.parameter
        low, high = race.interval(best, self.figure)
        self.progress(f"{p.name} in {p.show(values[0])}..{p.show(values[-1])}: {games:,} games, best "
                      f"{p.show(values[best])}: {number(race.moments[best].mean)} ({number(low)} to {number(high)}), "
                      f"{playing} candidates playing")

    def _record(self, race: _Race, values: list[float], active: list[int], best: int, games: int,
                stopped: str) -> tuple[Round, tuple[float, float] | None]:
        around = set(_around(race, values, best, self.target, both=True))
        found = Round(values[0], values[-1], games, stopped)
        for i, x in enumerate(values):
            m = race.moments[i]
            low, high = race.interval(i, self.figure) if m.count else (math.nan, math.nan)
            status = "best" if i == best else "neighbour" if i in around else "played" if i in active else "dropped"
            found.candidates.append(Candidate(x, m.count, m.mean if m.count else math.nan, low, high, status,
                                              i in active))
        located = self._located(race, values, best) if stopped == "located" else None
        return found, None if located is None else (values[located[0]], values[located[1]])


def _bracket(race: _Race, values: list[float], target: float) -> tuple[int, int] | None:
    """The two neighbouring candidates whose figures lie on either side of the target, nearest the best."""
    means = [m.mean if m.count else math.nan for m in race.moments]
    pairs = [(i, i + 1) for i in range(len(values) - 1)
             if (means[i] - target) * (means[i + 1] - target) <= 0 and not math.isnan(means[i] + means[i + 1])]
    if not pairs:
        return None
    return min(pairs, key=lambda ij: min(abs(means[ij[0]] - target), abs(means[ij[1]] - target)))


def _around(race: _Race, values: list[float], best: int, target: float, both: bool = False) -> list[int]:
    """The best's neighbours that matter: the other end of the bracket when the target is crossed
    next to the best (both neighbours with ``both``, or when it is not crossed there)."""
    beside = [i for i in (best - 1, best + 1) if 0 <= i < len(values)]
    bracket = _bracket(race, values, target)
    if both or bracket is None or best not in bracket:
        return beside
    return [i for i in bracket if i != best]


def _half(race: _Race, i: int, figure: str) -> float:
    low, high = race.interval(i, figure)
    return (high - low) / 2 if not math.isnan(low) else math.inf
