"""Driving a game: ``play(game, agents, seed=...)`` returns its :class:`Record`.

The driver owns every random stream. :class:`Streams` is the one definition of
how a game's seed becomes its dice, draws and bots' coin flips:

* each kind of chance node has its own stream, named by the state's
  :meth:`State.chance_stream` hook (one stream, ``"chance"``, unless a game
  names more), and each seat has its own stream for its agent;
* a stream is a Mersenne Twister (:class:`random.Random`) seeded with a 64-bit
  key mixed from the game's seed and the stream's name by SplitMix64, and made
  only when first used (no string is hashed per game);
* a chance node consumes exactly one ``random()`` of its stream, turned into an
  outcome by inverting the cumulative distribution
  (:meth:`Distribution.sample`).

So two variants of a game played with the same seed see the same dice and
draws wherever their rules reach the same kind of chance node the same number
of times (common random numbers), even where one variant rolls more often in
some other part of the game.

>>> s = Streams(7)
>>> s.seat(1).random() == Streams(7).seat(1).random()
True
>>> s.seat(0).random() == s.seat(1).random()
False
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from tabletop.core.actions import Action
from tabletop.core.agent import Agent
from tabletop.core.chance import Distribution, uniform_index
from tabletop.core.game import Game
from tabletop.core.record import Record
from tabletop.core.state import CHANCE, State

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def mix64(value: int) -> int:
    """SplitMix64's output function (Steele, Lea & Flood 2014) on ``value`` modulo 2**64.

    A bijection of 64-bit integers whose outputs look independent even for
    consecutive inputs; used to turn seeds and stream names into stream keys.

    >>> mix64(0), mix64(1) != mix64(2)
    (16294208416658607535, True)
    """
    z = (value + _GOLDEN) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


@lru_cache(maxsize=1024)
def stream_name_key(name: str) -> int:
    """The 64-bit key of a stream name (computed once per name and process, stable everywhere)."""
    return int.from_bytes(hashlib.blake2b(name.encode(), digest_size=8).digest(), "big")


@lru_cache(maxsize=64)
def seat_key(seat: int) -> int:
    """The 64-bit key of seat ``seat``'s stream, mixed with a game's key (:meth:`Streams.seat`)."""
    return mix64(~seat & MASK64)


def derive_seed(seed: int, *indices: int) -> int:
    """A 64-bit seed for a sub-task (game ``i`` of a run, rollout ``r`` of point ``j`` ...).

    >>> derive_seed(1, 2) == derive_seed(1, 2) != derive_seed(1, 3)
    True
    """
    key = mix64(seed & MASK64)
    for index in indices:
        key = mix64(key ^ (index & MASK64))
    return key


class Streams:
    """Every random stream of one game, derived from its seed (see the module's docstring)."""

    __slots__ = ("_base", "_chance", "_seats", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._base = mix64(seed & MASK64)
        self._chance: dict[str, random.Random] = {}
        self._seats: dict[int, random.Random] = {}

    def stream(self, name: str) -> random.Random:
        """The stream of chance nodes of kind ``name``."""
        rng = self._chance.get(name)
        if rng is None:
            rng = self._chance[name] = random.Random(mix64(self._base ^ stream_name_key(name)))
        return rng

    def seat(self, seat: int) -> random.Random:
        """The stream given to the agent in ``seat``."""
        rng = self._seats.get(seat)
        if rng is None:
            rng = self._seats[seat] = random.Random(mix64(self._base ^ seat_key(seat)))
        return rng

    def chance(self, state: State) -> Action:
        """The outcome this seed gives at ``state``'s chance node (advancing its stream).

        This is the single definition of how a seed becomes chance outcomes:
        :func:`run`, the terminal and web front ends, simulations and strict
        replays all call it.
        """
        name = state.chance_stream()
        rng = self._chance.get(name)
        if rng is None:
            rng = self.stream(name)
        return state.chance_distribution().sample(rng)

    def single_stream(self, state: State) -> random.Random | None:
        """The one stream of every chance node of ``state``'s game, if it keeps the default
        :meth:`State.chance_stream` (``None`` for a game that names its kinds of chance node)."""
        if type(state).chance_stream is not State.chance_stream:
            return None
        return self.stream(State.chance_stream(state))

    def sampler(self, state: State) -> Callable[[State], Action]:
        """:meth:`chance` for the states of ``state``'s game, with fewer calls per chance node.

        A game that keeps the default :meth:`State.chance_stream` has one stream, so the
        stream is looked up once; the outcomes are exactly those of :meth:`chance`.
        """
        rng = self.single_stream(state)
        if rng is None:
            return self.chance

        def sample(current: State) -> Action:
            return current.chance_distribution().sample(rng)

        return sample


@dataclass(slots=True)
class PlayoutSummary:
    """What one whole game came to, counted the way the analysis' traced playout counts it.

    A game's fast random playout (:meth:`Game.random_playout`) returns one per game, and
    ``tabletop.analysis.metrics`` makes the game's row from it exactly as from a traced game.
    """

    winners: tuple[int, ...]
    first: int  # the seat that acted (or rolled) first; -1 if nobody did
    turns: int  # ``turn_number()`` at the end
    actions: int
    decisions: int  # actions chosen by a seat
    choices: int  # decisions with more than one legal action
    choice_turns: int  # turns with at least one real choice
    legal_sum: int  # legal actions summed over decisions
    chance: int  # chance events
    figures: dict[str, float]  # ``State.metrics()`` at the end
    #: ``State.standings()`` at the start, whenever the turn number changed, and at the end (None: no standings,
    #: or given as ``places``)
    standings: list[list[float]] | None
    #: the same standings as places on one scale, cheaper to record: each standing is ``[scale[p] for p in
    #: places[i]]``, and ``scale`` is strictly increasing (so the order of places is the order of standings)
    places: list[tuple[int, ...]] | None = None
    scale: tuple[float, ...] = ()


def random_decision(state: State, rng: random.Random) -> Action:
    """A uniformly random player's decision: the legal action :func:`uniform_index` picks for one
    ``rng.random()`` (``RandomAgent``'s step, and the rule a fast twin follows for a random seat)."""
    actions = state.legal_actions()
    return actions[uniform_index(rng.random(), len(actions))]


#: Who watches a game being played: called before each action with the position, the options there (the legal
#: actions, or the chance node's :class:`~tabletop.core.chance.Distribution`) and the action; at the end with the
#: final position, ``()`` and ``None``. (The position is the live state: read it during the call.)
Watcher = Callable[[State, "tuple[Action, ...] | Distribution", "Action | None"], None]


def play_summary(
    game: Game,
    decide: Sequence[Callable[[State, random.Random], Action]],
    seed: int,
    observe: Watcher | None = None,
    start: State | None = None,
) -> tuple[State, PlayoutSummary]:
    """Play one game from the start with ``seed``, seat ``s`` deciding with ``decide[s]`` (an agent's ``step``,
    or :func:`random_decision`): its final state and :class:`PlayoutSummary`, counted as a traced game.

    ``observe`` sees every step (:data:`Watcher`): the differential harness compares two engines with it.
    ``start`` is the initial state to play on (another class of state for the game, say), used up.
    """
    streams = Streams(seed)
    seat_stream = streams.seat
    state = game.new_initial_state() if start is None else start
    chance_outcome = streams.sampler(state)
    rng = streams.single_stream(state)  # sampled here directly, one call less per chance node
    limit = game.max_game_length()
    standings = state.standings()
    trace: list[list[float]] = [] if standings is None else [standings]
    turn = state.turn_number()
    first = -1
    actions = decisions = choices = choice_turns = legal_sum = chance = 0
    last_choice_turn = -1
    while True:
        player = state.current_player()
        if player == CHANCE:
            if first < 0:
                roller = state.chance_roller()
                first = -1 if roller is None else roller
            action = chance_outcome(state) if rng is None else state.chance_distribution().sample(rng)
            chance += 1
            if observe is not None:
                observe(state, state.chance_distribution(), action)
        elif player < 0:
            break
        else:
            if first < 0:
                first = player
            n = len(state.legal_actions())
            decisions += 1
            legal_sum += n
            if n > 1:
                choices += 1
                now = state.turn_number()
                if now != last_choice_turn:
                    choice_turns += 1
                    last_choice_turn = now
            action = decide[player](state, seat_stream(player))
            if observe is not None:
                observe(state, state.legal_actions(), action)
        state.apply_action(action)
        actions += 1
        if actions > limit:
            raise RuntimeError(f"{game.name} did not end within its declared maximum of {limit} actions")
        if standings is not None and state.turn_number() != turn:
            turn = state.turn_number()
            trace.append(state.standings() or [])
    if observe is not None:
        observe(state, (), None)
    if standings is not None:
        final = state.standings()
        if final is not None:
            trace.append(final)
    summary = PlayoutSummary(
        state.winners(), first, state.turn_number(), actions, decisions, choices, choice_turns, legal_sum, chance,
        state.metrics(), None if standings is None else trace,
    )
    return state, summary


def run(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    state: State | None = None,
    on_step: Callable[[State], None] | None = None,
) -> State:
    """Play a whole game and return its final state (``play`` without the record)."""
    if len(agents) != game.num_players:
        raise ValueError(
            f"{game.name} with {game.num_players} players needs {game.num_players} agents, got {len(agents)}"
        )
    streams = Streams(seed)
    for seat, agent in enumerate(agents):
        agent.reset(seat)
    current = state.clone() if state is not None else game.new_initial_state()
    chance = streams.sampler(current)
    limit = game.max_game_length()
    steps = 0
    while not current.is_terminal():
        player = current.current_player()
        action = chance(current) if player == CHANCE else agents[player].step(current, streams.seat(player))
        current.apply_action(action)
        steps += 1
        if on_step is not None:
            on_step(current)
        if steps > limit:
            raise RuntimeError(f"{game.name} did not end within its declared maximum of {limit} actions")
    return current


def play(
    game: Game,
    agents: Sequence[Agent],
    seed: int | None = None,
    state: State | None = None,
    on_step: Callable[[State], None] | None = None,
) -> Record:
    """Play a whole game with one agent per seat and return its record.

    ``state`` starts from a given position instead of the initial one;
    ``on_step`` is called after every action with the new state.
    """
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    initial_text = state.to_text() if state is not None else None
    since = len(state.history()) if state is not None else 0  # the record starts at ``state``
    current = run(game, agents, seed, state=state, on_step=on_step)
    return Record.of_state(current, seed, [a.name for a in agents], initial=initial_text, since=since)
