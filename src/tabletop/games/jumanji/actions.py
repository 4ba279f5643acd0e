"""Jumanji's actions: one decision (the rhino) and the chance outcomes.

Every action is built once (interned) and compared by identity, so the hot
path allocates nothing and ``action in legal`` is a pointer scan. ``str()`` is
the notation that :meth:`State.parse_action` reads back.

=================  ==============================================================
notation           meaning
=================  ==============================================================
``roll 5``         the number die shows 5 (a move, a rhino roll or a Wait roll)
``card 17``        danger card 17 is drawn (from the draw pile)
``saved``          one rescuer rolled the symbol or the hourglass in time
``failed``         one rescuer ran out of time
``first 2``        seat 2 calls JUMANJI first (several pawns reached the centre)
``rhino 1``        decision: put the rhino on the space just ahead of seat 1's pawn
``no rhino``       decision: leave the rhino where it is
=================  ==============================================================
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.actions import Action


@dataclass(frozen=True, eq=False, repr=False, slots=True)
class Roll(Action):
    """The number die shows ``n``."""

    n: int

    def __str__(self) -> str:
        return f"roll {self.n}"


@dataclass(frozen=True, eq=False, repr=False, slots=True)
class Draw(Action):
    """Danger card ``card`` (an index from 0; notation counts from 1) is drawn."""

    card: int

    def __str__(self) -> str:
        return f"card {self.card + 1}"


@dataclass(frozen=True, eq=False, repr=False, slots=True)
class Rescue(Action):
    """One rescuer's race against the timer: saved or failed."""

    saved: bool

    def __str__(self) -> str:
        return "saved" if self.saved else "failed"


@dataclass(frozen=True, eq=False, repr=False, slots=True)
class CallFirst(Action):
    """Seat ``seat`` is first to call JUMANJI (ruling R-J8)."""

    seat: int

    def __str__(self) -> str:
        return f"first {self.seat}"


@dataclass(frozen=True, eq=False, repr=False, slots=True)
class PlaceRhino(Action):
    """Put the rhino on the space just ahead of seat ``seat``'s pawn."""

    seat: int

    def __str__(self) -> str:
        return f"rhino {self.seat}"


@dataclass(frozen=True, eq=False, repr=False, slots=True)
class NoRhino(Action):
    """Decline to move the rhino."""

    def __str__(self) -> str:
        return "no rhino"


MAX_FACES = 64
MAX_CARDS = 200
MAX_SEATS = 4

ROLLS: tuple[Roll, ...] = tuple(Roll(n) for n in range(MAX_FACES + 1))  # ROLLS[n] shows n
DRAWS: tuple[Draw, ...] = tuple(Draw(i) for i in range(MAX_CARDS))
SAVED = Rescue(True)
FAILED = Rescue(False)
FIRST: tuple[CallFirst, ...] = tuple(CallFirst(s) for s in range(MAX_SEATS))
RHINO: tuple[PlaceRhino, ...] = tuple(PlaceRhino(s) for s in range(MAX_SEATS))
NO_RHINO = NoRhino()
