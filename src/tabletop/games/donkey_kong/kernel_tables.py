"""Donkey Kong's compiled kernel: the row a position is packed into, and the game's facts as arrays.

A position is one row of ``int32`` (:mod:`.kernel`, :mod:`.kernel_turn` read and write it):
:data:`SCALAR_NAMES` first (the numbers of :data:`~.position.FIELDS`, in their order, then the
lengths of the lists that change length), then each list of ``FIELDS`` in its order, with room
for its longest and ``-1`` after its end. :func:`pack` writes a rules state as such a row and
:func:`fields` names a row's parts, so the proof (the differential harness, through
:class:`tabletop.core.twins.KernelEngine`) compares every field before every action.

:func:`build_tables` takes every number from the game: the board's tables (:mod:`.board`: the
obstacles' chain, ladders, slides, red dots, black dots), every route a pawn can take from each
space for each face of the white die (the board's own, in its order), the cards' points,
hammers and counts, the dice's cumulative probabilities as ``Distribution.pick`` compares them,
and the options (players, first player, turn limit). Actions and chance outcomes are the
integers of the game's encoding (:mod:`.encoding`).
"""

from __future__ import annotations

import math
from functools import reduce
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from tabletop.core.chance import Distribution
from tabletop.games.donkey_kong.actions import CARD_VERBS, DRAW, LOSE, STEAL
from tabletop.games.donkey_kong.actions import DEAL as DEAL_VERB
from tabletop.games.donkey_kong.position import Obstacle, Stage
from tabletop.games.donkey_kong.state import OPENING_ROUNDS

if TYPE_CHECKING:
    from tabletop.games.donkey_kong.game import DonkeyKongGame
    from tabletop.games.donkey_kong.state import DonkeyKongState

#: the stages and obstacles as plain integers (Numba reads module globals as constants)
(S_DEAL, S_OPENING, S_WHITE, S_RED, S_ROUTE, S_WALK, S_FIRE, S_BARREL, S_RELEASE, S_DROP, S_OVER) = (
    int(s) for s in Stage
)
NOTHING, BARREL, FIREBALL = (int(o) for o in Obstacle)

Array = np.ndarray[Any, Any]

SCALAR_NAMES = (
    "stage", "turn", "turn_seat", "white_die", "red_die", "barrels_in_arm", "fireballs_at_oil_can", "finisher",
    "opening_round", "mover_kind", "mover_at", "mover_steps_left", "mover_slid", "landed_exactly", "red_dot_draw",
    "to_act", "opening_size", "met_size", "queue_size", "contact_size",
)  # fmt: skip
(
    STAGE, TURN, TURN_SEAT, WHITE, RED, ARM, OIL_CAN, FINISHER, OPENING_ROUND, MOVER_KIND, MOVER_AT, MOVER_LEFT,
    MOVER_SLID, LANDED_EXACTLY, RED_DOT_DRAW, TO_ACT, OPENING_SIZE, MET_SIZE, QUEUE_SIZE, CONTACT_SIZE,
) = range(len(SCALAR_NAMES))  # fmt: skip
SCALARS = len(SCALAR_NAMES)
LIST_NAMES = ("pawns", "obstacles", "hands", "played", "deck", "opening_rolls", "obstacles_met", "move_queue",
              "in_contact")
#: the lists whose length changes, and the scalar holding it
SIZED = {"opening_rolls": OPENING_SIZE, "obstacles_met": MET_SIZE, "move_queue": QUEUE_SIZE,
         "in_contact": CONTACT_SIZE}


