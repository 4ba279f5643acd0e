"""The league: ratings kept per player and game, the leaderboards and the players' profiles.

When a rated game ends, :meth:`League.record` ranks its seats (:mod:`.ratings`), rates them
with OpenSkill against their ratings in that game, and stores the new ratings and each seat's
change (``rating_changes``) in one transaction; a game is rated once however often it is asked.
The end screen reads the changes (``GET /api/games/{id}/ratings``).

Everything a reader may ask is bounded: a leaderboard is at most :data:`BOARD_MAX` rows, a
profile reads the player's last :data:`PROFILE_GAMES` games. Only players with a rated game show
up anywhere: a name with none is answered as unknown (no enumeration past the leaderboard).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sqlalchemy import and_, insert, select, update

from tabletop.agents.ladder import LEVELS
from tabletop.analysis.stats import wilson_interval
from tabletop.core.state import State
from tabletop.interfaces.web.accounts import (
    Accounts,
    players_table,
    rating_changes_table,
    ratings_table,
    seat_owners_table,
)
from tabletop.interfaces.web.names import key
from tabletop.interfaces.web.ratings import (
    NEW,
    Skill,
    bot_skill,
    leavers,
    provisional,
    rank_places,
    rate,
    shown,
)
from tabletop.interfaces.web.schema import games_table
from tabletop.interfaces.web.store import FINISHED, Seat, Store, now

#: the most rows of a leaderboard, and of a profile's games read
BOARD_MAX, PROFILE_GAMES, HISTORY_POINTS, RECENT_GAMES = 100, 500, 60, 20


class League:
    """Ratings, leaderboards and profiles (every method synchronous: call it from a thread)."""

    def __init__(self, store: Store, accounts: Accounts) -> None:
        self.engine = store.engine
        self.accounts = accounts

    # -- a game ends ------------------------------------------------------------------------------
    def record(self, game_id: str, game: str, seats: list[Seat], state: State, actors: list[int],
               notes: dict[int, str]) -> list[dict[str, Any]]:
        """Rate a finished rated game (once); returns each seat's change (:meth:`changes`)."""
        owners = self.accounts.owners(game_id)
        places = rank_places(state, leavers(actors, notes, len(seats)))
        with self.engine.begin() as conn:
            if conn.execute(select(rating_changes_table.c.seat)
                            .where(rating_changes_table.c.game_id == game_id)).first() is not None:
                return self.changes(game_id)
            players = {s: owners[s] for s, seat in enumerate(seats)
                       if seat.kind == "human" and s in owners and not owners[s].startswith("guest:")}
            known = {str(p): (Skill(float(m), float(sg)), int(g)) for p, m, sg, g in conn.execute(
                select(ratings_table.c.player_id, ratings_table.c.mu, ratings_table.c.sigma, ratings_table.c.games)
                .where(ratings_table.c.game == game, ratings_table.c.player_id.in_(list(players.values())))).all()}
            before: list[Skill] = []
            fixed: set[int] = set()
            for s, seat in enumerate(seats):
                if seat.kind == "bot":
                    skill = bot_skill(game, seat.bot)
                    if skill is None:
                        return []
                    before.append(skill)
                    fixed.add(s)
                else:
                    before.append(known.get(players.get(s, ""), (NEW, 0))[0])
            after = rate(before, places, fixed)
            stamp = now()
            for s, player in players.items():
                games = known.get(player, (NEW, 0))[1] + 1
                values = {"mu": after[s].mu, "sigma": after[s].sigma, "games": games, "updated": stamp}
                if player in known:
                    conn.execute(update(ratings_table).where(ratings_table.c.player_id == player,
                                                             ratings_table.c.game == game).values(**values))
                else:
                    conn.execute(insert(ratings_table).values(player_id=player, game=game, **values))
            conn.execute(insert(rating_changes_table), [
                {"game_id": game_id, "seat": s, "player_id": players.get(s), "game": game, "rank": places[s],
                 "mu_before": before[s].mu, "sigma_before": before[s].sigma, "mu_after": after[s].mu,
                 "sigma_after": after[s].sigma, "at": stamp}
                for s in range(len(seats))])
        return self.changes(game_id)

    def changes(self, game_id: str) -> list[dict[str, Any]]:
        """Each seat's place and rating change in a rated game (``[]``: not rated, or not yet)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(rating_changes_table).where(rating_changes_table.c.game_id == game_id)
                                .order_by(rating_changes_table.c.seat)).mappings().all()
            counts = dict(conn.execute(
                select(ratings_table.c.player_id, ratings_table.c.games)
                .where(ratings_table.c.player_id.in_([r["player_id"] for r in rows if r["player_id"]]),
                       ratings_table.c.game == (rows[0]["game"] if rows else ""))).all()) if rows else {}
        names = self.accounts.names([r["player_id"] for r in rows if r["player_id"]])
        return [{
            "seat": r["seat"], "place": r["rank"], "player": names.get(r["player_id"]) if r["player_id"] else None,
            "before": shown(r["mu_before"]), "after": shown(r["mu_after"]),
            "change": shown(r["mu_after"]) - shown(r["mu_before"]),
            "kept": r["player_id"] is not None,
            "provisional": provisional(int(counts.get(r["player_id"], 0))) if r["player_id"] else False,
        } for r in rows]

    # -- leaderboards ----------------------------------------------------------------------------
    def leaderboard(self, game: str, limit: int = BOARD_MAX) -> list[dict[str, Any]]:
        """The players of ``game`` by rating: established players first, then the provisional ones."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(players_table.c.name, ratings_table.c.mu, ratings_table.c.sigma, ratings_table.c.games)
                .join(players_table, players_table.c.id == ratings_table.c.player_id)
                .where(ratings_table.c.game == game)
                .order_by(ratings_table.c.mu.desc()).limit(4 * BOARD_MAX)).all()
        board: list[dict[str, Any]] = [
            {"name": str(n), "rating": shown(float(mu)), "games": int(g), "provisional": provisional(int(g))}
            for n, mu, _sigma, g in rows]
        board.sort(key=lambda row: (bool(row["provisional"]), -float(row["rating"])))
        for place, row in enumerate(board, start=1):
            row["place"] = place
        return board[:max(1, min(limit, BOARD_MAX))]

    # -- profiles ---------------------------------------------------------------------------------
    def profile(self, name: str) -> dict[str, Any] | None:
        """A player's ratings (with their history), recent games and win rates; ``None`` if the name
        has no rated game (unknown names and unrated ones look the same)."""
        with self.engine.connect() as conn:
            found = conn.execute(select(players_table.c.id, players_table.c.name)
                                 .where(players_table.c.key == key(name))).first()
            if found is None:
                return None
            player_id, shown_name = str(found[0]), str(found[1])
            ratings = conn.execute(select(ratings_table).where(ratings_table.c.player_id == player_id)
                                   .order_by(ratings_table.c.game)).mappings().all()
            if not ratings:
                return None
            history = conn.execute(
                select(rating_changes_table.c.game, rating_changes_table.c.mu_before, rating_changes_table.c.mu_after)
                .where(rating_changes_table.c.player_id == player_id)
                .order_by(rating_changes_table.c.at.desc()).limit(PROFILE_GAMES)).all()
            games: list[dict[str, Any]] = [dict(g) for g in conn.execute(
                select(games_table.c.id, games_table.c.game, games_table.c.seats, games_table.c.winners,
                       games_table.c.updated, seat_owners_table.c.seat, games_table.c.rated)
                .join(seat_owners_table, and_(seat_owners_table.c.game_id == games_table.c.id,
                                              seat_owners_table.c.owner == player_id))
                .where(games_table.c.status == FINISHED)
                .order_by(games_table.c.updated.desc()).limit(PROFILE_GAMES)).mappings().all()]
            places = {(str(g), int(s)): int(r) for g, s, r in conn.execute(
                select(rating_changes_table.c.game_id, rating_changes_table.c.seat, rating_changes_table.c.rank)
                .where(rating_changes_table.c.game_id.in_([g["id"] for g in games]))).all()} if games else {}
        per_game: dict[str, list[int]] = defaultdict(list)
        for game, before, after in reversed(history):  # oldest first, from the rating the player started at
            points = per_game[str(game)]
            if not points:
                points.append(shown(float(before)))
            points.append(shown(float(after)))
        return {
            "name": shown_name,
            "ratings": [{"game": r["game"], "rating": shown(r["mu"]), "games": r["games"],
                         "provisional": provisional(r["games"]), "history": per_game[r["game"]][-HISTORY_POINTS:]}
                        for r in ratings],
            "recent": [_recent(g, places) for g in games[:RECENT_GAMES]],
            "win_rates": _win_rates(games, places),
        }


