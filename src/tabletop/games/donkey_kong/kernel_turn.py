"""Donkey Kong's decisions and chance nodes on one row of integers, compiled: :mod:`.state` as :mod:`.kernel` reads.

Each function is the method of :class:`~.state.DonkeyKongState` of the same name (without its
underscore), on a position row (:mod:`.kernel_tables`); the comments name the clauses.
:func:`legal_actions` writes the legal decisions' integers in the rules' order,
:func:`apply_decision` applies one; :func:`sample_outcome` turns a uniform number into the chance
outcome's integer as ``Distribution.pick`` does (the dice's cumulative floats; a card pile's
``running / total``), :func:`apply_outcome` applies it. The caller offers only legal integers.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.compiled import uncounted_kernel
from tabletop.core.state import CHANCE
from tabletop.games.donkey_kong.kernel import (
    clear_contact,
    compute_player,
    contact_answered,
    destroyed,
    has_cards,
    mover_done,
    pop_front,
    run,
    score,
    start_turn,
)
from tabletop.games.donkey_kong.kernel_tables import (
    ARM,
    BARREL,
    CONTACT_SIZE,
    FINISHER,
    LANDED_EXACTLY,
    MET_SIZE,
    MOVER_KIND,
    MOVER_LEFT,
    NOTHING,
    OIL_CAN,
    OPENING_ROUND,
    OPENING_SIZE,
    RED,
    RED_DOT_DRAW,
    S_DEAL,
    S_OPENING,
    S_OVER,
    S_RED,
    S_ROUTE,
    S_WALK,
    S_WHITE,
    STAGE,
    TO_ACT,
    TURN_SEAT,
    VERB_DEAL,
    VERB_DRAW,
    VERB_LOSE,
    VERB_STEAL,
    WHITE,
)

T = Any
Row = Any


# -- the initial position (Position.__init__, DonkeyKongState.__init__) ------------------------------
@uncounted_kernel
def new_position(t: T, s: Row) -> None:
    """K-SETUP-1: every pawn on START, barrels on the black dots and the rest in the arm, every fireball at the
    Oil Can, the whole deck; with no cards to deal, straight to who starts."""
    s[:] = -1
    s[:CONTACT_SIZE + 1] = 0
    s[STAGE] = S_DEAL
    s[RED] = -1
    s[ARM] = t.barrels - t.black_dots.shape[0]
    s[OIL_CAN] = t.fireballs
    s[FINISHER] = -1
    s[OPENING_ROUND] = 1
    s[TO_ACT] = CHANCE
    for seat in range(t.players):
        s[t.o_pawns + seat] = t.start
    for space in range(t.size):
        s[t.o_obstacles + space] = NOTHING
    for k in range(t.black_dots.shape[0]):
        s[t.o_obstacles + t.black_dots[k]] = BARREL
    for k in range(t.players * t.types):
        s[t.o_hands + k] = 0
        s[t.o_played + k] = 0
    for k in range(t.types):
        s[t.o_deck + k] = t.counts[k]
    if t.hand_size == 0:
        after_deal(t, s)
    s[TO_ACT] = compute_player(t, s)


@uncounted_kernel
def is_chance(s: Row) -> bool:
    return bool(s[TO_ACT] == CHANCE)


@uncounted_kernel
def is_over(s: Row) -> bool:
    return bool(s[STAGE] == S_OVER)


# -- decisions ---------------------------------------------------------------------------------------
@uncounted_kernel
def legal_actions(t: T, s: Row, out: Row) -> int:
    """The legal decisions' integers into ``out``, in the rules' order; their number."""
    count = 0
    if s[CONTACT_SIZE] > 0:  # K-CARD-2: one play per card type in the face-up hand
        base = t.o_hands + s[t.o_contact] * t.types
        for k in range(t.types):
            if s[base + k] > 0:
                out[count] = t.play_action[k]
                count += 1
        return count
    return route_choices(t, s, out)


@uncounted_kernel
def route_choices(t: T, s: Row, out: Row) -> int:
    """One route per distinct outcome: where the pawn stops and which obstacles it meets, in order (R-K10)."""
    pawn = s[t.o_pawns + s[TURN_SEAT]]
    face = t.face_index[s[WHITE]]
    first, last = t.route_first[pawn, face], t.route_first[pawn, face + 1]
    count = 0
    if not t.route_shared[pawn, face]:  # no two routes end on the same space: each is an outcome of its own
        for r in range(first, last):
            out[count] = t.route_action[r]
            count += 1
        return count
    for r in range(first, last):
        fresh = True
        for k in range(count):
            if same_outcome(t, s, r, t.action_route[out[k]]):
                fresh = False
                break
        if fresh:
            out[count] = t.route_action[r]
            count += 1
    return count


@uncounted_kernel
def same_outcome(t: T, s: Row, a: int, b: int) -> bool:
    """Whether routes ``a`` and ``b`` end on the same space and meet the same obstacles' spaces, in order."""
    la, lb = t.route_length[a], t.route_length[b]
    if t.route_path[a, la - 1] != t.route_path[b, lb - 1]:
        return False
    i = j = 0
    while True:
        while i < la and s[t.o_obstacles + t.route_path[a, i]] == NOTHING:
            i += 1
        while j < lb and s[t.o_obstacles + t.route_path[b, j]] == NOTHING:
            j += 1
        if i == la or j == lb:
            return bool(i == la and j == lb)
        if t.route_path[a, i] != t.route_path[b, j]:
            return False
        i += 1
        j += 1


