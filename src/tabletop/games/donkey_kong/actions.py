"""Donkey Kong's actions: decisions and chance outcomes, each built once (interned).

Every action is a frozen dataclass whose ``str()`` is its notation. Actions are
made once per rules file (see :class:`~tabletop.games.donkey_kong.rules.Rules`)
and compared by identity, so the hot path allocates nothing and ``in`` is cheap.

====================  ==========================================================
notation              meaning
====================  ==========================================================
``white 4``           the white die shows 4 (a turn's roll, or an opening roll)
``red 5``             the red die shows 5; ``red rests``: Donkey Kong Rests
``move A4>L2.1>L2.2`` the pawn's route: every space it enters, in order
``play H300``         turn the face-up Hammer 300 face down at a contact
``deal J100``         a card dealt face up at the setup
``draw J200``         a card drawn face up (red dot, or a reward)
``lose H400``         a face-down card returned to the deck (own turn, no face-up card)
``steal J300``        a face-down card taken by the player whose turn it is
====================  ==========================================================
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.actions import Action

#: The red die's "Donkey Kong Rests" face, as a number of spaces.
RESTS = 0


@dataclass(frozen=True, eq=False, slots=True)
class Roll(Action):
    """A die's face: ``die`` is ``"white"`` or ``"red"``; ``face`` 0 means Donkey Kong Rests."""

    die: str
    face: int

    def __str__(self) -> str:
        return f"{self.die} {'rests' if self.face == RESTS else self.face}"


@dataclass(frozen=True, eq=False, slots=True)
class Route(Action):
    """A pawn's whole move: the spaces it enters, in order (the last is where it stops)."""

    path: tuple[int, ...]
    text: str

    @property
    def destination(self) -> int:
        return self.path[-1]

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, eq=False, slots=True)
class PlayCard(Action):
    """Turn a face-up card of type ``card`` face down at a contact."""

    card: int
    code: str

    def __str__(self) -> str:
        return f"play {self.code}"


@dataclass(frozen=True, eq=False, slots=True)
class CardOutcome(Action):
    """A chance outcome naming a card type: dealt, drawn, lost to the deck or stolen."""

    verb: str
    card: int
    code: str

    def __str__(self) -> str:
        return f"{self.verb} {self.code}"


DEAL = "deal"
DRAW = "draw"
LOSE = "lose"
STEAL = "steal"
CARD_VERBS = (DEAL, DRAW, LOSE, STEAL)
