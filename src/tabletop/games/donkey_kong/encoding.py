"""Donkey Kong in numbers, for learning: its actions as integers and its positions as vectors.

Decisions, in this order: ``play C`` for each card type, then every route the board offers
(``move A4>L2.1>L2.2``: from every space, for every face of the white die, as
:meth:`~tabletop.games.donkey_kong.board.Board.routes` lists them). A route is named by the
spaces it enters, so its integer is the same wherever it is offered. Chance outcomes: the
white die's faces, the red die's faces, then ``deal``, ``draw``, ``lose`` and ``steal`` for
each card type.

The vector (every value in [0, 1]; seats listed from the viewer's on): the seat to move, the
stage, each pawn's space (one-hot), the obstacles on each space, the arm and the Oil Can,
each seat's face-up and face-down cards, the deck, the dice this turn, the contact being
answered (the seats in it, and whether it was an exact landing), the moving obstacle and the
turn. Nothing in Donkey Kong is hidden: every card is dealt and drawn face up, the played
ones are counted by type, and the deck's order is never stored (R-K8).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import TYPE_CHECKING

from tabletop.core.encoding import number_view, tables_of
from tabletop.core.observation import Viewer
from tabletop.core.state import State
from tabletop.games.donkey_kong.actions import CARD_VERBS
from tabletop.games.donkey_kong.position import BARREL, FIREBALL, Stage

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from tabletop.core.game import Game
    from tabletop.games.donkey_kong.game import DonkeyKongGame
    from tabletop.games.donkey_kong.state import DonkeyKongState

__all__ = ["actions", "chance_outcomes", "encode", "layout"]

STAGES = len(Stage)


def actions(game: Game) -> Sequence[str]:
    rules = _game(game).rules
    board = rules.board
    texts = [str(play) for play in rules.plays]
    seen = set(texts)
    for space in range(board.size):
        for face in rules.white_faces:
            for route in board.routes(space, face):
                if route.text not in seen:
                    seen.add(route.text)
                    texts.append(route.text)
    return texts


def chance_outcomes(game: Game) -> Sequence[str]:
    rules = _game(game).rules
    texts = [str(rules.white_rolls[f]) for f in rules.white_faces]
    texts += [str(rules.red_rolls[f]) for f in rules.red_faces]
    for verb in CARD_VERBS:
        texts += [str(outcome) for outcome in rules.card_outcomes[verb]]
    return texts


def layout(game: Game) -> Sequence[tuple[str, int]]:
    rules = _game(game).rules
    n, spaces, types = game.num_players, rules.board.size, rules.types
    return [
        ("to_move", n),  # the seat acting (at a chance node: the roller or the seat answering), one-hot
        ("stage", STAGES),  # one-hot (Stage)
        ("pawn", n * spaces),  # each seat's space, one-hot per seat
        ("barrel", spaces),  # 1 where a barrel rests
        ("fireball", spaces),  # 1 where a fireball rests
        ("reserve", 2),  # barrels in Donkey Kong's arm / all barrels; fireballs at the Oil Can / all fireballs
        ("hand", n * types),  # each seat's face-up cards by type / the type's count in the deck
        ("played", n * types),  # each seat's face-down (scored) cards by type / the type's count
        ("deck", types),  # cards left in the deck by type / the type's count
        ("white", len(rules.white_faces)),  # the white die this turn, one-hot (none before the roll)
        ("red", len(rules.red_faces)),  # the red die this turn, one-hot (none before the roll)
        ("contact", n),  # the seats in contact, still to answer (the first answers now)
        ("exact", 1),  # the contact comes from an exact landing (K-CARD-3)
        ("mover", 2 + spaces),  # the obstacle moving now: barrel, fireball; its space, one-hot
        ("finisher", n),  # the seat that reached the Finish, one-hot
        ("turn", 1),  # turns started / the turn limit
    ]


class _Tables:
    """Where each field of the vector starts, and the dice faces' places (made once per game)."""

    def __init__(self, game: DonkeyKongGame) -> None:
        self.game = game
        rules = game.rules
        at: dict[str, int] = {}
        start = 0
        for name, size in layout(game):
            at[name] = start
            start += size
        #: the fields' starts, in the order encode reads them
        self.starts = tuple(at[name] for name in STARTS)
        self.sizes = (game.num_players, rules.board.size, rules.types)
        self.white = {face: k for k, face in enumerate(rules.white_faces)}
        self.red = {face: k for k, face in enumerate(rules.red_faces)}