@uncounted_kernel
def apply_decision(t: T, s: Row, action: int) -> None:
    if s[CONTACT_SIZE] > 0:
        play_card(t, s, t.action_card[action])
    else:
        choose_route(t, s, t.action_route[action])
    run(t, s)


@uncounted_kernel
def choose_route(t: T, s: Row, r: int) -> None:
    """K-PAWN-1/2: the pawn makes its whole move; then it draws on a red dot, then answers each contact (R-K22)."""
    length = t.route_length[r]
    seat, end = s[TURN_SEAT], t.route_path[r, length - 1]
    s[t.o_pawns + seat] = end
    if end == t.finish:
        s[FINISHER] = seat  # K-END-1: the turn still finishes
    met = 0  # K-CARD-2: the obstacles moved into or through, in order
    for k in range(length):
        space = t.route_path[r, k]
        if s[t.o_obstacles + space] != NOTHING:
            s[t.o_met + met] = space
            met += 1
    s[MET_SIZE] = met
    s[RED_DOT_DRAW] = 1 if length == s[WHITE] and t.red_dot[end] else 0  # K-CARD-1: exact count only
    s[STAGE] = S_WALK


@uncounted_kernel
def play_card(t: T, s: Row, card: int) -> None:
    """K-CARD-2..4: the card goes face down; a Hammer destroys the obstacle, a Jump lets it be."""
    seat = s[t.o_contact]
    i = seat * t.types + card
    s[t.o_hands + i] -= 1
    s[t.o_played + i] += 1
    hammer = t.hammer[card] != 0
    if s[STAGE] == S_WALK:
        at = s[t.o_met]
        kind = s[t.o_obstacles + at]
        if hammer:
            s[t.o_obstacles + at] = NOTHING
            destroyed(t, s, kind)
        contact_answered(t, s)
        return
    kind = s[MOVER_KIND]
    if hammer:
        mover_done(s)
        destroyed(t, s, kind)
        clear_contact(t, s)  # R-K11: once one hammers it, the others are safe
        return
    if s[LANDED_EXACTLY]:  # K-CARD-3 (R-K12): jumped after landing by exact count: one space further
        s[MOVER_LEFT] = 1
        s[LANDED_EXACTLY] = 0
    pop_front(s, t.o_contact, CONTACT_SIZE)


# -- chance ------------------------------------------------------------------------------------------
@uncounted_kernel
def counted(t: T, s: Row, start: int, verb: int, u: float) -> int:
    """``Distribution.counted`` over the counts at ``start`` (one per card type) and ``pick(u)``: the first
    type whose running count over the total exceeds ``u``; its outcome integer for ``verb``."""
    total = 0
    for k in range(t.types):
        total += s[start + k]
    running = 0
    chosen = -1
    for k in range(t.types):
        c = s[start + k]
        if c > 0:
            running += c
            chosen = k
            if u < running / total:
                break
    return int(t.card_outcome[verb, chosen])


@uncounted_kernel
def die(outcomes: Row, cumulative: Any, u: float) -> int:
    for i in range(cumulative.shape[0]):
        if u < cumulative[i]:
            return int(outcomes[i])
    return int(outcomes[cumulative.shape[0] - 1])


@uncounted_kernel
def sample_outcome(t: T, s: Row, u: float) -> int:
    """The chance outcome's integer for the uniform number ``u`` (DonkeyKongState._chance_distribution, picked)."""
    if s[CONTACT_SIZE] > 0:
        seat = s[t.o_contact]
        if has_cards(t, s, t.o_played, seat):  # K-CARD-5/6: lose one (own turn) or have it stolen
            verb = VERB_LOSE if seat == s[TURN_SEAT] else VERB_STEAL
            return counted(t, s, t.o_played + seat * t.types, verb, u)
        return counted(t, s, t.o_deck, VERB_DRAW, u)  # K-CARD-7
    stage = s[STAGE]
    if stage == S_DEAL:
        return counted(t, s, t.o_deck, VERB_DEAL, u)
    if stage in (S_WHITE, S_OPENING):
        return die(t.white_outcome, t.white_cumulative, u)
    if stage == S_RED:
        return die(t.red_outcome, t.red_cumulative, u)
    return counted(t, s, t.o_deck, VERB_DRAW, u)  # the red-dot draw


