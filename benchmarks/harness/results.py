"""Long runs of games that keep every game as it finishes: one JSON line each, resumed when started again.

A calibration run (the ladder, a search's strength) plays hundreds of games for hours on a shared
machine. :class:`Results` appends each finished game to a JSON-lines file, so a run that is stopped
keeps what it played; started again with the same file, it plays only the games not there yet.
:func:`play_tournament_games` plays a tournament's games in small chunks (the ``tournament``
command's schedule and seeds), so little is lost when a run is stopped.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterator
from functools import partial
from pathlib import Path
from typing import Any

from tabletop.analysis.parallel import map_games
from tabletop.analysis.simulate import game_seed
from tabletop.analysis.tournament import TournamentGame, play_game, schedule
from tabletop.core.game import Game

Key = tuple[str, int]


class Results:
    """Rows keyed by (group, game index), read from ``path`` if it exists and appended to it as they come."""

    def __init__(self, path: Path | None, group_field: str) -> None:
        self.path = path
        self.group_field = group_field
        self.rows: dict[Key, dict[str, Any]] = {}
        if path is not None and path.exists():
            for line in path.read_text().splitlines():
                row = json.loads(line)
                self.rows[(row[group_field], row["index"])] = row

    def __contains__(self, key: Key) -> bool:
        return key in self.rows

    def add(self, row: dict[str, Any]) -> None:
        self.rows[(row[self.group_field], row["index"])] = row
        if self.path is not None:
            with self.path.open("a") as handle:
                handle.write(json.dumps(row) + "\n")

    def of(self, group: str) -> list[dict[str, Any]]:
        """Every row of ``group``."""
        return [row for (name, _), row in self.rows.items() if name == group]

    def indices(self, group: str) -> set[int]:
        """The game indices of ``group`` already played."""
        return {index for (name, index) in self.rows if name == group}


def _play(game: Game, job: tuple[int, int, tuple[str, ...]]) -> TournamentGame:
    index, seed, seating = job
    return play_game(game, seating, seed, index)


def play_tournament_games(game: Game, specs: list[str], games: int, seed: int, workers: int,
                          done: Collection[int] = ()) -> Iterator[TournamentGame]:
    """Games ``0..games-1`` between ``specs`` with the seats rotated, but those whose index is in ``done``.

    Game ``i`` is the ``tournament`` command's game ``i``: its seed ``game_seed(seed, i)``, its seating the
    ``i``-th of the schedule. Played in chunks of two per worker, so a stopped run loses little.
    """
    seatings = schedule(specs, game.num_players)
    jobs = [(i, game_seed(seed, i), seatings[i % len(seatings)]) for i in range(games) if i not in done]
    chunk = 2 * max(1, workers)
    for start in range(0, len(jobs), chunk):
        yield from map_games(partial(_play, game), jobs[start : start + chunk], workers, batch=1)
