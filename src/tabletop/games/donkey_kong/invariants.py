"""What every Donkey Kong position satisfies, so that the rules can go on from it.

:func:`check_position` raises :class:`PositionError` naming the field of the first
broken invariant. Every state the rules reach passes it (a property test checks each
state of random games), and the position reader refuses any text that does not, so
a position read from text is one a game could be in:

- the components: every barrel and fireball of the data file in one place (board, arm,
  Oil Can), at most the deck's cards of each type, obstacles only on the obstacles' way (K-OBS-6/7: one per
  space), no fireball resting in front of Donkey Kong (K-OBS-9);
- the stage: the fields each stage has and no others, dice rolled as far as the stage
  says, turn 0 exactly while dealing and rolling for the first turn, the seat whose turn
  it is when ``first_player`` fixes the order, the finisher's pawn on the Finish;
- the seats: a seat that has not moved yet has its pawn on START, the cards dealt to it
  and nothing played; one that has moved has left START for good (R-K21);
- the movement under way: the obstacles the pawn met (R-K22), the obstacles queued to
  move in the K-OBS-8 order, the moving obstacle where it can be, and the seats in
  contact answering from the player whose turn it is leftwards (R-K11).
"""

from __future__ import annotations

from tabletop.games.donkey_kong.position import Obstacle, Stage
from tabletop.games.donkey_kong.state import DonkeyKongState


