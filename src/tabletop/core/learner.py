"""Many games at once for one learner, on any game's compiled kernel: the loop every game shares (issue 27).

Each of N games is a position row of the game's kernel; one learner plays one seat of each, and
:func:`step_games` applies the learner's N decisions at once: it checks each against the legal
ones, plays the other seats (random players, each on its own stream) and the chance nodes until
the learner decides again or the game ends, starts a new game where one ended (its last
observation kept), and writes every game's observation vector and legal-action mask.
``tabletop.rl.vector`` drives it (:meth:`Game.learner_games <tabletop.core.game.Game.learner_games>`).

An episode is the game of its seed, exactly as :func:`tabletop.core.play.run` plays it: the
``"chance"`` stream for every chance node, each other seat's own stream for its random choices.
A game that ends before the learner's first decision is no episode: the next seed is dealt.

A game gives its kernel as a :class:`Learner`: its step-by-step :class:`~tabletop.core.batch.KernelRules`,
its ``encode`` (the game's encoding on a row: the same float32 numbers as ``encoding.encode``)
and its ``returns``. The loop below calls them through the small functions :func:`is_over`,
:func:`legal_actions`, ... which take the kernel's tables first: in plain Python they look the
game up by the kind of its tables; compiled, each is an overload that Numba resolves, by the
type of the tables, to the game's own function, so every game gets its own compiled loop, cached
on disk like the game's kernels.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from tabletop.core.batch import KernelRules
from tabletop.core.compiled import (
    STREAM_WORDS,
    borrowed,
    draw,
    kernel,
    mix64,
    numba,
    open_stream,
    pick,
    tables_kind,
)

if TYPE_CHECKING:
    from tabletop.core.game import Game

T = Any  # the tables (a Numba structure)
Row = Any


class Learner(NamedTuple):
    """A game's kernel for a learner (what ``Game.compiled_learner`` names)."""

    rules: KernelRules
    encode: Callable[[Any, Any, int, Any], None]  # (t, s, viewer, out): the viewer's vector into out (zeros)
    returns: Callable[[Any, Any, int], float]  # (t, s, seat): the seat's return once the game is over


#: every game's Learner, by the kind of its tables (their NamedTuple class)
_LEARNERS: dict[type, Learner] = {}


def _learner(t: Any) -> Learner:
    """The game of these tables: a Python object's kind (plain Python), or a Numba type's (compiled)."""
    return _LEARNERS[tables_kind(t)]


# -- the game's functions, chosen by its tables ---------------------------------------------------
def new_position(t: T, s: Row) -> None:
    _learner(t).rules.new_position(t, s)


def is_chance(t: T, s: Row) -> bool:
    return _learner(t).rules.is_chance(s)


def is_over(t: T, s: Row) -> bool:
    return _learner(t).rules.is_over(s)


def to_act(t: T, s: Row) -> int:
    return _learner(t).rules.to_act(s)


def legal_actions(t: T, s: Row, out: Any) -> int:
    return _learner(t).rules.legal_actions(t, s, out)


def sample_outcome(t: T, s: Row, u: float) -> int:
    return _learner(t).rules.sample_outcome(t, s, u)


def apply_outcome(t: T, s: Row, outcome: int) -> None:
    _learner(t).rules.apply_outcome(t, s, outcome)


def apply_decision(t: T, s: Row, action: int) -> None:
    _learner(t).rules.apply_decision(t, s, action)


def encode(t: T, s: Row, viewer: int, out: Any) -> None:
    _learner(t).encode(t, s, viewer, out)


def returns(t: T, s: Row, seat: int) -> float:
    return _learner(t).returns(t, s, seat)


# compiled, each function above is an overload: Numba types it for the tables' type, as the game's own
def _new_position(t: T, s: Row) -> Any:
    chosen = _learner(t).rules.new_position
    return lambda t, s: chosen(t, s)


def _is_chance(t: T, s: Row) -> Any:
    chosen = _learner(t).rules.is_chance
    return lambda t, s: chosen(s)


def _is_over(t: T, s: Row) -> Any:
    chosen = _learner(t).rules.is_over
    return lambda t, s: chosen(s)


def _to_act(t: T, s: Row) -> Any:
    chosen = _learner(t).rules.to_act
    return lambda t, s: chosen(s)


def _legal_actions(t: T, s: Row, out: Any) -> Any:
    chosen = _learner(t).rules.legal_actions
    return lambda t, s, out: chosen(t, s, out)


def _sample_outcome(t: T, s: Row, u: Any) -> Any:
    chosen = _learner(t).rules.sample_outcome
    return lambda t, s, u: chosen(t, s, u)


def _apply_outcome(t: T, s: Row, outcome: Any) -> Any:
    chosen = _learner(t).rules.apply_outcome
    return lambda t, s, outcome: chosen(t, s, outcome)


def _apply_decision(t: T, s: Row, action: Any) -> Any:
    chosen = _learner(t).rules.apply_decision
    return lambda t, s, action: chosen(t, s, action)


def _encode(t: T, s: Row, viewer: Any, out: Any) -> Any:
    chosen = _learner(t).encode
    return lambda t, s, viewer, out: chosen(t, s, viewer, out)


def _returns(t: T, s: Row, seat: Any) -> Any:
    chosen = _learner(t).returns
    return lambda t, s, seat: chosen(t, s, seat)


if numba is not None:
    _overload = importlib.import_module("numba.extending").overload
    for _stub, _typing in (
        (new_position, _new_position), (is_chance, _is_chance), (is_over, _is_over), (to_act, _to_act),
        (legal_actions, _legal_actions), (sample_outcome, _sample_outcome), (apply_outcome, _apply_outcome),
        (apply_decision, _apply_decision), (encode, _encode), (returns, _returns),
    ):  # fmt: skip
        _typing.__annotations__ = {}  # Numba compares its parameters with the implementation's (a lambda's)
        _overload(_stub)(_typing)


