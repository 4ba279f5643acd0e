"""Jumanji's rules on one row of integers, for the compiled random playout (:mod:`.playout`).

The phase machine of :class:`~tabletop.games.jumanji.state.JumanjiState`, clause by clause,
on a position row of ``int32``: :data:`SCALAR_NAMES` first (the state's numbers, in order),
then each pawn's place, the draw pile (kept sorted, as the state keeps it), the discard pile,
the Doomsday Grid and the seats tied at the centre, each list followed by ``-1`` where it is
shorter than its room. :func:`pack` writes a rules state as such a row, so the proof (the
differential harness, through :class:`tabletop.core.twins.KernelEngine`) compares every field
before every action.

Actions and chance outcomes are the integers of the game's encoding (:mod:`.encoding`), so the
kernel's legal actions are ``state.legal_action_ints()``, in the same order, and its outcome for
a uniform number is the one ``Distribution.sample`` gives: ``outcomes[int(u * len(outcomes))]``
for the number die, a draw and a tie-break; saved while ``u`` is below P(saved) for a rescue roll.

Every number comes from the game (:func:`build_tables`): its data file's paths, deck, dice and
grid, and its options. Boards with shared spaces (R-J11) are not covered: there the game has no
compiled playout and the readable rules play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, cast

import numpy as np

from tabletop.core.compiled import kernel
from tabletop.games.jumanji.actions import DRAWS, FAILED, FIRST, NO_RHINO, RHINO, SAVED, Rescue, Roll
from tabletop.games.jumanji.data import BLANK, JUNGLE, START, WAIT
from tabletop.games.jumanji.state import DRAW, LIMIT, LOST, RESCUE, RHINO_CHOICE, ROLL, SETUP, TIE, WAITING, WON

if TYPE_CHECKING:
    from tabletop.games.jumanji.game import JumanjiGame
    from tabletop.games.jumanji.state import JumanjiState

Array = np.ndarray[Any, Any]

# -- the scalars at the start of a row (JumanjiState's numbers; the tally's four counts spelt out)
SCALAR_NAMES = (
    "phase", "cur", "actor", "turn", "rhino", "card", "kind", "failed", "winner", "waits",
    "attempts", "failures", "rescue_rolls", "misses", "pile_size", "discard_size", "grid_size", "tied_size",
)  # fmt: skip
(
    PHASE, CUR, ACTOR, TURN, RHINO_AT, CARD, KIND, FAILED_NOW, WINNER, WAITS,
    ATTEMPTS, FAILURES, RESCUE_ROLLS, MISSES, PILE_SIZE, DISCARD_SIZE, GRID_SIZE, TIED_SIZE,
) = range(len(SCALAR_NAMES))  # fmt: skip
SCALARS = len(SCALAR_NAMES)
LIST_NAMES = ("pos", "pile", "discard", "grid", "tied")
JUNGLE_KIND = 1  # JumanjiState.kind of a card drawn on a Jungle space


class Tables(NamedTuple):
    """One game configuration's facts as arrays and numbers (see the module's docstring)."""

    players: int
    first_player: int
    challenge_cards: int
    turn_limit: int
    grid_places: int
    cards: int
    # -- where each list starts in a row
    o_pos: int
    o_pile: int
    o_discard: int
    o_grid: int
    o_tied: int
    width: int
    # -- the board: kinds[seat, place] (START .. CENTRE), the centre's place, each card's number
    kinds: Array
    centre: Array
    numbers: Array
    # -- the standings (JumanjiState.standings: place / centre): rank[seat, place] indexes their sorted values
    rank: Array
    # -- the number die, in the distribution's order: each face's value and outcome integer
    face_value: Array
    face_outcome: Array
    stop: Array  # [value]: 1 where a Wait roller is safe (J-WAIT-1)
    cutoff: float  # P(saved), as Distribution.sample compares it
    # -- chance outcomes: each card's, saved, failed, each seat's "first"; what each integer is
    card_outcome: Array
    saved: int
    failed: int
    first_outcome: Array
    outcome_value: Array  # a roll's face value, a card's index, a tie's seat (0 for saved and failed)
    # -- decisions: "no rhino", each seat's "rhino S"; what each integer is (-1: no rhino)
    no_rhino: int
    rhino_action: Array
    action_seat: Array


def _int32(values: Any) -> Array:
    return np.ascontiguousarray(np.array(values, dtype=np.int32))


def build_tables(game: JumanjiGame) -> Tables:
    """The arrays of ``game``; every integer is looked up in the game's own encoding."""
    board = game.board
    if board.shared:
        raise ValueError("the kernel does not cover boards with shared spaces (R-J11)")
    if [cast(Rescue, outcome).saved for outcome in game.rescue.outcomes] != [True, False]:
        raise ValueError("the kernel samples a rescue roll as saved, then failed")
    n, cards = game.num_players, len(board.card_numbers)
    encoding = game.encoding
    decision = {text: i for i, text in enumerate(encoding.action_texts)}
    outcome = {text: i for i, text in enumerate(encoding.chance_texts)}
    faces = [cast(Roll, roll).n for roll in game.d8.outcomes]
    outcome_value = np.zeros(len(outcome), np.int32)
    for text, index in outcome.items():
        word, _, value = text.partition(" ")
        outcome_value[index] = int(value) - (word == "card") if value else 0  # cards count from 1 in notation
    longest = max(board.centre[:n]) + 1
    kinds = np.full((n, longest), START, np.int32)
    for seat in range(n):
        kinds[seat, : board.centre[seat] + 1] = board.kinds[seat]
    shares = standing_values(game)
    rank = np.zeros((n, longest), np.int32)
    for seat in range(n):
        for place in range(board.centre[seat] + 1):
            rank[seat, place] = shares.index(place / board.centre[seat])
    stop = np.zeros(max(faces) + 1, np.int32)
    stop[sorted(board.stop_faces)] = 1
    o_pos = SCALARS
    o_pile = o_pos + n
    o_discard = o_pile + cards
    o_grid = o_discard + cards
    o_tied = o_grid + board.grid_places
    return Tables(
        players=n, first_player=game.first_player, challenge_cards=game.challenge_cards, turn_limit=game.turn_limit,
        grid_places=board.grid_places, cards=cards,
        o_pos=o_pos, o_pile=o_pile, o_discard=o_discard, o_grid=o_grid, o_tied=o_tied, width=o_tied + n,
        kinds=kinds, centre=_int32(board.centre[:n]), numbers=_int32(board.card_numbers), rank=rank,
        face_value=_int32(faces), face_outcome=_int32([outcome[str(roll)] for roll in game.d8.outcomes]),
        stop=stop, cutoff=float(game.rescue.probabilities[0]),
        card_outcome=_int32([outcome[str(DRAWS[c])] for c in range(cards)]),
        saved=outcome[str(SAVED)], failed=outcome[str(FAILED)],
        first_outcome=_int32([outcome[str(FIRST[s])] for s in range(n)]), outcome_value=outcome_value,
        no_rhino=decision[str(NO_RHINO)], rhino_action=_int32([decision[str(RHINO[s])] for s in range(n)]),
        action_seat=_int32([-1 if text == str(NO_RHINO) else int(text.split()[1]) for text in decision]),
    )  # fmt: skip