class PositionError(ValueError):
    """A broken invariant: ``field`` is the notation field that shows it."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field
        self.problem = problem


def check_position(state: DonkeyKongState) -> None:
    """Raise :class:`PositionError` unless ``state`` is a position the rules can go on from."""
    _check_components(state)
    _check_stage(state)
    if state.stage in (Stage.DEAL, Stage.OPENING_ROLL):
        _check_setup(state)
    else:
        _check_seats(state)
    _check_pawn_move(state)
    _check_obstacle_move(state)


def _check_components(state: DonkeyKongState) -> None:
    rules, board = state.rules, state.rules.board
    names = board.names
    front = board.chain_index[board.dk_front]
    for s, kind in enumerate(state.obstacles):
        if kind == Obstacle.NONE:
            continue
        key = "barrels" if kind == Obstacle.BARREL else "fireballs"
        if board.chain_index[s] < 0 or (kind == Obstacle.BARREL and s == board.oil):
            raise PositionError(key, f"{names[s]} is not on the obstacles' way (girder spaces, and the Oil Can for"
                                     " a fireball)")
        if kind == Obstacle.FIREBALL and board.chain_index[s] <= front:
            raise PositionError(key, f"a fireball never rests on {names[s]}: in front of Donkey Kong it goes back to"
                                     " the Oil Can (K-OBS-9)")
    if state.barrels_on_board() + state.barrels_in_arm != rules.barrels:
        raise PositionError("arm", f"the barrels on the board and in the arm must add up to {rules.barrels}")
    if state.fireballs_on_board() + state.fireballs_at_oil_can != rules.fireballs:
        raise PositionError("oil", f"the fireballs on the board and at the Oil Can must add up to {rules.fireballs}")
    if min(state.deck) < 0 or min(state.hands) < 0 or min(state.played) < 0:
        raise PositionError("up", f"there are {rules.total_cards} cards: {rules.card_counts} of each type")
    for seat, at in enumerate(state.pawns):
        if not board.pawn_reachable[at]:
            raise PositionError("pawns", f"no pawn can stand on {names[at]} (seat {seat})")


_OPTIONAL_FIELDS = {
    # field: (the stages that may have it, what it is)
    "open": ((Stage.OPENING_ROLL,), "the opening roll"),
    "met": ((Stage.WALK,), "the obstacles the pawn met"),
    "dot": ((Stage.WALK,), "a red-dot draw"),
    "queue": ((Stage.FIREBALLS_MOVE, Stage.BARRELS_MOVE), "obstacles queued to move"),
    "mover": ((Stage.FIREBALLS_MOVE, Stage.BARRELS_MOVE, Stage.DROP), "a moving obstacle"),
    "hits": ((Stage.WALK, Stage.FIREBALLS_MOVE, Stage.BARRELS_MOVE, Stage.DROP), "seats in contact"),
}


def _check_stage(state: DonkeyKongState) -> None:
    stage, name = state.stage, state.stage.text
    present = {
        "open": bool(state.opening_rolls),
        "met": bool(state.obstacles_met),
        "dot": state.red_dot_draw,
        "queue": bool(state.move_queue),
        "mover": bool(state.mover_kind),
        "hits": bool(state.in_contact),
    }
    for key, (stages, what) in _OPTIONAL_FIELDS.items():
        if present[key] and stage not in stages:
            raise PositionError(key, f"{what} belongs to the stages {', '.join(s.text for s in stages)},"
                                     f" not {name}")
    if stage == Stage.OPENING_ROLL and not state.opening_rolls:
        raise PositionError("open", "the opening stage needs the opening rolls")
    if stage in (Stage.DEAL, Stage.OPENING_ROLL):
        if state.turn != 0:
            raise PositionError("turn", "turn is 0 until the first turn starts")
        if state.turn_seat != 0:
            raise PositionError("seat", "seat is 0 until the first turn starts")
    elif state.turn < 1:
        raise PositionError("turn", "a turn is under way, so turn is 1 or more")
    first = state.game.first_player
    if stage == Stage.OPENING_ROLL and first is not None:
        raise PositionError("stage", f"this game starts with seat {first} (option first_player): no opening roll")
    if first is not None and state.turn >= 1 and state.turn_seat != (first + state.turn - 1) % state.players:
        raise PositionError("seat", f"turn {state.turn} of a game seat {first} starts is seat "
                                    f"{(first + state.turn - 1) % state.players}'s")
    needs_white = stage not in (Stage.DEAL, Stage.OPENING_ROLL, Stage.WHITE_ROLL)
    needs_red = stage not in (Stage.DEAL, Stage.OPENING_ROLL, Stage.WHITE_ROLL, Stage.RED_ROLL)
    if needs_white != (state.white_die != 0) or needs_red != (state.red_die >= 0):
        raise PositionError("dice", f"the dice rolled do not fit the stage {name}")
    if stage in (Stage.FIREBALLS_MOVE, Stage.BARRELS_MOVE) and state.red_die == 0:
        raise PositionError("stage", "on Donkey Kong Rests no obstacle moves (K-OBS-1)")
    if state.finisher >= 0:
        if state.finisher != state.turn_seat or stage in (Stage.WHITE_ROLL, Stage.RED_ROLL, Stage.ROUTE):
            raise PositionError("finisher", "the game ends with the turn of the pawn reaching the Finish: only the"
                                            " seat whose turn it is, after its move, can be the finisher")
    elif stage == Stage.OVER and state.turn != state.game.turn_limit:
        raise PositionError(
            "finisher", "the game is over only once a pawn has reached the Finish, or at the turn limit (R-K24)"
        )
    board = state.rules.board
    for seat, at in enumerate(state.pawns):
        if (at == board.finish) != (seat == state.finisher):
            raise PositionError("pawns", f"a pawn reaching the Finish ends the game: seat {seat} on "
                                         f"{board.names[at]} does not fit finisher")


def _check_setup(state: DonkeyKongState) -> None:
    """Dealing and the opening roll: everything as set up (K-SETUP-1), cards dealt seat by seat (R-K20)."""
    rules, board = state.rules, state.rules.board
    if any(at != board.start for at in state.pawns):
        raise PositionError("pawns", "every pawn stands on START until the first turn (K-SETUP-1)")
    barrels = tuple(s for s, kind in enumerate(state.obstacles) if kind == Obstacle.BARREL)
    if barrels != board.black_dots or state.fireballs_on_board():
        raise PositionError("barrels", "until the first turn the barrels stand on the black dots and no fireball is"
                                       " on the board (K-SETUP-1)")
    if any(state.played):
        raise PositionError("down", "no card is played before the first turn")
    size = rules.hand_size
    held = [sum(state.hand_of(seat)) for seat in range(state.players)]
    if state.stage == Stage.OPENING_ROLL:
        if held != [size] * state.players:
            raise PositionError("up", f"the opening roll comes after the deal: {size} cards each (R-K20)")
        _check_opening(state.opening_rolls)
        return
    dealing = next((seat for seat, count in enumerate(held) if count < size), -1)
    if dealing < 0:
        raise PositionError("stage", "every hand is dealt, so the deal is over")
    if any(count != size for count in held[:dealing]) or any(held[dealing + 1 :]):
        raise PositionError("up", f"cards are dealt seat by seat, {size} each, seat 0 first (R-K20)")


def _check_opening(rolls: list[int]) -> None:
    """K-TURN-1: seats roll in order; a re-roll is between the seats tied for the highest roll."""
    waiting = rolls.index(0) if 0 in rolls else -1
    if waiting < 0:
        raise PositionError("open", "nobody is left to roll")
    if any(roll > 0 for roll in rolls[waiting:]):
        raise PositionError("open", "seats roll in order: no roll after a '?'")
    if -1 in rolls and sum(roll != -1 for roll in rolls) < 2:
        raise PositionError("open", "a roll again is between two tied seats or more")


def _seats_that_moved(state: DonkeyKongState) -> set[int]:
    """The seats whose pawns have left START: every seat that had a turn before, and this turn's after its move."""
    n, cur, turn = state.players, state.turn_seat, state.turn
    moved = {(cur - k) % n for k in range(1, min(turn - 1, n - 1) + 1)}
    if turn > n or state.stage not in (Stage.WHITE_ROLL, Stage.RED_ROLL, Stage.ROUTE):
        moved.add(cur)
    return moved


