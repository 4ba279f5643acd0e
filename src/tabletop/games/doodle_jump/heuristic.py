"""A Doodle Jump heuristic: climb with few dice, push your luck by the exact odds, hinder the leader.

Every choice is scored the same way: the action is applied to a clone and the
position it leads to is valued in rows of height, as the player's own height,
kept tiles and next-turn reach, less a share of the leading rival's. Reach is
the exact probability that a fresh roll allows a jump up a level, so shifts
and removals are chosen to open routes for the player or close them for the
leader, and a removal that drops the leader a row is worth most of a row.

Jumps: up beats sideways, few dice beat many (unused dice are re-rolled, so
only how many are kept and whether the symbol die is kept matters), tiles and
pushes add value, the Black Hole and a Monster from beneath lose it.

Stop rule: from the exact distribution of the remaining dice (the game's roll
table and its own combination table) :func:`roll_odds` computes the
probability that the next roll fails and that it allows a jump up. Continuing
is worth ``P(up) * gain - P(fall) * loss``, where the loss is exactly what a
fall costs now: the rows down to the first empty pad below (D-FALL-1), nothing
off the board, only the Shield when one is held. The gain is a row (the game
when the next level is the top); the loss shrinks when a rival threatens to
win on their next turn. The player continues while that value is positive.

Kept tiles: a Propeller Hat or Jetpack is used as soon as it gains a row
(at the start of a turn or between rolls, not mid-roll), Jump Shoes and UFOs
or Monsters only when the position gains more than the tile is worth, and the
Shield is kept for a fall (with option ``choose_shield`` it is spent when the
fall would cost more than the Shield is worth).

The policy reads only the public position (pads, ramp, tiles, dice left and
the roll on the table), never future dice, and works on clones of the state.
It is deterministic (the random stream is not used) and takes about 0.15 ms a
decision with two players, 0.4 ms with four in the expert game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import gcd

from tabletop.core.actions import Action
from tabletop.core.state import State
from tabletop.games.doodle_jump.actions import CONTINUE, STOP, ActionTable, Roll, TileJump, combos_by_sum
from tabletop.games.doodle_jump.phases import (
    CONTINUE_OR_STOP,
    DRAW_REPLACEMENT,
    OVER,
    ROLL,
    SPRING_JUMP,
    TURN_START,
    USE_ROLL,
)
from tabletop.games.doodle_jump.state import DoodleJumpState

#: What reaching the top is worth, in rows.
WIN = 100.0
#: A kept tile's worth in rows, by effect: a free row up, a saved fall, a free shift or removal.
TILE_WORTH = {"flight": 0.8, "shield": 0.5, "shoes": 0.25, "ufo": 0.4, "monster": 0.4}
#: The share of the leading rival's value that counts against the player's own.
RIVAL_SHARE = 0.6
#: Next-turn reach (probability of a jump up from a fresh roll) counts this many rows.
REACH_WEIGHT = 0.4
#: A row gained counts this much more when the turn can go on after it.
FOLLOW_UP = 0.25
#: A rival one level below the top, with a fresh roll that jumps up, wins: reach is worth this much.
NEAR_TOP = 5.0
#: A pending Trampoline or Springs jump is almost a row.
SPRING_WORTH = 0.9
#: Continue while rolling again is worth more than this many rows.
STOP_MARGIN = 0.0


@dataclass(frozen=True)
class RollOdds:
    """Exact chances of the next roll: it fails (a fall), or it allows a jump up a level."""

    fall: Fraction
    up: Fraction


def choose(state: State, rng: random.Random) -> Action:
    """The heuristic's action for the player to move (``state`` is not changed)."""
    assert isinstance(state, DoodleJumpState)
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if len(legal) == 2 and legal[0] is CONTINUE:  # no kept tile to weigh: the stop rule alone
        return CONTINUE if should_continue(state) else STOP
    me = state.seat
    best = legal[0]
    best_value = -float("inf")
    rivals: dict[tuple[object, ...], float] = {}  # most actions leave the rivals' standing as it was
    for action in _candidates(state, legal):
        after = state.clone()
        after.apply_action(action)
        value = position_value(after, me, rivals)
        if value > best_value:
            best, best_value = action, value
    return best


def _candidates(state: DoodleJumpState, legal: tuple[Action, ...]) -> tuple[Action, ...]:
    """Mid-roll, a tile jump would waste the roll's choice: tile jumps are weighed at the start and between rolls."""
    if state.phase != USE_ROLL:
        return legal
    return tuple(a for a in legal if not (isinstance(a, TileJump) and a.tile >= 0)) or legal


def position_value(state: DoodleJumpState, me: int, rivals: dict[tuple[object, ...], float] | None = None) -> float:
    """The value for seat ``me`` of a position reached by its own action, in rows.

    ``rivals`` memoises the leading rival's standing by what it depends on.
    """
    if state.phase == OVER:
        return WIN if state.winner == me else -WIN
    others = [s for s in range(state.rules.players) if s != me]
    key = (*(state.pos[s] for s in others), *state.order, *state.offset, *state.board, _can_remove(state))
    rival = None if rivals is None else rivals.get(key)
    if rival is None:
        rival = max(_standing(state, s) for s in others)
        if rivals is not None:
            rivals[key] = rival
    return _standing(state, me) - RIVAL_SHARE * rival + _turn_left(state, me)