def standing_values(game: JumanjiGame) -> list[float]:
    """Every standing a pawn can have (``place / centre``, the division JumanjiState.standings makes), sorted:
    the scale the kernel's standings are places on, so paths of different lengths compare as the rules do."""
    centre = game.board.centre[: game.num_players]
    return sorted({place / end for end in centre for place in range(end + 1)})


def pack(t: Tables, state: JumanjiState) -> Array:
    """The rules' position as a kernel row, field for field."""
    row = np.full(t.width, -1, np.int32)
    attempts, failures, rolls, misses = state.tally
    scalars = (
        state.phase, state.cur, state.actor, state.turn, state.rhino, state.card, state.kind, int(state.failed),
        state.winner, state.waits, attempts, failures, rolls, misses,
        len(state.pile), len(state.discard), len(state.grid), len(state.tied),
    )  # fmt: skip
    row[:SCALARS] = scalars
    for name in LIST_NAMES:
        values = list(getattr(state, name))
        start = getattr(t, f"o_{name}")
        row[start : start + len(values)] = values
    return row


def fields(t: Tables, row: Array) -> dict[str, list[int]]:
    """A row's fields by name."""
    named = {name: [int(row[k])] for k, name in enumerate(SCALAR_NAMES)}
    starts = [getattr(t, f"o_{name}") for name in LIST_NAMES] + [t.width]
    for name, start, end in zip(LIST_NAMES, starts, starts[1:], strict=False):
        named[name] = [int(v) for v in row[start:end]]
    return named