def _check_seats(state: DonkeyKongState) -> None:
    board, size = state.rules.board, state.rules.hand_size
    moved = _seats_that_moved(state)
    for seat, at in enumerate(state.pawns):
        if seat in moved:
            if at == board.start:
                raise PositionError("pawns", f"seat {seat} has moved, and no pawn comes back to START (R-K21)")
            continue
        if at != board.start:
            raise PositionError("pawns", f"seat {seat} has not moved yet, so its pawn is on START")
        if sum(state.hand_of(seat)) != size or any(state.played_of(seat)):
            raise PositionError("up", f"seat {seat} has not moved yet: it holds its {size} dealt cards face up and"
                                      " has played none")


def _check_pawn_move(state: DonkeyKongState) -> None:
    """The walk stage: the red-dot draw, then the contacts with the obstacles met, in order (R-K22)."""
    board = state.rules.board
    names = board.names
    at = state.pawns[state.turn_seat]
    for s in state.obstacles_met:
        if not state.obstacles[s] or s == board.oil:
            raise PositionError("met", f"the pawn met no obstacle on {names[s]}")
    if at in state.obstacles_met and state.obstacles_met[-1] != at:
        raise PositionError("met", "the obstacle on the pawn's own space is the last it met")
    if state.red_dot_draw:
        if not board.red_dot[at]:
            raise PositionError("dot", f"seat {state.turn_seat}'s pawn on {names[at]} is not on a red dot")
        if state.in_contact:
            raise PositionError("dot", "the red-dot card is drawn before the contacts are answered (R-K22)")
    own = [state.turn_seat]
    if state.stage == Stage.WALK and state.in_contact and (
        state.in_contact != own or not state.obstacles_met or state.landed_exactly
    ):
        raise PositionError("hits", "on the walk stage the contact is the moving pawn's own, with the first"
                                    " obstacle it met")


def _check_obstacle_move(state: DonkeyKongState) -> None:
    """The obstacles' movement: the K-OBS-8 queue, the mover, and the seats it touches (R-K11)."""
    board = state.rules.board
    names, index = board.names, board.chain_index
    stage = state.stage
    for s in state.move_queue:
        if index[s] < 0 or (stage == Stage.BARRELS_MOVE and s == board.oil):
            raise PositionError("queue", f"{names[s]} is not on the obstacles' way")
        if stage == Stage.FIREBALLS_MOVE and state.obstacles[s] != Obstacle.FIREBALL:
            raise PositionError("queue", f"no fireball waits to move on {names[s]}")
    order = [index[s] for s in state.move_queue]
    if order != sorted(order, reverse=stage == Stage.BARRELS_MOVE):
        raise PositionError("queue", "fireballs move highest first, barrels lowest first (K-OBS-8, R-K5)")
    if state.mover_kind:
        _check_mover(state)
    elif state.in_contact and stage != Stage.WALK:
        raise PositionError("hits", "a contact needs the moving pawn or a moving obstacle")


def _check_mover(state: DonkeyKongState) -> None:
    board = state.rules.board
    kind, at, names = state.mover_kind, state.mover_at, board.names
    if state.stage == Stage.FIREBALLS_MOVE and kind != Obstacle.FIREBALL:
        raise PositionError("mover", "only fireballs move on the fire stage")
    if board.ladder_of[at] >= 0:
        if not board.sliding_rung[at] or not state.mover_slid or state.mover_steps_left:
            raise PositionError("mover", f"an obstacle is on ladder space {names[at]} only while it slides (R-K14)")
    elif board.chain_index[at] < 0 or (kind == Obstacle.BARREL and at == board.oil):
        raise PositionError("mover", f"{names[at]} is not on the obstacles' way")
    elif kind == Obstacle.FIREBALL and board.chain_index[at] < board.chain_index[board.dk_front]:
        raise PositionError("mover", f"a fireball never climbs past the space in front of Donkey Kong to {names[at]}")
    if state.obstacles[at] not in (Obstacle.NONE, kind):
        raise PositionError("mover", f"a barrel and a fireball never share {names[at]}: the barrel is destroyed"
                                     " (K-OBS-7)")
    if state.mover_steps_left > max(state.red_die, 1) or (state.stage == Stage.DROP and state.mover_steps_left > 1):
        raise PositionError("mover", f"{state.mover_steps_left} spaces left is more than the red die's count")
    if not state.in_contact:
        return
    n, cur = state.players, state.turn_seat
    touched = [(cur + k) % n for k in range(n) if state.pawns[(cur + k) % n] == at]
    if len(state.in_contact) > len(touched) or touched[len(touched) - len(state.in_contact) :] != state.in_contact:
        raise PositionError("hits", f"the pawns on {names[at]} answer from seat {cur} leftwards, so hits are the"
                                    f" last of {touched} (R-K11)")
    if state.landed_exactly != (state.mover_steps_left == 0 and board.ladder_of[at] < 0):
        raise PositionError("hits", "':landed' is written exactly when the obstacle has no count left, off a ladder")