def _standing(state: DoodleJumpState, seat: int) -> float:
    """Height, kept tiles and next-turn reach of ``seat``."""
    r = state.rules
    kinds = len(r.tile_kinds)
    base = seat * kinds
    cards = state.cards[base : base + kinds]
    kept = sum(w * n for w, n in zip(_worths(r.tile_effects), cards, strict=True)) if any(cards) else 0.0
    up = _float_odds(state, seat, r.numbered_dice, True)[1]
    climbed = height(state, seat)
    return climbed + kept + REACH_WEIGHT * up * (NEAR_TOP if climbed == r.levels - 1 else 1.0)


@lru_cache(maxsize=16)
def _worths(effects: tuple[str, ...]) -> tuple[float, ...]:
    return tuple(TILE_WORTH.get(effect, 0.0) for effect in effects)


def _turn_left(state: DoodleJumpState, me: int) -> float:
    """What the rest of ``me``'s turn is worth: a pending spring, or the option (or duty) to roll again."""
    if state.seat != me:
        return 0.0
    phase = state.phase
    spring = phase == SPRING_JUMP or (phase == DRAW_REPLACEMENT and state.spring_pending)
    if phase in (DRAW_REPLACEMENT, SPRING_JUMP):
        phase = state.resume
    value = SPRING_WORTH if spring else 0.0
    if phase in (TURN_START, ROLL):
        return value + continue_value(state) - STOP_MARGIN
    if phase == CONTINUE_OR_STOP and (state.numbered or state.symbol):
        return value + max(STOP_MARGIN, continue_value(state)) - STOP_MARGIN
    return value


def continue_value(state: DoodleJumpState) -> float:
    """Rows expected from rolling the unused dice now: the chance of a jump up times its gain, less the fall's cost."""
    me = state.seat
    fall, up = _float_odds(state, me, state.numbered, state.symbol)
    gain = WIN if height(state, me) == state.rules.levels - 1 else 1.0 + FOLLOW_UP
    if not fall:
        return up * gain
    return up * gain - fall * fall_loss(state, me) * (1.0 - rival_threat(state, me))


def should_continue(state: DoodleJumpState) -> bool:
    """The stop rule at a continue-or-stop decision."""
    return continue_value(state) > STOP_MARGIN


def height(state: DoodleJumpState, seat: int) -> int:
    """Rows climbed: 0 off the board, 1 on the bottom level, ``levels`` on the top."""
    pad = state.pos[seat]
    return 0 if pad < 0 else state.rows[state.rules.pad_level[pad]] + 1


def fall_loss(state: DoodleJumpState, seat: int) -> float:
    """What a failed roll costs ``seat`` now: the Shield if held, else the rows down to where it lands."""
    here = state.pos[seat]
    if here < 0:
        return 0.0  # R-D13: nothing to fall from
    r = state.rules
    base = seat * len(r.tile_kinds)
    if any(state.cards[base + k] for k, e in enumerate(r.tile_effects) if e == "shield"):
        return TILE_WORTH["shield"]
    pos = state.pos.copy()
    pos[seat] = -1
    target = state.geo.fall_target(here, state.order, state.rows, state.offset, state.board, pos)
    below = 0 if target < 0 else state.rows[r.pad_level[target]] + 1
    return float(height(state, seat) - below)


def reach_up(state: DoodleJumpState, seat: int) -> float:
    """The exact chance that a fresh roll of all the dice lets ``seat`` jump a level up from where it stands."""
    return _float_odds(state, seat, state.rules.numbered_dice, True)[1]


def spoils(state: DoodleJumpState, start: int, pad: int) -> bool:
    """Landing on ``pad`` from ``start`` loses height: the Black Hole, or a Monster from beneath."""
    return _spoils(state, start, pad)


def rival_threat(state: DoodleJumpState, me: int) -> float:
    """The best chance a rival one level below the top has to jump up with a fresh roll."""
    r = state.rules
    threat = 0.0
    for seat in range(r.players):
        if seat != me and height(state, seat) == r.levels - 1:
            threat = max(threat, _float_odds(state, seat, r.numbered_dice, True)[1])
    return threat


def fall_probability(state: DoodleJumpState) -> Fraction:
    """The exact probability that the player to move falls on rolling its unused dice now."""
    return roll_odds(state, state.seat, state.numbered, state.symbol).fall


def roll_odds(state: DoodleJumpState, seat: int, numbered: int, symbol: bool) -> RollOdds:
    """Exact odds of ``seat`` rolling ``numbered`` dice (and the symbol die) from where it stands."""
    return _odds(*_odds_key(state, seat, numbered, symbol))


def _float_odds(state: DoodleJumpState, seat: int, numbered: int, symbol: bool) -> tuple[float, float]:
    """:func:`roll_odds` as floats (fall, up), for the hot path."""
    return _odds_as_floats(*_odds_key(state, seat, numbered, symbol))