class Tables(NamedTuple):
    """One game configuration's facts as arrays and numbers (see the module's docstring)."""

    players: int
    first_player: int  # -1: the opening roll decides (K-TURN-1)
    turn_limit: int
    opening_rounds: int  # R-K23
    types: int
    hand_size: int
    barrels: int
    fireballs: int
    finish_bonus: int
    score_step: int  # every score is a multiple of it (the cards' points and the bonus): standings' places
    size: int
    # -- where each list starts in a row, and the row's width
    o_pawns: int
    o_obstacles: int
    o_hands: int
    o_played: int
    o_deck: int
    o_opening: int
    o_met: int
    o_queue: int
    o_contact: int
    width: int
    # -- the board (Board's tables; booleans as 0/1, "none" as -1)
    start: int
    finish: int
    drop: int
    oil: int
    dk_front: int
    black_dots: Array
    chain: Array
    next_fire: Array
    next_barrel: Array
    plain_for_fire: Array
    plain_for_barrel: Array
    special: Array
    ladder_of: Array
    rung_up: Array
    rung_down: Array
    slide_up: Array  # the first space of the ladder an obstacle slides up from here, -1 for none
    slide_down: Array
    blocks_slide: Array  # [space, q]: a pawn on q blocks a barrel sliding down from space (K-OBS-5)
    red_dot: Array
    # -- the routes: those from space s for white face f are route_first[s, f] .. route_first[s, f + 1]'s
    route_first: Array  # [space, face index + 1]
    route_shared: Array  # [space, face index]: two of the routes end on the same space
    route_action: Array  # each route's decision integer
    route_length: Array
    route_path: Array  # [route, step]
    face_index: Array  # [white face value]: its index among the white faces, -1 for none
    # -- the cards
    points: Array
    hammer: Array
    counts: Array
    play_action: Array  # [type]: "play C"'s decision integer
    # -- the dice: each face's value and outcome integer, and the cumulative probabilities pick() compares
    white_value: Array
    white_outcome: Array
    white_cumulative: Array
    red_value: Array
    red_outcome: Array
    red_cumulative: Array
    # -- chance outcomes: card_outcome[verb, type] (verbs as CARD_VERBS); what each integer is
    card_outcome: Array
    outcome_kind: Array  # 0 white, 1 red, 2 + the verb's index for a card
    outcome_value: Array  # a die's face, or a card's type
    # -- decisions: what each integer is
    action_card: Array  # a play's card type, -1 for a route
    action_route: Array  # the route's index, -1 for a play


VERB_DEAL, VERB_DRAW, VERB_LOSE, VERB_STEAL = (CARD_VERBS.index(v) for v in (DEAL_VERB, DRAW, LOSE, STEAL))


def _i32(values: Any) -> Array:
    return np.ascontiguousarray(np.array(values, dtype=np.int32))


def cumulative(distribution: Distribution) -> Array:
    """The floats ``Distribution.pick`` compares a uniform number with, for a die the rules make by
    ``Distribution.weighted``: the running sums of the probabilities as floats, the last 1.0."""
    total, out = 0.0, []
    for p in distribution.probabilities:
        total += float(p)
        out.append(total)
    out[-1] = 1.0
    return np.array(out, np.float64)


def build_tables(game: DonkeyKongGame) -> Tables:
    """The arrays of ``game``; every integer is looked up in the game's own encoding."""
    rules = game.rules
    board = rules.board
    n, types, size = game.num_players, rules.types, board.size
    encoding = game.encoding
    decision = {text: i for i, text in enumerate(encoding.action_texts)}
    outcome = {text: i for i, text in enumerate(encoding.chance_texts)}
    faces = rules.white_faces
    face_index = np.full(max(faces) + 1, -1, np.int32)
    for i, face in enumerate(faces):
        face_index[face] = i
    # every route, from every space, for every white face, in the board's order
    route_first = np.zeros((size, len(faces) + 1), np.int32)
    route_shared = np.zeros((size, len(faces)), np.int32)
    actions: list[int] = []
    paths: list[tuple[int, ...]] = []
    for s in range(size):
        for i, face in enumerate(faces):
            route_first[s, i] = len(actions)
            routes, shared = board.routes_and_sharing(s, face)
            route_shared[s, i] = shared
            for route in routes:
                actions.append(decision[route.text])
                paths.append(route.path)
        route_first[s, len(faces)] = len(actions)
    longest = max((len(p) for p in paths), default=1)
    route_path = np.full((max(len(paths), 1), longest), -1, np.int32)
    for r, path in enumerate(paths):
        route_path[r, : len(path)] = path
    action_card = np.full(len(decision), -1, np.int32)
    action_route = np.full(len(decision), -1, np.int32)
    for t, play in enumerate(rules.plays):
        action_card[decision[str(play)]] = t
    for r, action in enumerate(actions):
        action_route[action] = r
    blocks_slide = np.zeros((size, size), np.int32)
    for s, rungs in enumerate(board.slide_down_rungs):
        for q in rungs:
            blocks_slide[s, q] = 1
    outcome_kind = np.zeros(len(outcome), np.int32)
    outcome_value = np.zeros(len(outcome), np.int32)
    card_outcome = np.zeros((len(CARD_VERBS), types), np.int32)
    for f in faces:
        outcome_value[outcome[str(rules.white_rolls[f])]] = f
    for f in rules.red_faces:
        k = outcome[str(rules.red_rolls[f])]
        outcome_kind[k], outcome_value[k] = 1, f
    for v, verb in enumerate(CARD_VERBS):
        for t, card in enumerate(rules.card_outcomes[verb]):
            k = card_outcome[v, t] = outcome[str(card)]
            outcome_kind[k], outcome_value[k] = 2 + v, t
    o_pawns = SCALARS
    o_obstacles = o_pawns + n
    o_hands = o_obstacles + size
    o_played = o_hands + n * types
    o_deck = o_played + n * types
    o_opening = o_deck + types
    o_met = o_opening + n
    o_queue = o_met + longest
    o_contact = o_queue + max(rules.barrels, rules.fireballs)
    first = game.first_player
    step = reduce(math.gcd, (*rules.card_points, rules.finish_bonus))
    return Tables(
        players=n, first_player=-1 if first is None else first, turn_limit=game.turn_limit,
        opening_rounds=OPENING_ROUNDS, types=types,
        hand_size=rules.hand_size, barrels=rules.barrels, fireballs=rules.fireballs, finish_bonus=rules.finish_bonus,
        score_step=step,
        size=size, o_pawns=o_pawns, o_obstacles=o_obstacles, o_hands=o_hands, o_played=o_played, o_deck=o_deck,
        o_opening=o_opening, o_met=o_met, o_queue=o_queue, o_contact=o_contact, width=o_contact + n,
        start=board.start, finish=board.finish, drop=board.drop, oil=board.oil, dk_front=board.dk_front,
        black_dots=_i32(board.black_dots), chain=_i32(board.chain), next_fire=_i32(board.next_fire),
        next_barrel=_i32(board.next_barrel), plain_for_fire=_i32(board.plain_for_fire),
        plain_for_barrel=_i32(board.plain_for_barrel), special=_i32(board.special), ladder_of=_i32(board.ladder_of),
        rung_up=_i32(board.rung_up), rung_down=_i32(board.rung_down),
        slide_up=_i32([line[0] if line else -1 for line in board.slide_up]),
        slide_down=_i32([line[0] if line else -1 for line in board.slide_down]),
        blocks_slide=blocks_slide, red_dot=_i32(board.red_dot),
        route_first=route_first, route_shared=route_shared, route_action=_i32(actions or [0]),
        route_length=_i32([len(p) for p in paths] or [0]), route_path=route_path, face_index=face_index,
        points=_i32(rules.card_points), hammer=_i32(rules.card_is_hammer), counts=_i32(rules.card_counts),
        play_action=_i32([decision[str(play)] for play in rules.plays]),
        white_value=_i32(faces), white_outcome=_i32([outcome[str(rules.white_rolls[f])] for f in faces]),
        white_cumulative=cumulative(rules.white_dist),
        red_value=_i32(rules.red_faces), red_outcome=_i32([outcome[str(rules.red_rolls[f])] for f in rules.red_faces]),
        red_cumulative=cumulative(rules.red_dist),
        card_outcome=card_outcome, outcome_kind=outcome_kind, outcome_value=outcome_value,
        action_card=action_card, action_route=action_route,
    )  # fmt: skip