# -- the position's questions --------------------------------------------------------------------
@kernel
def new_position(t: Any, s: Array) -> None:
    """J-SETUP-1: every pawn on its START, the rhino home, the whole deck in the draw pile; J-TURN-1."""
    s[:] = -1
    s[t.o_pos : t.o_pos + t.players] = 0
    for card in range(t.cards):
        s[t.o_pile + card] = card
    s[PILE_SIZE] = t.cards
    s[DISCARD_SIZE] = s[GRID_SIZE] = s[TIED_SIZE] = 0
    s[CUR] = t.first_player
    s[ACTOR] = t.challenge_cards  # J-SETUP-2: cards still to put on the grid
    s[PHASE] = SETUP if t.challenge_cards else ROLL
    s[KIND] = s[FAILED_NOW] = 0
    s[TURN] = 1
    s[WAITS] = s[ATTEMPTS] = s[FAILURES] = s[RESCUE_ROLLS] = s[MISSES] = 0


@kernel
def standings(t: Any, s: Array, places: Array) -> None:
    """JumanjiState.standings() as places on the scale of :func:`standing_values`."""
    for seat in range(t.players):
        places[seat] = t.rank[seat, s[t.o_pos + seat]]


@kernel
def is_chance(s: Array) -> bool:
    return bool(s[PHASE] != RHINO_CHOICE and s[PHASE] < WON)


@kernel
def is_over(s: Array) -> bool:
    return bool(s[PHASE] >= WON)


@kernel
def legal_actions(t: Any, s: Array, out: Array) -> int:
    """J-RHINO-1, R-J4: "no rhino", then ahead of each pawn (own included) not blocked already and not
    just short of the centre; writes them into ``out``, returns how many."""
    out[0] = t.no_rhino
    count = 1
    for seat in range(t.players):
        if seat != s[RHINO_AT] and s[t.o_pos + seat] + 1 < t.centre[seat]:
            out[count] = t.rhino_action[seat]
            count += 1
    return count


@kernel
def sample_outcome(t: Any, s: Array, u: float) -> int:
    """The chance outcome's integer for the uniform number ``u`` (``Distribution.sample``)."""
    phase = s[PHASE]
    if phase in (ROLL, WAITING):
        return int(t.face_outcome[int(u * t.face_value.shape[0])])
    if phase == RESCUE:
        return int(t.saved if u < t.cutoff else t.failed)
    if phase in (DRAW, SETUP):
        return int(t.card_outcome[s[t.o_pile + int(u * s[PILE_SIZE])]])
    return int(t.first_outcome[s[t.o_tied + int(u * s[TIED_SIZE])]])


# -- applying an action ----------------------------------------------------------------------------
@kernel
def apply_decision(t: Any, s: Array, action: int) -> None:
    """J-RHINO-1, R-J4: the rhino goes ahead of the chosen pawn (freeing any it blocked), or stays."""
    seat = t.action_seat[action]
    if seat >= 0:
        s[RHINO_AT] = seat
    end_turn(t, s)


