# FROZEN: src/tabletop/games/donkey_kong/encoding.py verbatim as it was at main d573c0b, the reference the faster
# encoder is checked against (tests/rl/test_encoders_frozen.py). Never edit it to make a test pass.
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
from typing import TYPE_CHECKING

from tabletop.core.encoding import one_hot, relative_seat
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


def encode(state: State, viewer: Viewer, out: NDArray[np.float32]) -> None:
    # Plain Python on the position's lists, writing only the non-zero numbers (``out`` is zeros): a vector
    # is made at every decision of a learner. tests/rl/test_vector_digests.py holds the numbers.
    s: DonkeyKongState = state  # type: ignore[assignment]
    game = _game(s.game)
    rules = game.rules
    n, spaces, types = s.players, rules.board.size, rules.types
    first = viewer if viewer is not None else 0  # seats from the viewer's on (seat_order)
    i = 0
    actor = s.current_player()
    if actor < 0:
        roller = s.in_contact[0] if s.in_contact else s.chance_roller()
        actor = roller if roller is not None else -1
    one_hot(out, i, relative_seat(actor, viewer, n), n)
    i += n
    one_hot(out, i, int(s.stage), STAGES)
    i += STAGES
    pawns = s.pawns
    for k in range(n):
        pawn = pawns[(first + k) % n]
        if 0 <= pawn < spaces:
            out[i + k * spaces + pawn] = 1.0
    i += n * spaces
    obstacles = s.obstacles
    for kind, start in ((BARREL, i), (FIREBALL, i + spaces)):
        space = -1
        for _ in range(obstacles.count(kind)):  # a few obstacles on many spaces: found by the list's own search
            space = obstacles.index(kind, space + 1)
            out[start + space] = 1.0
    i += 2 * spaces
    out[i] = s.barrels_in_arm / rules.barrels
    out[i + 1] = s.fireballs_at_oil_can / rules.fireballs if rules.fireballs else 0.0
    i += 2
    counts = rules.card_counts
    hands, played = s.hands, s.played
    for k in range(n):
        base = ((first + k) % n) * types
        for t in range(types):
            if hands[base + t]:
                out[i + k * types + t] = hands[base + t] / counts[t]
            if played[base + t]:
                out[i + n * types + k * types + t] = played[base + t] / counts[t]
    i += 2 * n * types
    for t, left in enumerate(s.deck):
        if left:
            out[i + t] = left / counts[t]
    i += types
    if s.white_die in rules.white_rolls:
        one_hot(out, i, rules.white_faces.index(s.white_die), len(rules.white_faces))
    i += len(rules.white_faces)
    if s.red_die in rules.red_rolls:
        one_hot(out, i, rules.red_faces.index(s.red_die), len(rules.red_faces))
    i += len(rules.red_faces)
    for seat in s.in_contact:
        out[i + relative_seat(seat, viewer, n)] = 1.0
    i += n
    out[i] = float(bool(s.in_contact) and s.landed_exactly)
    i += 1
    if s.mover_kind is BARREL or s.mover_kind is FIREBALL:
        out[i + (0 if s.mover_kind is BARREL else 1)] = 1.0
        one_hot(out, i + 2, s.mover_at, spaces)
    i += 2 + spaces
    one_hot(out, i, relative_seat(s.finisher, viewer, n), n)
    i += n
    out[i] = min(1.0, s.turn / game.turn_limit)


def _game(game: Game) -> DonkeyKongGame:
    return game  # type: ignore[return-value]