def _outcome(game: dict[str, Any], places: dict[tuple[str, int], int]) -> list[int]:
    """Each seat's place in a finished game: the rating's places where it was rated, else winners first."""
    seats = game["seats"]
    if (game["id"], 0) in places:
        return [places.get((game["id"], s), len(seats)) for s in range(len(seats))]
    winners = set(game["winners"] or [])
    return [1 if s in winners else 2 for s in range(len(seats))]


def _recent(game: dict[str, Any], places: dict[tuple[str, int], int]) -> dict[str, Any]:
    mine = int(game["seat"])
    place = _outcome(game, places)[mine]
    return {"id": game["id"], "game": game["game"], "ended": str(game["updated"]), "place": place,
            "won": mine in (game["winners"] or []), "players": len(game["seats"]), "rated": bool(game["rated"]),
            "opponents": [s.get("name") for i, s in enumerate(game["seats"]) if i != mine],
            "replay": f"/replay/{game['id']}"}


def _win_rates(games: list[Any], places: dict[tuple[str, int], int]) -> list[dict[str, Any]]:
    """Against people and each bot level: games won against them (placed above), with a 95% Wilson interval."""
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])  # wins, ties, losses
    for game in games:
        mine = int(game["seat"])
        outcome = _outcome(game, places)
        for other, seat in enumerate(game["seats"]):
            if other == mine:
                continue
            kind = "people" if seat.get("kind") == "human" else (seat.get("bot") if seat.get("bot") in LEVELS
                                                                  else "other bots")
            mark = 0 if outcome[mine] < outcome[other] else 1 if outcome[mine] == outcome[other] else 2
            tally[str(kind)][mark] += 1
    order = ["people", *LEVELS, "other bots"]
    rows = []
    for kind in sorted(tally, key=order.index):
        wins, ties, losses = tally[kind]
        n = wins + ties + losses
        low, high = wilson_interval(wins, n)
        rows.append({"against": kind, "games": n, "wins": wins, "ties": ties, "losses": losses,
                     "rate": wins / n, "low": low, "high": high})
    return rows