# -- the loop ---------------------------------------------------------------------------------------
@kernel
def advance(t: T, s: Row, learner: int, seed: np.uint64, keys: Any, streams: Any, seeded: Any, buffer: Any) -> None:
    """Play chance and the other seats (random players) until ``learner`` decides or the game is over."""
    while not is_over(t, s):
        if is_chance(t, s):
            apply_outcome(t, s, sample_outcome(t, s, draw(streams[0])))
            continue
        seat = to_act(t, s)
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
) -> None:  # fmt: skip
    """Start game ``e``'s next episode and play it to the learner's first decision; a game over before
    then is no episode, and the next seed is dealt."""
    s = rows[e]
    while True:
        seed = episode_seed(base, e, episodes[e])
        episodes[e] += 1
        seeds[e] = seed
        seats[e] = fixed_seat if fixed_seat >= 0 else int(mix64(seed) % np.uint64(t.players))
        new_position(t, s)
        open_stream(streams[e, 0], seed, keys[0])
        seeded[e, :] = False
        advance(t, s, seats[e], seed, keys, streams[e], seeded[e], buffer)
        if not is_over(t, s):
            return


@kernel
def observe(t: T, e: int, rows: Any, seats: Any, buffer: Any, observations: Any, masks: Any) -> None:
    """Game ``e``'s observation for its learner, and the mask of the learner's legal decisions."""
    s = rows[e]
    encode(t, s, seats[e], observations[e])
    masks[e, :] = False
    if not is_over(t, s) and not is_chance(t, s):
        count = legal_actions(t, s, buffer)
        for k in range(count):
            masks[e, buffer[k]] = True


@kernel
def reset_games(
    t: T, rows: Any, seats: Any, seeds: Any, episodes: Any, fixed_seat: int, base: np.uint64, keys: Any,
    streams: Any, seeded: Any, buffer: Any, observations: Any, masks: Any,
) -> None:  # fmt: skip
    for e in range(rows.shape[0]):
        episodes[e] = 0
        deal(t, e, rows, seats, seeds, episodes, fixed_seat, base, keys, streams, seeded, buffer)
        observe(t, e, rows, seats, buffer, observations, masks)


@kernel
def step_games(
    t: T, actions: Any, rows: Any, seats: Any, seeds: Any, episodes: Any, fixed_seat: int, base: np.uint64,
    keys: Any, streams: Any, seeded: Any, buffer: Any, observations: Any, masks: Any, rewards: Any,
    terminated: Any, illegal: Any, finals: Any, lowest: float,
) -> None:  # fmt: skip
    """Every game takes its learner's decision (see the module's docstring). An illegal decision ends the
    episode with the lowest return, the position unchanged; an ended episode's last observation goes to
    ``finals`` and the game starts its next episode at once."""
    # borrowed: LearnerGames holds them for the whole call, so nothing below counts references to them or to
    # the rows and streams it slices from them, at every action (the game's playouts borrow theirs alike)
    actions, rows, seats, seeds, episodes, keys, streams, seeded = (
        borrowed(actions), borrowed(rows), borrowed(seats), borrowed(seeds), borrowed(episodes), borrowed(keys),
        borrowed(streams), borrowed(seeded),
    )  # fmt: skip
    buffer, observations, masks, rewards, terminated, illegal, finals = (
        borrowed(buffer), borrowed(observations), borrowed(masks), borrowed(rewards), borrowed(terminated),
        borrowed(illegal), borrowed(finals),
    )  # fmt: skip
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
            if is_over(t, s):
                terminated[e] = True
                rewards[e] = returns(t, s, learner)
        if terminated[e]:
            encode(t, s, learner, finals[e])
            deal(t, e, rows, seats, seeds, episodes, fixed_seat, base, keys, streams, seeded, buffer)
        observe(t, e, rows, seats, buffer, observations, masks)


class LearnerGames:
    """N games of one game for one learner (what ``tabletop.rl.vector`` drives).

    After :meth:`reset` and each :meth:`step`: ``observations`` (N x vector), ``masks`` (N x decisions,
    bool), ``rewards``, ``terminated``, ``illegal``, ``finals`` (the last observation of each episode
    that ended in the step), ``seats`` (each game's learner) and ``seeds`` (each game's episode seed).
    """

    def __init__(self, game: Game, learner: Learner, num_envs: int, seat: int | None = None) -> None:
        from tabletop.core.compiled import chance_key, seat_keys, struct_of

        n, size, decisions = game.num_players, game.encoding.size, game.encoding.num_distinct_actions
        self.game = game
        self.tables = learner.rules.build_tables(game)
        _LEARNERS[type(self.tables)] = learner
        self.struct = struct_of(self.tables)
        self.keys = np.concatenate([[chance_key()], seat_keys(n)]).astype(np.uint64)
        self.fixed_seat = -1 if seat is None else seat
        self.lowest = float(game.info.min_return)
        self.rows = np.zeros((num_envs, self.tables.width), np.int32)
        self.streams = np.zeros((num_envs, 1 + n, STREAM_WORDS), np.uint32)
        self.seeded = np.zeros((num_envs, n), np.bool_)
        self.buffer = np.zeros(decisions, np.int32)
        self.seats = np.zeros(num_envs, np.int64)
        self.seeds = np.zeros(num_envs, np.uint64)
        self.episodes = np.zeros(num_envs, np.int64)
        self.observations = np.zeros((num_envs, size), np.float32)
        self.finals = np.zeros((num_envs, size), np.float32)
        self.masks = np.zeros((num_envs, decisions), np.bool_)
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
