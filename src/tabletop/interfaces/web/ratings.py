"""Ratings: every finished rated game moves its players' ratings in that game (OpenSkill).

The model is OpenSkill's Plackett-Luce with its defaults (a new player: mu 25, sigma 25/3),
which rates 2 to 4 players at once from their **ranks** in the game:

- the winners rank first, together, then everyone else by the game's returns (a game's scores),
  equal returns tying; so a shared win is a tie for first, and an ending where everyone loses
  (the game itself won) is a tie of every player: nobody beat anyone;
- a person who **left**: the turn clock played for them ``abandoned_after`` times in a row
  (``data/ratings.toml``) with no move of their own since, ranks last whatever their pawn did;
- **bots** take part at a fixed rating: their level's measured Elo (the game's ``LADDER_ELO``,
  from ``benchmarks/calibration/ladder.py``) with ``anchor_level`` at the scale's 1500; a bot's rating never
  moves. A game with a bot that is not a ladder level, or in a game whose ladder was never
  measured, is not rated; nor is a game in which one device played several seats;
- **guests** play at a new player's rating, which is not kept.

People see ratings on an Elo-like scale: 1500 at mu 25, and :data:`ELO_PER_MU` points per mu, so
that a gap of D points means the same chance of winning as in Elo. A player is provisional for
their first ``provisional_games`` games of a kind.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

from tabletop.agents.ladder import LEVELS, ladder_elo
from tabletop.core.i18n import _
from tabletop.core.state import State
from tabletop.interfaces.web.store import Seat
from tabletop.interfaces.web.turns import clock_seat

DATA = Path(__file__).resolve().parent / "data" / "ratings.toml"
MODEL = PlackettLuce()
#: Elo points per mu: P(win) = 1 / (1 + exp(-d / (sqrt(2) beta))) matches 1 / (1 + 10^(-D / 400))
ELO_PER_MU = 400.0 / (math.sqrt(2.0) * MODEL.beta * math.log(10.0))


@cache
def settings() -> dict[str, Any]:
    with DATA.open("rb") as f:
        return tomllib.load(f)


def shown(mu: float) -> int:
    """A rating as people see it (Elo-like).

    >>> shown(25.0)
    1500
    """
    return round(float(settings()["shown_at_default"]) + (mu - MODEL.mu) * ELO_PER_MU)


def provisional(games: int) -> bool:
    return games < int(settings()["provisional_games"])


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float


NEW = Skill(MODEL.mu, MODEL.sigma)


def bot_skill(game: str, spec: str | None) -> Skill | None:
    """A ladder level's fixed rating in ``game``; ``None`` if the bot is not a level of a measured ladder."""
    if spec not in LEVELS:
        return None
    elo = ladder_elo(game)
    if elo is None:
        return None
    offset = elo[spec] - elo[settings()["anchor_level"]]
    return Skill(MODEL.mu + offset / ELO_PER_MU, float(settings()["bot_sigma"]))


def leavers(actors: Sequence[int], notes: Mapping[int, str], seats: int) -> set[int]:
    """The seats that left: the turn clock played for them ``abandoned_after`` times in a row at the end,
    with no decision of their own since (a roll of their own leaves no trace, so only decisions count)."""
    runs = [0] * seats
    for number, actor in enumerate(actors):
        played_for = clock_seat(notes[number]) if number in notes else None
        if played_for is not None and 0 <= played_for < seats:
            runs[played_for] += 1
        elif 0 <= actor < seats:
            runs[actor] = 0
    return {s for s in range(seats) if runs[s] >= int(settings()["abandoned_after"])}


def rank_places(state: State, left: set[int]) -> list[int]:
    """Each seat's place (1 is best; equal places tie): winners, then by returns; leavers last."""
    winners = set(state.winners())
    returns = state.returns()
    keys = [(s not in left, s in winners, float(returns[s])) for s in range(len(returns))]
    return [1 + sum(other > mine for other in keys) for mine in keys]


def unrated_reason(game: str, seats: Sequence[Seat]) -> str | None:
    """Why a game with these seats cannot be rated (``None``: it can)."""
    holders = [s.token_hash for s in seats if s.kind == "human"]
    if len(holders) != len(set(holders)):
        return _("one device plays several seats")
    for seat in seats:
        if seat.kind == "bot" and bot_skill(game, seat.bot) is None:
            return _("the bot {bot} has no rating (only the difficulty levels of a measured ladder have)").format(
                bot=repr(seat.bot))
    if not any(s.kind == "human" for s in seats):
        return _("no person plays")
    return None


def rate(before: Sequence[Skill], places: Sequence[int], fixed: set[int]) -> list[Skill]:
    """Each seat's skill after a game with these places; seats in ``fixed`` (bots) keep theirs."""
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in before]
    after = MODEL.rate(teams, ranks=list(places))
    return [before[i] if i in fixed else Skill(float(team[0].mu), float(team[0].sigma))
            for i, team in enumerate(after)]