def _odds_key(
    state: DoodleJumpState, seat: int, numbered: int, symbol: bool
) -> tuple[ActionTable, int, bool, int, int, int, bool, bool]:
    """What the odds depend on: the dice, the numbers on the pads in reach, shots, and the symbol's uses."""
    r = state.rules
    geo = state.geo
    here = state.pos[seat]
    good = other = 0
    for pad in geo.level_up(here, state.order, state.rows, state.offset):
        if _spoils(state, here, pad):
            other |= 1 << r.pad_number[pad]
        else:
            good |= 1 << r.pad_number[pad]
    if here >= 0:
        for pad in geo.same_level(here, state.offset):
            other |= 1 << r.pad_number[pad]
    shots = _shot_distances(state, here)
    return (state.table, numbered, symbol, good, other, shots, _can_shift(state), _can_remove(state))


def _spoils(state: DoodleJumpState, start: int, pad: int) -> bool:
    """Landing on ``pad`` from ``start`` loses height: the Black Hole, or a Monster from beneath."""
    kind = state.board[pad]
    if kind < 0:
        return False
    effect = state.rules.tile_effects[kind]
    if effect == "black_hole":
        return True
    return effect == "monster" and state.geo.directly_beneath(start, pad, state.rows, state.offset)


def _shot_distances(state: DoodleJumpState, here: int) -> int:
    """A bit mask of how many levels up a Monster or UFO sits straight above ``here`` (D-EXPERT-4)."""
    if here < 0 or not state.config.has_targets:
        return 0
    r = state.rules
    level = r.pad_level[here]
    column = r.pad_slot[here] + state.offset[level]
    row = state.rows[level]
    found = 0
    for above_row in range(row + 1, r.levels):
        above = state.order[above_row]
        target = state.geo.pad_at(above, column, state.offset[above])
        if target >= 0 and state.board[target] >= 0 and r.tile_effects[state.board[target]] in ("ufo", "monster"):
            found |= 1 << (above_row - row)
    return found


def _can_shift(state: DoodleJumpState) -> bool:
    return state.rules.max_offset > 0


def _can_remove(state: DoodleJumpState) -> bool:
    occupied = {state.rules.pad_level[p] for p in state.pos if p >= 0}
    candidates = len(state.order) - 1  # R-D10: never the top level
    return len(occupied) < candidates or any(level not in occupied for level in state.order[:-1])


@lru_cache(maxsize=64)
def _roll_classes(table: ActionTable, numbered: int, symbol: bool) -> tuple[int, tuple[tuple[int, int, str, int], ...]]:
    """The roll distribution folded into classes that a fall test cannot tell apart.

    Each class is (mask of the sums its dice can make, mask of the values its
    dice show for a shot: numbered dice and the symbol's dots (R-D3), the symbol
    face if it is an action, weight); the weights share one denominator, returned first.
    """
    pairs = table.roll_distribution(numbered, symbol).pairs()
    denominator = 1
    for _, p in pairs:
        denominator = denominator * p.denominator // gcd(denominator, p.denominator)
    classes: dict[tuple[int, int, str], int] = {}
    for roll, p in pairs:
        assert isinstance(roll, Roll)
        face = roll.symbol
        sums = 0
        for total in combos_by_sum(roll.numbers, int(face) if face.isdigit() else 0):
            sums |= 1 << total
        faces = 1 << int(face) if face.isdigit() else 0
        for n in roll.numbers:
            faces |= 1 << n
        key = (sums, faces, "" if face.isdigit() else face)
        classes[key] = classes.get(key, 0) + p.numerator * (denominator // p.denominator)
    return denominator, tuple((s, f, face, w) for (s, f, face), w in classes.items())


@lru_cache(maxsize=65536)
def _odds(
    table: ActionTable,
    numbered: int,
    symbol: bool,
    up: int,
    other: int,
    shots: int,
    can_shift: bool,
    can_remove: bool,
) -> RollOdds:
    """Sum the exact roll distribution over the outcomes that fail and those that allow a jump up.

    ``up`` and ``other`` are bit masks of the numbers on the reachable pads (a
    jump up a level; any other jump), ``shots`` of the dice that would shoot. A
    roll fails (D-TURN-3, R-D3) when no pick of its dice sums to a reachable
    pad's number, no die shoots, and the symbol face cannot be applied.
    """
    denominator, classes = _roll_classes(table, numbered, symbol)
    fall = rise = 0
    usable = {"shift": can_shift, "remove": can_remove, "again": numbered > 0, "": False}
    for sums, faces, face, weight in classes:
        if sums & up:
            rise += weight
        elif not (sums & other or faces & shots or usable[face]):
            fall += weight
    return RollOdds(Fraction(fall, denominator), Fraction(rise, denominator))


@lru_cache(maxsize=65536)
def _odds_as_floats(
    table: ActionTable,
    numbered: int,
    symbol: bool,
    up: int,
    other: int,
    shots: int,
    can_shift: bool,
    can_remove: bool,
) -> tuple[float, float]:
    odds = _odds(table, numbered, symbol, up, other, shots, can_shift, can_remove)
    return float(odds.fall), float(odds.up)
