"""Checking a board of one's own: the game's checks at load, every place reachable, games that end, a profile.

:func:`check_board` is what ``tabletop data validate``, the board editor and the web server's game
creation run on a data file:

1. **the game loads it**: the game is made with the file as its data option, so the file meets
   every check the game makes when it loads one (the pydantic model, then the game's own checks),
   with the same messages;
2. **every place can be reached**: the game's data part may name places no pawn can ever reach
   (:class:`~tabletop.core.parts.DataPart`);
3. **a game ends**: random games are played on it (a few hundred by default); each must end
   within the game's declared maximum length, and before its turn limit;
4. **a profile** of those games: the mean length, each seat's win rate, the rate of games nobody
   won and the game's own rates, each with its 95% interval (Wilson for rates, normal for means).

Problems name where they are: ``where`` is the dotted path of the value in the file (as
``board.paths.0.spaces``), ``places`` the board's places in the game's own names (``C5``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.agents.random_agent import RandomAgent
from tabletop.analysis.runner import RunSpec, Variant, play_chunk
from tabletop.analysis.summary import RunSummary, VariantSummary
from tabletop.core.data import data_digest, read_data_text
from tabletop.core.datafile import FOLDER, check_board_text, data_option
from tabletop.core.errors import DataFileError, TabletopError
from tabletop.core.game import Game
from tabletop.core.hooks import MODEL, UNREACHABLE
from tabletop.core.registry import game_class, hook, list_games, make

#: random games played to check that games end (and to profile the board), unless asked otherwise
PLAYOUTS = 300
#: games per step of a profile: the time budget is looked at after each step
STEP = 25


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a board: ``kind`` is ``file`` (the game refuses the file), ``place`` (a
    place no pawn can reach) or ``play`` (random games do not end)."""

    kind: str
    message: str
    where: str = ""
    places: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "message": self.message, "where": self.where, "places": list(self.places)}


@dataclass(frozen=True)
class Estimate:
    """A rate or a mean over the games of a profile, with its 95% interval."""

    name: str
    value: float
    low: float
    high: float

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "value": self.value, "ci95": [self.low, self.high]}


@dataclass
class Profile:
    """What random games on a board came to."""

    games: int
    players: int
    seed: int
    turns: Estimate
    seats: list[Estimate]
    rates: list[Estimate] = field(default_factory=list)
    #: the game's other figures per game (its metrics: falls per turn, rescues, scores ...), as means
    figures: list[Estimate] = field(default_factory=list)
    #: games that reached the turn limit with no winner (the game would not have ended)
    unfinished: int = 0
    #: the games asked for were not all played within the time allowed
    cut_short: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games, "players": self.players, "seed": self.seed, "turns": self.turns.to_dict(),
            "seats": [s.to_dict() for s in self.seats], "rates": [r.to_dict() for r in self.rates],
            "figures": [f.to_dict() for f in self.figures],
            "unfinished": self.unfinished, "cut_short": self.cut_short,
        }


@dataclass
class BoardCheck:
    """Everything :func:`check_board` found about one data file."""

    game: str
    source: str
    digest: str
    problems: list[Problem] = field(default_factory=list)
    profile: Profile | None = None
    #: the game's own message refusing the file, word for word (``None``: the game loads it)
    refusal: str | None = None
    #: the game made with the board (``None``: the game refuses it)
    game_made: Game | None = field(default=None, repr=False, compare=False)

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game, "source": self.source, "digest": self.digest, "ok": self.ok,
            "refusal": self.refusal, "problems": [p.to_dict() for p in self.problems],
            "profile": None if self.profile is None else self.profile.to_dict(),
        }


def guess_game(text: str) -> str:
    """The game whose data model names most of the file's top-level keys (a file says nothing of its game)."""
    import tomllib

    try:
        keys = set(tomllib.loads(text))
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        keys = set()
    best, score = None, -1.0
    for name in list_games():
        try:
            model = hook(name, MODEL)
        except TabletopError:  # an installed game that does not load
            continue
        if model is None:
            continue
        fields = set(model.model_fields)
        overlap = len(keys & fields) / len(keys | fields) if keys | fields else 0.0
        if overlap > score:
            best, score = name, overlap
    if best is None:
        raise DataFileError("no installed game has a data file of its own")
    return best


def load_game(game: str, path: Path, options: dict[str, Any] | None = None) -> Game:
    """The game made with the file at ``path`` as its data: the game's own checks at load, or a
    :class:`DataFileError` (an option the game refuses is an error of its own kind)."""
    option = data_option(game)
    if option is None:
        raise DataFileError(f"{game} has no option that reads a data file")
    return make(game, **{**(options or {}), option: str(path)})