@kernel
def apply_outcome(t: Any, s: Array, outcome: int) -> None:
    phase = s[PHASE]
    value = t.outcome_value[outcome]
    if phase == RESCUE:
        rescue_roll(t, s, outcome == t.saved)
    elif phase == ROLL:
        turn_roll(t, s, value)
    elif phase == DRAW:
        draw_card(t, s, value)
    elif phase == WAITING:
        wait_roll(t, s, value)
    elif phase == SETUP:
        take_from_pile(t, s, value)
        push(s, t.o_grid, GRID_SIZE, value)  # J-SETUP-2
        s[ACTOR] -= 1
        if s[ACTOR] == 0:
            s[PHASE] = ROLL
    elif phase == TIE:
        win(s, value)


@kernel
def turn_roll(t: Any, s: Array, n: int) -> None:
    seat = s[CUR]
    if s[RHINO_AT] == seat:
        if n % 2:  # J-RHINO-3: odd leaves the pawn blocked
            directions(t, s, seat)
            return
        s[RHINO_AT] = -1  # even sends the rhino home, and the pawn moves
    target = s[t.o_pos + seat] + n
    if target == t.centre[seat]:  # J-WIN-1
        s[t.o_pos + seat] = target
        win(s, seat)
        return
    if target < t.centre[seat]:  # J-TURN-2
        s[t.o_pos + seat] = target
    # else J-WIN-2, R-J15: too many, the pawn stays (J-TURN-4)
    directions(t, s, seat)


@kernel
def directions(t: Any, s: Array, seat: int) -> None:
    """J-TURN-3, J-TURN-4: follow the directions of the space the pawn is on."""
    kind = t.kinds[seat, s[t.o_pos + seat]]
    if kind == BLANK:  # J-BLANK-1
        s[PHASE] = DRAW
        s[KIND] = 0
    elif kind == JUNGLE:  # J-JUNGLE-1
        s[PHASE] = DRAW
        s[KIND] = JUNGLE_KIND
    elif kind == WAIT:  # J-WAIT-1: the player to your left rolls
        s[PHASE] = WAITING
        s[ACTOR] = (seat + 1) % t.players
    elif kind == START:
        end_turn(t, s)
    else:  # a Rhino space: J-RHINO-1
        s[PHASE] = RHINO_CHOICE


@kernel
def end_turn(t: Any, s: Array) -> None:
    if s[TURN] >= t.turn_limit:  # R-J21: the last turn allowed is over
        s[PHASE] = LIMIT
        return
    s[CUR] = (s[CUR] + 1) % t.players  # J-TURN-1: clockwise
    s[TURN] += 1
    s[PHASE] = ROLL


@kernel
def draw_card(t: Any, s: Array, card: int) -> None:
    take_from_pile(t, s, card)
    if s[PILE_SIZE] == 0:  # R-J5: the discard pile, in order, becomes the draw pile
        for k in range(s[DISCARD_SIZE]):
            insert_sorted(s, t.o_pile, PILE_SIZE, s[t.o_discard + k])
            s[t.o_discard + k] = -1
        s[DISCARD_SIZE] = 0
    s[CARD] = card
    s[FAILED_NOW] = 0
    s[ATTEMPTS] += 1
    s[PHASE] = RESCUE
    # J-BLANK-1: the others rescue, from the left; J-JUNGLE-1: everyone, you first
    s[ACTOR] = s[CUR] if s[KIND] == JUNGLE_KIND else (s[CUR] + 1) % t.players


