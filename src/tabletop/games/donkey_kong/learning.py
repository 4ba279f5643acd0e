"""Donkey Kong for a learner, many games at once, compiled: the kernel under ``tabletop.rl.vector``.

Each of N games is a position row (:mod:`.kernel_tables`); one learner plays one seat of each (its
routes, and its cards at a contact, even on another seat's turn: R-K7), and :func:`step_games` applies
the learner's N decisions at once: it checks each against the legal ones, plays the other seats (random
players, each on its own stream) and the chance nodes until the learner decides again or the game ends,
starts a new game where one ended (its last observation kept), and writes every game's observation
vector and legal-action mask.

An episode is the game of its seed, exactly as :func:`tabletop.core.play.run` plays it: the
``"chance"`` stream for every chance node, each other seat's own stream for its random choices.
The observation is the game's encoding (:func:`.encoding.encode`) for the learner's seat, the
same float32 numbers, written by :func:`encode` (tests compare them vector by vector).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from tabletop.core.compiled import STREAM_WORDS, draw, kernel, mix64, open_stream, pick
from tabletop.core.state import CHANCE
from tabletop.games.donkey_kong import kernel_tables as kt
from tabletop.games.donkey_kong.encoding import STAGES
from tabletop.games.donkey_kong.kernel import score
from tabletop.games.donkey_kong.kernel_turn import (
    apply_decision,
    apply_outcome,
    is_chance,
    is_over,
    legal_actions,
    sample_outcome,
)
from tabletop.games.donkey_kong.kernel_turn import new_position as empty_position

if TYPE_CHECKING:
    from tabletop.games.donkey_kong.game import DonkeyKongGame

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
def advance(t: T, s: Row, learner: int, seed: np.uint64, keys: Any, streams: Any, seeded: Any, buffer: Any) -> None:
    """Play chance and the other seats (random players) until ``learner`` decides or the game is over."""
    while not is_over(s):
        if is_chance(s):
            apply_outcome(t, s, sample_outcome(t, s, draw(streams[0])))
            continue
        seat = s[kt.TO_ACT]
        if seat == learner:
            return
        if not seeded[seat]:
            open_stream(streams[1 + seat], seed, keys[1 + seat])
            seeded[seat] = True
        count = legal_actions(t, s, buffer)
        apply_decision(t, s, buffer[pick(streams[1 + seat], count)])


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


@kernel
def episode_seed(base: np.uint64, env: int, episode: int) -> np.uint64:
    """``derive_seed(base, env, episode)`` (tabletop.core.play)."""
    return mix64(mix64(mix64(np.uint64(base)) ^ np.uint64(env)) ^ np.uint64(episode))


@kernel
def deal(
    t: T, e: int, rows: Any, seats: Any, seeds: Any, episodes: Any, fixed_seat: int, base: np.uint64, keys: Any,
    streams: Any, seeded: Any, buffer: Any,
) -> None:
    """Start game ``e``'s next episode and play it to the learner's first decision; a game over before
    then is no episode, and the next seed is dealt."""
    s = rows[e]
    while True:
        seed = episode_seed(base, e, episodes[e])
        episodes[e] += 1
        seeds[e] = seed
        seats[e] = fixed_seat if fixed_seat >= 0 else int(mix64(seed) % np.uint64(t.players))
        empty_position(t, s)
        open_stream(streams[e, 0], seed, keys[0])
        seeded[e, :] = False
        advance(t, s, seats[e], seed, keys, streams[e], seeded[e], buffer)
        if not is_over(s):
            return


@kernel
def observe(t: T, e: int, rows: Any, seats: Any, buffer: Any, observations: Any, masks: Any) -> None:
    """Game ``e``'s observation for its learner, and the mask of the learner's legal decisions."""
    s = rows[e]
    encode(t, s, seats[e], observations[e])
    masks[e, :] = False
    if not is_over(s) and not is_chance(s):
        count = legal_actions(t, s, buffer)
        for k in range(count):
            masks[e, buffer[k]] = True


@kernel
def reset_games(
    t: T, rows: Any, seats: Any, seeds: Any, episodes: Any, fixed_seat: int, base: np.uint64, keys: Any,
    streams: Any, seeded: Any, buffer: Any, observations: Any, masks: Any,
) -> None:
    for e in range(rows.shape[0]):
        episodes[e] = 0
        deal(t, e, rows, seats, seeds, episodes, fixed_seat, base, keys, streams, seeded, buffer)
        observe(t, e, rows, seats, buffer, observations, masks)


@kernel
def step_games(
    t: T, actions: Any, rows: Any, seats: Any, seeds: Any, episodes: Any, fixed_seat: int, base: np.uint64,
    keys: Any, streams: Any, seeded: Any, buffer: Any, observations: Any, masks: Any, rewards: Any,
    terminated: Any, illegal: Any, finals: Any, lowest: float,
) -> None:
    """Every game takes its learner's decision (see the module's docstring). An illegal decision ends the
    episode with the lowest return, the position unchanged; an ended episode's last observation goes to
    ``finals`` and the game starts its next episode at once."""
    for e in range(rows.shape[0]):
        s = rows[e]
        learner = seats[e]
        action = actions[e]
        rewards[e] = 0.0
        terminated[e] = illegal[e] = not masks[e, action] if 0 <= action < masks.shape[1] else True
        if illegal[e]:
            rewards[e] = lowest
        else:
            apply_decision(t, s, action)
            advance(t, s, learner, seeds[e], keys, streams[e], seeded[e], buffer)
            if is_over(s):
                terminated[e] = True
                rewards[e] = returns(t, s, learner)
        if terminated[e]:
            encode(t, s, learner, finals[e])
            deal(t, e, rows, seats, seeds, episodes, fixed_seat, base, keys, streams, seeded, buffer)
        observe(t, e, rows, seats, buffer, observations, masks)


class LearnerGames:
    """N games of one :class:`DonkeyKongGame` for one learner (what ``tabletop.rl.vector`` drives).

    After :meth:`reset` and each :meth:`step`: ``observations`` (N x vector), ``masks`` (N x decisions,
    bool), ``rewards``, ``terminated``, ``illegal``, ``finals`` (the last observation of each episode
    that ended in the step), ``seats`` (each game's learner) and ``seeds`` (each game's episode seed).
    """

    def __init__(self, game: DonkeyKongGame, num_envs: int, seat: int | None = None) -> None:
        from tabletop.core.compiled import chance_key, seat_keys, struct_of

        n, size = game.num_players, game.encoding.size
        self.game = game
        self.tables = kt.build_tables(game)
        self.struct = struct_of(self.tables)
        self.keys = np.concatenate([[chance_key()], seat_keys(n)]).astype(np.uint64)
        self.fixed_seat = -1 if seat is None else seat
        self.lowest = float(game.info.min_return)
        self.rows = np.zeros((num_envs, self.tables.width), np.int32)
        self.streams = np.zeros((num_envs, 1 + n, STREAM_WORDS), np.uint32)
        self.seeded = np.zeros((num_envs, n), np.bool_)
        self.buffer = np.zeros(game.encoding.num_distinct_actions, np.int32)
        self.seats = np.zeros(num_envs, np.int64)
        self.seeds = np.zeros(num_envs, np.uint64)
        self.episodes = np.zeros(num_envs, np.int64)
        self.observations = np.zeros((num_envs, size), np.float32)
        self.finals = np.zeros((num_envs, size), np.float32)
        self.masks = np.zeros((num_envs, game.encoding.num_distinct_actions), np.bool_)
        self.rewards = np.zeros(num_envs, np.float64)
        self.terminated = np.zeros(num_envs, np.bool_)
        self.illegal = np.zeros(num_envs, np.bool_)
        self.base = np.uint64(0)

    def reset(self, seed: int) -> None:
        """Every game starts its first episode; game ``e``'s k-th episode is ``derive_seed(seed, e, k)``'s game."""
        self.base = np.uint64(seed & 0xFFFFFFFFFFFFFFFF)
        reset_games(
            self.struct, self.rows, self.seats, self.seeds, self.episodes, self.fixed_seat, self.base, self.keys,
            self.streams, self.seeded, self.buffer, self.observations, self.masks,
        )  # fmt: skip

    def step(self, actions: Any) -> None:
        step_games(
            self.struct, np.asarray(actions, np.int64), self.rows, self.seats, self.seeds, self.episodes,
            self.fixed_seat, self.base, self.keys, self.streams, self.seeded, self.buffer, self.observations,
            self.masks, self.rewards, self.terminated, self.illegal, self.finals, self.lowest,
        )  # fmt: skip
