"""Donkey Kong's rules that need no input, compiled: :mod:`.movement` and :mod:`.position` on one row.

Each function is the method of :class:`~.movement.Movement` or :class:`~.position.Position` of
the same name (without its underscore), on a position row (:mod:`.kernel_tables`); the
comments name the clauses. After each action :func:`run` carries the turn on (K-TURN-2): the
walking pawn's red-dot draw and contacts (R-K22), the fireballs then the barrels, one mover at a
time in the K-OBS-8 order kept in the move queue, Donkey Kong's release, and the next turn; it
pauses where a seat in contact must answer. :mod:`.kernel_turn` applies decisions and chance
outcomes. The lists of the row are queues: :func:`pop_front` takes their first element.

These functions, and :mod:`.kernel_turn`'s, allocate nothing: they are compiled without reference counting
(:func:`~tabletop.core.compiled.uncounted_kernel`).
"""

from __future__ import annotations

from typing import Any

from tabletop.core.compiled import uncounted_kernel
from tabletop.core.state import CHANCE, TERMINAL
from tabletop.games.donkey_kong.kernel_tables import (
    ARM,
    BARREL,
    CONTACT_SIZE,
    FINISHER,
    FIREBALL,
    LANDED_EXACTLY,
    MET_SIZE,
    MOVER_AT,
    MOVER_KIND,
    MOVER_LEFT,
    MOVER_SLID,
    NOTHING,
    OIL_CAN,
    QUEUE_SIZE,
    RED,
    RED_DOT_DRAW,
    S_BARREL,
    S_DROP,
    S_FIRE,
    S_OVER,
    S_RELEASE,
    S_ROUTE,
    S_WALK,
    S_WHITE,
    STAGE,
    TO_ACT,
    TURN,
    TURN_SEAT,
    WHITE,
)

T = Any  # the tables (a Numba structure)
Row = Any  # a position row (int32)


# -- the row's queues and cards ----------------------------------------------------------------------
@uncounted_kernel
def pop_front(s: Row, start: int, size: int) -> int:
    """The first element of the list at ``start`` whose length is ``s[size]``; the others move up."""
    first = s[start]
    drop_front(s, start, size, 1)
    return int(first)


@uncounted_kernel
def drop_front(s: Row, start: int, size: int, dropped: int) -> None:
    """The list at ``start`` whose length is ``s[size]`` without its first ``dropped`` elements; the others move
    up (``dropped`` pops at once)."""
    n = s[size]
    for k in range(n - dropped):
        s[start + k] = s[start + k + dropped]
    for k in range(n - dropped, n):
        s[start + k] = -1
    s[size] = n - dropped


@uncounted_kernel
def has_cards(t: T, s: Row, start: int, seat: int) -> bool:
    """Whether ``seat`` has a card in the counts at ``start`` (its face-up hand, or its played cards)."""
    base = start + seat * t.types
    for k in range(t.types):
        if s[base + k] > 0:
            return True
    return False


@uncounted_kernel
def deck_has_cards(t: T, s: Row) -> bool:
    for k in range(t.types):
        if s[t.o_deck + k] > 0:
            return True
    return False


@uncounted_kernel
def pawn_at(t: T, s: Row, space: int) -> bool:
    """``space in pawns``."""
    for seat in range(t.players):
        if s[t.o_pawns + seat] == space:
            return True
    return False


@uncounted_kernel
def score(t: T, s: Row, seat: int) -> int:
    """K-END-2: points of the face-down cards, plus the finish bonus once the game is over."""
    total = 0
    for k in range(t.types):
        total += s[t.o_played + seat * t.types + k] * t.points[k]
    if s[STAGE] == S_OVER and seat == s[FINISHER]:
        total += t.finish_bonus
    return total


# -- who acts ----------------------------------------------------------------------------------------
@uncounted_kernel
def compute_player(t: T, s: Row) -> int:
    """A seat in contact with face-up cards, the seat choosing a route, chance, or nobody at the end."""
    if s[STAGE] == S_OVER:
        return TERMINAL
    if s[CONTACT_SIZE] > 0:
        seat = s[t.o_contact]
        return int(seat) if has_cards(t, s, t.o_hands, seat) else CHANCE
    if s[STAGE] == S_ROUTE:
        return int(s[TURN_SEAT])
    return CHANCE


@uncounted_kernel
def needs_input(t: T, s: Row, seat: int) -> bool:
    """Whether the contact of ``seat`` asks anything: a card to play, or one to lose, steal or draw."""
    return (
        has_cards(t, s, t.o_hands, seat)
        or has_cards(t, s, t.o_played, seat)
        or (seat != s[TURN_SEAT] and deck_has_cards(t, s))
    )


@uncounted_kernel
def contact_answered(t: T, s: Row) -> int:
    """The first seat in contact is done; a walking pawn's contact also leaves the obstacles it met."""
    if s[STAGE] == S_WALK:
        pop_front(s, t.o_met, MET_SIZE)
    return pop_front(s, t.o_contact, CONTACT_SIZE)