@uncounted_kernel
def apply_outcome(t: T, s: Row, outcome: int) -> None:
    kind, value = t.outcome_kind[outcome], t.outcome_value[outcome]
    if s[CONTACT_SIZE] > 0:
        penalty(t, s, kind - 2, value)
    elif kind < 2:
        roll(t, s, value)
        return
    else:
        take_card(t, s, value)
    run(t, s)


@uncounted_kernel
def roll(t: T, s: Row, face: int) -> None:
    """The white die, then the red one (K-TURN-2): the movement is not run; the opening roll's is."""
    stage = s[STAGE]
    if stage == S_WHITE:
        s[WHITE] = face
        s[STAGE] = S_RED
    elif stage == S_RED:
        s[RED] = face
        s[STAGE] = S_ROUTE
        s[TO_ACT] = s[TURN_SEAT]
    else:
        opening_roll(t, s, face)
        run(t, s)


@uncounted_kernel
def opening_roll(t: T, s: Row, face: int) -> None:
    """K-TURN-1: everyone rolls the white die; the highest starts; tied highest roll again (R-K23)."""
    o = t.o_opening
    n = t.players
    seat = 0
    while s[o + seat] != 0:
        seat += 1
    s[o + seat] = face
    top = s[o]
    for k in range(n):
        if s[o + k] == 0:
            return
        top = max(top, s[o + k])
    tied, first = 0, -1
    for k in range(n):
        if s[o + k] == top:
            tied += 1
            if first < 0:
                first = k
    if tied > 1 and s[OPENING_ROUND] >= t.opening_rounds:  # R-K23: the tied seat first in turn order
        tied = 1
    if tied == 1:
        for k in range(n):
            s[o + k] = -1
        s[OPENING_SIZE] = 0
        s[OPENING_ROUND] = 1
        start_turn(t, s, first)
    else:
        s[OPENING_ROUND] += 1
        for k in range(n):
            s[o + k] = 0 if s[o + k] == top else -1


@uncounted_kernel
def take_card(t: T, s: Row, card: int) -> None:
    """A card from the deck, face up: dealt at the setup, or the red-dot draw (K-CARD-1)."""
    s[t.o_deck + card] -= 1
    if s[STAGE] == S_DEAL:
        seat = seat_to_deal(t, s)
        s[t.o_hands + seat * t.types + card] += 1
        if seat_to_deal(t, s) < 0:
            after_deal(t, s)
    else:
        s[t.o_hands + s[TURN_SEAT] * t.types + card] += 1
        s[RED_DOT_DRAW] = 0


@uncounted_kernel
def seat_to_deal(t: T, s: Row) -> int:
    """R-K20: the first seat short of its face-up cards (-1 once all are dealt)."""
    for seat in range(t.players):
        held = 0
        for k in range(t.types):
            held += s[t.o_hands + seat * t.types + k]
        if held < t.hand_size:
            return seat
    return -1


@uncounted_kernel
def after_deal(t: T, s: Row) -> None:
    if t.first_player < 0:
        s[STAGE] = S_OPENING
        for k in range(t.players):
            s[t.o_opening + k] = 0
        s[OPENING_SIZE] = t.players
    else:
        start_turn(t, s, t.first_player)


@uncounted_kernel
def penalty(t: T, s: Row, verb: int, card: int) -> None:
    """K-CARD-5/6/7: no face-up card at a contact."""
    seat = contact_answered(t, s)
    me = s[TURN_SEAT]
    if verb == VERB_LOSE:
        s[t.o_played + seat * t.types + card] -= 1
        s[t.o_deck + card] += 1  # R-K8: a returned card is shuffled into the deck
    elif verb == VERB_STEAL:
        s[t.o_played + seat * t.types + card] -= 1
        s[t.o_hands + me * t.types + card] += 1
    else:
        s[t.o_deck + card] -= 1
        s[t.o_hands + me * t.types + card] += 1


# -- results -----------------------------------------------------------------------------------------
@uncounted_kernel
def winners(t: T, s: Row, out: Row) -> int:
    """R-K9: the seats with the top score, once someone finished (R-K24: none at the turn limit); their number."""
    if s[STAGE] != S_OVER or s[FINISHER] < 0:
        return 0
    top = score(t, s, 0)
    for seat in range(1, t.players):
        top = max(top, score(t, s, seat))
    count = 0
    for seat in range(t.players):
        if score(t, s, seat) == top:
            out[count] = seat
            count += 1
    return count
