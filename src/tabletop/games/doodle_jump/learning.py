"""Doodle Jump for a learner, many games at once, compiled: the kernel under ``tabletop.rl.vector``.

Each of N games is a position row (:mod:`.kernel`); one learner plays one seat of each, and
:func:`step_games` applies the learner's N decisions at once: it checks each against the legal
ones, plays the other seats (random players, each on its own stream) and the chance nodes until
the learner decides again or the game ends, starts a new game where one ended (its last
observation kept), and writes every game's observation vector and legal-action mask.

An episode is the game of its seed, exactly as :func:`tabletop.core.play.run` plays it: the
``"chance"`` stream for every chance node, each other seat's own stream for its random choices.
The observation is the game's encoding (:func:`.encoding.encode`) for the learner's seat, the
same float32 numbers, written by :func:`encode` (tests compare them vector by vector).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from tabletop.core.compiled import STREAM_WORDS, draw, kernel, mix64, open_stream, pick
from tabletop.games.doodle_jump import kernel_tables as kt
from tabletop.games.doodle_jump.encoding import KEPT_SCALE, PHASES
from tabletop.games.doodle_jump.kernel import P_DRAW, P_OVER, P_ROLL, P_SHIELD, P_SPRING, is_chance, legal_actions
from tabletop.games.doodle_jump.kernel import new_position as empty_position
from tabletop.games.doodle_jump.kernel_chance import apply_outcome, sample_outcome
from tabletop.games.doodle_jump.kernel_turn import apply_decision

if TYPE_CHECKING:
    from tabletop.games.doodle_jump.game import DoodleJumpGame

T = Any
Row = Any
_F32_ONE = np.float32(1.0)
_KEPT = np.float32(KEPT_SCALE)


@kernel
def encode(t: T, s: Row, viewer: int, out: Any) -> None:
    """``encoding.encode(state, viewer, out)`` on a row: every field in the layout's order and precision."""
    n, pads, kinds, levels = t.players, t.pads, t.kinds, t.levels
    out[:] = 0.0
    phase = s[kt.PHASE]
    mover = -1 if is_chance(s) or phase == P_OVER else s[kt.SEAT]
    if mover < 0 and phase == P_ROLL:
        mover = s[kt.SEAT]  # the roller
    if 0 <= mover < n:  # to_move: relative_seat
        out[(mover - viewer) % n] = 1.0
    i = n
    out[i + phase] = 1.0
    if phase in (P_DRAW, P_SPRING, P_SHIELD):
        out[i + PHASES + s[kt.RESUME]] = 1.0
    i += 2 * PHASES
    top = np.float32(levels - 1)
    columns = np.float32(t.columns + 1)
    biggest = np.float32(t.pad_number.max())
    for p in range(pads):  # pad_row, pad_column, pad_number, pad_top
        level = t.pad_level[p]
        row = s[t.o_rows + level]
        if row >= 0:
            out[i + p] = np.float32(row) / top
        out[i + pads + p] = (np.float32(t.pad_slot[p]) + np.float32(s[t.o_offset + level]) + _F32_ONE) / columns
        out[i + 2 * pads + p] = np.float32(t.pad_number[p]) / biggest
        if row == levels - 1:
            out[i + 3 * pads + p] = 1.0
    i += 4 * pads
    for p in range(pads):  # pad_tile
        kind = s[t.o_board + p]
        if kind >= 0:
            out[i + p * kinds + kind] = 1.0
    i += pads * kinds
    for k in range(n):  # pad_doodler, height: seats from the viewer's on
        pad = s[t.o_pos + (viewer + k) % n]
        if pad >= 0:
            out[i + pad * n + k] = 1.0
            out[i + pads * n + k] = np.float32((s[t.o_rows + t.pad_level[pad]] + 1) / levels)
    i += pads * n + n
    for k in range(n):  # kept
        seat = (viewer + k) % n
        for kind in range(kinds):
            out[i + k * kinds + kind] = min(_F32_ONE, np.float32(s[t.o_cards + seat * kinds + kind]) / _KEPT)
    i += n * kinds
    for kind in range(kinds):  # box
        if t.tile_counts[kind] > 0:
            out[i + kind] = np.float32(s[t.o_box + kind]) / np.float32(t.tile_counts[kind])
    i += kinds
    out[i] = np.float32(s[kt.NUMBERED] / t.numbered_dice)  # dice
    out[i + 1] = np.float32(s[kt.SYMBOL])
    i += 2
    faces = t.face_values.shape[0]
    roll = s[kt.ROLL]
    if roll >= 0:  # roll_faces, roll_symbol
        share = np.float32(1.0 / t.numbered_dice)
        for f in range(faces):
            for _ in range(t.roll_faces[roll, f]):
                out[i + f] += share
        if t.roll_symbol_face[roll] >= 0:
            out[i + faces + t.roll_symbol_face[roll]] = 1.0
    i += faces + t.symbol_faces
    if phase == P_DRAW:  # flags
        out[i] = np.float32(s[kt.SPRING_PENDING])
        out[i + 1] = np.float32(s[kt.HIGH])
    out[i + 2] = np.float32(min(1.0, s[kt.TURNS] / t.turn_limit))


@kernel
def advance(t: T, s: Row, learner: int, seed: np.uint64, keys: Any, streams: Any, seeded: Any, buffer: Any) -> None:
    """Play chance and the other seats (random players) until ``learner`` decides or the game is over."""
    while s[kt.PHASE] != P_OVER:
        if is_chance(s):
            apply_outcome(t, s, sample_outcome(t, s, draw(streams[0])))
            continue
        seat = s[kt.SEAT]
        if seat == learner:
            return
        if not seeded[seat]:
            open_stream(streams[1 + seat], seed, keys[1 + seat])
            seeded[seat] = True
        count = legal_actions(t, s, buffer)
        apply_decision(t, s, buffer[pick(streams[1 + seat], count)])


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
        if s[kt.PHASE] != P_OVER:
            return


@kernel
def observe(t: T, e: int, rows: Any, seats: Any, buffer: Any, observations: Any, masks: Any) -> None:
    """Game ``e``'s observation for its learner, and the mask of the learner's legal decisions."""
    s = rows[e]
    encode(t, s, seats[e], observations[e])
    masks[e, :] = False
    if s[kt.PHASE] != P_OVER and not is_chance(s):
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
            if s[kt.PHASE] == P_OVER:
                terminated[e] = True
                winner = s[kt.WINNER]
                rewards[e] = 0.0 if winner < 0 else (1.0 if winner == learner else -1.0)  # returns()
        if terminated[e]:
            encode(t, s, learner, finals[e])
            deal(t, e, rows, seats, seeds, episodes, fixed_seat, base, keys, streams, seeded, buffer)
        observe(t, e, rows, seats, buffer, observations, masks)


class LearnerGames:
    """N games of one :class:`DoodleJumpGame` for one learner (what ``tabletop.rl.vector`` drives).

    After :meth:`reset` and each :meth:`step`: ``observations`` (N x vector), ``masks`` (N x decisions,
    bool), ``rewards``, ``terminated``, ``illegal``, ``finals`` (the last observation of each episode
    that ended in the step), ``seats`` (each game's learner) and ``seeds`` (each game's episode seed).
    """

    def __init__(self, game: DoodleJumpGame, num_envs: int, seat: int | None = None) -> None:
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