@uncounted_kernel
def clear_contact(t: T, s: Row) -> None:
    for k in range(s[CONTACT_SIZE]):
        s[t.o_contact + k] = -1
    s[CONTACT_SIZE] = 0


# -- the movement ------------------------------------------------------------------------------------
@uncounted_kernel
def run(t: T, s: Row) -> None:
    """Everything that happens by itself until a decision, a chance node or the end (Movement._run)."""
    while True:
        if s[CONTACT_SIZE] > 0:
            if needs_input(t, s, s[t.o_contact]):
                break
            contact_answered(t, s)  # K-CARD-7 (and R-K8: an empty deck gives nothing)
            continue
        stage = s[STAGE]
        if stage == S_WALK:
            if s[RED_DOT_DRAW]:  # R-K22: the red-dot card first, then the contacts
                if deck_has_cards(t, s):
                    break
                s[RED_DOT_DRAW] = 0  # R-K8: an empty deck gives nothing
                continue
            if s[MET_SIZE] > 0:  # the contact with the first obstacle met, still to answer
                s[t.o_contact] = s[TURN_SEAT]
                s[CONTACT_SIZE] = 1
                s[LANDED_EXACTLY] = 0
                continue
            begin_fireballs(t, s)
            continue
        if stage in (S_FIRE, S_BARREL):
            move_queued(t, s)
            if s[CONTACT_SIZE] > 0:
                continue
            if stage == S_FIRE:
                begin_barrels(t, s)
            else:
                release_barrel(t, s)
            continue
        if stage == S_DROP:
            if s[MOVER_KIND] != NOTHING:
                move(t, s, s[MOVER_KIND], s[MOVER_AT], s[MOVER_LEFT], s[MOVER_SLID] != 0, False)
                continue
            end_turn(t, s)
            break
        if stage == S_RELEASE:
            release_barrel(t, s)
            continue
        break
    s[TO_ACT] = compute_player(t, s)


@uncounted_kernel
def start_turn(t: T, s: Row, seat: int) -> None:
    s[TURN_SEAT] = seat
    s[TURN] += 1
    s[STAGE] = S_WHITE
    s[WHITE] = 0
    s[RED] = -1


@uncounted_kernel
def begin_fireballs(t: T, s: Row) -> None:
    """K-OBS-1/8: on a rest roll nothing moves; else fireballs move, highest first (R-K5)."""
    if s[RED] == 0:
        s[STAGE] = S_RELEASE
        return
    s[STAGE] = S_FIRE
    along_the_way(t, s, FIREBALL, False)


@uncounted_kernel
def begin_barrels(t: T, s: Row) -> None:
    """K-OBS-8: then barrels, lowest (furthest along) first (R-K5)."""
    s[STAGE] = S_BARREL
    along_the_way(t, s, BARREL, True)