def check_board(
    game: str,
    text: str | None = None,
    path: str | Path | None = None,
    source: str | None = None,
    players: int | None = None,
    playouts: int = PLAYOUTS,
    seed: int = 0,
    seconds: float | None = None,
) -> BoardCheck:
    """Check a data file for ``game``, given as ``text`` or as the ``path`` of a file (see the module).

    ``source`` names the file in messages (the path by default). ``playouts`` random games (0: none)
    are played with ``players`` players (the game's default if ``None``) from ``seed``; ``seconds``
    bounds the time they take (the profile then says it was cut short).
    """
    if game not in list_games():
        raise DataFileError(f"unknown game {game!r}; available games: {', '.join(list_games())}")
    if text is None:
        if path is None:
            raise ValueError("give the board's text or its path")
        text = read_data_text(path)
    shown = source or (str(path) if path is not None else "your board")
    found = BoardCheck(game, shown, data_digest(text))
    if path is not None:
        _check(found, Path(path), None, players, playouts, seed, seconds)
        return found
    try:
        check_board_text(text)
    except DataFileError as exc:
        found.refusal = str(exc)
        found.problems.append(Problem("file", str(exc)))
        return found
    with FOLDER.scratch(text) as private:
        _check(found, private, str(private), players, playouts, seed, seconds)
    return found


def _check(found: BoardCheck, path: Path, private: str | None, players: int | None, playouts: int, seed: int,
           seconds: float | None) -> None:
    """The checks of :func:`check_board` on the file at ``path`` (``private``: a scratch file named as the source)."""
    game = found.game
    try:
        built = load_game(game, path, {} if players is None else {"players": players})
    except DataFileError as exc:
        found.refusal, problems = _file_problems(exc, game, private, found.source)
        found.problems.extend(problems)
        return
    except TabletopError as exc:  # an option the board cannot have, as the number of players
        found.refusal = str(exc)
        found.problems.append(Problem("file", str(exc)))
        return
    found.game_made = built
    unreachable = hook(game, UNREACHABLE)
    if unreachable is not None:
        found.problems.extend(Problem("place", why, places=(place,)) for place, why in unreachable(built))
    if playouts > 0 and not found.problems:
        deadline = None if seconds is None else time.monotonic() + seconds
        try:
            found.profile = profile(built, playouts, seed, deadline)
        except RuntimeError as exc:  # a game longer than the game's declared maximum
            found.problems.append(Problem("play", f"a random game on this board does not end: {exc}"))
        else:
            if found.profile.unfinished:
                found.problems.append(Problem(
                    "play", f"{found.profile.unfinished} of {found.profile.games} random games reached the turn "
                    f"limit ({built.options.get('turn_limit')} turns) with no winner: on this board a game may "
                    "never end"))


def _file_problems(exc: DataFileError, game: str, private: str | None, shown: str) -> tuple[str, list[Problem]]:
    """The game's message refusing a file (naming the file as the user knows it) and each problem it
    lists, where it is (the message without its prefixes when the loader does not list them apart)."""
    message = str(exc) if private is None else str(exc).replace(private, shown)
    if exc.problems:
        return message, [Problem("file", f"{where}: {text}" if where else text, where=where)
                         for where, text in exc.problems]
    bare = message.removeprefix(f"option {data_option(game)!r} of {game}: ").removeprefix(f"{shown}: ")
    return message, [Problem("file", bare)]


def profile(game: Game, games: int, seed: int = 0, deadline: float | None = None) -> Profile:
    """Play ``games`` random games of ``game`` (fewer if ``deadline``, a :func:`time.monotonic`
    time, passes first) and summarise them."""
    variant = Variant("board", game, tuple(RandomAgent() for _ in range(game.num_players)))
    spec = RunSpec((variant,), seed)
    summary = RunSummary(spec.variants)
    cut_short = False
    for start in range(0, games, STEP):
        if deadline is not None and start and time.monotonic() > deadline:
            cut_short = True
            break
        summary.add(play_chunk(spec, start, min(start + STEP, games)))
    return _profile(summary.variants[0], game, seed, cut_short)


def _estimate(summary: VariantSummary, key: str, name: str) -> Estimate:
    low, high = summary.interval(key)
    return Estimate(name, summary.mean(key) or 0.0, low, high)


def _profile(summary: VariantSummary, game: Game, seed: int, cut_short: bool) -> Profile:
    seats = [_estimate(summary, f"win[{seat}]", f"seat {seat + 1} wins") for seat in range(game.num_players)]
    rates, figures = [], []
    for key in sorted(summary.moments):
        if key.startswith("figure:rate:"):
            rates.append(_estimate(summary, key, key.removeprefix("figure:rate:").replace("_", " ")))
        elif key.startswith("figure:") and key != "figure:turns":  # turns: the profile's length already
            figures.append(_estimate(summary, key, key.removeprefix("figure:").replace("_", " ")))
    limit = game.options.get("turn_limit")
    unfinished = 0
    if isinstance(limit, int) and not isinstance(limit, bool):
        unfinished = sum(count for turns, count in summary.turns.counts.items() if turns >= limit)
    return Profile(summary.games, game.num_players, seed, _estimate(summary, "turns", "turns"), seats, rates,
                   figures, unfinished, cut_short)


def default_players(game: str) -> int:
    """The number of players a game is made with when none is given."""
    return int(next(o.default for o in game_class(game).info.options if o.name == "players"))
