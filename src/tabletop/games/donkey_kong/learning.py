"""Donkey Kong for a learner, compiled: the game's part of :mod:`tabletop.core.learner` (``tabletop.rl.vector``).

The loop that steps N games at once (deal, play the other seats and chance, observe, start again) is
every game's, in :mod:`tabletop.core.learner`; here is what is Donkey Kong's, :data:`LEARNER`: the
kernel step by step (:data:`.playout.RULES`; the learner decides its routes, and its cards at a
contact even on another seat's turn: R-K7), the observation on a row (:func:`encode`: the game's
encoding, :func:`.encoding.encode`, for the learner's seat, the same float32 numbers; tests compare
them vector by vector) and :func:`returns`.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.compiled import kernel
from tabletop.core.learner import Learner
from tabletop.core.state import CHANCE
from tabletop.games.donkey_kong import kernel_tables as kt
from tabletop.games.donkey_kong.encoding import STAGES
from tabletop.games.donkey_kong.kernel import score
from tabletop.games.donkey_kong.playout import RULES

T = Any
Row = Any


@kernel
def relative(seat: int, viewer: int, n: int) -> int:
    """``relative_seat``: where ``seat`` comes from the viewer's on (-1: nobody)."""
    return (seat - viewer) % n if 0 <= seat < n else -1


@kernel
def encode(t: T, s: Row, viewer: int, out: Any) -> None:
    """``encoding.encode(state, viewer, out)`` on a row: every field in the layout's order and precision."""
    n, spaces, types = t.players, t.size, t.types
    out[:] = 0.0
    i = 0
    actor = s[kt.TO_ACT]
    if actor < 0:
        actor = -1
        if s[kt.CONTACT_SIZE] > 0:
            actor = s[t.o_contact]
        elif actor == -1 and s[kt.TO_ACT] == CHANCE and (s[kt.STAGE] == kt.S_WHITE or s[kt.STAGE] == kt.S_RED):
            actor = s[kt.TURN_SEAT]  # chance_roller()
    if relative(actor, viewer, n) >= 0:
        out[i + relative(actor, viewer, n)] = 1.0
    i += n
    out[i + s[kt.STAGE]] = 1.0
    i += STAGES
    for k in range(n):
        seat = (viewer + k) % n
        out[i + k * spaces + s[t.o_pawns + seat]] = 1.0
    i += n * spaces
    for space in range(spaces):
        here = s[t.o_obstacles + space]
        if here == kt.BARREL:
            out[i + space] = 1.0
        elif here == kt.FIREBALL:
            out[i + spaces + space] = 1.0
    i += 2 * spaces
    out[i] = s[kt.ARM] / t.barrels
    out[i + 1] = s[kt.OIL_CAN] / t.fireballs if t.fireballs else 0.0
    i += 2
    for k in range(n):
        seat = (viewer + k) % n
        for c in range(types):
            out[i + k * types + c] = s[t.o_hands + seat * types + c] / t.counts[c]
            out[i + n * types + k * types + c] = s[t.o_played + seat * types + c] / t.counts[c]
    i += 2 * n * types
    for c in range(types):
        out[i + c] = s[t.o_deck + c] / t.counts[c]
    i += types
    white = s[kt.WHITE]
    if 0 <= white < t.face_index.shape[0] and t.face_index[white] >= 0:
        out[i + t.face_index[white]] = 1.0
    i += t.white_value.shape[0]
    for k in range(t.red_value.shape[0]):
        if t.red_value[k] == s[kt.RED]:
            out[i + k] = 1.0
    i += t.red_value.shape[0]
    for k in range(s[kt.CONTACT_SIZE]):
        out[i + relative(s[t.o_contact + k], viewer, n)] = 1.0
    i += n
    out[i] = 1.0 if s[kt.CONTACT_SIZE] > 0 and s[kt.LANDED_EXACTLY] != 0 else 0.0
    i += 1
    mover = s[kt.MOVER_KIND]
    if mover == kt.BARREL or mover == kt.FIREBALL:
        out[i + (0 if mover == kt.BARREL else 1)] = 1.0
        if 0 <= s[kt.MOVER_AT] < spaces:
            out[i + 2 + s[kt.MOVER_AT]] = 1.0
    i += 2 + spaces
    if relative(s[kt.FINISHER], viewer, n) >= 0:
        out[i + relative(s[kt.FINISHER], viewer, n)] = 1.0
    i += n
    out[i] = min(1.0, s[kt.TURN] / t.turn_limit)


@kernel
def returns(t: T, s: Row, seat: int) -> float:
    """DonkeyKongState.returns() for ``seat``: scores scaled to [-1, 1] once someone finished; 0 otherwise (R-K24)
    and when everyone ties."""
    if s[kt.STAGE] != kt.S_OVER or s[kt.FINISHER] < 0:
        return 0.0
    low = high = score(t, s, 0)
    for other in range(1, t.players):
        low = min(low, score(t, s, other))
        high = max(high, score(t, s, other))
    if high == low:
        return 0.0
    return 2.0 * (score(t, s, seat) - low) / (high - low) - 1.0


#: Donkey Kong for a learner (``DonkeyKongGame.compiled_learner``)
LEARNER = Learner(RULES, encode, returns)
