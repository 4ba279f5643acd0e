"""The Jumanji position: its fields, declared once, and everything that only reads them.

A position is a handful of integers and short lists: each pawn's place on its
own colour path (0 = START, 1..L = the path's spaces, L+1 = the centre), the
seat the rhino blocks (-1: home base), the Doomsday Grid, the discard pile and
the card in play. The draw pile is everything else (its order is hidden, so it
is not stored: a draw is a chance node over the cards in it, kept sorted).

A state's class is built in two layers, as each game's is:

- :class:`JumanjiPosition` (here): the phases, the fields, the setup (J-SETUP-1), the fast copy,
  and reading the position (results, metrics, standings, the JSON and text views);
- :class:`~tabletop.games.jumanji.state.JumanjiState`: the core hooks and the rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.state import State

if TYPE_CHECKING:
    from tabletop.games.jumanji.game import JumanjiGame

# Phases: what the position is waiting for.
SETUP = 0  # Challenge Game: chance draws a card onto the grid (J-SETUP-2)
ROLL = 1  # chance rolls the current player's number die (J-TURN-2, J-RHINO-3)
DRAW = 2  # chance draws a danger card (J-BLANK-1, J-JUNGLE-1)
RESCUE = 3  # chance decides one rescuer's race against time (J-RESCUE-1)
WAITING = 4  # chance rolls the number die for a Wait for 5 or 8 roller (J-WAIT-1)
RHINO_CHOICE = 5  # the current player decides where the rhino goes (J-RHINO-1)
TIE = 6  # chance picks who called JUMANJI first (R-J8)
WON = 7
LOST = 8  # the jungle won: the grid filled (J-GRID-1, R-J10)
LIMIT = 9  # the turn limit was reached with nobody at the centre: no winner (R-J21)

BLANK_KIND = 0
JUNGLE_KIND = 1


class JumanjiPosition(State):
    """The fields of a Jumanji position and what only reads them; :class:`JumanjiState` adds the rules."""

    __slots__ = (
        "actor",
        "card",
        "cur",
        "discard",
        "failed",
        "grid",
        "kind",
        "n",
        "phase",
        "pile",
        "pos",
        "rhino",
        "tally",
        "tied",
        "turn",
        "waits",
        "winner",
    )

    game: JumanjiGame

    def __init__(self, game: JumanjiGame) -> None:
        super().__init__(game)
        n = game.num_players
        self.n = n
        self.pos = [0] * n  # J-SETUP-1: every pawn on its own START
        self.rhino = -1  # J-SETUP-1: the rhino on its home base
        self.grid: list[int] = []
        self.pile = list(range(len(game.board.card_numbers)))  # J-SETUP-1: the shuffled draw pile
        self.discard: list[int] = []
        self.card = -1
        self.cur = game.first_player  # J-TURN-1
        self.actor = game.challenge_cards  # SETUP: cards still to put on the grid
        self.phase = SETUP if self.actor else ROLL
        self.kind = BLANK_KIND
        self.failed = False
        self.tied: tuple[int, ...] = ()
        self.winner = -1
        self.turn = 1
        # attempts (danger cards faced), failures (cards sent to the grid),
        # rescue rolls (one per rescuer per card), misses (rescuers out of time)
        self.tally = [0, 0, 0, 0]
        # Wait for 5 or 8 rolls since this state was created (like the history, not part of the position):
        # a figure for the time model
        self.waits = 0

    # -- results ---------------------------------------------------------------------
    def returns(self) -> list[float]:
        if self.phase == WON:
            return [1.0 if seat == self.winner else -1.0 for seat in range(self.n)]
        if self.phase == LOST:
            return [-1.0] * self.n
        return [0.0] * self.n

    def winners(self) -> tuple[int, ...]:
        return (self.winner,) if self.phase == WON else ()

    def space_of(self, seat: int) -> int:
        """The physical space under ``seat``'s pawn (shared spaces have one number; every
        START is its own space; the centre is one space for all)."""
        return self.game.board.space_ids[seat][self.pos[seat]]

    def rhino_space(self) -> int | None:
        """Where the rhino stands on the blocked pawn's path (None: on its home base).

        J-RHINO-4: it is always the space just ahead of the pawn it blocks."""
        return None if self.rhino < 0 else self.pos[self.rhino] + 1

    def jungle_won(self) -> bool:
        """True when the grid filled and every player lost (R-J10)."""
        return self.phase == LOST

    def turn_number(self) -> int:
        return self.turn

    def metrics(self) -> dict[str, float]:
        attempts, failures, rolls, misses = self.tally
        return {
            "rate:all_lose": 1.0 if self.phase == LOST else 0.0,
            "turns": float(self.turn),
            "grid_cards": float(len(self.grid)),
            "rescues_attempted": float(attempts),
            "rescues_failed": float(failures),
            "rescue_rolls": float(rolls),
            "rescue_rolls_failed": float(misses),
            "wait_rolls": float(self.waits),
        }

    def standings(self) -> list[float]:
        """Each pawn's progress: the share of its path covered, 0 on START, 1 in the centre.

        The race is to the centre (J-WIN-1), so the pawn furthest along leads; every colour's path has
        the same length on the packaged board, and a share keeps the comparison fair on a user's board.
        """
        centre = self.game.board.centre
        return [self.pos[seat] / centre[seat] for seat in range(self.n)]


    # -- copying and text --------------------------------------------------------------
    def _copy_into(self, other: State) -> None:
        assert isinstance(other, JumanjiPosition)
        other.n = self.n
        other.pos = self.pos.copy()
        other.rhino = self.rhino
        other.grid = self.grid.copy()
        other.pile = self.pile.copy()
        other.discard = self.discard.copy()
        other.card = self.card
        other.phase = self.phase
        other.cur = self.cur
        other.actor = self.actor
        other.kind = self.kind
        other.failed = self.failed
        other.tied = self.tied
        other.winner = self.winner
        other.turn = self.turn
        other.tally = self.tally.copy()
        other.waits = self.waits

    def to_dict(self) -> dict[str, Any]:
        board = self.game.board
        return {
            "text": self.to_text(),
            "pawns": {board.colours[s]: self.pos[s] for s in range(self.n)},
            "centre": [board.centre[s] for s in range(self.n)],
            "rhino": self.rhino,
            "grid": [c + 1 for c in self.grid],
            "grid_places": board.grid_places,
            "discard": sorted(c + 1 for c in self.discard),
            "draw_pile": len(self.pile),
            "card": self.card + 1 if self.card >= 0 else None,
            "current_player": self.current_player(),
            "turn": self.turn,
            "winners": list(self.winners()),
            "jungle_won": self.jungle_won(),
        }

    def __str__(self) -> str:
        board = self.game.board
        if self.phase == WON:
            status = f"seat {self.winner} ({board.colours[self.winner]}) won"
        elif self.phase == LOST:
            status = "the jungle won: everyone lost"
        elif self.phase == LIMIT:
            status = "the turn limit is reached: nobody won"
        else:
            status = f"seat {self.cur} to play ({board.colours[self.cur]})"
        lines = [f"Jumanji, turn {self.turn}, {status}"]
        for s in range(self.n):
            p = self.pos[s]
            where = "START" if p == 0 else "centre" if p == board.centre[s] else f"space {p}/{board.centre[s] - 1}"
            blocked = " (blocked by the rhino)" if self.rhino == s else ""
            lines.append(f"  seat {s} {board.colours[s]}: {where}{blocked}")
        lines.append(f"  Doomsday Grid: {len(self.grid)}/{board.grid_places}")
        lines.append(f"  position: {self.to_text()}")
        return "\n".join(lines)