STARTS = ("pawn", "barrel", "fireball", "reserve", "hand", "played", "deck", "white", "red", "contact", "exact",
          "mover", "finisher", "turn")
_TABLES: dict[int, tuple[object, _Tables]] = {}


def _tables(game: DonkeyKongGame) -> _Tables:
    return tables_of(_TABLES, game, lambda: _Tables(game))


def encode(state: State, viewer: Viewer, out: NDArray[np.float32]) -> None:
    # Plain Python on the position's lists, writing only the non-zero numbers (``out`` is zeros) through a
    # memoryview (a float32 written there is the one NumPy writes, for less than half the cost): a vector is
    # made at every decision of a learner. tests/rl/test_encoders_frozen.py checks every number against the
    # encoder as it was before.
    s: DonkeyKongState = state  # type: ignore[assignment]
    game = _game(s.game)
    rules = game.rules
    t = _tables(game)
    (pawn_at, barrel_at, fireball_at, reserve_at, hand_at, played_at, deck_at, white_at, red_at, contact_at, exact_at,
     mover_at, finisher_at, turn_at) = t.starts
    n, spaces, types = t.sizes
    v = number_view(out)
    first = viewer if viewer is not None else 0  # seats from the viewer's on (seat_order, relative_seat)
    actor = s.current_player()
    if actor < 0:
        roller = s.in_contact[0] if s.in_contact else s.chance_roller()
        actor = roller if roller is not None else -1
    if 0 <= actor < n:
        v[(actor - first) % n] = 1.0
    v[n + s.stage] = 1.0
    pawns = s.pawns
    for k in range(n):
        pawn = pawns[(first + k) % n]
        if 0 <= pawn < spaces:
            v[pawn_at + k * spaces + pawn] = 1.0
    obstacles = s.obstacles
    for kind, start in ((BARREL, barrel_at), (FIREBALL, fireball_at)):
        space = -1
        for _ in range(obstacles.count(kind)):  # a few obstacles on many spaces: found by the list's own search
            space = obstacles.index(kind, space + 1)
            v[start + space] = 1.0
    v[reserve_at] = s.barrels_in_arm / rules.barrels
    v[reserve_at + 1] = s.fireballs_at_oil_can / rules.fireballs if rules.fireballs else 0.0
    counts = rules.card_counts
    cut = first * types  # the cards of the seats from the viewer's on
    for start, cards in ((hand_at, s.hands), (played_at, s.played)):
        if any(cards):
            turned = cards[cut:] + cards[:cut]
            for j in compress(range(len(turned)), turned):
                v[start + j] = turned[j] / counts[j % types]
    deck = s.deck
    for card in compress(range(types), deck):
        v[deck_at + card] = deck[card] / counts[card]
    face = t.white.get(s.white_die)
    if face is not None:
        v[white_at + face] = 1.0
    face = t.red.get(s.red_die)
    if face is not None:
        v[red_at + face] = 1.0
    in_contact = s.in_contact
    if in_contact:
        for seat in in_contact:
            v[contact_at + ((seat - first) % n if 0 <= seat < n else -1)] = 1.0
        v[exact_at] = float(s.landed_exactly)
    mover = s.mover_kind
    if mover is BARREL or mover is FIREBALL:
        v[mover_at if mover is BARREL else mover_at + 1] = 1.0
        if 0 <= s.mover_at < spaces:
            v[mover_at + 2 + s.mover_at] = 1.0
    finisher = s.finisher
    if 0 <= finisher < n:
        v[finisher_at + (finisher - first) % n] = 1.0
    v[turn_at] = min(1.0, s.turn / game.turn_limit)


def _game(game: Game) -> DonkeyKongGame:
    return game  # type: ignore[return-value]