def pack(t: Tables, state: DonkeyKongState) -> Array:
    """The rules' position as a kernel row, field for field (built as a list, made an array once: the differential
    harness packs the readable state before every action)."""
    row = [
        int(state.stage), state.turn, state.turn_seat, state.white_die, state.red_die, state.barrels_in_arm,
        state.fireballs_at_oil_can, state.finisher, state.opening_round, int(state.mover_kind), state.mover_at,
        state.mover_steps_left, int(state.mover_slid), int(state.landed_exactly), int(state.red_dot_draw),
        state.to_act, len(state.opening_rolls), len(state.obstacles_met), len(state.move_queue),
        len(state.in_contact),
    ]  # fmt: skip
    row += [-1] * (t.width - SCALARS)
    if not state.mover_kind:  # the mover's fields mean something only while one moves (readable.position_view)
        row[MOVER_AT] = row[MOVER_LEFT] = row[MOVER_SLID] = 0
    starts = [getattr(t, room) for room in _ROOMS] + [t.width]
    for name, start, end in zip(LIST_NAMES, starts, starts[1:], strict=False):
        values = getattr(state, name)
        if len(values) > end - start:
            raise ValueError(f"the kernel's row has room for {end - start} {name}, the position has {len(values)}")
        row[start : start + len(values)] = map(int, values)
    return np.array(row, np.int32)


#: the tables' offsets of the row's lists, in the order of LIST_NAMES
_ROOMS = tuple(f"o_{name}" for name in ("pawns", "obstacles", "hands", "played", "deck", "opening", "met", "queue",
                                         "contact"))


def fields(t: Tables, row: Any) -> dict[str, list[int]]:
    """A row's fields by name."""
    named = {name: [int(row[k])] for k, name in enumerate(SCALAR_NAMES)}
    starts = [getattr(t, f"o_{name}") for name in ("pawns", "obstacles", "hands", "played", "deck", "opening",
                                                      "met", "queue", "contact")] + [t.width]
    for name, start, end in zip(LIST_NAMES, starts, starts[1:], strict=False):
        named[name] = [int(v) for v in row[start:end]]
    return named