@uncounted_kernel
def along_the_way(t: T, s: Row, kind: int, reverse: bool) -> None:
    """The move queue: the spaces where obstacles of ``kind`` rest, in the order of the obstacles' way from the
    drop space to the Oil Can (``reverse``: the other way round)."""
    resting = t.barrels - s[ARM] if kind == BARREL else t.fireballs - s[OIL_CAN]
    for k in range(s[QUEUE_SIZE]):
        s[t.o_queue + k] = -1
    found = 0
    for i in range(t.chain.shape[0]):
        if found == resting:
            break
        space = t.chain[i]
        if s[t.o_obstacles + space] == kind:
            s[t.o_queue + found] = space
            found += 1
    s[QUEUE_SIZE] = found
    if reverse:
        for k in range(found // 2):
            a, b = s[t.o_queue + k], s[t.o_queue + found - 1 - k]
            s[t.o_queue + k], s[t.o_queue + found - 1 - k] = b, a


@uncounted_kernel
def move_queued(t: T, s: Row) -> None:
    """Move the obstacles of this phase one after another, until the queue is empty or a contact waits."""
    fire = s[STAGE] == S_FIRE
    kind = FIREBALL if fire else BARREL
    count = s[RED]
    ob = t.o_obstacles
    if s[MOVER_KIND] != NOTHING:  # resuming after a contact
        move(t, s, s[MOVER_KIND], s[MOVER_AT], s[MOVER_LEFT], s[MOVER_SLID] != 0, False)
        if s[CONTACT_SIZE] > 0:
            return
    following = t.next_fire if fire else t.next_barrel
    plain = t.plain_for_fire if fire else t.plain_for_barrel
    queued, taken = s[QUEUE_SIZE], 0  # the queue is read in place and leaves what it took once, at the end
    while taken < queued:
        space = s[t.o_queue + taken]
        taken += 1
        if s[ob + space] != kind:  # destroyed meanwhile
            continue
        s[ob + space] = NOTHING
        if fire and space == t.dk_front:
            move(t, s, kind, space, count, False, False)
        else:  # K-OBS-1/2/3: along the girder, off its edge down or up the broken line
            at, left = space, count
            while True:
                left -= 1
                at = following[at]
                if s[ob + at] != NOTHING or t.special[at] or pawn_at(t, s, at):
                    move(t, s, kind, at, left, False, True)  # something to meet there
                    break
                if left == 0:
                    if plain[at]:
                        s[ob + at] = kind
                    else:
                        move(t, s, kind, at, 0, False, False)  # a ladder to slide along
                    break
        if s[CONTACT_SIZE] > 0:
            break
    drop_front(s, t.o_queue, QUEUE_SIZE, taken)


@uncounted_kernel
def release_barrel(t: T, s: Row) -> None:
    """K-OBS-10 (R-K6): Donkey Kong drops a barrel on the drop space, even on a rest roll."""
    s[STAGE] = S_DROP
    if s[ARM] > 0:
        s[ARM] -= 1
        move(t, s, BARREL, t.drop, 0, True, True)


@uncounted_kernel
def end_turn(t: T, s: Row) -> None:
    if s[FINISHER] >= 0:
        s[STAGE] = S_OVER  # K-END-1: the bonus counts from now on
        return
    if s[TURN] >= t.turn_limit:  # R-K24: the last turn allowed is over, and nobody finished
        s[STAGE] = S_OVER
        return
    start_turn(t, s, (s[TURN_SEAT] + 1) % t.players)  # K-TURN-1: play passes to the left


@uncounted_kernel
def move(t: T, s: Row, kind: int, at: int, left: int, slid: bool, entering: bool) -> None:
    """Move an obstacle of ``kind`` from ``at`` with ``left`` spaces to go, until it rests, leaves the board, or
    touches pawns: then it waits in the mover fields (Movement._move, arrival by arrival)."""
    ob = t.o_obstacles
    fire = kind == FIREBALL
    while True:
        if entering:  # the obstacle enters `at`: the Oil Can, another obstacle, pawns
            if not fire:
                if at == t.oil:  # K-OBS-9: into the arm; a fireball is released with the rest of the count
                    s[ARM] += 1
                    if s[OIL_CAN] == 0:
                        break
                    s[OIL_CAN] -= 1
                    kind, fire, slid = FIREBALL, True, False
                elif s[ob + at] == FIREBALL:  # K-OBS-7
                    s[ARM] += 1
                    break
            elif s[ob + at] == BARREL:  # K-OBS-7
                s[ob + at] = NOTHING
                s[ARM] += 1
            if pawn_at(t, s, at):  # K-CARD-2: every pawn here, from the player whose turn it is leftwards
                waiting = 0
                for k in range(t.players):
                    seat = (s[TURN_SEAT] + k) % t.players
                    if s[t.o_pawns + seat] == at:
                        s[t.o_contact + waiting] = seat
                        waiting += 1
                s[CONTACT_SIZE] = waiting
                s[LANDED_EXACTLY] = 1 if left == 0 and t.ladder_of[at] < 0 else 0
                s[MOVER_KIND], s[MOVER_AT], s[MOVER_LEFT], s[MOVER_SLID] = kind, at, left, 1 if slid else 0
                return
        entering = True
        if fire and at == t.dk_front:  # K-OBS-9
            s[OIL_CAN] += 1
            break
        if left > 0:  # K-OBS-1/2/3: along the girder, off its edge down or up the broken line
            following = t.next_fire if fire else t.next_barrel
            rested = False
            while True:
                left -= 1
                at = following[at]
                if s[ob + at] != NOTHING or t.special[at] or pawn_at(t, s, at):
                    break
                if left == 0:  # an empty space: nothing to meet there
                    if (t.plain_for_fire if fire else t.plain_for_barrel)[at]:  # the usual end
                        s[ob + at] = kind
                        rested = True
                    else:
                        entering = False
                    break
            if rested:
                mover_done(s)
                return
            slid = False
        elif t.ladder_of[at] >= 0:  # sliding: rungs cost nothing (R-K4)
            at = t.rung_up[at] if fire else t.rung_down[at]
        elif not slid and (t.slide_up[at] if fire else t.slide_down[at]) >= 0 and (
            fire or not slide_blocked(t, s, at)
        ):  # landed by exact count at a ladder's end: K-OBS-4/5
            slid = True
            at = t.slide_up[at] if fire else t.slide_down[at]
        elif s[ob + at] == kind:  # K-OBS-6: on to the next open space
            left = 1
            entering = False
        else:
            s[ob + at] = kind
            break
    mover_done(s)


@uncounted_kernel
def mover_done(s: Row) -> None:
    """No obstacle moves: the mover's fields are blank (the rules leave them as they were, but compare them
    only while one moves)."""
    s[MOVER_KIND] = NOTHING
    s[MOVER_AT] = 0
    s[MOVER_LEFT] = 0
    s[MOVER_SLID] = 0


@uncounted_kernel
def slide_blocked(t: T, s: Row, at: int) -> bool:
    """K-OBS-5: a pawn on a ladder space of the barrel's slide from ``at`` blocks it."""
    for seat in range(t.players):
        if t.blocks_slide[at, s[t.o_pawns + seat]]:
            return True
    return False


@uncounted_kernel
def destroyed(t: T, s: Row, kind: int) -> None:
    """K-CARD-4: a barrel goes back into the arm, a fireball back to the Oil Can."""
    if kind == BARREL:
        s[ARM] += 1
    else:
        s[OIL_CAN] += 1