@kernel
def rescue_roll(t: Any, s: Array, saved: bool) -> None:
    """J-RESCUE-1, R-J14: one rescuer's race; after the last, the card is settled."""
    n = t.players
    s[RESCUE_ROLLS] += 1
    if not saved:
        s[MISSES] += 1
        s[FAILED_NOW] = 1
    following = (s[ACTOR] + 1) % n
    if following != s[CUR]:
        s[ACTOR] = following
        return
    card = s[CARD]
    s[CARD] = -1
    number = t.numbers[card]
    cur = s[CUR]
    if s[FAILED_NOW]:
        s[FAILURES] += 1
        push(s, t.o_grid, GRID_SIZE, card)  # J-BLANK-3, J-JUNGLE-3, R-J2: the next empty place
        if s[GRID_SIZE] >= t.grid_places:  # J-GRID-1, R-J10: the jungle wins
            s[PHASE] = LOST
            return
        if s[KIND] == JUNGLE_KIND:  # J-JUNGLE-3: draw again, all roll again
            s[PHASE] = DRAW
            return
        back = s[t.o_pos + cur] - number  # J-BLANK-3: back, never past START
        s[t.o_pos + cur] = back if back > 0 else 0
        end_turn(t, s)
        return
    push(s, t.o_discard, DISCARD_SIZE, card)
    # J-BLANK-2, J-JUNGLE-2, R-J7: the pawns move one by one clockwise (on a Jungle space, you first)
    first = cur if s[KIND] == JUNGLE_KIND else cur + 1
    for k in range(first, cur + n):
        seat = k % n
        if forward(t, s, seat, number):
            insert_sorted(s, t.o_tied, TIED_SIZE, seat)
    reached = s[TIED_SIZE]
    if reached == 0:
        end_turn(t, s)
    elif reached == 1:  # the list of seats reaching the centre was a scratch list in the rules
        seat = s[t.o_tied]
        s[t.o_tied] = -1
        s[TIED_SIZE] = 0
        win(s, seat)
    else:
        s[PHASE] = TIE  # R-J8: who called JUMANJI first


@kernel
def wait_roll(t: Any, s: Array, n: int) -> None:
    seat = s[CUR]
    s[WAITS] += 1
    if t.stop[n]:  # J-WAIT-1: a 5 or an 8, the pawn is safe
        end_turn(t, s)
        return
    back = s[t.o_pos + seat] - 1  # J-WAIT-2: sucked back one space
    s[t.o_pos + seat] = back if back > 0 else 0
    if s[t.o_pos + seat] == 0:  # J-WAIT-3
        end_turn(t, s)
        return
    following = (s[ACTOR] + 1) % t.players
    if following == seat:  # J-WAIT-2, R-J9: you never roll yourself
        following = (following + 1) % t.players
    s[ACTOR] = following


@kernel
def forward(t: Any, s: Array, seat: int, count: int) -> bool:
    """A pawn moves ahead on a danger card (no directions); True when it reaches the centre."""
    if s[RHINO_AT] == seat:  # R-J3: a blocked pawn cannot move forward
        return False
    target = s[t.o_pos + seat] + count
    if target > t.centre[seat]:  # J-WIN-2
        return False
    s[t.o_pos + seat] = target
    return bool(target == t.centre[seat])


@kernel
def win(s: Array, seat: int) -> None:
    s[WINNER] = seat
    s[PHASE] = WON


# -- the row's lists ------------------------------------------------------------------------------------
@kernel
def push(s: Array, start: int, size: int, value: int) -> None:
    s[start + s[size]] = value
    s[size] += 1


@kernel
def insert_sorted(s: Array, start: int, size: int, value: int) -> None:
    k = s[size]
    while k > 0 and s[start + k - 1] > value:
        s[start + k] = s[start + k - 1]
        k -= 1
    s[start + k] = value
    s[size] += 1


@kernel
def take_from_pile(t: Any, s: Array, card: int) -> None:
    """Remove ``card`` from the sorted draw pile, closing the gap."""
    size = s[PILE_SIZE]
    k = 0
    while s[t.o_pile + k] != card:
        k += 1
    for j in range(k, size - 1):
        s[t.o_pile + j] = s[t.o_pile + j + 1]
    s[t.o_pile + size - 1] = -1
    s[PILE_SIZE] = size - 1
